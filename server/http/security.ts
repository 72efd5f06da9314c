import type { FastifyRequest } from 'fastify';
import type { AuthContext, UserId } from '../auth/context';
import { verifySecret } from '../auth/passwords';
import type { TokenKind } from '../auth/tokens';
import { ApiError } from '../errors';
import type { Services } from './services';

/** The token kind each bearer scheme of the OpenAPI document accepts. */
const BEARER_SCHEMES: Record<string, TokenKind> = {
  clientToken: 'client',
  userToken: 'user',
  emsToken: 'ems',
};

function credentials(request: FastifyRequest): { scheme: 'basic' | 'bearer'; value: string } | undefined {
  const header = request.headers.authorization;
  const match = header ? /^(basic|bearer)\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1] || !match[2]) return undefined;
  return { scheme: match[1].toLowerCase() as 'basic' | 'bearer', value: match[2] };
}

async function basicClient(services: Services, value: string): Promise<AuthContext> {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientId = decoded.slice(0, colon);
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
  const grant = await services.tokens.verify(token);
  if (!grant || !accepted.has(grant.kind)) throw new ApiError('unauthenticated');
  if (grant.userId === undefined) return { kind: grant.kind, clientId: grant.clientId };
  const user = await services.database.db
    .selectFrom('appUser')
    .select(['id', 'name', 'isAdmin'])
    .where('id', '=', grant.userId)
    .executeTakeFirst();
  if (!user) throw new ApiError('unauthenticated');
  return {
    kind: grant.kind,
    clientId: grant.clientId,
    user: { id: user.id as UserId, name: user.name, isAdmin: user.isAdmin === 1 },
    ...(grant.tenantId !== undefined ? { tenantId: grant.tenantId } : {}),
  };
}

/** Establishes who calls, by the security schemes the operation accepts; refuses with 401 otherwise. */
export async function authenticate(services: Services, request: FastifyRequest, schemes: string[]): Promise<AuthContext> {
  const given = credentials(request);
  if (given?.scheme === 'basic' && schemes.includes('clientBasic')) return basicClient(services, given.value);
  const accepted = new Set(schemes.flatMap((scheme) => (BEARER_SCHEMES[scheme] ? [BEARER_SCHEMES[scheme]] : [])));
  if (given?.scheme === 'bearer' && accepted.size > 0) return bearer(services, given.value, accepted);
  throw new ApiError(schemes.includes('clientBasic') ? 'invalidClient' : 'unauthenticated');
}
