import uploadRules from '../schemas/constants/upload.json';
import { resolve } from 'node:path';
import type { MqttSettings } from './collection/mqtt';

/** Settings of one server process, read from the environment (see README). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder of the SQLite file and of uploaded files. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl?: string;
  /** Seed demo data into an empty database. */
  demo: boolean;
  /** Built client to serve, if present. */
  clientDir: string;
  /** Lifetime of client, user and EMS tokens, in seconds. */
  tokenTtlSeconds: number;
  /** Lifetime of refresh tokens, in seconds. */
  refreshTtlSeconds: number;
  /** Largest upload, in megabytes. */
  uploadMaxMb: number;
  /** Log requests (off in tests). */
  logger: boolean;
  /** Run the site simulator (on in the demo). */
  simulator: boolean;
  /** Poll the channels of the enabled collector servers by their register maps in this process. */
  collector: boolean;
  /** The MQTT side: the embedded broker's address, or an external broker; none when absent. */
  mqtt?: MqttSettings | undefined;
  /** Days of history the simulator back-fills on its first start. */
  historyDays: number;
  /** Days raw samples are kept; older days keep their hourly and daily rollups. */
  rawRetentionDays: number;
  /** Megabytes of dashboard answers kept to share between viewers (their text); 0 keeps none. */
  needCacheMb: number;
  /**
   * Whether answers over `schemas/constants/compression.json` bytes are compressed for clients that
   * accept it (`COMPRESSION=1`; off by default: compressed anew for each request, a dashboard's first
   * look costs a node 96 % of its refreshes per second, docs/benchmarks.md).
   */
  compression: boolean;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  const demo = flag(env.DEMO, !databaseUrl);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    ...(databaseUrl ? { databaseUrl } : {}),
    // The demo seeds itself on the embedded database; a PostgreSQL installation opts in.
    demo,
    clientDir: resolve(env.CLIENT_DIR ?? 'dist/client'),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    refreshTtlSeconds: Number(env.REFRESH_TTL_SECONDS ?? 7 * 24 * 3600),
    uploadMaxMb: Number(env.UPLOAD_MAX_MB ?? uploadRules.maxSizeMb),
    logger: flag(env.LOG, true),
    simulator: flag(env.SIMULATOR, demo),
    collector: flag(env.COLLECTOR, true),
    // The embedded broker listens where the server does, on 1883; an external broker replaces it.
    ...(flag(env.MQTT, true)
      ? {
          mqtt: {
            host: env.MQTT_HOST ?? env.HOST ?? '127.0.0.1',
            port: Number(env.MQTT_PORT ?? 1883),
            ...(env.MQTT_URL ? { url: env.MQTT_URL } : {}),
            ...(env.MQTT_PASSWORD_FILE ? { passwordFile: resolve(env.MQTT_PASSWORD_FILE) } : {}),
          },
        }
      : {}),
    historyDays: Number(env.HISTORY_DAYS ?? 395),
    rawRetentionDays: Number(env.RAW_RETENTION_DAYS ?? 14),
    needCacheMb: Number(env.NEED_CACHE_MB ?? 64),
    compression: flag(env.COMPRESSION, false),
  };
}
