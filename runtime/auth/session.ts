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

/** What the tabs of the browser on this origin tell each other about the session. */
type TabMessage = { kind: 'ask' } | { kind: 'user'; user: SessionUser } | { kind: 'signedOut' };

/** The channel of the tabs of this origin. */
const TABS = 'ems-session';

/**
 * How long a new tab waits for another tab to give it the session: an open tab answers within
 * milliseconds, but a browser busy opening the new tab (a slow machine) delays that answer; only a
 * browser holding a session with no other tab open waits all of it.
 */
export const SHARE_WAIT_MS = 1_000;

let tabs: BroadcastChannel | undefined;

function forget(): void {
  sessionStorage.removeItem(USER_ID_KEY);
  sessionStorage.removeItem(USER_KEY);
}

/** Where the user lands after signing in or switching tenant. */
export const LANDING_PATH = '/main/appliance/customer';

/**
 * The page a sign-in returns to: the `redirect` of the sign-in page's query when it is a path of
 * this application (not another site's, not the sign-in page), else `landing`.
 */
export function returnPath(search: string, landing: string): string {
  const asked = new URLSearchParams(search).get('redirect');
  if (asked?.startsWith('/') && !asked.startsWith('//') && !asked.startsWith('/\\') && !asked.startsWith('/login')) return asked;
  return landing;
}

/** The sign-in page, to return to `path` (a path with its query) once signed in. */
export function signInPath(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

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

  /** Ends the session of this tab and of the browser's other tabs (their tokens are the same cookies). */
  signOut(api: Api): void {
    api.tokens.clear();
    forget();
    tabs?.postMessage({ kind: 'signedOut' } satisfies TabMessage);
  },

  /**
   * Joins the browser's other tabs of this origin (a BroadcastChannel): this tab answers a new
   * tab's question with its user, and its session ends when another tab signs out. With `ask`, a
   * tab without a user, in a browser that holds a session's tokens (cookies of the origin), asks
   * the other tabs and takes the user one of them answers within `SHARE_WAIT_MS`: a link opened
   * in a new tab opens signed in. The user id stays in session storage, per tab.
   */
  async share(api: Api, { ask, onSignedOut }: { ask: boolean; onSignedOut(): void }): Promise<void> {
    if (typeof BroadcastChannel === 'undefined' || tabs) return;
    const channel = new BroadcastChannel(TABS);
    tabs = channel;
    let answered: ((user: SessionUser) => void) | undefined;
    channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
      const own = session.user();
      if (data.kind === 'ask' && own) channel.postMessage({ kind: 'user', user: own } satisfies TabMessage);
      else if (data.kind === 'user') answered?.(data.user);
      else if (data.kind === 'signedOut' && own) {
        forget();
        onSignedOut();
      }
    };
    if (!ask || session.user() || !api.tokens.hasSession()) return;
    const user = await new Promise<SessionUser | undefined>((resolve) => {
      answered = resolve;
      setTimeout(() => resolve(undefined), SHARE_WAIT_MS);
      channel.postMessage({ kind: 'ask' } satisfies TabMessage);
    });
    answered = undefined;
    if (user) session.remember(user);
  },
};
