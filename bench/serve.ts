/**
 * A server for the benchmark, in a process of its own, on the SQLite database of `DATA_DIR` or
 * the PostgreSQL one of `DATABASE_URL`: the platform (`BENCH_MODE=platform`); the platform with its demo and the simulator, listening
 * once `BENCH_HISTORY_DAYS` (35) days of history are filled in (`BENCH_MODE=dashboard`); a bare Fastify route doing
 * the same reading with nothing around it (`BENCH_MODE=bare`): no token, tenant or validation,
 * no query builder, no envelope (one prepared statement of the driver); or a bare Fastify route
 * answering `POST /replay` with the text of `BENCH_REPLAY` (a JSON list of texts) that the
 * request's `x-replay` header numbers, its JSON body parsed and nothing else done (`BENCH_MODE=replay`).
 * Prints the address it listens on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { formatLocal } from '../server/telemetry/calendar';

const dashboard = process.env.BENCH_MODE === 'dashboard';
const config = {
  ...configFromEnv(),
  mqtt: undefined,
  logger: false,
  simulator: dashboard,
  demo: dashboard,
  historyDays: Number(process.env.BENCH_HISTORY_DAYS ?? 35),
};
const bare = process.env.BENCH_MODE === 'bare' || process.env.BENCH_MODE === 'replay';
const app = bare ? Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 }) : await buildApp(config);
if (dashboard) await app.simulator?.ready;
/** The latest values of the asked variables of a tenant, by variable id, read with nothing around the query. */
type LatestReader = (tenantId: number, ids: number[]) => Promise<{ var_id: number; ts: number; value: number }[]>;

if (process.env.BENCH_MODE === 'bare') {
  const tenantId = Number(process.env.BENCH_TENANT);
  let rows: { id: number; sn: string; unit: string }[];
  let latest: LatestReader;
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    rows = (await pool.query('select id, sn, unit from device_variable where tenant_id = $1', [tenantId])).rows;
    latest = async (tenant, ids) =>
      (
        await pool.query({
          name: 'latest',
          text: 'select var_id, ts::float8 as ts, value from var_state where tenant_id = $1 and var_id = any($2)',
          values: [tenant, ids],
        })
      ).rows;
  } else {
    const db = new SQLite(join(config.dataDir, 'platform.db'), { readonly: true });
    rows = db.prepare('select id, sn, unit from device_variable where tenant_id = ?').all(tenantId) as typeof rows;
    const statements = new Map<number, SQLite.Statement>();
    latest = (tenant, ids) => {
      let statement = statements.get(ids.length);
      if (!statement) {
        statement = db.prepare(
          `select var_id, ts, value from var_state where tenant_id = ? and var_id in (${ids.map(() => '?').join(',')})`,
        );
        statements.set(ids.length, statement);
      }
      return Promise.resolve(statement.all(tenant, ...ids) as Awaited<ReturnType<LatestReader>>);
    };
  }
  const variables = new Map(rows.map((v) => [v.sn, v]));
  app.post<{ Body: { sns: string } }>('/realtime', async (request) => {
    const asked = request.body.sns.split(',').flatMap((sn) => variables.get(sn) ?? []);
    const states = new Map(
      (
        await latest(
          tenantId,
          asked.map((v) => v.id),
        )
      ).map((row) => [row.var_id, row]),
    );
    return asked.map((v) => {
      const state = states.get(v.id);
      return {
        sn: v.sn,
        data: state ? state.value : null,
        unit: v.unit,
        ...(state ? { time: formatLocal(state.ts, 'Asia/Shanghai') } : {}),
      };
    });
  });
}
if (process.env.BENCH_MODE === 'replay') {
  const texts = JSON.parse(readFileSync(String(process.env.BENCH_REPLAY), 'utf8')) as string[];
  app.post('/replay', async (request, reply) => reply.type('application/json').send(texts[Number(request.headers['x-replay'])]));
}
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${url}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
