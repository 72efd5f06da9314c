import { ApiError } from '../errors';
import type { Handler } from '../http/services';
import type { TenantId, UserId } from './context';
import { UNKNOWN_USER_HASH, verifySecret } from './passwords';

/** `GET /auth/oauth/token`: the client is already verified by its Basic credentials. */
export const clientToken: Handler = (call) => call.services.tokens.issue({ kind: 'client', clientId: call.auth.clientId });

/** `POST /manager/user/pclogin`: checks the password and answers a token bound to the user's default tenant. */
export const login: Handler = async (call) => {
  const { username, password } = call.body as { username: string; password: string };
  const { db } = call.services.database;
  const user = await db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirst();
  const valid = await verifySecret(password, user?.passwordHash ?? (await UNKNOWN_USER_HASH));
  if (!user || !valid) throw new ApiError('invalidCredentials');
  const tenants = await db
    .selectFrom('userTenant')
    .innerJoin('tenant', 'tenant.id', 'userTenant.tenantId')
    .select(['tenant.id', 'tenant.name'])
    .where('userTenant.userId', '=', user.id)
    .orderBy('tenant.id')
    .execute();
  const ordered = [
    ...tenants.filter((t) => t.id === user.defaultTenantId),
    ...tenants.filter((t) => t.id !== user.defaultTenantId),
  ];
  const token = await call.services.tokens.issue({
    kind: 'user',
    clientId: call.auth.clientId,
    userId: user.id as UserId,
    tenantId: user.defaultTenantId as TenantId,
  });
  return {
    userId: user.id,
    username: user.username,
    name: user.name,
    isAdmin: user.isAdmin === 1,
    firstTenantId: user.defaultTenantId,
    tenantId: user.defaultTenantId,
    tenants: ordered,
    access_token: token.access_token,
    expires_in: token.expires_in,
    expire_at_millisec: token.expire_at_millisec,
  };
};

/** `POST /tools/ems/emsToken`: a token for the EMS calls, bound to the same user and tenant. */
export const emsToken: Handler = (call) => {
  const scope = call.scope();
  return call.services.tokens.issue({
    kind: 'ems',
    clientId: call.auth.clientId,
    userId: scope.userId,
    tenantId: scope.tenantId,
  });
};
