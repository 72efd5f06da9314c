import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ demo: false });
});
afterAll(() => server.stop());

test('the API reference is served at /docs, with the whole OpenAPI document', async () => {
  const page = await server.app.inject({ method: 'GET', url: '/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const document = await server.app.inject({ method: 'GET', url: '/docs/json' });
  const paths = Object.keys(document.json<{ paths: Record<string, unknown> }>().paths);
  expect(paths).toEqual(
    expect.arrayContaining(['/manager/customer/getCustomerList', '/manager/customerContacts/getByCustomerId']),
  );
});

test('a path that no call has answers 404 with the error body', async () => {
  const answer = await server.app.inject({ method: 'GET', url: '/manager/nothing-here', headers: { 'accept-language': 'en' } });
  expect(answer.statusCode).toBe(404);
  expect(answer.json()).toEqual({ code: 40400, msg: 'Not found' });
});
