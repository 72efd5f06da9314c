import { DEFAULT_COOKIE_MS, TOKEN_NAMES, type StoredToken, type TokenStore } from './tokenStore';

/** A token is used until this long before it expires, then renewed. */
export const REFRESH_BEFORE_MS = 300_000;

/** The web client's credentials (DESIGN §8). */
export const WEB_CLIENT = `Basic ${btoa('web:web')}`;

/** What the token manager asks the server, without tokens of its own (the API client's raw call). */
export interface TokenCalls {
  clientToken(): Promise<{ access_token: string; expire_at_millisec: number }>;
  refresh(refreshToken: string): Promise<{ access_token: string; expire_at_millisec: number; refresh_token?: string }>;
  emsToken(userToken: string): Promise<{ access_token: string; expire_at_millisec: number }>;
}

/** What sign-in answers about tokens. */
export interface SignInTokens {
  access_token: string;
  expire_at_millisec: number;
  refresh_token: string;
}

/**
 * The client, user and EMS tokens of the browser. Each is reused until five minutes before it
 * expires. A renewal in progress is shared: any number of calls that need it wait for the same
 * one. When the user token cannot be renewed the session ends.
 */
export class TokenManager {
  private pending = new Map<string, Promise<string>>();

  constructor(
    private readonly store: TokenStore,
    private readonly calls: TokenCalls,
    private readonly onSessionEnd: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  private fresh(name: string): string | undefined {
    const token = this.store.get(name);
    return token && token.expiresAt - REFRESH_BEFORE_MS > this.now() ? token.value : undefined;
  }

  private save(name: string, answer: { access_token: string; expire_at_millisec: number }): string {
    const token: StoredToken = { value: answer.access_token, expiresAt: answer.expire_at_millisec };
    this.store.set(name, token);
    return token.value;
  }

  /** One renewal at a time per token: callers that come while it runs get its result. */
  private once(name: string, renew: () => Promise<string>): Promise<string> {
    let running = this.pending.get(name);
    if (!running) {
      running = renew().finally(() => this.pending.delete(name));
      this.pending.set(name, running);
    }
    return running;
  }

  /** Settles once the renewals in progress have, whatever their outcome: the calls waiting for them have gone out then. */
  async renewed(): Promise<void> {
    await Promise.allSettled(this.pending.values());
  }

  clientToken(): Promise<string> {
    return Promise.resolve(
      this.fresh(TOKEN_NAMES.client) ??
        this.once(TOKEN_NAMES.client, async () => this.save(TOKEN_NAMES.client, await this.calls.clientToken())),
    );
  }

  /** The user token, renewed first when it is about to expire; undefined without a session. */
  async userToken(): Promise<string | undefined> {
    const current = this.fresh(TOKEN_NAMES.user);
    if (current) return current;
    if (!this.store.get(TOKEN_NAMES.refresh)) return undefined;
    return this.refreshUser();
  }

  /**
   * A user token other than `rejected` (the one the server just refused): the one another call
   * has renewed meanwhile, or a new one for the refresh token. The session ends when that fails.
   */
  renewUser(rejected?: string): Promise<string> {
    const current = this.fresh(TOKEN_NAMES.user);
    if (rejected !== undefined && current && current !== rejected) return Promise.resolve(current);
    return this.refreshUser();
  }

  /** An EMS token other than `rejected`, fetched anew unless another call has done so meanwhile. */
  renewEms(rejected?: string): Promise<string> {
    const current = this.fresh(TOKEN_NAMES.ems);
    if (rejected !== undefined && current && current !== rejected) return Promise.resolve(current);
    this.store.remove(TOKEN_NAMES.ems);
    return this.refreshEms();
  }

  private refreshUser(): Promise<string> {
    return this.once(TOKEN_NAMES.user, async () => {
      const refresh = this.store.get(TOKEN_NAMES.refresh);
      try {
        if (!refresh) throw new Error('no refresh token');
        const answer = await this.calls.refresh(refresh.value);
        if (answer.refresh_token) this.keepRefresh(answer.refresh_token);
        this.store.remove(TOKEN_NAMES.ems);
        return this.save(TOKEN_NAMES.user, answer);
      } catch (error) {
        this.clear();
        this.onSessionEnd();
        throw error;
      }
    });
  }

  /** The EMS token, fetched on first use. */
  async emsToken(): Promise<string> {
    return this.fresh(TOKEN_NAMES.ems) ?? this.refreshEms();
  }

  private refreshEms(): Promise<string> {
    return this.once(TOKEN_NAMES.ems, async () => {
      const user = await this.userToken();
      if (!user) throw new Error('no session');
      return this.save(TOKEN_NAMES.ems, await this.calls.emsToken(user));
    });
  }

  /** The refresh token is kept as long as a cookie lives by default (one day), renewed with each use. */
  private keepRefresh(value: string): void {
    this.store.set(TOKEN_NAMES.refresh, { value, expiresAt: this.now() + DEFAULT_COOKIE_MS });
  }

  /** Keeps the tokens of a sign-in. */
  signedIn(answer: SignInTokens): void {
    this.save(TOKEN_NAMES.user, answer);
    this.keepRefresh(answer.refresh_token);
    this.store.remove(TOKEN_NAMES.ems);
  }

  /** The user moved to another tenant: the EMS token was for the old one. */
  tenantChanged(): void {
    this.store.remove(TOKEN_NAMES.ems);
  }

  /** Whether the browser holds the tokens of a session (a refresh token), perhaps of another tab. */
  hasSession(): boolean {
    return this.store.get(TOKEN_NAMES.refresh) !== undefined;
  }

  clear(): void {
    for (const name of [TOKEN_NAMES.user, TOKEN_NAMES.refresh, TOKEN_NAMES.ems]) this.store.remove(name);
  }
}
