import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, connectedDatabases, emsTokenOf, signIn, type Answer, type ConnectedServer } from '../support/api';

/**
 * EMS alarms: rules raise alarms from ingested samples and recover them, users confirm them, the
 * station-wide actions, alarm switches and enabling of rules, the configuration calls, and tenant
 * isolation. Runs on the demo: tenant 2 (`admin`, 系统管理员) with its stations T2-ST1 (storage),
 * T2-PV1 and T2-EMS1; tenant 44 (`auditor`) is the other tenant. Ids of the demo's stations and
 * variables are read from the database (by serial number); everything else goes through the API.
 */

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number; current: number; size: number };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const iso = (ts: number) => new Date(ts).toISOString();

describe.each(connectedDatabases())('EMS alarms on $name', ({ start }) => {
  let target: ConnectedServer;
  let app: FastifyInstance;
  /** EMS tokens of tenant 2 (admin) and tenant 44 (auditor); the user token of admin. */
  let ems: string;
  let otherEms: string;
  let user: string;
  /** A type of alarm for the rules of the tests. */
  let typeId: number;
  /** Times of samples: every sample of the suite is later than the previous. */
  let clock = Date.now();
  const tick = () => (clock += 1000);

  beforeAll(async () => {
    target = await start();
    app = target.app;
    user = await signIn(app, 'admin', 'admin123');
    ems = await emsTokenOf(app, user);
    otherEms = await emsTokenOf(app, await signIn(app, 'auditor', 'auditor123'));
    const type = await as<Row>(ems, 'POST', '/ems/api/device/alarmtype/add_alarm_type', {
      payload: { name: 'Test limit', level: 'major', source: 'device' },
    });
    typeId = Number(type.body.data.id);
  });
  afterAll(() => target.stop());

  /** A call with an EMS token. */
  function as<T = unknown>(
    token: string,
    method: Method,
    url: string,
    options: { payload?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    return call<T>(app, token, {
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload as Row }),
      ...(options.query ? { query: options.query } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
  }

  const idOf = async (table: 'station' | 'device' | 'deviceVariable', sn: string): Promise<number> => {
    const row = await target.database.db.selectFrom(table).select('id').where('sn', '=', sn).executeTakeFirstOrThrow();
    return Number(row.id);
  };

  /** Sends one sample of a variable (tenant 2's unless another token is given); answers its time. */
  const send = async (sn: string, value: number, token = ems): Promise<number> => {
    const ts = tick();
    const answer = await as<{ accepted: number }>(token, 'POST', '/ems/api/collector/samples', {
      payload: { samples: [{ sn, ts, value }] },
    });
    expect(answer.body.code).toBe(0);
    return ts;
  };

  const summaries = async (stationSn: string, status = '0,1', current = 1, size = 50) =>
    (await as<Page>(ems, 'POST', '/ems/api/device/alarm/get_alarm_summarys', { payload: { current, size, stationSn, status } }))
      .body.data;

  /** The alarms of a rule, newest first. */
  const alarmsOf = async (stationSn: string, generatorId: number) =>
    (await summaries(stationSn)).records.filter((alarm) => alarm.generatorId === generatorId);

  const addRule = async (variableSn: string, rule: Row, token = ems): Promise<Answer<Row>> =>
    as<Row>(token, 'POST', '/ems/api/device/alarmgenerater/add_alarm_generater', {
      payload: {
        name: `Rule on ${variableSn}`,
        variableId: await idOf('deviceVariable', variableSn),
        typeId,
        info: `${variableSn} out of range`,
        ...rule,
      },
    });

  const rule = async (variableSn: string, fields: Row): Promise<Row> => {
    const answer = await addRule(variableSn, fields);
    expect(answer.body.msg).toBe('success');
    return answer.body.data;
  };

  test('the fixed lists answer codes with names in the language of the request', async () => {
    const levels = await as<Row[]>(ems, 'GET', '/ems/api/device/alarm/get_level');
    expect(levels.body.data).toEqual([
      { code: 'critical', name: 'Critical', color: '#F5222D' },
      { code: 'major', name: 'Major', color: '#FA8C16' },
      { code: 'minor', name: 'Minor', color: '#FADB14' },
      { code: 'notice', name: 'Notice', color: '#1677FF' },
    ]);
    const configured = await as<Row[]>(ems, 'GET', '/ems/api/device/alarmlevel/get_alarm_levels', {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(configured.body.data.map((level) => level.name)).toEqual(['紧急', '重要', '次要', '提示']);
    const sources = await as<Row[]>(ems, 'GET', '/ems/api/device/alarm/get_source');
    expect(sources.body.data.map((source) => source.code)).toEqual([
      'device',
      'communication',
      'environment',
      'safety',
      'energy',
    ]);
    const kinds = await as<Row[]>(ems, 'GET', '/ems/api/device/alarmlevel/alarmgeneratertype');
    expect(kinds.body.data.map((kind) => kind.symbol)).toEqual(['>', '≥', '<', '≤', '=', '≠', '⊘']);
    expect(kinds.body.data[0]).toEqual({ code: 'gt', name: 'greater than', symbol: '>' });
    expect(kinds.body.data.at(-1)).toEqual({ code: 'offline', name: 'offline (device stops answering)', symbol: '⊘' });
  });

  test('the EMS calls take the EMS token, not the user token', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/ems/api/device/alarm/get_level',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(answer.statusCode).toBe(401);
  });

  test('a sample over the threshold raises an open alarm; confirming it with info makes the user its checker', async () => {
    const generator = await rule('T2-ST1-BMS.soh', { comparison: 'lt', threshold: 90, level: 'minor' });
    expect(generator).toMatchObject({ stationName: '张江储能电站', deviceName: 'BMS 主控', variableName: 'SOH', enabled: true });
    await send('T2-ST1-BMS.soh', 97);
    expect(await alarmsOf('T2-ST1', Number(generator.id))).toEqual([]);
    const ts = await send('T2-ST1-BMS.soh', 85.5);
    const [alarm, ...more] = await alarmsOf('T2-ST1', Number(generator.id));
    expect(more).toEqual([]);
    expect(alarm).toMatchObject({
      status: 1,
      value: 85.5,
      reportTime: iso(ts),
      info: 'T2-ST1-BMS.soh out of range',
      level: 'minor',
      source: 'device',
      stationName: '张江储能电站',
      deviceName: 'BMS 主控',
      variableName: 'SOH',
      typeName: 'Test limit',
      generatorName: 'Rule on T2-ST1-BMS.soh',
    });
    expect(alarm?.checker).toBeUndefined();

    const url = `/ems/api/device/alarm/update_alarm/${String(alarm?.id)}`;
    const confirmed = await as<Row>(ems, 'PUT', url, { payload: { checkInfo: 'Module replaced', status: 0 } });
    expect(confirmed.body.data).toMatchObject({ status: 0, checker: '系统管理员', checkInfo: 'Module replaced' });
    expect(Date.parse(String(confirmed.body.data.checkTime))).toBeGreaterThan(Date.now() - 60_000);
    const read = await as<Row>(ems, 'GET', `/ems/api/device/alarm/get_alarm/${String(alarm?.id)}`);
    expect(read.body.data).toEqual(confirmed.body.data);

    // Handled already: both confirmations answer 409 and change nothing.
    const again = await as(ems, 'PUT', url, { payload: { checkInfo: 'Second thoughts', status: 0 } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('The alarm has already been handled');
    const quick = await as(ems, 'POST', `/ems/api/device/alarm/confirmAlarm/${String(alarm?.id)}`);
    expect(quick.status).toBe(409);
    expect((await as<Row>(ems, 'GET', `/ems/api/device/alarm/get_alarm/${String(alarm?.id)}`)).body.data).toEqual(
      confirmed.body.data,
    );

    // Still out of range after the confirmation: no new alarm until the value has been back to normal,
    // which the confirmed alarm records, keeping its checker.
    await send('T2-ST1-BMS.soh', 84);
    expect(await alarmsOf('T2-ST1', Number(generator.id))).toHaveLength(1);
    const normalAt = await send('T2-ST1-BMS.soh', 95);
    expect(await alarmsOf('T2-ST1', Number(generator.id))).toMatchObject([
      { id: alarm?.id, status: 0, checker: '系统管理员', recoverTime: iso(normalAt) },
    ]);
    await send('T2-ST1-BMS.soh', 80);
    const [newest] = await alarmsOf('T2-ST1', Number(generator.id));
    expect(newest).toMatchObject({ status: 1, value: 80 });
    const byPost = await as<Row>(ems, 'POST', `/ems/api/device/alarm/confirmAlarm/${String(newest?.id)}`);
    expect(byPost.body.data).toMatchObject({ status: 0, checker: '系统管理员' });
    expect(byPost.body.data.checkInfo).toBeUndefined();
  });

  test('an update that is not a confirmation is refused with 400', async () => {
    const generator = await rule('T2-ST1-BMS.minCellTemp', { comparison: 'lt', threshold: 0 });
    await send('T2-ST1-BMS.minCellTemp', -3);
    const [alarm] = await alarmsOf('T2-ST1', Number(generator.id));
    const url = `/ems/api/device/alarm/update_alarm/${String(alarm?.id)}`;
    for (const payload of [
      { checkInfo: 'x', status: 1 },
      { checkInfo: 'x' },
      { checkInfo: 'x'.repeat(501), status: 0 },
      { status: 0, checker: 'me' },
    ]) {
      const answer = await as(ems, 'PUT', url, { payload });
      expect(answer.status).toBe(400);
    }
    expect((await as<Row>(ems, 'GET', `/ems/api/device/alarm/get_alarm/${String(alarm?.id)}`)).body.data.status).toBe(1);
  });

  test('a value back to normal recovers the open alarm by itself, with no checker; the deadband holds it open', async () => {
    const generator = await rule('T2-ST1-TR.windingTemp', { comparison: 'gt', threshold: 100, deadband: 5 });
    const raisedAt = await send('T2-ST1-TR.windingTemp', 101);
    await send('T2-ST1-TR.windingTemp', 103);
    await send('T2-ST1-TR.windingTemp', 97);
    let alarms = await alarmsOf('T2-ST1', Number(generator.id));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ status: 1, value: 101, reportTime: iso(raisedAt) });
    const recoveredAt = await send('T2-ST1-TR.windingTemp', 94);
    alarms = await alarmsOf('T2-ST1', Number(generator.id));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ status: 0, recoverTime: iso(recoveredAt) });
    expect(alarms[0]?.checker).toBeUndefined();
    expect(alarms[0]?.checkTime).toBeUndefined();
    // Confirming an alarm that recovered by itself: it is handled already.
    const late = await as(ems, 'POST', `/ems/api/device/alarm/confirmAlarm/${String(alarms[0]?.id)}`);
    expect(late.status).toBe(409);
    await send('T2-ST1-TR.windingTemp', 99);
    expect(await alarmsOf('T2-ST1', Number(generator.id))).toHaveLength(1);
  });

  test('a batch sent again raises nothing twice', async () => {
    const generator = await rule('T2-ST1-PCS2.dcVoltage', { comparison: 'gte', threshold: 900 });
    const ts = tick();
    const batch = { samples: [{ sn: 'T2-ST1-PCS2.dcVoltage', ts, value: 950 }] };
    await as(ems, 'POST', '/ems/api/collector/samples', { payload: batch });
    await as(ems, 'POST', '/ems/api/collector/samples', { payload: batch });
    expect(await alarmsOf('T2-ST1', Number(generator.id))).toHaveLength(1);
  });

  test('summaries answer pages of the station newest first, of the statuses asked', async () => {
    const generator = await rule('T2-PV1-MTR.frequency', { comparison: 'ne', threshold: 50 });
    // Seven alarms: raised and recovered in turn, the last one left open.
    for (let i = 0; i < 7; i += 1) {
      await send('T2-PV1-MTR.frequency', 50.2 + i / 100);
      if (i < 6) await send('T2-PV1-MTR.frequency', 50);
    }
    const all = await summaries('T2-PV1', '0,1', 1, 50);
    const mine = all.records.filter((alarm) => alarm.generatorId === generator.id);
    expect(mine).toHaveLength(7);
    const times = all.records.map((alarm) => String(alarm.reportTime));
    expect(times).toEqual([...times].sort().reverse());
    const first = await as<Page>(ems, 'POST', '/ems/api/device/alarm/get_alarm_summarys', {
      payload: { current: 1, size: 5, stationSn: 'T2-PV1', status: '0,1' },
    });
    expect(first.body.data).toMatchObject({ current: 1, size: 5, total: all.total });
    expect(first.body.data.records.map((alarm) => alarm.id)).toEqual(all.records.slice(0, 5).map((alarm) => alarm.id));
    const second = await summaries('T2-PV1', '0,1', 2, 5);
    expect(second.records.map((alarm) => alarm.id)).toEqual(all.records.slice(5, 10).map((alarm) => alarm.id));
    // The defaults: page 1 of 5, both statuses.
    const defaults = await as<Page>(ems, 'POST', '/ems/api/device/alarm/get_alarm_summarys', {
      payload: { stationSn: 'T2-PV1' },
    });
    expect(defaults.body.data).toMatchObject({ current: 1, size: 5, total: all.total });
    const open = await summaries('T2-PV1', '1');
    expect(open.records.every((alarm) => alarm.status === 1)).toBe(true);
    expect(open.records.filter((alarm) => alarm.generatorId === generator.id)).toHaveLength(1);
    const handled = await summaries('T2-PV1', '0');
    expect(handled.records.every((alarm) => alarm.status === 0)).toBe(true);
    expect(open.total + handled.total).toBe(all.total);
    for (const payload of [
      { stationSn: 'T2-PV1', status: '2' },
      { stationSn: 'T2-PV1', size: 501 },
      { stationSn: 'T2-PV1', status: '0;1' },
      { status: '0,1' },
    ]) {
      expect((await as(ems, 'POST', '/ems/api/device/alarm/get_alarm_summarys', { payload })).status).toBe(400);
    }
    const unknown = await as(ems, 'POST', '/ems/api/device/alarm/get_alarm_summarys', {
      payload: { stationSn: 'NO-SUCH-STATION' },
    });
    expect(unknown.status).toBe(404);
  });

  test('confirmStation confirms every open alarm of the station; clearAll deletes its handled alarms and keeps the open ones', async () => {
    const stationId = await idOf('station', 'T2-EMS1');
    const hot = await rule('T2-EMS1-PCS1.temperature', { comparison: 'gt', threshold: 80 });
    const low = await rule('T2-EMS1-BMS.voltage', { comparison: 'lt', threshold: 600 });
    await send('T2-EMS1-PCS1.temperature', 85);
    await send('T2-EMS1-BMS.voltage', 580);
    expect((await summaries('T2-EMS1', '1')).total).toBeGreaterThanOrEqual(2);
    // Another station's open alarm is not touched.
    const elsewhere = await rule('T2-ST1-PCS2.reactivePower', { comparison: 'gt', threshold: 100 });
    await send('T2-ST1-PCS2.reactivePower', 150);

    const confirmed = await as<number>(ems, 'POST', `/ems/api/device/alarm/${stationId}/confirmStation`);
    expect(confirmed.body.data).toBeGreaterThanOrEqual(2);
    expect((await summaries('T2-EMS1', '1')).total).toBe(0);
    for (const generator of [hot, low]) {
      const [alarm] = await alarmsOf('T2-EMS1', Number(generator.id));
      expect(alarm).toMatchObject({ status: 0, checker: '系统管理员' });
    }
    expect((await alarmsOf('T2-ST1', Number(elsewhere.id)))[0]).toMatchObject({ status: 1 });
    expect((await as<number>(ems, 'POST', `/ems/api/device/alarm/${stationId}/confirmStation`)).body.data).toBe(0);

    // Back to normal and over again: one open alarm, which clearAll keeps.
    await send('T2-EMS1-PCS1.temperature', 60);
    await send('T2-EMS1-PCS1.temperature', 90);
    const handled = (await summaries('T2-EMS1', '0')).total;
    expect(handled).toBeGreaterThanOrEqual(2);
    const cleared = await as<number>(ems, 'DELETE', `/ems/api/device/alarm/${stationId}/clearAll`);
    expect(cleared.body.data).toBe(handled);
    expect((await summaries('T2-EMS1', '0')).total).toBe(0);
    const open = await alarmsOf('T2-EMS1', Number(hot.id));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: 1, value: 90 });
    expect((await alarmsOf('T2-ST1', Number(elsewhere.id)))[0]).toMatchObject({ status: 1 });

    for (const [method, path] of [
      ['POST', 'confirmStation'],
      ['DELETE', 'clearAll'],
    ] as const) {
      expect((await as(ems, method, `/ems/api/device/alarm/999999/${path}`)).status).toBe(404);
    }
  });

  test('a device whose alarm switch is closed raises nothing; opened again, it does', async () => {
    const generator = await rule('T2-ST1-PCS1.temperature', { comparison: 'gt', threshold: 70 });
    const closed = await as<Row[]>(ems, 'POST', '/ems/api/device/station/alarm_switcher/close', {
      query: { stationSn: 'T2-ST1', deviceSns: 'T2-ST1-PCS1' },
    });
    expect(closed.body.msg).toBe('success');
    const states = new Map(closed.body.data.map((state) => [state.deviceSn, state]));
    expect(states.get('T2-ST1-PCS1')).toMatchObject({ opened: false, changedBy: '系统管理员', deviceName: '1# PCS' });
    expect(states.get('T2-ST1-BMS')?.opened).toBe(true);
    expect(states.size).toBe(11);

    await send('T2-ST1-PCS1.temperature', 75);
    expect(await alarmsOf('T2-ST1', Number(generator.id))).toEqual([]);

    const listed = await as<Row[]>(ems, 'GET', '/ems/api/device/station/alarm_switcher', { query: { stationSn: 'T2-ST1' } });
    expect(listed.body.data).toEqual(closed.body.data);

    const opened = await as<Row[]>(ems, 'POST', '/ems/api/device/station/alarm_switcher/open', {
      query: { stationSn: 'T2-ST1', deviceSns: 'T2-ST1-PCS1,T2-ST1-BMS' },
    });
    expect(opened.body.data.every((state) => state.opened === true)).toBe(true);
    const ts = await send('T2-ST1-PCS1.temperature', 76);
    expect(await alarmsOf('T2-ST1', Number(generator.id))).toMatchObject([{ status: 1, value: 76, reportTime: iso(ts) }]);

    // The whole station, without deviceSns.
    const all = await as<Row[]>(ems, 'POST', '/ems/api/device/station/alarm_switcher/close', { query: { stationSn: 'T2-ST1' } });
    expect(all.body.data.every((state) => state.opened === false)).toBe(true);
    await send('T2-ST1-PCS1.temperature', 50);
    // Closed: no automatic recovery either; the open alarm waits for the switch or a confirmation.
    expect(await alarmsOf('T2-ST1', Number(generator.id))).toMatchObject([{ status: 1 }]);
    await as(ems, 'POST', '/ems/api/device/station/alarm_switcher/open', { query: { stationSn: 'T2-ST1' } });
    await send('T2-ST1-PCS1.temperature', 51);
    expect(await alarmsOf('T2-ST1', Number(generator.id))).toMatchObject([{ status: 0 }]);

    // A device of another station refuses the whole call, and nothing changes.
    const wrong = await as(ems, 'POST', '/ems/api/device/station/alarm_switcher/close', {
      query: { stationSn: 'T2-ST1', deviceSns: 'T2-ST1-PCS1,T2-PV1-INV1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('deviceSns: T2-PV1-INV1 is not a device of the station');
    const after = await as<Row[]>(ems, 'GET', '/ems/api/device/station/alarm_switcher', { query: { stationSn: 'T2-ST1' } });
    expect(after.body.data.every((state) => state.opened === true)).toBe(true);
    const malformed = await as(ems, 'POST', '/ems/api/device/station/alarm_switcher/close', {
      query: { stationSn: 'T2-ST1', deviceSns: 'T2-ST1-PCS1,,x' },
    });
    expect(malformed.status).toBe(400);
  });

  test('enableAll disables and enables every rule of a station; enableOne one rule', async () => {
    const stationId = await idOf('station', 'T2-PV1');
    const generator = await rule('T2-PV1-INV2.efficiency', { comparison: 'lt', threshold: 90 });
    const disabled = await as<number>(ems, 'PUT', `/ems/api/device/alarmgenerater/${stationId}/enableAll`, {
      query: { alarmEnable: 'false' },
    });
    expect(disabled.body.data).toBeGreaterThanOrEqual(1);
    const rules = await as<Page>(ems, 'GET', '/ems/api/device/alarmgenerater/list', {
      query: { stationSn: 'T2-PV1', size: '50' },
    });
    expect(rules.body.data.total).toBe(disabled.body.data);
    expect(rules.body.data.records.every((r) => r.enabled === false)).toBe(true);
    await send('T2-PV1-INV2.efficiency', 85);
    expect(await alarmsOf('T2-PV1', Number(generator.id))).toEqual([]);

    const one = await as<Row>(ems, 'PUT', `/ems/api/device/alarmgenerater/${String(generator.id)}/enableOne`);
    expect(one.body.data).toMatchObject({ id: generator.id, enabled: true });
    await send('T2-PV1-INV2.efficiency', 84);
    expect(await alarmsOf('T2-PV1', Number(generator.id))).toMatchObject([{ status: 1, value: 84 }]);
    const off = await as<Row>(ems, 'PUT', `/ems/api/device/alarmgenerater/${String(generator.id)}/enableOne`, {
      query: { alarmEnable: 'false' },
    });
    expect(off.body.data.enabled).toBe(false);

    await as(ems, 'PUT', `/ems/api/device/alarmgenerater/${stationId}/enableAll`, { query: { alarmEnable: 'true' } });
    const enabled = await as<Page>(ems, 'GET', '/ems/api/device/alarmgenerater/list', {
      query: { stationSn: 'T2-PV1', enabled: 'false', size: '50' },
    });
    expect(enabled.body.data.total).toBe(0);
    const missing = await as(ems, 'PUT', `/ems/api/device/alarmgenerater/${stationId}/enableAll`);
    expect(missing.status).toBe(400);
  });

  test('alarm types: created, listed, replaced and deleted; malformed bodies are refused with 400 and write nothing', async () => {
    const list = async (query: Record<string, string> = {}) =>
      (await as<Page>(ems, 'GET', '/ems/api/device/alarmtype/get_alarm_types', { query: { size: '50', ...query } })).body.data;
    const before = (await list()).total;
    for (const payload of [
      { name: 42, level: 'major', source: 'device' },
      { name: 'Fan', level: 'severe', source: 'device' },
      { name: 'Fan', level: 'major', source: 'device', colour: 'red' },
      { level: 'major', source: 'device' },
      { name: 'Fan', level: 'major' },
      { name: 'x'.repeat(101), level: 'major', source: 'device' },
    ]) {
      const answer = await as(ems, 'POST', '/ems/api/device/alarmtype/add_alarm_type', { payload });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(40001);
    }
    expect((await list()).total).toBe(before);

    const created = await as<Row>(ems, 'POST', '/ems/api/device/alarmtype/add_alarm_type', {
      payload: { name: 'Fan stopped', level: 'minor', source: 'environment', description: 'Cooling fan' },
    });
    expect(created.body.data).toMatchObject({ name: 'Fan stopped', level: 'minor', source: 'environment' });
    const duplicate = await as(ems, 'POST', '/ems/api/device/alarmtype/add_alarm_type', {
      payload: { name: 'Fan stopped', level: 'major', source: 'device' },
    });
    expect(duplicate.status).toBe(409);
    expect((await list({ name: 'Fan st' })).records.map((type) => type.id)).toEqual([created.body.data.id]);
    expect((await list({ source: 'environment' })).records.map((type) => type.id)).toContain(created.body.data.id);

    const replaced = await as<Row>(ems, 'PATCH', '/ems/api/device/alarmtype/update_alarm_type', {
      payload: { id: created.body.data.id, name: 'Fan stopped', level: 'major', source: 'environment' },
    });
    expect(replaced.body.data).toMatchObject({ level: 'major' });
    expect(replaced.body.data.description).toBeUndefined();
    const bad = await as(ems, 'PATCH', '/ems/api/device/alarmtype/update_alarm_type', {
      payload: { id: created.body.data.id, name: '', level: 'major', source: 'environment' },
    });
    expect(bad.status).toBe(400);

    const options = await as<Row[]>(ems, 'GET', '/ems/api/device/alarmtype/options', { query: { name: 'Fan' } });
    expect(options.body.data).toEqual([{ id: created.body.data.id, name: 'Fan stopped' }]);

    // A type in use by a rule cannot go; once the rule has gone, it can.
    const used = await rule('T2-EMS1-AC.indoorTemp', { comparison: 'gt', threshold: 40, typeId: created.body.data.id });
    const refused = await as(ems, 'DELETE', `/ems/api/device/alarmtype/delete_alarm_type/${String(created.body.data.id)}`);
    expect(refused.status).toBe(409);
    await as(ems, 'DELETE', `/ems/api/device/alarmgenerater/delete_alarm_generater/${String(used.id)}`);
    const deleted = await as<boolean>(
      ems,
      'DELETE',
      `/ems/api/device/alarmtype/delete_alarm_type/${String(created.body.data.id)}`,
    );
    expect(deleted.body.data).toBe(true);
    expect((await list()).total).toBe(before);
  });

  test('alarm rules: created on a variable (station and device are its own), replaced, deleted with their alarms; malformed bodies write nothing', async () => {
    const list = async () =>
      (await as<Page>(ems, 'GET', '/ems/api/device/alarmgenerater/list', { query: { size: '50', stationSn: 'T2-EMS1' } })).body
        .data;
    const before = (await list()).total;
    const variableId = await idOf('deviceVariable', 'T2-EMS1-MTR.voltageA');
    const valid = { name: 'Over-voltage', variableId, comparison: 'gt', threshold: 250, typeId, info: 'Phase A over-voltage' };
    for (const [payload, message] of [
      [{ ...valid, threshold: '250' }, 'Threshold must be a number'],
      [{ ...valid, comparison: '>>' }, 'Condition: choose one of the values offered'],
      [{ ...valid, threshold: undefined }, 'Threshold is required'],
      [{ ...valid, deadband: -1 }, 'Deadband must be at least 0'],
      [{ ...valid, stationName: 'x', unknown: 1 }, 'unknown is not a field of this form'],
      [{ ...valid, variableId: 999999 }, 'Variable: no such record; choose another'],
      [{ ...valid, typeId: 999999 }, 'Alarm type: no such record; choose another'],
    ] as const) {
      const answer = await as(ems, 'POST', '/ems/api/device/alarmgenerater/add_alarm_generater', { payload });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toContain(message);
    }
    expect((await list()).total).toBe(before);

    const created = await as<Row>(ems, 'POST', '/ems/api/device/alarmgenerater/add_alarm_generater', { payload: valid });
    expect(created.body.data).toMatchObject({
      ...valid,
      stationId: await idOf('station', 'T2-EMS1'),
      deviceId: await idOf('device', 'T2-EMS1-MTR'),
      deviceName: '关口电表',
      variableName: 'A相电压',
      enabled: true,
    });
    expect((await list()).total).toBe(before + 1);

    // Replaced: the whole rule, on another variable of another station.
    const moved = await as<Row>(ems, 'PATCH', '/ems/api/device/alarmgenerater/update_alarm_generater', {
      payload: {
        ...valid,
        id: created.body.data.id,
        variableId: await idOf('deviceVariable', 'T2-ST1-MTR.voltageA'),
        threshold: 245,
      },
    });
    expect(moved.body.data).toMatchObject({ threshold: 245, stationName: '张江储能电站', deviceName: '关口电表' });
    expect((await list()).total).toBe(before);
    const noId = await as(ems, 'PATCH', '/ems/api/device/alarmgenerater/update_alarm_generater', { payload: valid });
    expect(noId.status).toBe(400);
    const gone = await as(ems, 'PATCH', '/ems/api/device/alarmgenerater/update_alarm_generater', {
      payload: { ...valid, id: 999999 },
    });
    expect(gone.status).toBe(404);

    // The new threshold applies; deleting the rule deletes its alarms.
    await send('T2-ST1-MTR.voltageA', 247);
    const [alarm] = await alarmsOf('T2-ST1', Number(created.body.data.id));
    expect(alarm).toMatchObject({ status: 1, value: 247 });
    await as(ems, 'DELETE', `/ems/api/device/alarmgenerater/delete_alarm_generater/${String(created.body.data.id)}`);
    expect((await as(ems, 'GET', `/ems/api/device/alarm/get_alarm/${String(alarm?.id)}`)).status).toBe(404);
    expect(
      (await as(ems, 'DELETE', `/ems/api/device/alarmgenerater/delete_alarm_generater/${String(created.body.data.id)}`)).status,
    ).toBe(404);
  });

  test('the demo rules raise alarms from the values the simulated stations reach; energy alarms are listed apart', async () => {
    const rules = await as<Page>(ems, 'GET', '/ems/api/device/alarmgenerater/list', {
      query: { stationSn: 'T2-ST1', size: '50' },
    });
    const cellTemp = rules.body.data.records.find((r) => r.variableName === '最高单体温度' && r.typeName === '电池温度过高');
    expect(cellTemp).toMatchObject({ comparison: 'gt', threshold: 45, enabled: true, deviceName: 'BMS 主控' });
    await send('T2-ST1-BMS.maxCellTemp', 46.5);
    expect(await alarmsOf('T2-ST1', Number(cellTemp?.id))).toMatchObject([{ status: 1, level: 'major', value: 46.5 }]);
    await send('T2-ST1-BMS.maxCellTemp', 40);
    expect(await alarmsOf('T2-ST1', Number(cellTemp?.id))).toMatchObject([{ status: 0 }]);

    const demand = rules.body.data.records.find((r) => r.variableName === '负荷功率');
    expect(demand).toBeDefined();
    await send('T2-ST1-LOAD.loadPower', Number(demand?.threshold) + 50);
    const energy = await as<Page>(ems, 'GET', '/ems/api/device/alarmgenerater/engeryAlarmList', {
      query: { stationSn: 'T2-ST1' },
    });
    expect(energy.body.data.records.map((alarm) => alarm.generatorId)).toContain(demand?.id);
    expect(energy.body.data.records.every((alarm) => alarm.source === 'energy')).toBe(true);
    const everywhere = await as<Page>(ems, 'GET', '/ems/api/device/alarmgenerater/engeryAlarmList', { query: { status: '1' } });
    expect(everywhere.body.data.records.map((alarm) => alarm.generatorId)).toContain(demand?.id);
  });

  test('the trend of a warning shows the values of its variable around it, with the rule threshold', async () => {
    const generator = await rule('T2-ST1-MTR.frequency', { comparison: 'gt', threshold: 52, deadband: 0.5 });
    // Samples ten minutes back: below, above (raised), back below (recovered).
    const base = Date.now() - 600_000;
    for (const [offset, value] of [
      [0, 50.1],
      [60_000, 53.5],
      [120_000, 50.2],
    ] as const) {
      const answer = await as<{ accepted: number }>(ems, 'POST', '/ems/api/collector/samples', {
        payload: { samples: [{ sn: 'T2-ST1-MTR.frequency', ts: base + offset, value }] },
      });
      expect(answer.body.data.accepted).toBe(1);
    }
    const [alarm] = await alarmsOf('T2-ST1', Number(generator.id));
    expect(alarm).toMatchObject({ status: 0, value: 53.5 });
    const path = '/ems/api/energy/electricity_warning/devicevars/gettrendvalues';
    const trend = await as<Row & { datas: { time: string; value: number }[] }>(ems, 'GET', path, {
      query: { alarmId: String(alarm?.id) },
    });
    // Times in the station's zone (Asia/Shanghai, UTC+8), to the second.
    const local = (ts: number) => new Date(ts + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(trend.body.data).toMatchObject({
      alarmId: alarm?.id,
      sn: 'T2-ST1-MTR.frequency',
      unit: 'Hz',
      comparison: 'gt',
      threshold: 52,
      deadband: 0.5,
      reportTime: local(base + 60_000),
      recoverTime: local(base + 120_000),
      startTime: local(base + 60_000 - 3_600_000),
    });
    const { datas } = trend.body.data;
    expect(datas).toContainEqual({ time: local(base + 60_000), value: 53.5 });
    expect(datas).toContainEqual({ time: local(base + 120_000), value: 50.2 });
    expect(datas.every((p) => p.time >= String(trend.body.data.startTime) && p.time <= String(trend.body.data.endTime))).toBe(
      true,
    );
    expect(datas.map((p) => p.time)).toEqual(datas.map((p) => p.time).sort());
    // At most `points` values, the peak among them.
    const two = await as<{ datas: { value: number }[] }>(ems, 'GET', path, {
      query: { alarmId: String(alarm?.id), points: '2' },
    });
    expect(two.body.data.datas.length).toBeLessThanOrEqual(2);
    expect(two.body.data.datas.map((p) => p.value)).toContain(53.5);

    expect((await as(ems, 'GET', path, { query: { alarmId: '999999' } })).status).toBe(404);
    expect((await as(ems, 'GET', path, { query: { alarmId: '0' } })).status).toBe(400);
    expect((await as(ems, 'GET', path)).status).toBe(400);
    expect((await as(otherEms, 'GET', path, { query: { alarmId: String(alarm?.id) } })).status).toBe(404);
  });

  test('another tenant gets 404 for the alarms, stations and rules of tenant 2, and changes nothing', async () => {
    const stationId = await idOf('station', 'T2-ST1');
    const generator = await rule('T2-ST1-AC.setTemp', { comparison: 'gt', threshold: 30 });
    await send('T2-ST1-AC.setTemp', 31);
    const [alarm] = await alarmsOf('T2-ST1', Number(generator.id));
    const types = (await as<Page>(ems, 'GET', '/ems/api/device/alarmtype/get_alarm_types', { query: { size: '50' } })).body.data;
    const type = types.records.find((t) => t.id === typeId);
    expect(alarm).toMatchObject({ status: 1 });

    const attempts: [Method, string, { payload?: unknown; query?: Record<string, string> }][] = [
      ['GET', `/ems/api/device/alarm/get_alarm/${String(alarm?.id)}`, {}],
      ['PUT', `/ems/api/device/alarm/update_alarm/${String(alarm?.id)}`, { payload: { checkInfo: 'mine', status: 0 } }],
      ['POST', `/ems/api/device/alarm/confirmAlarm/${String(alarm?.id)}`, {}],
      ['POST', `/ems/api/device/alarm/${stationId}/confirmStation`, {}],
      ['DELETE', `/ems/api/device/alarm/${stationId}/clearAll`, {}],
      ['POST', '/ems/api/device/alarm/get_alarm_summarys', { payload: { stationSn: 'T2-ST1' } }],
      ['GET', '/ems/api/device/alarmgenerater/engeryAlarmList', { query: { stationSn: 'T2-ST1' } }],
      ['GET', '/ems/api/device/alarmgenerater/list', { query: { stationSn: 'T2-ST1' } }],
      ['PUT', `/ems/api/device/alarmgenerater/${stationId}/enableAll`, { query: { alarmEnable: 'false' } }],
      ['PUT', `/ems/api/device/alarmgenerater/${String(generator.id)}/enableOne`, { query: { alarmEnable: 'false' } }],
      [
        'PATCH',
        '/ems/api/device/alarmgenerater/update_alarm_generater',
        {
          payload: {
            id: generator.id,
            name: 'x',
            variableId: generator.variableId,
            comparison: 'lt',
            threshold: 0,
            typeId,
            info: 'x',
          },
        },
      ],
      ['DELETE', `/ems/api/device/alarmgenerater/delete_alarm_generater/${String(generator.id)}`, {}],
      [
        'PATCH',
        '/ems/api/device/alarmtype/update_alarm_type',
        { payload: { id: typeId, name: 'Taken', level: 'notice', source: 'safety' } },
      ],
      ['DELETE', `/ems/api/device/alarmtype/delete_alarm_type/${typeId}`, {}],
      ['GET', '/ems/api/device/station/alarm_switcher', { query: { stationSn: 'T2-ST1' } }],
      ['POST', '/ems/api/device/station/alarm_switcher/close', { query: { stationSn: 'T2-ST1', deviceSns: 'T2-ST1-AC' } }],
      ['POST', '/ems/api/device/station/alarm_switcher/open', { query: { stationSn: 'T2-ST1' } }],
    ];
    for (const [method, url, options] of attempts) {
      const answer = await as(otherEms, method, url, options);
      expect([url, answer.status]).toEqual([url, 404]);
    }
    // Tenant 2's records cannot be referred to either, nor tenant 2 named.
    const ownType = await as<Row>(otherEms, 'POST', '/ems/api/device/alarmtype/add_alarm_type', {
      payload: { name: 'Own type', level: 'notice', source: 'safety' },
    });
    const foreignRule = await addRule(
      'T2-ST1-AC.setTemp',
      { comparison: 'gt', threshold: 1, typeId: ownType.body.data.id },
      otherEms,
    );
    expect(foreignRule.status).toBe(400);
    expect(foreignRule.body.msg).toBe('Variable: no such record; choose another');
    const foreignType = await addRule('T44-ST1-AC.setTemp', { comparison: 'gt', threshold: 1, typeId }, otherEms);
    expect(foreignType.body.msg).toBe('Alarm type: no such record; choose another');
    const named = await as(otherEms, 'POST', '/ems/api/device/alarm/get_alarm_summarys', {
      payload: { stationSn: 'T44-ST1', tenantId: 2 },
    });
    expect(named.status).toBe(403);
    const typeList = await as<Page>(otherEms, 'GET', '/ems/api/device/alarmtype/get_alarm_types', { query: { size: '50' } });
    expect(typeList.body.data.records.map((t) => t.id)).not.toContain(typeId);
    const ruleList = await as<Page>(otherEms, 'GET', '/ems/api/device/alarmgenerater/list', { query: { size: '50' } });
    expect(ruleList.body.data.records.map((r) => r.id)).not.toContain(generator.id);
    // Its samples of tenant 2's variables are unknown to it and raise nothing there.
    const sent = await as<{ unknown: string[] }>(otherEms, 'POST', '/ems/api/collector/samples', {
      payload: { samples: [{ sn: 'T2-ST1-AC.setTemp', ts: tick(), value: 10 }] },
    });
    expect(sent.body.data.unknown).toEqual(['T2-ST1-AC.setTemp']);

    expect((await as<Row>(ems, 'GET', `/ems/api/device/alarm/get_alarm/${String(alarm?.id)}`)).body.data).toEqual(alarm);
    const rulesAfter = await as<Page>(ems, 'GET', '/ems/api/device/alarmgenerater/list', {
      query: { stationSn: 'T2-ST1', size: '50' },
    });
    expect(rulesAfter.body.data.records.find((r) => r.id === generator.id)).toEqual(generator);
    expect(rulesAfter.body.data.records.every((r) => r.enabled === true)).toBe(true);
    const typesAfter = (await as<Page>(ems, 'GET', '/ems/api/device/alarmtype/get_alarm_types', { query: { size: '50' } })).body
      .data;
    expect(typesAfter.records.find((t) => t.id === typeId)).toEqual(type);
    const switches = await as<Row[]>(ems, 'GET', '/ems/api/device/station/alarm_switcher', { query: { stationSn: 'T2-ST1' } });
    expect(switches.body.data.every((state) => state.opened === true)).toBe(true);
  });

  test('the variable picker of a rule names each variable by its station and device, and finds them by any part or a code', async () => {
    type Option = { id: number; name: string };
    const options = async (query: Record<string, string>) =>
      (await as<Option[]>(ems, 'GET', '/ems/api/device/monitordevicevar/options', { query })).body.data;
    const variable = await target.database.db
      .selectFrom('deviceVariable')
      .innerJoin('device', 'device.id', 'deviceVariable.deviceId')
      .innerJoin('station', 'station.id', 'device.stationId')
      .select([
        'deviceVariable.id as id',
        'deviceVariable.name as name',
        'deviceVariable.code as code',
        'device.name as device',
        'station.name as station',
      ])
      .where('deviceVariable.sn', '=', 'T2-ST1-BMS.soh')
      .executeTakeFirstOrThrow();
    const full = `${String(variable.station)} / ${String(variable.device)} / ${String(variable.name)}`;
    expect(await options({ id: String(variable.id) })).toEqual([{ id: Number(variable.id), name: full }]);
    // Narrowed by its station and device: the variables of that device, each named whole.
    const ofDevice = await options({ name: `${String(variable.station)} / ${String(variable.device)}` });
    expect(ofDevice.map((option) => option.name)).toContain(full);
    expect(
      ofDevice.every((option) => option.name.startsWith(`${String(variable.station)} / ${String(variable.device)} / `)),
    ).toBe(true);
    // By the variable's code, in another case: found though its name does not hold the code.
    const byCode = await options({ name: String(variable.code).toUpperCase() });
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode.length).toBeLessThanOrEqual(20);
    // Another tenant's picker does not offer tenant 2's variables.
    const other = (
      await as<Option[]>(otherEms, 'GET', '/ems/api/device/monitordevicevar/options', { query: { id: String(variable.id) } })
    ).body.data;
    expect(other).toEqual([]);
  });
});
