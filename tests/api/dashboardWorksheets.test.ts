import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * The work order calls of the dashboard (`/ems/api/main/worksheet/…`, batchable): a station's
 * latest worksheets in chosen states, their counts per state per day or month, and per kind of
 * work; found by the station's serial number, within the caller's tenant only.
 */

type Page = { records: Row[]; total: number };
type StatusRow = { key: string; total: number; toDo: number; inProgress: number; done: number; revoked: number };
type Group = { key: string; count: number };

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
/** The last day of the month of a day. */
const monthEnd = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);

describe.each(databases())('the dashboard work order calls on $name', ({ start }) => {
  let server: TestServer;
  let admin: string;
  let auditor: string;

  const get = <T>(token: string, id: string, query: Record<string, string>) =>
    call<T>(server.app, token, { method: 'GET', url: url(id), query });
  const statusOf = async (token: string, stationSn: string, period: string) =>
    (await get<StatusRow[]>(token, 'getStationWorksheetStatus', { stationSn, period })).body.data;
  const typesOf = async (token: string, stationSn: string, statuses?: string) =>
    (
      await get<Group[]>(token, 'getStationWorksheetTypeCount', {
        stationSn,
        startDate: `${today().slice(0, 7)}-01`,
        endDate: monthEnd(today()),
        ...(statuses ? { statuses } : {}),
      })
    ).body.data;
  const countOf = (groups: Group[], key: string) => groups.find((group) => group.key === key)?.count ?? 0;
  const save = async (payload: Row) =>
    (await call<Row>(server.app, admin, { method: 'POST', url: url('saveTask'), payload })).body.data;

  beforeAll(async () => {
    server = await start();
    admin = await signIn(server.app, 'admin', 'admin123');
    auditor = await signIn(server.app, 'auditor', 'auditor123');
  });
  afterAll(() => server.stop());

  test("a demo station's open work orders: its own only, in the states asked, latest planned first", async () => {
    const open = await get<Page>(admin, 'getStationWorksheetPage', {
      stationSn: 'T2-ST1',
      statuses: 'toDo,inProgress',
      size: '20',
    });
    expect(open.status).toBe(200);
    const records = open.body.data.records;
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((sheet) => sheet.stationSn))).toEqual(new Set(['T2-ST1']));
    expect(records.every((sheet) => sheet.status === 'toDo' || sheet.status === 'inProgress')).toBe(true);
    const days = records.map((sheet) => String(sheet.planDate));
    expect(days).toEqual([...days].sort().reverse());
    const done = await get<Page>(admin, 'getStationWorksheetPage', { stationSn: 'T2-ST1', statuses: 'done', size: '20' });
    expect(done.body.data.records.length).toBeGreaterThan(0);
    expect(done.body.data.records.every((sheet) => sheet.status === 'done')).toBe(true);
    const two = await get<Page>(admin, 'getStationWorksheetPage', { stationSn: 'T2-ST1', size: '2' });
    expect(two.body.data.records).toHaveLength(2);
    expect(two.body.data.total).toBeGreaterThan(2);
  });

  test('a worksheet saved with the station’s id is counted by its serial number, per state and per kind, as it moves', async () => {
    const day = today();
    const month = day.slice(0, 7);
    const beforeDay = (await statusOf(admin, 'T2-ST1', month)).find((row) => row.key === day);
    const beforeMonth = (await statusOf(admin, 'T2-ST1', day.slice(0, 4))).find((row) => row.key === month);
    const beforeTypes = await typesOf(admin, 'T2-ST1', 'toDo,inProgress,done');

    const bySn = await save({ name: '看板：按编号', type: 'repair', planDate: day, stationSn: 'T2-ST1' });
    const byId = await save({ name: '看板：按站点', type: 'repair', planDate: day, stationId: bySn.stationId });
    expect(byId.stationSn).toBe('T2-ST1');
    const revoked = await call(server.app, admin, { method: 'PUT', url: url('revokeTask'), query: { id: String(byId.id) } });
    expect(revoked.status).toBe(200);

    const afterDay = (await statusOf(admin, 'T2-ST1', month)).find((row) => row.key === day);
    expect(afterDay).toMatchObject({
      total: (beforeDay?.total ?? 0) + 2,
      toDo: (beforeDay?.toDo ?? 0) + 1,
      revoked: (beforeDay?.revoked ?? 0) + 1,
    });
    const afterMonth = (await statusOf(admin, 'T2-ST1', day.slice(0, 4))).find((row) => row.key === month);
    expect(afterMonth?.total).toBe((beforeMonth?.total ?? 0) + 2);
    // Revoked work is left out of the kinds of work the widget counts, not out of all of them.
    expect(countOf(await typesOf(admin, 'T2-ST1', 'toDo,inProgress,done'), 'repair')).toBe(countOf(beforeTypes, 'repair') + 1);
    const page = await get<Page>(admin, 'getStationWorksheetPage', { stationSn: 'T2-ST1', statuses: 'revoked', size: '50' });
    expect(page.body.data.records.map((sheet) => sheet.id)).toContain(byId.id);
  });

  test("another tenant's station answers no worksheet, and each tenant sees its own station's", async () => {
    const month = today().slice(0, 7);
    for (const [token, foreign, own] of [
      [auditor, 'T2-ST1', 'T44-ST1'],
      [admin, 'T44-ST1', 'T2-ST1'],
    ] as const) {
      const page = await get<Page>(token, 'getStationWorksheetPage', { stationSn: foreign, size: '50' });
      expect(page.status).toBe(200);
      expect(page.body.data).toMatchObject({ records: [], total: 0 });
      expect(await statusOf(token, foreign, month)).toEqual([]);
      expect(await typesOf(token, foreign)).toEqual([]);
      expect((await get<Page>(token, 'getStationWorksheetPage', { stationSn: own, size: '50' })).body.data.total).toBeGreaterThan(
        0,
      );
      expect((await typesOf(token, own)).length).toBeGreaterThan(0);
    }
  });

  test.each([
    ['getStationWorksheetPage', { statuses: 'toDo' }],
    ['getStationWorksheetPage', { stationSn: 'T2-ST1', statuses: 'closed' }],
    ['getStationWorksheetPage', { stationSn: 'T2-ST1', statuses: 'toDo,' }],
    ['getStationWorksheetPage', { stationSn: 'T2-ST1', size: '0' }],
    ['getStationWorksheetPage', { stationSn: "T2-ST1' or '1'='1" }],
    ['getStationWorksheetStatus', { stationSn: 'T2-ST1' }],
    ['getStationWorksheetStatus', { stationSn: 'T2-ST1', period: '2026-13' }],
    ['getStationWorksheetStatus', { stationSn: 'T2-ST1', period: '26' }],
    ['getStationWorksheetTypeCount', { stationSn: 'T2-ST1', startDate: '2026-11-01' }],
    ['getStationWorksheetTypeCount', { stationSn: 'T2-ST1', startDate: '2026-11-01', endDate: 'tomorrow' }],
  ])('%s with %o is refused (400)', async (id, query) => {
    const answer = await get(admin, id, query);
    expect(answer.status).toBe(400);
    expect(answer.body.code).not.toBe(0);
  });

  test("the batch answers the widgets' needs as the calls themselves; a bad one fails alone", async () => {
    const day = today();
    const needs: { operationId: string; query: Record<string, string> }[] = [
      {
        operationId: 'getStationWorksheetPage',
        query: {
          stationSn: 'T2-ST1',
          statuses: 'toDo,inProgress',
          current: '1',
          size: '5',
          sortField: 'planDate',
          sortOrder: 'desc',
        },
      },
      { operationId: 'getStationWorksheetStatus', query: { stationSn: 'T2-ST1', period: day.slice(0, 7) } },
      {
        operationId: 'getStationWorksheetTypeCount',
        query: {
          stationSn: 'T2-ST1',
          startDate: `${day.slice(0, 4)}-01-01`,
          endDate: `${day.slice(0, 4)}-12-31`,
          statuses: 'toDo,inProgress,done',
        },
      },
      { operationId: 'getStationWorksheetStatus', query: { stationSn: 'T2-ST1', period: 'this month' } },
    ];
    const batch = await call<{ code: number; data?: unknown }[]>(server.app, admin, {
      method: 'POST',
      url: '/ems/api/main/dashboard/data',
      payload: { needs },
    });
    expect(batch.status).toBe(200);
    for (const [index, need] of needs.slice(0, 3).entries()) {
      const alone = await get(admin, need.operationId, need.query);
      expect(batch.body.data[index], need.operationId).toEqual({
        operationId: need.operationId,
        ...alone.body,
        version: expect.any(String),
      });
    }
    expect(batch.body.data[3]?.code).not.toBe(0);
    expect((batch.body.data[0]?.data as Page).records.length).toBeGreaterThan(0);
  });
});
