import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SystemTables, Tables } from '../db/tables';
import type { TenantId, UserId } from './context';

export type TokenKind = SystemTables['authToken']['kind'];

/** A token as handed to the client (the OAuth answer's field names). */
export interface IssuedToken {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expire_at_millisec: number;
}

export interface TokenGrant {
  kind: TokenKind;
  clientId: string;
  userId?: UserId;
  tenantId?: TenantId;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Random bearer tokens, stored only as hashes, with an expiry. */
export class TokenService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly ttlSeconds: number,
  ) {}

  async issue(grant: TokenGrant, now = Date.now()): Promise<IssuedToken> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + this.ttlSeconds * 1000;
    await this.db.deleteFrom('authToken').where('expiresAt', '<', now).execute();
    await this.db
      .insertInto('authToken')
      .values({
        tokenHash: hash(token),
        kind: grant.kind,
        clientId: grant.clientId,
        userId: grant.userId ?? null,
        tenantId: grant.tenantId ?? null,
        expiresAt,
        createdAt: now,
      })
      .execute();
    return { access_token: token, token_type: 'bearer', expires_in: this.ttlSeconds, expire_at_millisec: expiresAt };
  }

  /** The grant behind a token, or nothing when it is unknown or expired. */
  async verify(token: string, now = Date.now()): Promise<TokenGrant | undefined> {
    const row = await this.db.selectFrom('authToken').selectAll().where('tokenHash', '=', hash(token)).executeTakeFirst();
    if (!row || row.expiresAt <= now) return undefined;
    return {
      kind: row.kind,
      clientId: row.clientId,
      ...(row.userId !== null ? { userId: row.userId as UserId } : {}),
      ...(row.tenantId !== null ? { tenantId: row.tenantId as TenantId } : {}),
    };
  }
}
