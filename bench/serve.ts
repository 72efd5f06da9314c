/**
 * A server for the benchmark, in a process of its own, on the SQLite database of `DATA_DIR`:
 * the platform (`BENCH_MODE=platform`); the platform with its demo and the simulator, listening
 * once 35 days of history are filled in (`BENCH_MODE=dashboard`); or a bare Fastify route doing
 * the same reading with nothing around it (`BENCH_MODE=bare`): no token, tenant or validation,
 * no query builder, no envelope. Prints the address it listens on.
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { formatLocal } from '../server/telemetry/calendar';

const dashboard = process.env.BENCH_MODE === 'dashboard';
const config = { ...configFromEnv(), logger: false, simulator: dashboard, demo: dashboard, historyDays: 35 };
const app = process.env.BENCH_MODE === 'bare' ? Fastify({ logger: false }) : await buildApp(config);
if (dashboard) await app.simulator?.ready;
if (process.env.BENCH_MODE === 'bare') {
  const db = new SQLite(join(config.dataDir, 'platform.db'), { readonly: true });
  const tenantId = Number(process.env.BENCH_TENANT);
  const variables = new Map(
    (
      db.prepare('select id, sn, unit from device_variable where tenant_id = ?').all(tenantId) as {
        id: number;
        sn: string;
        unit: string;
      }[]
    ).map((v) => [v.sn, v]),
  );
  const statements = new Map<number, SQLite.Statement>();
  app.post<{ Body: { sns: string } }>('/realtime', (request) => {
    const asked = request.body.sns.split(',').flatMap((sn) => variables.get(sn) ?? []);
    let statement = statements.get(asked.length);
    if (!statement) {
      statement = db.prepare(
        `select var_id, ts, value from var_state where tenant_id = ? and var_id in (${asked.map(() => '?').join(',')})`,
      );
      statements.set(asked.length, statement);
    }
    const rows = statement.all(tenantId, ...asked.map((v) => v.id)) as { var_id: number; ts: number; value: number }[];
    const latest = new Map(rows.map((row) => [row.var_id, row]));
    return asked.map((v) => {
      const state = latest.get(v.id);
      return {
        sn: v.sn,
        data: state ? state.value : null,
        unit: v.unit,
        ...(state ? { time: formatLocal(state.ts, 'Asia/Shanghai') } : {}),
      };
    });
  });
}
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${url}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
