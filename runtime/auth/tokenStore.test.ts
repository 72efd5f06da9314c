import { describe, expect, test } from 'vitest';
import { cookieTokenStore, DEFAULT_COOKIE_MS, TOKEN_NAMES } from './tokenStore';

/** A document whose cookie jar keeps what is written (name, value and expiry) and reads back what has not expired. */
function cookieJar(now: () => number) {
  const writes: string[] = [];
  const jar = new Map<string, { value: string; expires: number }>();
  const doc = {
    get cookie() {
      return [...jar]
        .filter(([, entry]) => entry.expires > now())
        .map(([name, entry]) => `${name}=${entry.value}`)
        .join('; ');
    },
    set cookie(text: string) {
      writes.push(text);
      const [pair = '', ...attributes] = text.split('; ');
      const [name = '', value = ''] = pair.split('=');
      const expires = attributes.find((attribute) => attribute.startsWith('expires='))?.slice('expires='.length);
      jar.set(name, { value, expires: expires ? Date.parse(expires) : Infinity });
    },
  };
  return { doc: doc as unknown as Document, writes };
}

describe('the token cookies', () => {
  const now = Date.parse('2026-11-27T08:00:00Z');
  const clock = () => now;

  test('every name starts with EMS-', () => {
    expect(Object.values(TOKEN_NAMES).every((name) => name.startsWith('EMS-'))).toBe(true);
    expect(TOKEN_NAMES.client).toBe('EMS-client_token');
  });

  test('a token is kept in a cookie for a day at most, or until it expires, and read back with its expiry', () => {
    const { doc, writes } = cookieJar(clock);
    const store = cookieTokenStore(doc, clock);
    store.set(TOKEN_NAMES.client, { value: 'a b', expiresAt: now + 7 * DEFAULT_COOKIE_MS });
    expect(DEFAULT_COOKIE_MS).toBe(86_400_000);
    expect(writes[0]).toBe(
      `EMS-client_token=a%20b; expires=${new Date(now + 86_400_000).toUTCString()}; path=/; SameSite=Strict`,
    );
    expect(store.get(TOKEN_NAMES.client)).toEqual({ value: 'a b', expiresAt: now + 7 * DEFAULT_COOKIE_MS });
    store.set(TOKEN_NAMES.user, { value: 'u', expiresAt: now + 3600_000 });
    expect(writes.at(-1)).toContain(`expires=${new Date(now + 3600_000).toUTCString()}`);
  });

  test('removed, a token is gone', () => {
    const { doc } = cookieJar(clock);
    const store = cookieTokenStore(doc, clock);
    store.set(TOKEN_NAMES.ems, { value: 'e', expiresAt: now + 3600_000 });
    store.remove(TOKEN_NAMES.ems);
    expect(store.get(TOKEN_NAMES.ems)).toBeUndefined();
  });
});
