import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { configFromEnv } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { DAY_MS } from '../server/telemetry/partitions';
import { TelemetryStore } from '../server/telemetry/store';
import { createDatabase } from '../tests/support/postgres';
import { fmt } from './report';

/** The month of raw samples: variables, and the step between two samples of one. */
const RETENTION_VARIABLES = 50;
const RETENTION_STEP_MS = 60_000;
const DAYS = 30;

export interface Removal {
  method: 'DELETE' | 'partition drop';
  ms: number;
  /** Rows of the month before, and left after. */
  rows: number;
  left: number;
  /** Bytes the raw samples take on disk before and right after (no VACUUM in between). */
  bytesBefore: number;
  bytesAfter: number;
}

/**
 * Retention removing a month of raw samples on PostgreSQL (the 30 days before today, a sample a
 * minute of 50 variables), on two databases filled alike: deleting the rows, variable by
 * variable along the key (as SQLite does), against dropping the day partitions.
 */
export async function retentionFigures(postgresUrl: string): Promise<Removal[]> {
  const results: Removal[] = [];
  for (const method of ['DELETE', 'partition drop'] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-retention-'));
    const database = openDatabase({ ...configFromEnv({}), dataDir, databaseUrl: await createDatabase(postgresUrl) });
    try {
      await migrate(database);
      const store = new TelemetryStore(database.db, 'postgres');
      const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      const from = today - DAYS * DAY_MS;
      await store.partitions?.prepare(from, Date.now());
      await sql`insert into sample (tenant_id, var_id, ts, value)
        select 2, v, t, v + (t / ${RETENTION_STEP_MS}) % 100 from generate_series(1, ${RETENTION_VARIABLES}) v,
        generate_series(${from}::bigint, ${today - 1}::bigint, ${RETENTION_STEP_MS}::bigint) t`.execute(database.db);
      await sql`insert into var_state (tenant_id, var_id, ts, value)
        select 2, v, ${today - RETENTION_STEP_MS}::bigint, 0 from generate_series(1, ${RETENTION_VARIABLES}) v`.execute(
        database.db,
      );
      await sql`vacuum analyze sample`.execute(database.db);
      const rows = async () =>
        Number(
          (await sql<{ n: number }>`select count(*)::integer as n from sample where ts < ${today}`.execute(database.db)).rows[0]
            ?.n,
        );
      const bytes = async () =>
        Number(
          (
            await sql<{ n: number }>`select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0)::float8 as n from pg_inherits i
              where i.inhparent = 'sample'::regclass`.execute(database.db)
          ).rows[0]?.n,
        );
      const [before, bytesBefore] = [await rows(), await bytes()];
      const started = performance.now();
      if (method === 'DELETE') await store.deleteSamples(today);
      else await store.pruneSamples(today);
      const ms = performance.now() - started;
      results.push({ method, ms, rows: before, left: await rows(), bytesBefore, bytesAfter: await bytes() });
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}

function retentionTable(removals: Removal[]): string {
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  return [
    `The 30 days before today of raw samples of ${RETENTION_VARIABLES} variables, one a ${RETENTION_STEP_MS / 1000} s (${fmt(removals[0]?.rows ?? 0)} rows), removed by retention, on two databases filled alike: deleting the rows variable by variable along the key (as on SQLite), and dropping the partitions of the 30 days (what the platform does on PostgreSQL). Disk size of the samples' partitions before and right after, with no VACUUM in between.`,
    '',
    '| Method | Time (ms) | Rows left | Disk before (MiB) | Disk after (MiB) |',
    '|---|---:|---:|---:|---:|',
    ...removals.map((r) => `| ${r.method} | ${fmt(r.ms)} | ${fmt(r.left)} | ${mb(r.bytesBefore)} | ${mb(r.bytesAfter)} |`),
  ].join('\n');
}

/** The section of docs/benchmarks.md on retention (empty `removals`: PostgreSQL did not run). */
export function retentionReport(removals: Removal[]): string {
  return `## Retention on PostgreSQL: DELETE against dropping partitions

${removals.length ? retentionTable(removals) : 'Not run: no PostgreSQL on this machine.'}`;
}
