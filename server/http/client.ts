import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Contract } from '../contract';
import type { Language, Translate } from '../i18n';
import { notFound } from './errors';

/**
 * Serves the built client. Any other GET outside the API prefixes answers the client's
 * index.html, so that history-mode paths load the app, which then shows its own route.
 */
export async function registerClient(
  app: FastifyInstance,
  dir: string,
  contract: Contract,
  translate: (lng: Language) => Translate,
): Promise<void> {
  const apiPrefixes = new Set([...contract.operations.map((op) => op.path.split('/')[1]), 'docs']);
  const hasClient = existsSync(`${dir}/index.html`);
  // Vite's `build.assetsDir`: each file named by its content, so a new build is new names.
  const assets = resolve(dir, 'assets') + sep;
  if (hasClient)
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: ['index.html'],
      // The build writes each file's brotli and gzip forms beside it (vite.config.ts): sent as they
      // are to a browser that accepts them, with `vary: accept-encoding`.
      preCompressed: true,
      // The assets are kept for good (a reload asks for none again), so they go without validators
      // (etag, last-modified: about 75 bytes on each of the dashboard's eighty-odd files); the page is
      // asked again every time, so that it names the newest build, and keeps them to be answered 304.
      cacheControl: false,
      setHeaders: (reply, path) => {
        if (!resolve(path).startsWith(assets)) {
          reply.header('cache-control', 'no-cache');
          return;
        }
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.removeHeader('etag');
        reply.removeHeader('last-modified');
      },
    });
  app.setNotFoundHandler((request, reply) => {
    const first = request.url.split(/[/?]/)[1] ?? '';
    if (hasClient && request.method === 'GET' && !apiPrefixes.has(first)) return reply.sendFile('index.html');
    return notFound(request, reply, translate);
  });
}
