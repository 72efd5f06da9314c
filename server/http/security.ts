import type { FastifyRequest } from 'fastify';
import type { AuthContext, TenantId, UserId } from '../auth/context';
import { verifySecret } from '../auth/passwords';
import { grantOf, hashToken, type TokenGrant, type TokenKind } from '../auth/tokens';
import type { Operation } from '../contract';
import type { SystemTables } from '../db/tables';
import { tenantData } from '../db/tenantScope';
import { ApiError } from '../errors';
import type { Services } from './services';

/** The token kind each bearer scheme of the OpenAPI document accepts. */
const BEARER_SCHEMES: Record<string, TokenKind> = {
  clientToken: 'client',
  userToken: 'user',
  emsToken: 'ems',
};

/** The cookie the web client keeps its user token in (accepted only by `x-cookie-auth` calls). */
export const TOKEN_COOKIE = 'EMS-access_token';

function credentials(request: FastifyRequest, cookieAuth: boolean): { scheme: 'basic' | 'bearer'; value: string } | undefined {
  const header = request.headers.authorization;
  const match = header ? /^(basic|bearer)\s+(\S+)\s*$/i.exec(header) : null;
  if (match?.[1] && match[2]) return { scheme: match[1].toLowerCase() as 'basic' | 'bearer', value: match[2] };
  if (!cookieAuth) return undefined;
  const cookie = (request.headers.cookie ?? '').split(/;\s*/).find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  return cookie ? { scheme: 'bearer', value: decodeURIComponent(cookie.slice(TOKEN_COOKIE.length + 1)) } : undefined;
}

async function basicClient(services: Services, value: string): Promise<AuthContext> {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientId = decoded.slice(0, colon);
  // eslint-disable-next-line no-restricted-syntax -- authentication: the client is looked up before any tenant is known
  const client = await services.database.db
    .selectFrom('oauthClient')
    .selectAll()
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  if (colon < 0 || !client || !(await verifySecret(decoded.slice(colon + 1), client.secretHash))) {
    throw new ApiError('invalidClient');
  }
  return { kind: 'client', clientId };
}

async function bearer(services: Services, token: string, accepted: Set<TokenKind>): Promise<AuthContext> {
  const hash = hashToken(token);
  const known = services.callers.get(hash);
  if (known) {
    if (!accepted.has(known.kind)) throw new ApiError('unauthenticated');
    return known;
  }
  const mark = services.callers.mark();
  // The token with its user and their employee record in the token's tenant, in one statement.
  // eslint-disable-next-line no-restricted-syntax -- authentication: the token tells the tenant, so it is read without one
  const row = (await services.database.db
    .selectFrom('authToken as t')
    .leftJoin('appUser as u', 'u.id', 't.userId')
    .leftJoin('employee as e', (join) => join.onRef('e.userId', '=', 'u.id').onRef('e.tenantId', '=', 't.tenantId'))
    .selectAll('t')
    .select(['u.name as name', 'e.id as employeeId', 'e.role as role', 'e.accountActive as accountActive'])
    .where('t.tokenHash', '=', hash)
    // Entity tables are typed loosely, which a join carries over to the token's columns.
    .executeTakeFirst()) as
    (SystemTables['authToken'] & { name: unknown; employeeId: unknown; role: unknown; accountActive: unknown }) | undefined;
  if (!row || row.expiresAt <= Date.now()) throw new ApiError('unauthenticated');
  const grant = grantOf(row);
  if (!accepted.has(grant.kind)) throw new ApiError('unauthenticated');
  const caller = callerOf(grant, row);
  services.callers.set(hash, caller, row.expiresAt, mark);
  return caller;
}

/** Who a valid token's row stands for: a client, or a user with an active employee record in the token's tenant. */
function callerOf(
  grant: TokenGrant,
  row: { name: unknown; employeeId: unknown; role: unknown; accountActive: unknown },
): AuthContext {
  if (grant.kind === 'refresh') throw new ApiError('unauthenticated');
  if (grant.userId === undefined || grant.tenantId === undefined) return { kind: grant.kind, clientId: grant.clientId };
  if (row.employeeId === null || row.employeeId === undefined || row.accountActive === 0) throw new ApiError('unauthenticated');
  return {
    kind: grant.kind,
    clientId: grant.clientId,
    ...(grant.sessionId ? { sessionId: grant.sessionId } : {}),
    user: {
      id: grant.userId,
      name: String(row.name),
      isAdmin: row.role === 'admin',
      employeeId: Number(row.employeeId),
    },
    tenantId: grant.tenantId,
  };
}

/** Establishes who calls, by the security schemes the operation accepts; refuses with 401 otherwise. */
export async function authenticate(services: Services, request: FastifyRequest, operation: Operation): Promise<AuthContext> {
  const schemes = operation.security;
  const given = credentials(request, operation.access.cookieAuth);
  if (given?.scheme === 'basic' && schemes.includes('clientBasic')) return basicClient(services, given.value);
  const accepted = new Set(schemes.flatMap((scheme) => (BEARER_SCHEMES[scheme] ? [BEARER_SCHEMES[scheme]] : [])));
  if (given?.scheme === 'bearer' && accepted.size > 0) return bearer(services, given.value, accepted);
  // An open route's call, without credentials: its link token, checked by the handler, is the
  // credential. A call open to all and to no scheme (the health checks) ignores any sent.
  if ((!given || schemes.length === 0) && operation.access.anonymous) return { kind: 'client', clientId: 'anonymous' };
  throw new ApiError(schemes.includes('clientBasic') ? 'invalidClient' : 'unauthenticated');
}

/** The permissions a user has in a tenant. */
export async function permissionsOf(services: Services, userId: UserId, tenantId: TenantId): Promise<string[]> {
  const rows = await tenantData(services.database, tenantId)
    .selectFrom('userPermission')
    .select('permission')
    .where('userId', '=', userId)
    .where('tenantId', '=', tenantId)
    .orderBy('permission')
    .execute();
  return rows.map((row) => row.permission);
}

/** A permission a caller must hold in their tenant for a call. */
export interface PermissionNeeded {
  userId: UserId;
  tenantId: TenantId;
  permission: string;
}

/**
 * The checks beyond the token that need no read: the operation's tenants, administrators only
 * (each refusal a 403). Answers the per-user permission the caller must still hold, if any.
 */
export function permissionNeeded(auth: AuthContext, operation: Operation): PermissionNeeded | undefined {
  const { access } = operation;
  if (access.tenants && (auth.tenantId === undefined || !access.tenants.includes(auth.tenantId))) throw new ApiError('forbidden');
  if (!access.admin && !access.permission) return undefined;
  const user = auth.user;
  if (!user || auth.tenantId === undefined) throw new ApiError('forbidden');
  if (user.isAdmin) return undefined;
  if (access.admin || !access.permission) throw new ApiError('forbidden');
  return { userId: user.id, tenantId: auth.tenantId, permission: access.permission };
}

/** The checks beyond the token: those of `permissionNeeded`, then the per-user permission. Each refusal is a 403. */
export async function authorize(services: Services, auth: AuthContext, operation: Operation): Promise<void> {
  const needed = permissionNeeded(auth, operation);
  if (needed && !(await permissionsOf(services, needed.userId, needed.tenantId)).includes(needed.permission)) {
    throw new ApiError('forbidden');
  }
}

/** A `tenantId` sent in the query or the body must be the token's own (unless it names a tenant to switch to). */
export function checkTenantParameters(auth: AuthContext, operation: Operation, input: { query?: unknown; body?: unknown }): void {
  if (operation.access.switchTenant) return;
  const sent = [(input.query as Record<string, unknown> | undefined)?.tenantId];
  if (input.body && typeof input.body === 'object' && !Array.isArray(input.body)) {
    sent.push((input.body as Record<string, unknown>).tenantId);
  }
  for (const value of sent) {
    if (value !== undefined && value !== null && value !== '' && Number(value) !== auth.tenantId) throw new ApiError('forbidden');
  }
}

/**
 * Whether a value holds the NUL character anywhere (text with it cannot be stored: PostgreSQL
 * refuses it). Walked without recursion: a body may nest arrays thousands deep, or list a great many items.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (Array.isArray(current)) {
      // One at a time: a list spread as arguments would fail past the engine's limit on them.
      for (const item of current) pending.push(item);
    } else if (current && typeof current === 'object') {
      for (const key of Object.keys(current)) {
        if (key.includes('\u0000')) return true;
        pending.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}
