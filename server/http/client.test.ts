import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Contract } from '../contract';
import { registerClient } from './client';

describe('the built client', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'client-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><script src="/assets/index-B2x9Qk1a.js"></script>');
    writeFileSync(join(dir, 'assets', 'index-B2x9Qk1a.js'), 'console.log(1)');
    app = Fastify();
    const contract = { operations: [{ path: '/ems/api/station' }] } as unknown as Contract;
    await registerClient(app, dir, contract, () => (key) => key);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('files named by their content are kept for good, without validators; the page, asked at any of its addresses, is asked again every time and answered 304 when unchanged', async () => {
    const script = await app.inject({ method: 'GET', url: '/assets/index-B2x9Qk1a.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect([script.headers.etag, script.headers['last-modified']]).toEqual([undefined, undefined]);
    for (const url of ['/', '/index.html', '/main/appliance/customer?lng=en']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('/assets/index-B2x9Qk1a.js');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers.etag, url).toBeTruthy();
      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(page.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  test('an address under a call prefix is no page: 404 with { code, msg }', async () => {
    const answer = await app.inject({ method: 'GET', url: '/ems/api/nothing' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ msg: expect.any(String) });
  });
});
