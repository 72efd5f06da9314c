import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import type { TestServer } from '../support/server';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe.each(databases())('sign-in on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    server = await start();
    app = server.app;
  });
  afterAll(() => server.stop());

  test('the web client gets a client token with its Basic credentials, and nothing with wrong ones', async () => {
    const good = await app.inject({
      method: 'GET',
      url: '/auth/oauth/token?grant_type=client_credentials',
      headers: { authorization: basic('web:web') },
    });
    expect(good.statusCode).toBe(200);
    const token = good.json<{ access_token: string; expires_in: number; expire_at_millisec: number }>();
    expect(token.access_token).toMatch(/^[\w-]{40,}$/);
    expect(token.expire_at_millisec).toBeGreaterThan(Date.now());
    const bad = await app.inject({
      method: 'GET',
      url: '/auth/oauth/token?grant_type=client_credentials',
      headers: { authorization: basic('web:nope') },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 40101 });
  });

  test('a wrong password is refused with a message, and gives no token', async () => {
    await expect(signIn(app, 'admin', 'wrong-password')).rejects.toThrow('Incorrect username or password');
    await expect(signIn(app, 'nobody', 'admin123')).rejects.toThrow('Incorrect username or password');
  });

  test('sign-in answers the user, the tenants (default first) and a user token', async () => {
    const client = await app.inject({
      method: 'GET',
      url: '/auth/oauth/token?grant_type=client_credentials',
      headers: { authorization: basic('web:web') },
    });
    const answer = await call<{
      userId: number;
      firstTenantId: number;
      tenants: { id: number }[];
      access_token: string;
      isAdmin: boolean;
    }>(app, client.json<{ access_token: string }>().access_token, {
      method: 'POST',
      url: '/manager/user/pclogin',
      payload: { username: 'admin', password: 'admin123' },
    });
    expect(answer.body.code).toBe(0);
    expect(answer.body.data.firstTenantId).toBe(2);
    expect(answer.body.data.tenants.map((t) => t.id)).toEqual([2, 10]);
    expect(answer.body.data.isAdmin).toBe(true);
  });

  test('every data call needs a user token: none, a client token or an unknown token is refused', async () => {
    const client = await app.inject({
      method: 'GET',
      url: '/auth/oauth/token?grant_type=client_credentials',
      headers: { authorization: basic('web:web') },
    });
    const clientToken = client.json<{ access_token: string }>().access_token;
    for (const token of [undefined, clientToken, 'not-a-token']) {
      const answer = await call(app, token, { method: 'GET', url: '/manager/customer/getCustomerList' });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(40100);
      // The specification's words for a 401, which the browser shows as the server says them.
      expect(answer.body.msg).toBe('Login timed out, please sign in again');
    }
    const user = await signIn(app, 'admin', 'admin123');
    expect((await call(app, user, { method: 'GET', url: '/manager/customer/getCustomerList' })).status).toBe(200);
  });

  test('the EMS token is issued for the signed-in user, and is not a user token', async () => {
    const user = await signIn(app, 'operator', 'operator123');
    const ems = await call<{ access_token: string }>(app, user, { method: 'POST', url: '/tools/ems/emsToken' });
    expect(ems.body.code).toBe(0);
    const misuse = await call(app, ems.body.data.access_token, { method: 'GET', url: '/manager/customer/getCustomerList' });
    expect(misuse.status).toBe(401);
  });
});
