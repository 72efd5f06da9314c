import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { AlarmEngine } from './alarms/engine';
import { AREAS } from './areas';
import { Collector } from './collection/collector';
import { Mqtt, type MqttSettings } from './collection/mqtt';
import { MqttDirectory } from './collection/mqttIngest';
import { CallerCache } from './auth/callers';
import { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import { loadContract } from './contract';
import { throttledPerTenant } from './db/changes';
import { asTheStartingNode, openDatabase } from './db/database';
import { Lease } from './db/leases';
import { syncEntityTables } from './db/entityTables';
import { migrate } from './db/migrate';
import { tenantOwnedTables } from './db/tenantScope';
import { seedDemo } from './demo/seed';
import { giveModel } from './emsdevices/deviceModels';
import { fileStoreFor } from './files/fileStore';
import { registerClient } from './http/client';
import { registerCompression } from './http/compression';
import { registerDocs } from './http/docs';
import { answerError, registerErrorHandler } from './http/errors';
import { HandlerRegistry } from './http/registry';
import { NeedCache } from './http/needCache';
import { registerRoutes } from './http/routes';
import type { Services } from './http/services';
import { createTranslator } from './i18n';
import { entityModel } from './resources/entityModel';
import { resourceHandler } from './resources/handlers';
import { priceRecordRules } from './ledger/priceRules';
import { EntityRepository } from './resources/repository';
import { checkDefinition } from './reports/definitions';
import { reportJobOf, type ReportJob } from './reports/runner';
import { Simulator } from './simulator/runner';
import { Catalog } from './telemetry/catalog';
import { DAY_MS } from './telemetry/partitions';
import { Telemetry } from './telemetry/service';
import { TelemetryStore } from './telemetry/store';
import { SimulatedWeather } from './weather/provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site simulator, when the server runs one. */
    simulator?: Simulator;
    /** The collector polling the channels of every enabled collector server, when the server runs one. */
    collector?: Collector;
    /** The MQTT side (embedded broker or external client), when the server speaks MQTT. */
    mqtt?: Mqtt;
    /** The scheduled reports' job. */
    reports: ReportJob;
  }
}

/** The name changes of tokens are told to the other nodes by. */
const AUTH_TOKENS = 'authToken';
/** The name new samples of a tenant are told to the other nodes by. */
const SAMPLES = 'samples';
/** How often, at most, a node tells the others of a tenant's new samples (ms). */
const SAMPLE_NEWS_MS = 1_000;
/** Milliseconds between the simulator's live samples. */
const SIMULATOR_INTERVAL_MS = 5_000;
/** How often raw samples older than the retention window are removed (on one node of a cluster). */
const PRUNE_INTERVAL_MS = 3_600_000;
/** How often a node asks for the lease of a background job, and how long a lease it is not renewed lasts. */
const JOB_TURN_MS = 30_000;
const JOB_LEASE_MS = 60_000;

/**
 * The server's services on a migrated database (with the demo seeded when the configuration
 * asks for it); the caller closes `database`.
 */
export async function openServices(config: ServerConfig): Promise<Services> {
  const contract = loadContract();
  const models = Object.values(contract.entities).map(entityModel);
  const log = (message: string) => {
    if (config.logger) process.stderr.write(`${message}\n`);
  };
  const database = openDatabase({ ...config, log });
  // On PostgreSQL, nodes of a cluster tell each other of changes; what a node keeps in memory is
  // dropped on a change made through any node, and nothing is kept while it may miss one.
  const { changes } = database;
  const cached = () => changes?.live ?? true;
  const alarms = new AlarmEngine(database.db, database.dialect, cached);
  const catalog = new Catalog(database.db, cached);
  const callers = new CallerCache(cached);
  const needs = new NeedCache({ maxBytes: config.needCacheMb * 1024 * 1024, enabled: cached });
  const mqttChannels = new MqttDirectory(database.db, cached);
  const dropCached = (entity: string, tenantId: number) => {
    if (entity === SAMPLES) {
      needs.samplesArrived(tenantId);
      return;
    }
    if (entity === 'station' || entity === 'device' || entity === 'deviceVariable') catalog.invalidate(tenantId);
    if (['station', 'monitorChannel', 'device', 'deviceVariable'].includes(entity)) mqttChannels.invalidate(tenantId);
    // Tokens revoked or moved, or an employee record (the `user` entity: role, account state) changed.
    if (entity === AUTH_TOKENS || entity === 'user') callers.clear();
    alarms.invalidate(entity, tenantId);
    needs.dataChanged(tenantId);
  };
  changes?.subscribe({
    changed: dropCached,
    missed: () => {
      catalog.clear();
      mqttChannels.clear();
      alarms.clear();
      callers.clear();
      needs.clear();
    },
  });
  const handlers = new HandlerRegistry(AREAS, resourceHandler);
  const services: Services = {
    config,
    contract,
    database,
    repository: new EntityRepository(database.db, models),
    tokens: new TokenService(database.db, { access: config.tokenTtlSeconds, refresh: config.refreshTtlSeconds }),
    callers,
    files: fileStoreFor(database, config.dataDir),
    telemetry: new Telemetry(new TelemetryStore(database.db, database.dialect), catalog, alarms),
    alarms,
    weather: new SimulatedWeather(),
    needs,
    mqttChannels,
    changed: (entity, tenantId) => changed(entity, tenantId),
    handlerOf: (operation) => handlers.handlerFor(operation),
  };
  const tell = (entity: string, tenantId: number) =>
    changes
      ?.publish(entity, tenantId)
      .catch((error: unknown) => log(`A change could not be told to the other nodes: ${String(error)}`));
  // A change made through this node: dropped here, and told to the other nodes.
  const changed = (entity: string, tenantId: number) => {
    dropCached(entity, tenantId);
    void tell(entity, tenantId);
  };
  services.repository.onChange(changed);
  // A device given a model gets the model's variables and maps, whichever call writes it (the demo's seeding too).
  services.repository.onWrite('device', giveModel(services.repository));
  // A price list is checked beyond its schema; what a change of prices changes in the ledger is recorded, whichever
  // call writes or deletes a price list or time-of-use prices.
  for (const entity of ['electricityPrice', 'stationCharge'] as const) {
    const rules = priceRecordRules(services, entity);
    services.repository.onWrite(entity, rules.written);
    services.repository.onDelete(entity, rules.deleted);
  }
  services.repository.onWrite('reportDefinition', checkDefinition(services.repository));
  services.tokens.onRevoke(() => changed(AUTH_TOKENS, 0));
  const tellSamples = throttledPerTenant((tenantId) => void tell(SAMPLES, tenantId), SAMPLE_NEWS_MS);
  services.telemetry.onSamples((tenantId) => {
    needs.samplesArrived(tenantId);
    tellSamples(tenantId);
  });
  try {
    await asTheStartingNode(database, async () => {
      await migrate(database);
      // The day partitions of the raw samples (PostgreSQL) of the retention window, before the demo's back-fill.
      const now = Date.now();
      await services.telemetry.store.partitions?.prepare(now - config.rawRetentionDays * DAY_MS, now);
      await syncEntityTables(database, models);
      database.tenantTables = await tenantOwnedTables(database);
      if (config.demo) await seedDemo(services);
    });
    await changes?.start();
  } catch (error) {
    await database.close();
    throw error;
  }
  return services;
}

/**
 * Starts the MQTT side. An embedded broker whose port is taken (another broker on the machine)
 * is said in the log and left out, rather than keeping the platform from starting: its MQTT
 * channels then show no samples until the port is given (`MQTT_PORT`).
 */
export async function startMqtt(
  services: Services,
  settings: MqttSettings,
  log: (message: string) => void,
): Promise<Mqtt | undefined> {
  try {
    return await Mqtt.start(services, settings, log);
  } catch (error) {
    log(
      `MQTT not started (${settings.url ?? `${settings.host}:${settings.port}`}): ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

/** Told of every answer as it is sent, its body serialised (text, a Buffer or a stream). */
export interface AnswerObserver {
  onAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): void;
}

/**
 * The whole server, ready to `listen()` or to be called with `inject()`. An observer, when given,
 * sees every answer of a route or of the not-found handler (the test suite checks each against
 * the OpenAPI document); failures before routing answer without hooks.
 */
export async function buildApp(config: ServerConfig, observer?: AnswerObserver): Promise<FastifyInstance> {
  const services = await openServices(config);
  const { contract, database } = services;
  const translate = createTranslator(contract);
  const app = Fastify({
    logger: config.logger,
    // Failures before any route (a malformed URL, a parameter too long) answer `{ code, msg }` too.
    frameworkErrors: (error, request, reply) => answerError(error, request, reply, translate),
  });
  if (observer) {
    app.addHook('onSend', (request, reply, payload, done) => {
      observer.onAnswer(request, reply, payload);
      done(null, payload);
    });
  }
  const simulator = config.simulator
    ? new Simulator(services, {
        historyDays: config.historyDays,
        rawRetentionDays: config.rawRetentionDays,
        intervalMs: SIMULATOR_INTERVAL_MS,
        log: (message) => app.log.info(message),
      })
    : undefined;
  app.decorate('simulator', simulator);
  services.mqtt = config.mqtt ? await startMqtt(services, config.mqtt, (message) => app.log.warn(message)) : undefined;
  const collector = config.collector
    ? new Collector(services, { mqtt: services.mqtt, log: (message) => app.log.warn(message) })
    : undefined;
  app.decorate('collector', collector);
  app.decorate('mqtt', services.mqtt);
  // The retention prune runs on one node of a cluster at a time, hourly across the cluster: each
  // node asks for its lease every 30 s, and the holder prunes when the last prune (on any node) is
  // an hour old, or as it starts (with the retention it was started with); on PostgreSQL it also
  // makes the day partitions of the week ahead. A node that dies stops renewing, so another takes
  // it over within a minute.
  const retention = new Lease(database.db, 'retention', JOB_LEASE_MS);
  let pruning: Promise<void> = Promise.resolve();
  const { store } = services.telemetry;
  const prune = async (starting: boolean) => {
    if (!(await retention.take())) return;
    const now = Date.now();
    if (!starting && now - (await retention.lastRun()) < PRUNE_INTERVAL_MS) return;
    await store.partitions?.prepare(now, now);
    await store.pruneSamples(now - config.rawRetentionDays * DAY_MS);
    await retention.ran(now);
  };
  const pruneTurn = (starting = false) => {
    pruning = pruning.then(() => prune(starting)).catch((error: unknown) => app.log.error(error));
    return pruning;
  };
  const pruneTimer = setInterval(() => void pruneTurn(), JOB_TURN_MS).unref();
  // Scheduled reports: each node asks for the job's lease every 30 s; the holder makes what is due.
  const reports = reportJobOf(services, (message) => app.log.error(message));
  app.decorate('reports', reports);
  const reportTimer = setInterval(() => void reports.turn(), JOB_TURN_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    clearInterval(reportTimer);
    await pruning;
    await reports.stop();
    await retention.release().catch(() => undefined);
    await collector?.stop();
    await simulator?.stop();
    await services.mqtt?.stop();
    await database.close();
  });
  // Stopping, the server takes no new connection and answers new requests 503; those in flight
  // are answered with `Connection: close`, so that their keep-alive connections end with them
  // instead of keeping the stop waiting until the clients let them go.
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  registerErrorHandler(app, translate);
  if (config.compression) await registerCompression(app);
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 1 } });
  registerRoutes(app, services, translate);
  await registerDocs(app, contract);
  await registerClient(app, config.clientDir, contract, translate);
  await pruneTurn(true);
  simulator?.start();
  collector?.start();
  return app;
}
