import type { Api } from '../api/client';

/** The signed-in user as kept for the browser session. */
export interface SessionUser {
  userId: number;
  username: string;
  name: string;
  isAdmin: boolean;
  tenantId: number;
  tenants: { id: number; name: string }[];
}

const TOKEN_COOKIE = 'EMS-access_token';
const USER_ID_KEY = 'userId';
const USER_KEY = 'user';
/** Default lifetime of a cookie: one day. */
const DEFAULT_COOKIE_MS = 24 * 3600 * 1000;
/** The web client's credentials (DESIGN §8). */
const WEB_CLIENT = `Basic ${btoa('web:web')}`;

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

function writeCookie(name: string, value: string, expiresAt: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${new Date(expiresAt).toUTCString()}; path=/; SameSite=Strict`;
}

/**
 * The browser session: a user id in session storage (what route gating looks at) and the user
 * token in an `EMS-` cookie that expires with the token.
 */
export const session = {
  token(): string | undefined {
    return readCookie(TOKEN_COOKIE);
  },

  user(): SessionUser | undefined {
    if (!sessionStorage.getItem(USER_ID_KEY)) return undefined;
    const stored = sessionStorage.getItem(USER_KEY);
    return stored ? (JSON.parse(stored) as SessionUser) : undefined;
  },

  /** Client token, then user name and password; stores the user and the token on success. */
  async signIn(api: Api, username: string, password: string): Promise<SessionUser> {
    const client = await api.call('getClientToken', {
      query: { grant_type: 'client_credentials' },
      authorization: WEB_CLIENT,
    });
    const answer = await api.call('pcLogin', {
      body: { username, password },
      authorization: `Bearer ${client.access_token}`,
    });
    const user: SessionUser = {
      userId: answer.userId,
      username: answer.username,
      name: answer.name,
      isAdmin: answer.isAdmin,
      tenantId: answer.tenantId,
      tenants: answer.tenants,
    };
    writeCookie(TOKEN_COOKIE, answer.access_token, Math.min(answer.expire_at_millisec, Date.now() + DEFAULT_COOKIE_MS));
    sessionStorage.setItem(USER_ID_KEY, String(user.userId));
    sessionStorage.setItem(USER_KEY, JSON.stringify(user));
    return user;
  },

  signOut(): void {
    writeCookie(TOKEN_COOKIE, '', 0);
    sessionStorage.removeItem(USER_ID_KEY);
    sessionStorage.removeItem(USER_KEY);
  },
};
