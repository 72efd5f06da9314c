/** A token and when it expires (milliseconds since the epoch). */
export interface StoredToken {
  value: string;
  expiresAt: number;
}

/** Where the browser keeps its tokens. */
export interface TokenStore {
  get(name: string): StoredToken | undefined;
  set(name: string, token: StoredToken): void;
  remove(name: string): void;
}

/** Names of the token cookies; every cookie of the platform starts with `EMS-`. */
export const TOKEN_NAMES = {
  client: 'EMS-client_token',
  user: 'EMS-access_token',
  refresh: 'EMS-refresh_token',
  ems: 'EMS-ems_token',
} as const;

/** A cookie lives one day unless what it holds expires sooner. */
export const DEFAULT_COOKIE_MS = 24 * 3600 * 1000;

/**
 * Tokens in cookies: the token itself under its name (so that pictures can be fetched with the
 * session), its expiry under `<name>-expires`.
 */
export function cookieTokenStore(doc: Document = document, now: () => number = Date.now): TokenStore {
  const read = (name: string) => {
    const prefix = `${name}=`;
    const entry = doc.cookie.split('; ').find((part) => part.startsWith(prefix));
    return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
  };
  const write = (name: string, value: string, until: number) => {
    doc.cookie = `${name}=${encodeURIComponent(value)}; expires=${new Date(until).toUTCString()}; path=/; SameSite=Strict`;
  };
  return {
    get(name) {
      const value = read(name);
      const expiresAt = Number(read(`${name}-expires`));
      return value && expiresAt ? { value, expiresAt } : undefined;
    },
    set(name, token) {
      const until = Math.min(token.expiresAt, now() + DEFAULT_COOKIE_MS);
      write(name, token.value, until);
      write(`${name}-expires`, String(token.expiresAt), until);
    },
    remove(name) {
      write(name, '', 0);
      write(`${name}-expires`, '', 0);
    },
  };
}

/** Tokens in memory, for scripts and tests. */
export function memoryTokenStore(): TokenStore {
  const tokens = new Map<string, StoredToken>();
  return {
    get: (name) => tokens.get(name),
    set: (name, token) => void tokens.set(name, token),
    remove: (name) => void tokens.delete(name),
  };
}
