import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, inject, test } from 'vitest';
import { configFromEnv } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { DAY_MS, partitionName, SamplePartitions } from '../../server/telemetry/partitions';
import { TelemetryStore } from '../../server/telemetry/store';
import { call, signIn } from '../support/api';
import { postgresDemoCopy } from '../support/demoCopies';
import { createDatabase } from '../support/postgres';
import { startServer } from '../support/server';

const postgresUrl = inject('postgresUrl');

const count = async (database: Database, where: ReturnType<typeof sql>) =>
  Number((await sql<{ n: number }>`select count(*)::integer as n from sample where ${where}`.execute(database.db)).rows[0]?.n);

/** How many samples the default partition holds (those of days without a partition). */
const inDefault = async (database: Database) =>
  Number((await sql<{ n: number }>`select count(*)::integer as n from sample_default`.execute(database.db)).rows[0]?.n);

/** The raw samples on PostgreSQL, in a partition per UTC day. */
describe.skipIf(!postgresUrl)('raw samples in day partitions on PostgreSQL', () => {
  test('the migration moves the samples already stored to a partition per day; a day without one fills the default partition until it is made', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-partitions-'));
    const database = openDatabase({ ...configFromEnv({}), dataDir, databaseUrl: await createDatabase(postgresUrl) });
    try {
      await migrate(database, '0009_job_leases');
      const day = Date.UTC(2026, 10, 20) / DAY_MS;
      const stored = [0, 1, 1, 3].map((offset, i) => ({ tenantId: 2, varId: 7 + i, ts: (day + offset) * DAY_MS + i, value: i }));
      await database.db.insertInto('sample').values(stored).execute();
      await migrate(database);
      const partitions = new SamplePartitions(database.db);
      expect(await partitions.days()).toEqual([day, day + 1, day + 3]);
      expect(partitionName(day)).toBe('sample_20261120');
      const rows = await database.db.selectFrom('sample').selectAll().orderBy('ts').execute();
      expect(rows.map((row) => ({ ...row, ts: Number(row.ts) }))).toEqual(stored);
      expect(await inDefault(database)).toBe(0);

      // A sample of a day without a partition is kept in the default one, and moves when its day's partition is made.
      const later = { tenantId: 2, varId: 7, ts: (day + 10) * DAY_MS + 5, value: 42 };
      await database.db.insertInto('sample').values(later).execute();
      expect(await inDefault(database)).toBe(1);
      await partitions.prepare((day + 9) * DAY_MS, (day + 10) * DAY_MS);
      expect(await partitions.days()).toEqual([day, day + 1, day + 3, ...Array.from({ length: 9 }, (_, i) => day + 9 + i)]);
      expect(await inDefault(database)).toBe(0);
      const moved = await sql<{ value: number }>`select value from ${sql.table(partitionName(day + 10))}`.execute(database.db);
      expect(moved.rows).toEqual([{ value: 42 }]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('retention drops the partitions of the days wholly past, and the year statistics stay as they were', async () => {
    // The simulator back-fills 20 days of history (the raw samples of its 14-day window), then is stopped, so that nothing changes meanwhile.
    const server = await startServer({ databaseUrl: await postgresDemoCopy(postgresUrl), simulator: true, historyDays: 20 });
    const database = openDatabase(server.config);
    try {
      await server.app.simulator?.ready;
      await server.app.simulator?.stop();
      const token = await signIn(server.app, 'admin', 'admin123');
      const variables = await database.db
        .selectFrom('deviceVariable')
        .select('sn')
        .where('tenantId', '=', 2)
        .where('kind', 'in', ['counter', 'gauge'])
        .orderBy('id')
        .limit(8)
        .execute();
      const sns = variables.map((v) => String(v.sn)).join(',');
      const year = String(new Date().getFullYear());
      const statistics = async () =>
        Promise.all(
          ['DIFF', 'AVG', 'MAX', 'MIN'].map(async (calcmethod) => {
            const answer = await call(server.app, token, {
              method: 'GET',
              url: '/ems/api/main/devices/data/statisticalvalue',
              query: { sns, calcmethod, type: 'YEAR', querytime: year },
            });
            expect(answer.status).toBe(200);
            return answer.body.data;
          }),
        );
      const before = await statistics();
      // Every variable has a figure for the year under each method.
      for (const answers of before)
        expect((answers as { value: number | null }[]).every((a) => typeof a.value === 'number')).toBe(true);

      const partitions = new SamplePartitions(database.db);
      const days = await partitions.days();
      const today = Math.floor(Date.now() / DAY_MS);
      // Each day of the retention window has its partition.
      expect(days.filter((day) => day <= today).length).toBeGreaterThanOrEqual(14);
      const cutoff = (today - 3) * DAY_MS + DAY_MS / 2;
      const older = await count(database, sql`ts < ${(today - 3) * DAY_MS}`);
      const kept = await count(database, sql`ts >= ${(today - 3) * DAY_MS}`);
      expect(older).toBeGreaterThan(0);

      await new TelemetryStore(database.db, 'postgres').pruneSamples(cutoff);
      // Days wholly before the cut-off are gone; the day it falls in stays whole until it is past.
      expect(await partitions.days()).toEqual(days.filter((day) => day >= today - 3));
      expect(await count(database, sql`ts < ${(today - 3) * DAY_MS}`)).toBe(0);
      expect(await count(database, sql`ts >= ${(today - 3) * DAY_MS}`)).toBe(kept);
      expect(await statistics()).toEqual(before);
    } finally {
      await database.close();
      await server.stop();
    }
  });
});
