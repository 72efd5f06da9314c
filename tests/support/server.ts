import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { MqttSettings } from '../../server/collection/mqtt';
import { configFromEnv, type ServerConfig } from '../../server/config';
import { answerRecorder } from './answerRecorder';
import { sqliteDemoCopy } from './demoCopies';

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  /** `http://127.0.0.1:<port>` once `listen()`ed, else empty. */
  url: string;
  /** Stops the server, then fails if any of its answers did not conform to the OpenAPI document. */
  stop(): Promise<void>;
}

/**
 * A real server on a database of its own: SQLite in a fresh folder, or the PostgreSQL database
 * given. It listens on 127.0.0.1 only when asked to.
 */
export async function startServer(
  options: {
    databaseUrl?: string;
    listen?: boolean;
    demo?: boolean;
    simulator?: boolean;
    /** Poll the collector servers' channels in the server (as the simulator is, unless said). */
    collector?: boolean;
    /** Run the embedded MQTT broker on a free port of 127.0.0.1, or speak to the external broker given (neither unless said). */
    mqtt?: boolean | MqttSettings;
    historyDays?: number;
    rawRetentionDays?: number;
    /** A data folder to use and keep (a fresh one, removed on stop, when absent). */
    dataDir?: string;
    /** Start from a copy of the run's seeded SQLite demo (removed on stop) instead of seeding one. */
    sqliteDemo?: boolean;
    /** The built client to serve (`CLIENT_DIR`, else dist/client). */
    clientDir?: string;
    /** Whether answers are compressed (`COMPRESSION`; off unless said). */
    compression?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (options.sqliteDemo ? sqliteDemoCopy() : mkdtempSync(join(tmpdir(), 'platform-test-')));
  // The client a test serves may be built elsewhere than dist/client (CLIENT_DIR, as `npm start` reads it).
  const base = configFromEnv({ CLIENT_DIR: options.clientDir ?? process.env.CLIENT_DIR });
  const config: ServerConfig = {
    ...base,
    dataDir,
    demo: options.demo ?? true,
    logger: false,
    simulator: options.simulator ?? false,
    collector: options.collector ?? options.simulator ?? false,
    mqtt: options.mqtt === true ? { host: '127.0.0.1', port: 0 } : options.mqtt || undefined,
    historyDays: options.historyDays ?? base.historyDays,
    rawRetentionDays: options.rawRetentionDays ?? base.rawRetentionDays,
    compression: options.compression ?? base.compression,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  };
  // Every answer is checked against the served document; the mismatches fail the test file at stop().
  const answers = answerRecorder();
  const app = await buildApp(config, answers);
  let url = '';
  if (options.listen) url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    config,
    url,
    async stop() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      answers.assertConforming();
    },
  };
}
