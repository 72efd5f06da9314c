import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createDatabase } from '../support/postgres';
import { startServer, type TestServer } from '../support/server';

const postgresUrl = inject('postgresUrl');

/** The checks a load balancer makes of a node, without a token. */
describe('health checks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ sqliteDemo: true });
  });
  afterAll(() => server?.stop());

  test('/healthz: alive, without a token and whatever credentials come with it', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const answer = await server.app.inject({ method: 'GET', url: '/healthz', headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        code: 0,
        msg: 'success',
        data: { status: 'alive', node: expect.stringMatching(/:\d+$/) },
      });
    }
  });

  test('/readyz: ready while the database answers', async () => {
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.status).toBe('ready');
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  test.skipIf(!postgresUrl)(
    '/readyz: 503 with { code, msg } once the PostgreSQL database is gone, and /healthz still alive',
    async () => {
      const databaseUrl = await createDatabase(postgresUrl);
      const node = await startServer({ databaseUrl, demo: false });
      try {
        expect((await node.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        try {
          await admin.query(`drop database ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
        } finally {
          await admin.end();
        }
        const gone = await node.app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'en' } });
        expect(gone.statusCode).toBe(503);
        expect(gone.json()).toEqual({ code: 50300, msg: 'This server is not ready: its database does not answer' });
        expect((await node.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await node.stop().catch(() => undefined);
      }
    },
  );
});
