import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { sql } from 'kysely';
import type { TenantId, TenantScope, UserId } from '../../server/auth/context';
import { configFromEnv } from '../../server/config';
import { loadContract } from '../../server/contract';
import { openDatabase, type Database } from '../../server/db/database';
import { syncEntityTables } from '../../server/db/entityTables';
import type { Tables } from '../../server/db/tables';
import { migrate } from '../../server/db/migrate';
import { entityModel } from '../../server/resources/entityModel';
import { EntityRepository } from '../../server/resources/repository';
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

/** A daily rollup as stored before the time weights (`0011_time_weights`). */
const day = (date: string, min: number, max: number, first: number, last: number, inc: number) =>
  ({
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
  }) as Tables['rollupDay'];

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
          // Weighted as four samples evenly spread over the 36 hours: the same average, 7.
          span: (36 * 3_600_000 * 4) / 3,
          area: (28 * 36 * 3_600_000) / 3,
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
          span: 24 * 3_600_000,
          area: 4 * 12 * 3_600_000,
        },
      ]);
    } finally {
      await database.close();
      rmSync(place.dataDir, { recursive: true, force: true });
    }
  });
});

/** Names of the indexes of a table. */
async function indexesOf({ db, dialect }: Database, table: string): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db);
  return rows.rows.map((row) => row.name);
}

describe.each(places())('an entity table gaining a reference on $name', ({ make }) => {
  test('a database made before headlines had categories gains the column and its index, its articles kept', async () => {
    const place = await make();
    const database = openDatabase({ ...configFromEnv({}), ...place });
    const { entities } = loadContract();
    const news = entities.enterpriseNews ?? {};
    const { categoryId: _id, categoryName: _name, ...before } = news.properties ?? {};
    const scope: TenantScope = { tenantId: 2 as TenantId, userId: 1 as UserId, userName: 'Editor' };
    try {
      await migrate(database);
      await database.db.insertInto('tenant').values({ id: 2, name: 'Tenant 2', createTime: new Date().toISOString() }).execute();
      const old = entityModel({ ...news, properties: before });
      await syncEntityTables(database, [old]);
      const article = await new EntityRepository(database.db, [old]).create(scope, 'enterpriseNews', {
        title: 'Storage station on the grid',
        content: 'Commissioned this week.',
      });

      const models = [entityModel(entities.headlineCategory ?? {}), entityModel(news)];
      await syncEntityTables(database, models);
      expect(await indexesOf(database, 'enterprise_news')).toContain('enterprise_news_category_id');
      const repository = new EntityRepository(database.db, models);
      const kept = await repository.get(scope, 'enterpriseNews', Number(article.id));
      expect(kept).toMatchObject({ title: 'Storage station on the grid' });
      expect(kept.categoryId ?? null).toBeNull();
      const category = await repository.create(scope, 'headlineCategory', { name: 'Company news' });
      await repository.patch(scope, 'enterpriseNews', Number(article.id), { categoryId: category.id });
      expect(await repository.get(scope, 'enterpriseNews', Number(article.id))).toMatchObject({ categoryName: 'Company news' });
    } finally {
      await database.close();
      rmSync(place.dataDir, { recursive: true, force: true });
    }
  });
});
