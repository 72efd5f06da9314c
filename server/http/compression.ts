import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import compression from '../../schemas/constants/compression.json';

/**
 * Answers compressed for the clients that accept it, brotli first. Brotli's quality is 4, not its
 * default of 11: an answer is compressed anew each time it is sent, and at 11 a 100 KB dashboard
 * refresh takes tens of milliseconds of the server's time against about one at 4, for a few
 * percent fewer bytes. The built client's files are compressed once at build time at the
 * highest quality and served as they are (`registerClient`).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: compression.aboveBytes,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
