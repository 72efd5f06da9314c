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

export interface TokenLifetimes {
  /** Seconds a client, user or EMS token lives. */
  access: number;
  /** Seconds a refresh token lives. */
  refresh: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Random bearer tokens, stored only as hashes, with an expiry; revoked per user. */
export class TokenService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly lifetimes: TokenLifetimes,
  ) {}

  async issue(grant: TokenGrant, now = Date.now()): Promise<IssuedToken> {
    const token = randomBytes(32).toString('base64url');
    const seconds = grant.kind === 'refresh' ? this.lifetimes.refresh : this.lifetimes.access;
    const expiresAt = now + seconds * 1000;
    await this.db.deleteFrom('authToken').where('expiresAt', '<', now).execute();
    await this.db
      .insertInto('authToken')
      .values({
        tokenHash: hashToken(token),
        kind: grant.kind,
        clientId: grant.clientId,
        userId: grant.userId ?? null,
        tenantId: grant.tenantId ?? null,
        expiresAt,
        createdAt: now,
      })
      .execute();
    return { access_token: token, token_type: 'bearer', expires_in: seconds, expire_at_millisec: expiresAt };
  }

  /** The grant behind a token, or nothing when it is unknown or expired. */
  async verify(token: string, now = Date.now()): Promise<TokenGrant | undefined> {
    const row = await this.db.selectFrom('authToken').selectAll().where('tokenHash', '=', hashToken(token)).executeTakeFirst();
    if (!row || row.expiresAt <= now) return undefined;
    return {
      kind: row.kind,
      clientId: row.clientId,
      ...(row.userId !== null ? { userId: row.userId as UserId } : {}),
      ...(row.tenantId !== null ? { tenantId: row.tenantId as TenantId } : {}),
    };
  }

  /** Spends a token (a refresh token, once used). */
  async revoke(token: string): Promise<void> {
    await this.db.deleteFrom('authToken').where('tokenHash', '=', hashToken(token)).execute();
  }

  /** Ends every session of a user, or only those bound to one tenant. */
  async revokeUser(userId: UserId, tenantId?: TenantId): Promise<void> {
    let query = this.db.deleteFrom('authToken').where('userId', '=', userId);
    if (tenantId !== undefined) query = query.where('tenantId', '=', tenantId);
    await query.execute();
  }

  /** Moves the token of a call to another tenant (a tenant switch); the user's EMS tokens end. */
  async moveToTenant(tokenHash: string, userId: UserId, tenantId: TenantId): Promise<void> {
    await this.db.updateTable('authToken').set({ tenantId }).where('tokenHash', '=', tokenHash).execute();
    await this.db.deleteFrom('authToken').where('userId', '=', userId).where('kind', '=', 'ems').execute();
  }
}
