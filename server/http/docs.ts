import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Contract } from '../contract';

/** The API reference: the bundled OpenAPI document rendered at /docs (and itself at /docs/json). */
export async function registerDocs(app: FastifyInstance, contract: Contract): Promise<void> {
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: contract.document as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
