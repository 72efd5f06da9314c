import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import { loadContract } from './contract';
import { openDatabase } from './db/database';
import { syncEntityTables } from './db/entityTables';
import { migrate } from './db/migrate';
import { seedDemo } from './demo/seed';
import { fileStoreFor } from './files/fileStore';
import { registerClient } from './http/client';
import { registerDocs } from './http/docs';
import { answerError, registerErrorHandler } from './http/errors';
import { registerRoutes } from './http/routes';
import type { Services } from './http/services';
import { createTranslator } from './i18n';
import { entityModel } from './resources/entityModel';
import { EntityRepository } from './resources/repository';
import { Catalog } from './telemetry/catalog';
import { TelemetryStore } from './telemetry/store';

/** The whole server, ready to `listen()` or to be called with `inject()`. */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const contract = loadContract();
  const models = Object.values(contract.entities).map(entityModel);
  const database = openDatabase(config);
  const services: Services = {
    config,
    contract,
    database,
    repository: new EntityRepository(database.db, models),
    tokens: new TokenService(database.db, { access: config.tokenTtlSeconds, refresh: config.refreshTtlSeconds }),
    files: fileStoreFor(database, config.dataDir),
    telemetry: { store: new TelemetryStore(database.db, database.dialect), catalog: new Catalog(database.db) },
  };
  services.repository.onChange((entity, tenantId) => {
    if (entity === 'station' || entity === 'device' || entity === 'deviceVariable') services.telemetry.catalog.invalidate(tenantId);
  });
  try {
    await migrate(database);
    await syncEntityTables(database, models);
    if (config.demo) await seedDemo(services);
  } catch (error) {
    await database.close();
    throw error;
  }
  const translate = createTranslator(contract);
  const app = Fastify({
    logger: config.logger,
    // Failures before any route (a malformed URL, a parameter too long) answer `{ code, msg }` too.
    frameworkErrors: (error, request, reply) => answerError(error, request, reply, translate),
  });
  app.addHook('onClose', () => database.close());
  registerErrorHandler(app, translate);
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 1 } });
  registerRoutes(app, services, translate);
  await registerDocs(app, contract);
  await registerClient(app, config.clientDir, contract, translate);
  return app;
}
