import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, connectedDatabases, emsTokenOf, signIn, type Answer, type ConnectedServer } from '../support/api';

/**
 * The alarm records (SiteWarningRecord: `device/alarm/page`, `device/alarm/export`) and the alarm
 * task records (EmsEventsRecord: `device/alarm/event/*`) on the demo: tenant 2 (`admin`, 系统管理员)
 * with T2-ST1 and T2-PV1; tenant 44 (`auditor`) is the other tenant.
 */

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number; current: number; size: number };

const iso = (ts: number) => new Date(ts).toISOString();

describe.each(connectedDatabases())('alarm records on $name', ({ start }) => {
  let target: ConnectedServer;
  let app: FastifyInstance;
  let ems: string;
  let otherEms: string;
  let generatorId: number;
  let clock = Date.now();
  /** Sample times: now, and always later than the previous one (confirmations are stamped with the real time). */
  const tick = () => (clock = Math.max(clock + 1, Date.now()));

  const as = <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, extra: Row = {}) =>
    call<T>(app, token, { method, url, ...extra }) as Promise<Answer<T>>;

  const send = async (sn: string, value: number): Promise<number> => {
    const ts = tick();
    const sent = await as(ems, 'POST', '/ems/api/collector/samples', { payload: { samples: [{ sn, ts, value }] } });
    expect(sent.body.code).toBe(0);
    return ts;
  };

  const page = async (query: Record<string, string>, token = ems) =>
    as<Page>(token, 'GET', '/ems/api/device/alarm/page', { query: { current: '1', size: '50', ...query } });

  /** The task records of the test's rule (of every rule with `generatorId: undefined`). */
  const events = async (query: Record<string, string | undefined> = {}) =>
    (
      await as<Page>(ems, 'GET', '/ems/api/device/alarm/event/page', {
        query: JSON.parse(JSON.stringify({ current: '1', size: '50', generatorId: String(generatorId), ...query })) as Row,
      })
    ).body.data;

  beforeAll(async () => {
    target = await start();
    app = target.app;
    ems = await emsTokenOf(app, await signIn(app, 'admin', 'admin123'));
    otherEms = await emsTokenOf(app, await signIn(app, 'auditor', 'auditor123'));
    const type = await as<Row>(ems, 'POST', '/ems/api/device/alarmtype/add_alarm_type', {
      payload: { name: 'Records test', level: 'critical', source: 'device' },
    });
    const variable = await target.database.db
      .selectFrom('deviceVariable')
      .select('id')
      .where('sn', '=', 'T2-ST1-BMS.soh')
      .executeTakeFirstOrThrow();
    const rule = await as<Row>(ems, 'POST', '/ems/api/device/alarmgenerater/add_alarm_generater', {
      payload: {
        name: 'SOH low',
        variableId: Number(variable.id),
        typeId: Number(type.body.data.id),
        info: 'SOH below 90 %',
        comparison: 'lt',
        threshold: 90,
        level: 'critical',
      },
    });
    generatorId = Number(rule.body.data.id);
  });
  afterAll(() => target.stop());

  test('the records of a station come newest first, filtered by status, level and report times', async () => {
    const first = await send('T2-ST1-BMS.soh', 80);
    await send('T2-ST1-BMS.soh', 95);
    const second = await send('T2-ST1-BMS.soh', 81);
    const mine = { stationSn: 'T2-ST1', level: 'critical', reportTimeFrom: iso(first) };
    const all = (await page(mine)).body.data;
    expect(all.records.map((alarm) => [alarm.reportTime, alarm.status])).toEqual([
      [iso(second), 1],
      [iso(first), 0],
    ]);
    expect(all.total).toBe(2);
    expect((await page({ ...mine, status: '1' })).body.data.records.map((alarm) => alarm.reportTime)).toEqual([iso(second)]);
    expect((await page({ ...mine, reportTimeTo: iso(first) })).body.data.records.map((a) => a.reportTime)).toEqual([iso(first)]);
    // Every record of the station is the station's; the whole tenant's list holds more stations.
    const station = (await page({ stationSn: 'T2-PV1' })).body.data.records;
    expect(station.every((alarm) => alarm.stationName === '光伏电站示范')).toBe(true);
    expect(station.some((alarm) => alarm.generatorId === generatorId)).toBe(false);
    const times = (await page({})).body.data.records.map((alarm) => String(alarm.reportTime));
    expect(times).toEqual([...times].sort().reverse());
  });

  test('bad filters are refused with 400; another tenant’s station is 404 and its records stay unseen', async () => {
    const bad: Record<string, string>[] = [
      { level: 'huge' },
      { status: '2' },
      { reportTimeFrom: 'yesterday' },
      { stationSn: 'a b' },
    ];
    for (const query of bad) {
      const answer = await page(query);
      expect(answer.status).toBe(400);
      expect(answer.body.code).not.toBe(0);
    }
    expect((await page({ stationSn: 'T2-ST1' }, otherEms)).status).toBe(404);
    const theirs = (await page({}, otherEms)).body.data.records;
    expect(theirs.some((alarm) => alarm.generatorId === generatorId)).toBe(false);
  });

  test('the export holds the rows the filters select, times in the station’s zone and the state as the screen says it', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/ems/api/device/alarm/export',
      query: { stationSn: 'T2-ST1', level: 'critical', reportTimeFrom: iso(clock - 60_000) },
      headers: { authorization: `Bearer ${ems}`, 'accept-language': 'en' },
    });
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).slice(1).map((row) => (row as unknown[]).slice(1));
    const listed = (await page({ stationSn: 'T2-ST1', level: 'critical', reportTimeFrom: iso(clock - 60_000) })).body.data;
    expect(rows[0]?.slice(0, 4)).toEqual(['Report time', 'Station', 'Device', 'Alarm info']);
    expect(rows).toHaveLength(listed.total + 1);
    const open = listed.records.find((alarm) => alarm.status === 1);
    const opened = new Date(String(open?.reportTime));
    // Asia/Shanghai: eight hours ahead of UTC.
    const local = new Date(opened.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows[1]?.[0]).toBe(local);
    expect(rows.slice(1).map((row) => row[6])).toEqual(expect.arrayContaining(['Open', 'auto recovered']));
  });

  test('the alarm task records: raised and recovered by the rule with their values, confirmed by the user with the info', async () => {
    await send('T2-ST1-BMS.soh', 95);
    const raisedAt = await send('T2-ST1-BMS.soh', 70);
    let [newest] = (await page({ stationSn: 'T2-ST1', status: '1', level: 'critical' })).body.data.records;
    const confirmed = await as<Row>(ems, 'PUT', `/ems/api/device/alarm/update_alarm/${String(newest?.id)}`, {
      payload: { checkInfo: 'Cells balanced', status: 0 },
    });
    expect(confirmed.status).toBe(200);
    const recoveredAt = await send('T2-ST1-BMS.soh', 96);
    [newest] = (await page({ stationSn: 'T2-ST1', level: 'critical' })).body.data.records;
    const records = (await events({ timeFrom: iso(raisedAt) })).records;
    expect(records.map((row) => [row.kind, row.value ?? null, row.userName ?? null, row.checkInfo ?? null])).toEqual([
      ['recovered', 96, null, null],
      ['confirmed', null, '系统管理员', 'Cells balanced'],
      ['raised', 70, null, null],
    ]);
    expect(records[2]).toMatchObject({
      alarmId: newest?.id,
      time: iso(raisedAt),
      stationName: '张江储能电站',
      deviceName: 'BMS 主控',
      generatorName: 'SOH low',
      level: 'critical',
      info: 'SOH below 90 %',
    });
    expect(records[0]?.time).toBe(iso(recoveredAt));
    const raised = (await events({ kind: 'raised' })).records;
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.every((row) => row.kind === 'raised')).toBe(true);
    expect((await events({ kind: 'confirmed' })).records).toHaveLength(1);
    const refused = await as(ems, 'GET', '/ems/api/device/alarm/event/page', {
      query: { current: '1', size: '10', kind: 'nothing' },
    });
    expect(refused.status).toBe(400);
  });

  test('confirming a station’s open alarms records each; the records stay when handled alarms are cleared', async () => {
    await send('T2-ST1-BMS.soh', 60);
    const station = await target.database.db
      .selectFrom('station')
      .select('id')
      .where('sn', '=', 'T2-ST1')
      .executeTakeFirstOrThrow();
    const open = (await page({ stationSn: 'T2-ST1', status: '1' })).body.data.total;
    const before = (await events({ kind: 'confirmed', generatorId: undefined })).total;
    const answer = await as<number>(ems, 'POST', `/ems/api/device/alarm/${String(station.id)}/confirmStation`);
    expect(answer.body.data).toBe(open);
    expect((await events({ kind: 'confirmed', generatorId: undefined })).total).toBe(before + open);
    const kept = (await events()).total;
    await as(ems, 'DELETE', `/ems/api/device/alarm/${String(station.id)}/clearAll`);
    expect((await page({ stationSn: 'T2-ST1' })).body.data.total).toBe(0);
    expect((await events()).total).toBe(kept);
    // The other tenant sees none of them.
    const theirs = await as<Page>(otherEms, 'GET', '/ems/api/device/alarm/event/page', {
      query: { current: '1', size: '10', generatorId: String(generatorId) },
    });
    expect(theirs.body.data.total).toBe(0);
  });
});
