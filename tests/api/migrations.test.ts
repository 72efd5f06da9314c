import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { configFromEnv } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { createDatabase } from '../support/postgres';

/** Migrations that carry data over, on a database stopped at the migration before. */

function places(): { name: string; make(): Promise<{ dataDir: string; databaseUrl?: string }> }[] {
  const postgresUrl = inject('postgresUrl');
  const dataDir = () => mkdtempSync(join(tmpdir(), 'platform-migrate-'));
  return [
    { name: 'sqlite', make: () => Promise.resolve({ dataDir: dataDir() }) },
    ...(postgresUrl
      ? [{ name: 'postgres', make: async () => ({ dataDir: dataDir(), databaseUrl: await createDatabase(postgresUrl) }) }]
      : []),
  ];
}

const day = (date: string, min: number, max: number, first: number, last: number, inc: number) => ({
  tenantId: 2,
  varId: 7,
  day: date,
  min,
  max,
  sum: min + max,
  count: 2,
  first,
  firstTs: Date.parse(`${date}T00:00:00Z`),
  last,
  lastTs: Date.parse(`${date}T12:00:00Z`),
  inc,
});

describe.each(places())('monthly rollups made from the daily ones on $name', ({ make }) => {
  test('each month gets the least, greatest, totals, and the first and last readings of its first and last days', async () => {
    const place = await make();
    const database = openDatabase({ ...configFromEnv({}), ...place });
    try {
      await migrate(database, '0006_site');
      await database.db
        .insertInto('rollupDay')
        .values([day('2026-01-30', 5, 9, 5, 9, 4), day('2026-01-31', 2, 12, 10, 12, 3), day('2026-02-01', 1, 3, 1, 3, 3)])
        .execute();
      await migrate(database);
      const months = await database.db.selectFrom('rollupMonth').selectAll().orderBy('month').execute();
      expect(months.map((m) => ({ ...m, firstTs: Number(m.firstTs), lastTs: Number(m.lastTs) }))).toEqual([
        {
          tenantId: 2,
          varId: 7,
          month: '2026-01',
          min: 2,
          max: 12,
          sum: 28,
          count: 4,
          first: 5,
          firstTs: Date.parse('2026-01-30T00:00:00Z'),
          last: 12,
          lastTs: Date.parse('2026-01-31T12:00:00Z'),
          inc: 7,
        },
        {
          tenantId: 2,
          varId: 7,
          month: '2026-02',
          min: 1,
          max: 3,
          sum: 4,
          count: 2,
          first: 1,
          firstTs: Date.parse('2026-02-01T00:00:00Z'),
          last: 3,
          lastTs: Date.parse('2026-02-01T12:00:00Z'),
          inc: 3,
        },
      ]);
    } finally {
      await database.close();
      rmSync(place.dataDir, { recursive: true, force: true });
    }
  });
});
