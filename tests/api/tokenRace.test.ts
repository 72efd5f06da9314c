import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApi, memoryTokenStore, TOKEN_NAMES, type Api, type TokenStore } from '../../runtime';
import { startServer, type TestServer } from '../support/server';

/**
 * The browser's API client, run in Node against the real server: many calls that meet an
 * expired token share one renewal, and a session that cannot be renewed ends once.
 */
describe('token renewal', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ listen: true });
  });
  afterAll(() => server.stop());

  /** `before` may hold a request back until it settles. */
  function client(before?: (url: string) => Promise<void>): {
    api: Api;
    store: TokenStore;
    requests: string[];
    ended: () => number;
  } {
    const store = memoryTokenStore();
    const requests: string[] = [];
    let ended = 0;
    const api = createApi({
      baseUrl: server.url,
      store,
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        requests.push(url);
        await before?.(url);
        return fetch(input, init);
      },
      language: () => 'en',
      warn: () => undefined,
      translate: (key) => key,
      onSessionEnd: () => {
        ended += 1;
      },
    });
    return { api, store, requests, ended: () => ended };
  }

  const refreshes = (requests: string[]) => requests.filter((url) => url.includes('grant_type=refresh_token')).length;

  test('50 concurrent calls that meet a 401 cause exactly one refresh, and each is answered', async () => {
    const { api, store, requests } = client();
    const answer = await api.call('pcLogin', { body: { username: 'admin', password: 'admin123' } });
    api.tokens.signedIn(answer);
    // The server no longer knows the token the client holds (as after its expiry), though the client thinks it fresh.
    store.set(TOKEN_NAMES.user, { value: 'expired-or-revoked', expiresAt: Date.now() + 3600_000 });
    const pages = await Promise.all(
      Array.from({ length: 50 }, () => api.call('getCustomerList', { query: { current: 1, size: 10 } })),
    );
    expect(pages.every((page) => page.total === 24)).toBe(true);
    expect(refreshes(requests)).toBe(1);
    expect(requests.filter((url) => url.includes('getCustomerList'))).toHaveLength(100);
  });

  test('a token about to expire is renewed before the call, once for many calls', async () => {
    const { api, store, requests } = client();
    api.tokens.signedIn(await api.call('pcLogin', { body: { username: 'operator', password: 'operator123' } }));
    const held = store.get(TOKEN_NAMES.user);
    store.set(TOKEN_NAMES.user, { value: held?.value ?? '', expiresAt: Date.now() + 60_000 });
    await Promise.all(Array.from({ length: 10 }, () => api.call('getCustomerList', { query: { current: 1, size: 10 } })));
    expect(refreshes(requests)).toBe(1);
    expect(requests.filter((url) => url.includes('getCustomerList'))).toHaveLength(10);
  });

  test('when the renewal fails the session ends once, and every call is refused without a loop', async () => {
    const { api, store, requests, ended } = client();
    api.tokens.signedIn(await api.call('pcLogin', { body: { username: 'auditor', password: 'auditor123' } }));
    store.set(TOKEN_NAMES.user, { value: 'expired-or-revoked', expiresAt: Date.now() + 3600_000 });
    store.set(TOKEN_NAMES.refresh, { value: 'spent', expiresAt: Date.now() + 3600_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => api.call('getCustomerList', { query: { current: 1, size: 10 } })),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(ended()).toBe(1);
    expect(refreshes(requests)).toBe(1);
    expect(store.get(TOKEN_NAMES.user)).toBeUndefined();
  });

  test('the EMS token is fetched on first use only, then reused', async () => {
    const { api, requests } = client();
    api.tokens.signedIn(await api.call('pcLogin', { body: { username: 'admin', password: 'admin123' } }));
    const [first, second] = await Promise.all([api.tokens.emsToken(), api.tokens.emsToken()]);
    expect(first).toBe(second);
    expect(await api.tokens.emsToken()).toBe(first);
    expect(requests.filter((url) => url.includes('/tools/ems/emsToken'))).toHaveLength(1);
  });
  test('renewed() settles once the renewals in progress have: a call that waited for its token has gone out by then', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { api, store, requests } = client((url) => (url.includes('/tools/ems/emsToken') ? held : Promise.resolve()));
    api.tokens.signedIn(await api.call('pcLogin', { body: { username: 'admin', password: 'admin123' } }));
    const task = () => new Promise((resolve) => setTimeout(resolve));
    const stationLists = () => requests.filter((url) => url.includes('/ems/api/device/station/list')).length;
    // As the route's loaders do: the call, a task, the renewals, a task; then the code.
    const stations = api.prefetch('listStations', {});
    await task();
    let settled = false;
    const renewed = api.tokens.renewed().then(() => (settled = true));
    await task();
    expect(settled).toBe(false);
    expect(stationLists()).toBe(0);
    release();
    await renewed;
    await task();
    expect(stationLists()).toBe(1);
    await stations;
    // A renewal that fails settles it too.
    store.set(TOKEN_NAMES.user, { value: 'expired', expiresAt: Date.now() + 1000 });
    store.set(TOKEN_NAMES.refresh, { value: 'spent', expiresAt: Date.now() + 3600_000 });
    const refused = api.prefetch('getCustomerList', { query: { current: 1, size: 10 } });
    await task();
    await api.tokens.renewed();
    await expect(refused).rejects.toBeTruthy();
    expect(refreshes(requests)).toBe(1);
  });

  test('an EMS call met by a 401 fetches a new EMS token once and is answered; the next calls use it', async () => {
    const { api, store, requests } = client();
    api.tokens.signedIn(await api.call('pcLogin', { body: { username: 'admin', password: 'admin123' } }));
    // The server no longer knows the EMS token the client holds, though the client thinks it fresh.
    store.set(TOKEN_NAMES.ems, { value: 'revoked-ems-token', expiresAt: Date.now() + 3600_000 });
    const emsTokens = () => requests.filter((url) => url.includes('/tools/ems/emsToken')).length;
    const counts = await Promise.all(Array.from({ length: 5 }, () => api.call('countRobotsByState', {})));
    expect(counts.every((count) => typeof count === 'object' && count !== null)).toBe(true);
    expect(emsTokens()).toBe(1);
    const renewed = store.get(TOKEN_NAMES.ems)?.value;
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe('revoked-ems-token');
    await api.call('countRobotsByState', {});
    expect(emsTokens()).toBe(1);
    expect(requests.filter((url) => url.includes('/ems/api/robot/countByState'))).toHaveLength(11);
  });

  test('the client token of the sign-in is fetched once and kept under its EMS- name for the next sign-in', async () => {
    const { api, store, requests } = client();
    const clientTokens = () => requests.filter((url) => url.includes('grant_type=client_credentials')).length;
    await api.call('pcLogin', { body: { username: 'admin', password: 'admin123' } });
    expect(clientTokens()).toBe(1);
    expect(TOKEN_NAMES.client).toBe('EMS-client_token');
    const kept = store.get(TOKEN_NAMES.client);
    expect(kept?.value).toBeTruthy();
    expect(kept?.expiresAt ?? 0).toBeGreaterThan(Date.now());
    await api.call('pcLogin', { body: { username: 'operator', password: 'operator123' } });
    expect(clientTokens()).toBe(1);
  });
});
