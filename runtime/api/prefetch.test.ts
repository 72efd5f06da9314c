import { afterEach, describe, expect, test, vi } from 'vitest';
import { memoryTokenStore } from '../auth/tokenStore';
import { createApi, EARLY_CALL_MS } from './client';

/** A client whose server is a function: it counts requests and answers each with its number. */
function client(status = 200) {
  const requests: string[] = [];
  const warnings: string[] = [];
  const api = createApi({
    store: memoryTokenStore(),
    fetch: (input: Request | string | URL) => {
      requests.push(input instanceof Request ? input.url : String(input));
      const body = status === 200 ? { code: 0, msg: 'ok', data: requests.length } : { code: status, msg: 'refused' };
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    },
    baseUrl: 'http://platform.test',
    language: () => 'en',
    warn: (text) => warnings.push(text),
    translate: (key) => key,
    onSessionEnd: () => undefined,
  });
  return { api, requests, warnings };
}

const input = { query: { grant_type: 'client_credentials' } } as const;

describe('calls started early', () => {
  afterEach(() => vi.useRealTimers());

  test('the call with the same input takes the early answer: one request', async () => {
    const { api, requests } = client();
    api.prefetch('getClientToken', input);
    expect(await api.call('getClientToken', input)).toBe(1);
    expect(requests).toHaveLength(1);
  });

  test('the loader is given the early answer too, and the call still takes it: one request', async () => {
    const { api, requests } = client();
    expect(await api.prefetch('getClientToken', input)).toBe(1);
    expect(await api.call('getClientToken', input)).toBe(1);
    expect(requests).toHaveLength(1);
  });

  test('an early answer is taken once; a later call asks again', async () => {
    const { api, requests } = client();
    api.prefetch('getClientToken', input);
    await api.call('getClientToken', input);
    expect(await api.call('getClientToken', input)).toBe(2);
    expect(requests).toHaveLength(2);
  });

  test('a call with other input does not take it', async () => {
    const { api, requests } = client();
    api.prefetch('getClientToken', input);
    expect(await api.call('getClientToken', { query: { grant_type: 'refresh_token' } })).toBe(2);
    expect(requests).toHaveLength(2);
  });

  test(`an early answer older than ${EARLY_CALL_MS} ms is not taken`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, requests } = client();
    api.prefetch('getClientToken', input);
    vi.setSystemTime(Date.now() + EARLY_CALL_MS);
    expect(await api.call('getClientToken', input)).toBe(2);
    expect(requests).toHaveLength(2);
  });

  test('the same call started twice while the first is recent asks once', async () => {
    const { api, requests } = client();
    api.prefetch('getClientToken', input);
    api.prefetch('getClientToken', input);
    await api.call('getClientToken', input);
    expect(requests).toHaveLength(1);
  });

  test('a failed early call is announced by the call that takes it (unless silent), not before', async () => {
    const { api, warnings } = client(409);
    api.prefetch('getClientToken', input);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warnings).toEqual([]);
    await expect(api.call('getClientToken', input)).rejects.toMatchObject({ status: 409, message: 'refused' });
    expect(warnings).toEqual(['refused']);
    api.prefetch('getClientToken', input);
    await expect(api.call('getClientToken', input, { silent: true })).rejects.toMatchObject({ status: 409 });
    expect(warnings).toEqual(['refused']);
  });
});
