import { hostname } from 'node:os';
import { sql } from 'kysely';
import { ApiError } from '../errors';
import type { Handler } from './services';

/** How long the database has to answer a readiness check (ms). */
const READY_TIMEOUT_MS = 2_000;

/** The node that answers: its host and process. */
const node = `${hostname()}:${process.pid}`;
const health = (status: 'alive' | 'ready') => ({ status, node, uptimeSeconds: Math.round(process.uptime()) });

/** `GET /healthz`: the node answers. */
const getHealth: Handler = () => Promise.resolve(health('alive'));

/**
 * `GET /readyz`: the node's database answers within 2 s (its start-up is done, or it would not
 * serve); 503 otherwise. While the node shuts down, the server itself answers every call 503.
 */
const getReadiness: Handler = async (call) => {
  call.reply.header('cache-control', 'no-store');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('the database did not answer in time')), READY_TIMEOUT_MS);
  });
  try {
    // eslint-disable-next-line no-restricted-syntax -- the readiness check asks the database itself, for no tenant
    await Promise.race([sql`select 1`.execute(call.services.database.db), late]);
  } catch {
    throw new ApiError('notReady');
  } finally {
    clearTimeout(timer);
  }
  return health('ready');
};

/** The named handlers of the health checks, by their `x-handler` name. */
export const healthHandlers: Record<string, Handler> = { getHealth, getReadiness };
