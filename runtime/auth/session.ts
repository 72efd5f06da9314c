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

/** What the sign-in form sends; the captcha only once the server asks for one. */
export interface Credentials {
  username: string;
  password: string;
  captchaKey?: string;
  captcha?: string;
}

const USER_ID_KEY = 'userId';
const USER_KEY = 'user';

/**
 * The browser session: a user id in session storage (what route gating looks at, as the
 * specification has it) and the user's tenants; the tokens are the token manager's.
 */
export const session = {
  user(): SessionUser | undefined {
    if (!sessionStorage.getItem(USER_ID_KEY)) return undefined;
    const stored = sessionStorage.getItem(USER_KEY);
    return stored ? (JSON.parse(stored) as SessionUser) : undefined;
  },

  remember(user: SessionUser): void {
    sessionStorage.setItem(USER_ID_KEY, String(user.userId));
    sessionStorage.setItem(USER_KEY, JSON.stringify(user));
  },

  /** Signs in with the client token; keeps the user and the tokens on success. */
  async signIn(api: Api, credentials: Credentials): Promise<SessionUser> {
    const answer = await api.call('pcLogin', { body: credentials }, { silent: true });
    api.tokens.signedIn(answer);
    const user: SessionUser = {
      userId: answer.userId,
      username: answer.username,
      name: answer.name,
      isAdmin: answer.isAdmin,
      tenantId: answer.tenantId,
      tenants: answer.tenants,
    };
    session.remember(user);
    return user;
  },

  signOut(api: Api): void {
    api.tokens.clear();
    sessionStorage.removeItem(USER_ID_KEY);
    sessionStorage.removeItem(USER_KEY);
  },
};
