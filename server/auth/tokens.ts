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
  /** The sign-in the token belongs to; a user token issued without one starts a new session. */
  sessionId?: string;
}

export interface TokenLifetimes {
  /** Seconds a client, user or EMS token lives. */
  access: number;
  /** Seconds a refresh token lives. */
  refresh: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The grant a stored token row carries. */
export function grantOf(row: SystemTables['authToken']): TokenGrant {
  return {
    kind: row.kind,
    clientId: row.clientId,
    ...(row.userId !== null ? { userId: row.userId as UserId } : {}),
    ...(row.tenantId !== null ? { tenantId: row.tenantId as TenantId } : {}),
    ...(row.sessionId !== null ? { sessionId: row.sessionId } : {}),
  };
}

/** Random bearer tokens, stored only as hashes, with an expiry; revoked per user. */
export class TokenService {
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly lifetimes: TokenLifetimes,
  ) {}

  /** Calls `listener` after tokens were revoked or moved to another tenant (what is kept of callers drops its copy). */
  onRevoke(listener: () => void): void {
    this.listeners.push(listener);
  }

  private revoked(): void {
    for (const listener of this.listeners) listener();
  }

  async issue(grant: TokenGrant, now = Date.now()): Promise<IssuedToken & { sessionId: string | null }> {
    const token = randomBytes(32).toString('base64url');
    const seconds = grant.kind === 'refresh' ? this.lifetimes.refresh : this.lifetimes.access;
    const expiresAt = now + seconds * 1000;
    const sessionId = grant.sessionId ?? (grant.userId !== undefined ? randomBytes(16).toString('base64url') : null);
    await this.db.deleteFrom('authToken').where('expiresAt', '<', now).execute();
    await this.db
      .insertInto('authToken')
      .values({
        tokenHash: hashToken(token),
        kind: grant.kind,
        clientId: grant.clientId,
        userId: grant.userId ?? null,
        tenantId: grant.tenantId ?? null,
        sessionId,
        expiresAt,
        createdAt: now,
      })
      .execute();
    return { access_token: token, token_type: 'bearer', expires_in: seconds, expire_at_millisec: expiresAt, sessionId };
  }

  /** Spends a token once: of calls spending it at the same moment, one gets its grant. */
  async spend(token: string, now = Date.now()): Promise<TokenGrant | undefined> {
    const row = await this.db
      .deleteFrom('authToken')
      .where('tokenHash', '=', hashToken(token))
      .where('expiresAt', '>', now)
      .returningAll()
      .executeTakeFirst();
    return row ? grantOf(row) : undefined;
  }

  /** Ends every session of a user, or only those bound to one tenant. */
  async revokeUser(userId: UserId, tenantId?: TenantId): Promise<void> {
    let query = this.db.deleteFrom('authToken').where('userId', '=', userId);
    if (tenantId !== undefined) query = query.where('tenantId', '=', tenantId);
    await query.execute();
    this.revoked();
  }

  /** Moves a session (its user and refresh tokens) to another tenant; its EMS tokens, made for the old one, end. */
  async moveToTenant(sessionId: string, tenantId: TenantId): Promise<void> {
    await this.db.deleteFrom('authToken').where('sessionId', '=', sessionId).where('kind', '=', 'ems').execute();
    await this.db.updateTable('authToken').set({ tenantId }).where('sessionId', '=', sessionId).execute();
    this.revoked();
  }
}
