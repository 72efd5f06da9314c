import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../support/api';
import { startServer, type TestServer } from '../support/server';

/** A built client as the build leaves it: a script over 1 KiB with its brotli and gzip forms beside it. */
function builtClient(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'platform-client-'));
  mkdirSync(join(dir, 'assets'));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-abc.js'), script);
  writeFileSync(join(dir, 'assets', 'app-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'app-abc.js.gz'), gzipSync(script));
  return { dir, script };
}

/** The user menu: a JSON answer of several KiB. */
const menu = (server: TestServer, token: string, encoding?: string) =>
  server.app.inject({
    method: 'GET',
    url: '/manager/user/getUserMenu',
    headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('compressed on the wire', () => {
  const client = builtClient();
  let server: TestServer;
  let plain: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ sqliteDemo: true, clientDir: client.dir, compression: true });
    plain = await startServer({ sqliteDemo: true, clientDir: client.dir });
    token = await signIn(server.app, 'admin', 'admin123');
  });
  afterAll(async () => {
    await server?.stop();
    await plain?.stop();
    rmSync(client.dir, { recursive: true, force: true });
  });

  test('an answer over 1 KiB: brotli when the client accepts it, else gzip, else as it is; the same JSON each way', async () => {
    const raw = await menu(server, token);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.rawPayload.length).toBeGreaterThan(1024);
    const br = await menu(server, token, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(raw.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(raw.json());
    const gzip = await menu(server, token, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(raw.json());
  });

  test('an answer of 1 KiB or less, and any answer without COMPRESSION=1 (the default), as it is', async () => {
    const small = await server.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.rawPayload.length).toBeLessThanOrEqual(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const off = await menu(plain, await signIn(plain.app, 'admin', 'admin123'), 'br, gzip');
    expect(off.headers['content-encoding']).toBeUndefined();
    expect(off.json()).toMatchObject({ code: 0 });
  });

  test("the client's files: the brotli or gzip form written at build time, with vary", async () => {
    const br = await server.app.inject({ method: 'GET', url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(client.script);
    const gzip = await server.app.inject({ method: 'GET', url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(client.script);
    const none = await server.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(client.script);
  });
});
