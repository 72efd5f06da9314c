import { ApiError } from '../errors';
import type { Handler } from '../http/services';
import { checkCaptcha, newCaptcha } from './captcha';
import type { TenantId, UserId } from './context';
import { beginAttempt, CAPTCHA_AFTER, clearFailures } from './lockout';
import { UNKNOWN_USER_HASH, verifySecret } from './passwords';

/**
 * `GET /auth/oauth/token`: the client is verified by its Basic credentials. `client_credentials`
 * answers a client token; `refresh_token` spends a refresh token for a new user token and a new
 * refresh token, bound to the same user and tenant.
 */
export const oauthToken: Handler = async (call) => {
  const { tokens } = call.services;
  if (call.query.grant_type === 'client_credentials') {
    const { sessionId: _none, ...token } = await tokens.issue({ kind: 'client', clientId: call.auth.clientId });
    return token;
  }
  const refresh = String(call.query.refresh_token ?? '');
  const grant = refresh ? await tokens.spend(refresh) : undefined;
  if (!grant || grant.kind !== 'refresh' || grant.clientId !== call.auth.clientId || grant.userId === undefined) {
    throw new ApiError('unauthenticated');
  }
  const { kind: _refresh, ...bound } = grant;
  const { sessionId: _same, ...access } = await tokens.issue({ ...bound, kind: 'user' });
  const next = await tokens.issue({ ...bound, kind: 'refresh' });
  return { ...access, refresh_token: next.access_token };
};

/** `GET /manager/user/captcha`. */
// eslint-disable-next-line no-restricted-syntax -- a captcha is asked for before sign-in, with no tenant yet
export const captcha: Handler = (call) => newCaptcha(call.services.database.db);

/**
 * `POST /manager/user/pclogin`: after three failed attempts in a quarter of an hour a captcha is
 * asked for, after ten the user name is locked for a quarter of an hour (an attempt counts as
 * failed until its password is found right). The token is bound to the
 * user's default tenant, or to the first tenant where their account is active.
 */
export const login: Handler = async (call) => {
  const {
    username,
    password,
    captchaKey,
    captcha: code,
  } = call.body as {
    username: string;
    password: string;
    captchaKey?: string;
    captcha?: string;
  };
  // eslint-disable-next-line no-restricted-syntax -- sign-in finds the user and their tenants before any tenant is known
  const { db } = call.services.database;
  const attempt = await beginAttempt(db, username);
  if (attempt.lockedMinutes > 0) throw new ApiError('accountLocked', { minutes: String(attempt.lockedMinutes) });
  if (attempt.number > CAPTCHA_AFTER) {
    if (!captchaKey || !code) throw new ApiError('captchaRequired');
    if (!(await checkCaptcha(db, captchaKey, code))) throw new ApiError('captchaWrong');
  }
  const user = await db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirst();
  const valid = await verifySecret(password, user?.passwordHash ?? (await UNKNOWN_USER_HASH));
  if (!user || !valid) throw new ApiError('invalidCredentials');
  await clearFailures(db, username);
  const tenants = await db
    .selectFrom('userTenant')
    .innerJoin('tenant', 'tenant.id', 'userTenant.tenantId')
    .innerJoin('employee', (join) =>
      join.onRef('employee.tenantId', '=', 'tenant.id').onRef('employee.userId', '=', 'userTenant.userId'),
    )
    .select(['tenant.id', 'tenant.name', 'employee.accountActive', 'employee.role'])
    .where('userTenant.userId', '=', user.id)
    .orderBy('tenant.id')
    .execute();
  const active = tenants.filter((t) => t.accountActive !== 0);
  const tenant = active.find((t) => t.id === user.defaultTenantId) ?? active[0];
  if (!tenant) throw new ApiError('accountInactive');
  const bound = { clientId: call.auth.clientId, userId: user.id as UserId, tenantId: tenant.id as TenantId };
  const token = await call.services.tokens.issue({ kind: 'user', ...bound });
  const refresh = await call.services.tokens.issue({
    kind: 'refresh',
    ...bound,
    ...(token.sessionId ? { sessionId: token.sessionId } : {}),
  });
  return {
    userId: user.id,
    username: user.username,
    name: user.name,
    isAdmin: tenant.role === 'admin',
    firstTenantId: user.defaultTenantId,
    tenantId: tenant.id,
    tenants: [tenant, ...active.filter((t) => t !== tenant)].map(({ id, name }) => ({ id, name })),
    access_token: token.access_token,
    expires_in: token.expires_in,
    expire_at_millisec: token.expire_at_millisec,
    refresh_token: refresh.access_token,
  };
};

/** `POST /tools/ems/emsToken`: a token for the EMS calls, bound to the same user, tenant and session. */
export const emsToken: Handler = async (call) => {
  const scope = call.scope();
  const { sessionId } = call.auth;
  const { sessionId: _same, ...token } = await call.services.tokens.issue({
    kind: 'ems',
    clientId: call.auth.clientId,
    userId: scope.userId,
    tenantId: scope.tenantId,
    ...(sessionId ? { sessionId } : {}),
  });
  return token;
};

/** The named handlers of sign-in, by their `x-handler` name. */
export const authHandlers: Record<string, Handler> = { oauthToken, login, captcha, emsToken };
