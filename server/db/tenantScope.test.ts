import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { TenantId } from '../auth/context';
import { openDatabase, type Database } from './database';
import type { Tables } from './tables';
import { tenantData, tenantOwnedTables } from './tenantScope';

const dataDir = mkdtempSync(join(tmpdir(), 'tenant-scope-'));
let database: Database;
const mine = 1 as TenantId;
const theirs = 2 as TenantId;
let data: Kysely<Tables>;

beforeAll(async () => {
  database = openDatabase({ dataDir });
  const { db } = database;
  await db.schema
    .createTable('note')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('title', 'text')
    .execute();
  await db.schema
    .createTable('tag')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('noteId', 'integer')
    .addColumn('label', 'text')
    .execute();
  await db.schema
    .createTable('colour')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .execute();
  database.tenantTables = await tenantOwnedTables(database);
  data = tenantData(database, mine);
});

afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  const { db } = database;
  for (const table of ['note', 'tag', 'colour']) await db.deleteFrom(table).execute();
  await db
    .insertInto('note')
    .values([
      { id: 1, tenantId: mine, title: 'mine' },
      { id: 2, tenantId: theirs, title: 'theirs' },
    ])
    .execute();
  // Tag 3 is another tenant's, yet points at my note: a join on the note alone would show it.
  await db
    .insertInto('tag')
    .values([
      { id: 1, tenantId: mine, noteId: 1, label: 'my tag' },
      { id: 2, tenantId: theirs, noteId: 2, label: 'their tag' },
      { id: 3, tenantId: theirs, noteId: 1, label: 'their tag on my note' },
    ])
    .execute();
  await db
    .insertInto('colour')
    .values([
      { id: 1, name: 'red' },
      { id: 2, name: 'blue' },
    ])
    .execute();
});

const titles = async () =>
  (await database.db.selectFrom('note').select(['title', 'tenantId']).orderBy('id').execute()).map(
    (row) => `${row.tenantId}:${row.title}`,
  );

describe('a handle bound to a tenant', () => {
  test('knows the tenant-owned tables from the catalog: those with a tenant_id column', () => {
    expect([...(database.tenantTables ?? [])].sort()).toEqual(['note', 'tag']);
  });

  test('reads only the tenant rows of a tenant-owned table, and every row of another table', async () => {
    expect(await data.selectFrom('note').select('title').execute()).toEqual([{ title: 'mine' }]);
    expect(await data.selectFrom('colour').select('name').orderBy('id').execute()).toEqual([{ name: 'red' }, { name: 'blue' }]);
  });

  test('bounds a joined table by its alias, in the ON of a left join (the row on the left stays)', async () => {
    const rows = await data
      .selectFrom('note as n')
      .leftJoin('tag as t', 't.noteId', 'n.id')
      .select(['n.title', 't.label'])
      .orderBy('t.id')
      .execute();
    expect(rows).toEqual([{ title: 'mine', label: 'my tag' }]);
  });

  test('bounds subqueries, in the select list, in WHERE, in FROM and in a CTE', async () => {
    const counted = await data
      .selectFrom('note')
      .select((eb) =>
        eb.selectFrom('tag').whereRef('tag.noteId', '=', 'note.id').select(eb.fn.countAll<number>().as('n')).as('tags'),
      )
      .execute();
    expect(counted).toEqual([{ tags: 1 }]);
    const tagged = await data
      .selectFrom('colour')
      .select('id')
      .where('id', 'in', data.selectFrom('tag').select('noteId'))
      .execute();
    expect(tagged).toEqual([{ id: 1 }]);
    const nested = await data.selectFrom(data.selectFrom('tag').select('label').as('x')).select('x.label').execute();
    expect(nested).toEqual([{ label: 'my tag' }]);
    const fromCte = await data
      .with('mine', (db) => db.selectFrom('note').select('title'))
      .selectFrom('mine')
      .selectAll()
      .execute();
    expect(fromCte).toEqual([{ title: 'mine' }]);
  });

  test('updates and deletes only the tenant rows, and cannot hand a row to another tenant', async () => {
    await data.updateTable('note').set({ title: 'changed' }).execute();
    expect(await titles()).toEqual(['1:changed', '2:theirs']);
    await expect(data.updateTable('note').set({ tenantId: theirs }).execute()).rejects.toThrow(/another tenant/);
    await data.deleteFrom('tag').where('noteId', '=', 1).execute();
    expect(await database.db.selectFrom('tag').select('id').orderBy('id').execute()).toEqual([{ id: 2 }, { id: 3 }]);
  });

  test('stamps an insert with the tenant, keeps its own id given, and refuses another tenant', async () => {
    await data
      .insertInto('note')
      .values([
        { id: 10, title: 'new' },
        { id: 11, title: 'newer' },
      ])
      .execute();
    await data.insertInto('note').values({ id: 12, tenantId: mine, title: 'named' }).execute();
    await expect(data.insertInto('note').values({ id: 13, tenantId: theirs, title: 'planted' }).execute()).rejects.toThrow(
      /another tenant/,
    );
    expect(await titles()).toEqual(['1:mine', '2:theirs', '1:new', '1:newer', '1:named']);
  });

  test("an upsert's update leaves another tenant's conflicting row alone", async () => {
    await data
      .insertInto('note')
      .values({ id: 2, title: 'taken over' })
      .onConflict((oc) => oc.column('id').doUpdateSet({ title: 'taken over' }))
      .execute();
    expect(await titles()).toEqual(['1:mine', '2:theirs']);
  });

  test('refuses SQL written whole and MERGE, which it cannot bound', async () => {
    await expect(sql`select * from note`.execute(data)).rejects.toThrow(/cannot be bound/);
    const merge = data.mergeInto('note').using('tag', 'tag.noteId', 'note.id').whenMatched().thenDelete();
    await expect(merge.execute()).rejects.toThrow(/cannot be bound/);
    expect(await titles()).toEqual(['1:mine', '2:theirs']);
  });

  test('keeps the scope inside a transaction opened on it', async () => {
    const seen = await data.transaction().execute(async (trx) => {
      await trx.insertInto('note').values({ id: 20, title: 'in a transaction' }).execute();
      await trx.updateTable('note').set({ title: 'all mine' }).execute();
      return trx.selectFrom('note').select('title').orderBy('id').execute();
    });
    expect(seen).toEqual([{ title: 'all mine' }, { title: 'all mine' }]);
    expect(await titles()).toEqual(['1:all mine', '2:theirs', '1:all mine']);
  });
});
