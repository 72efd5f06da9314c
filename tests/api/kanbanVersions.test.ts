import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { configFromEnv } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { call, databases, signIn, type Answer } from '../support/api';
import { createDatabase } from '../support/postgres';
import { createRecord, type Row } from '../support/records';
import type { TestServer } from '../support/server';

const ADMIN_NAME = '系统管理员';
const STALE = { code: 40903, msg: 'The dashboard was saved elsewhere meanwhile; reload it to see the newer one' };

/** A dashboard of one widget, configured as `config`. */
const content = (config: Row) => ({
  schemaVersion: 2,
  layouts: { desktop: [{ id: 'w1', x: 0, y: 0, w: 6, h: 4 }], tablet: [], phone: [] },
  widgets: [{ id: 'w1', type: 'singleData', config }],
});

/**
 * The history of a station's dashboard: each save keeps a version with who saved it, when and a
 * note; a version reads back as its document and is restored as the next version; all of it
 * within the caller's tenant, and a refusal writes nothing.
 */
describe.each(databases())('dashboard versions on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  /** A station of the admin's tenant made for this test: no dashboard saved yet. */
  let sn: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    operator = await signIn(app, 'operator', 'operator123');
    sn = String((await createRecord(app, admin, 'station')).sn);
  });
  afterAll(() => server.stop());

  const base = () => `/ems/api/main/siteKanban/${sn}`;
  const save = (version: number, config: Row, note?: string) =>
    call<Row>(app, admin, {
      method: 'POST',
      url: '/ems/api/main/siteKanban/saveOrUpdate',
      query: note === undefined ? {} : { note },
      payload: { stationSn: sn, version, ...content(config) },
    });
  const versions = async (query: Record<string, string> = {}, token = admin, station = sn) =>
    call<{ records: Row[]; total: number; current: number; size: number }>(app, token, {
      method: 'GET',
      url: `/ems/api/main/siteKanban/${station}/versions`,
      query,
    });
  const restore = (number: number | string, version: unknown, token = admin) =>
    call<Row>(app, token, { method: 'POST', url: `${base()}/versions/${number}/restore`, payload: { version } });
  /** What a refusal must leave as it was: the dashboard and its history. */
  const stored = async () => ({
    dashboard: (await call<Row>(app, admin, { method: 'GET', url: base() })).body.data,
    history: (await versions()).body.data,
  });

  test('a station whose dashboard was never saved has no versions', async () => {
    expect((await versions()).body.data).toEqual({ records: [], total: 0, current: 1, size: 20 });
  });

  test('three saves make three versions, newest first, each with who saved it, when and its note', async () => {
    const before = Date.now();
    const first = await save(0, { name: 'Energy' }, 'First layout');
    expect(first.body.data).toMatchObject({ version: 1, updatedBy: ADMIN_NAME });
    expect((await save(1, { name: 'Energy', chainType: 'MONTH' })).body.data).toMatchObject({ version: 2 });
    expect((await save(2, { name: 'Monthly energy' }, '  Renamed the energy widget  ')).body.data).toMatchObject({ version: 3 });
    const history = (await versions()).body.data;
    expect(history).toMatchObject({ total: 3, current: 1, size: 20 });
    expect(history.records).toEqual([
      {
        version: 3,
        updatedBy: ADMIN_NAME,
        updateTime: expect.any(String),
        note: 'Renamed the energy widget',
        restoredFrom: null,
      },
      { version: 2, updatedBy: ADMIN_NAME, updateTime: expect.any(String), note: null, restoredFrom: null },
      { version: 1, updatedBy: ADMIN_NAME, updateTime: expect.any(String), note: 'First layout', restoredFrom: null },
    ]);
    for (const record of history.records) {
      expect(Date.parse(String(record.updateTime))).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(String(record.updateTime))).toBeLessThanOrEqual(Date.now());
    }
    // A page of two, then the rest.
    expect((await versions({ size: '2' })).body.data.records.map((record) => record.version)).toEqual([3, 2]);
    expect((await versions({ size: '2', current: '2' })).body.data).toMatchObject({ records: [{ version: 1 }], total: 3 });
    // Each version reads back as the document its save answered.
    const one = await call<Row>(app, admin, { method: 'GET', url: `${base()}/versions/1` });
    expect(one.body.data).toEqual(first.body.data);
  });

  test('each demo dashboard has its current version in its history', async () => {
    expect((await versions({}, admin, 'T2-ST1')).body.data).toMatchObject({
      total: 1,
      records: [{ version: 1, updatedBy: expect.any(String), note: null, restoredFrom: null }],
    });
  });

  test("another tenant's station answers 404 and nothing of it changes", async () => {
    expect((await versions({}, admin, 'T7-ST1')).status).toBe(404);
    const kept = await stored();
    expect((await versions({}, operator)).status).toBe(404);
    expect((await call(app, operator, { method: 'GET', url: `${base()}/versions/1` })).status).toBe(404);
    expect((await restore(1, 3, operator)).status).toBe(404);
    expect(await stored()).toEqual(kept);
  });

  test('a restore or a save made from an older version is refused with 409 and writes nothing', async () => {
    const kept = await stored();
    for (const stale of [0, 1, 2, 4]) {
      const refused = await restore(1, stale);
      expect([stale, refused.status, refused.body]).toEqual([stale, 409, STALE]);
    }
    expect((await save(2, { name: 'Late' }, 'From another tab')).status).toBe(409);
    expect(await stored()).toEqual(kept);
  });

  test('restoring version 1 stores version 4 with the content of version 1, naming the version it restores', async () => {
    const first = (await call<Row>(app, admin, { method: 'GET', url: `${base()}/versions/1` })).body.data;
    const restored = await restore(1, 3);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toEqual({
      ...content({ name: 'Energy' }),
      stationSn: sn,
      version: 4,
      updatedBy: ADMIN_NAME,
      updateTime: expect.any(String),
    });
    const { stationSn, schemaVersion, layouts, widgets } = restored.body.data;
    expect({ stationSn, schemaVersion, layouts, widgets }).toEqual({
      stationSn: first.stationSn,
      schemaVersion: first.schemaVersion,
      layouts: first.layouts,
      widgets: first.widgets,
    });
    expect((await call<Row>(app, admin, { method: 'GET', url: base() })).body.data).toEqual(restored.body.data);
    expect((await versions()).body.data).toMatchObject({
      total: 4,
      records: [{ version: 4, note: null, restoredFrom: 1 }, { version: 3 }, { version: 2 }, { version: 1 }],
    });
  });

  test.each([
    ['an unknown version', 'GET', '/versions/99', {}, 404],
    ['restoring an unknown version', 'POST', '/versions/99/restore', { payload: { version: 4 } }, 404],
    ['version 0', 'GET', '/versions/0', {}, 400],
    ['a version that is no number', 'POST', '/versions/first/restore', { payload: { version: 4 } }, 400],
    ['a restore without the version it is made from', 'POST', '/versions/1/restore', { payload: {} }, 400],
    ['a restore with a version that is no number', 'POST', '/versions/1/restore', { payload: { version: 'four' } }, 400],
    ['a restore with more than its version', 'POST', '/versions/1/restore', { payload: { version: 4, note: 'x' } }, 400],
    ['a page of no versions', 'GET', '/versions', { query: { size: '0' } }, 400],
    ['a page of more than 500 versions', 'GET', '/versions', { query: { size: '501' } }, 400],
  ] as const)('%s is refused (%s %s) with { code, msg } and nothing is written', async (_what, method, path, options, status) => {
    const kept = await stored();
    const answer: Answer = await call(app, admin, { method, url: `${base()}${path}`, ...options });
    expect(answer.status).toBe(status);
    expect(answer.body.code).not.toBe(0);
    expect(answer.body.msg).toEqual(expect.any(String));
    expect(await stored()).toEqual(kept);
  });

  test('a note longer than 200 characters is refused with 400 and nothing is written', async () => {
    const kept = await stored();
    const answer = await save(4, { name: 'Long' }, 'x'.repeat(201));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 40001, msg: expect.stringContaining('note') });
    expect(await stored()).toEqual(kept);
    expect((await save(4, { name: 'Long' }, 'x'.repeat(200))).body.data).toMatchObject({ version: 5 });
  });
});

/** Databases stopped at the migration before the history, as an installation made earlier is. */
function earlierDatabases(): { name: string; make(): Promise<{ dataDir: string; databaseUrl?: string }> }[] {
  const postgresUrl = inject('postgresUrl');
  const dataDir = () => mkdtempSync(join(tmpdir(), 'platform-migrate-'));
  return [
    { name: 'sqlite', make: () => Promise.resolve({ dataDir: dataDir() }) },
    ...(postgresUrl
      ? [{ name: 'postgres', make: async () => ({ dataDir: dataDir(), databaseUrl: await createDatabase(postgresUrl) }) }]
      : []),
  ];
}

describe.each(earlierDatabases())('the history of dashboards saved before it, on $name', ({ make }) => {
  test('each stored dashboard gets its current version as the first of its history', async () => {
    const place = await make();
    const database = openDatabase({ ...configFromEnv({}), ...place });
    try {
      await migrate(database, '0011_time_weights');
      const saved = { content: '{"widgets":[]}', updatedBy: 'Operator', updateTime: '2026-01-05T08:00:00.000Z' };
      await database.db
        .insertInto('siteKanban')
        .values([
          { tenantId: 2, stationId: 1, version: 7, ...saved },
          { tenantId: 7, stationId: 3, version: 1, ...saved },
        ])
        .execute();
      await migrate(database);
      const history = await database.db.selectFrom('siteKanbanVersion').selectAll().orderBy('tenantId').execute();
      expect(history).toEqual([
        { tenantId: 2, stationId: 1, version: 7, ...saved, note: null, restoredFrom: null },
        { tenantId: 7, stationId: 3, version: 1, ...saved, note: null, restoredFrom: null },
      ]);
    } finally {
      await database.close();
      rmSync(place.dataDir, { recursive: true, force: true });
    }
  });
});
