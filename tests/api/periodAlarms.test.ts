import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, connectedDatabases, emsTokenOf, signIn, type Answer, type ConnectedServer } from '../support/api';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The alarms of a station during a period (getPeriodAlarms, marked on trends): those that overlap
 * it, ended or still open, earliest first; bad periods refused with 400; another tenant's station
 * unknown. Runs on the demo: tenant 2 (`admin`) with its storage station T2-ST1, in Asia/Shanghai
 * as every demo station; tenant 44 (`auditor`) is the other tenant.
 */

type Row = Record<string, unknown>;

const ZONE = 'Asia/Shanghai';
const URL = '/ems/api/device/alarm/period_alarms';
/** A time in the station's clock, as the call takes it. */
const local = (ts: number) => dayjs(ts).tz(ZONE).format('YYYY-MM-DD HH:mm:ss');

describe.each(connectedDatabases())('alarms of a period on $name', ({ start }) => {
  let target: ConnectedServer;
  let app: FastifyInstance;
  let ems: string;
  let otherEms: string;
  let typeId: number;
  /** Times of samples: each later than the one before. */
  let clock = Date.now() - 60_000;
  const tick = () => (clock += 1000);

  beforeAll(async () => {
    target = await start();
    app = target.app;
    ems = await emsTokenOf(app, await signIn(app, 'admin', 'admin123'));
    otherEms = await emsTokenOf(app, await signIn(app, 'auditor', 'auditor123'));
    const type = await call<Row>(app, ems, {
      method: 'POST',
      url: '/ems/api/device/alarmtype/add_alarm_type',
      payload: { name: 'Period check', level: 'critical', source: 'device' },
    });
    typeId = Number(type.body.data.id);
  });
  afterAll(() => target.stop());

  const period = (token: string, query: Record<string, string>): Promise<Answer<Row[]>> =>
    call<Row[]>(app, token, { method: 'GET', url: URL, query });

  const send = async (sn: string, value: number): Promise<number> => {
    const ts = tick();
    const answer = await call(app, ems, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples: [{ sn, ts, value }] },
    });
    expect(answer.status).toBe(200);
    return ts;
  };

  const rule = async (variableSn: string): Promise<number> => {
    const variable = await target.database.db
      .selectFrom('deviceVariable')
      .select('id')
      .where('sn', '=', variableSn)
      .executeTakeFirstOrThrow();
    const answer = await call<Row>(app, ems, {
      method: 'POST',
      url: '/ems/api/device/alarmgenerater/add_alarm_generater',
      payload: {
        name: `Over 100 on ${variableSn}`,
        variableId: Number(variable.id),
        typeId,
        comparison: 'gt',
        threshold: 100,
        level: 'critical',
        info: `${variableSn} over 100`,
      },
    });
    expect(answer.body.msg).toBe('success');
    return Number(answer.body.data.id);
  };

  test('answers the alarms overlapping the period, ended and open, earliest first; none outside it', async () => {
    const ended = await rule('T2-ST1-TR.windingTemp');
    const open = await rule('T2-ST1-TR.oilTemp');
    const raisedAt = await send('T2-ST1-TR.windingTemp', 101);
    const recoveredAt = await send('T2-ST1-TR.windingTemp', 90);
    const openedAt = await send('T2-ST1-TR.oilTemp', 120);

    const today = { stationSn: 'T2-ST1', startTime: local(raisedAt - 3_600_000), endTime: local(openedAt + 3_600_000) };
    const answer = await period(ems, today);
    expect(answer.status).toBe(200);
    const mine = answer.body.data.filter((alarm) => alarm.generatorId === ended || alarm.generatorId === open);
    expect(mine).toMatchObject([
      {
        generatorId: ended,
        level: 'critical',
        status: 0,
        reportTime: new Date(raisedAt).toISOString(),
        recoverTime: new Date(recoveredAt).toISOString(),
      },
      { generatorId: open, status: 1, reportTime: new Date(openedAt).toISOString() },
    ]);
    expect(mine[1]?.recoverTime).toBeUndefined();
    const times = answer.body.data.map((alarm) => String(alarm.reportTime));
    expect(times).toEqual([...times].sort());

    // After the first recovered: only the open one is still on.
    const later = await period(ems, { ...today, startTime: local(recoveredAt + 2000) });
    expect(later.body.data.map((alarm) => alarm.generatorId).filter((id) => id === ended || id === open)).toEqual([open]);
    // Before either was raised: neither.
    const before = await period(ems, { ...today, startTime: local(raisedAt - 7_200_000), endTime: local(raisedAt - 3_600_000) });
    expect(before.body.data.filter((alarm) => alarm.generatorId === ended || alarm.generatorId === open)).toEqual([]);
  });

  test.each([
    ['an end before the start', { startTime: '2026-01-02 00:00:00', endTime: '2026-01-01 00:00:00' }],
    ['an end equal to the start', { startTime: '2026-01-01', endTime: '2026-01-01' }],
    ['a time not in the station clock format', { startTime: 'yesterday', endTime: '2026-01-01' }],
    ['a day that does not exist', { startTime: '2026-02-30', endTime: '2026-03-01' }],
    ['no end', { startTime: '2026-01-01' }],
  ])('refuses %s with 400 and a message', async (_case, times) => {
    const answer = await period(ems, { stationSn: 'T2-ST1', ...times });
    expect(answer.status).toBe(400);
    expect(answer.body.code).not.toBe(0);
    expect(answer.body.msg).toEqual(expect.any(String));
  });

  test("another tenant's station is unknown (404), and a station of its own answers only its alarms", async () => {
    const query = { stationSn: 'T2-ST1', startTime: '2020-01-01', endTime: local(Date.now() + 86_400_000) };
    expect((await period(otherEms, query)).status).toBe(404);
    const own = await period(ems, query);
    const station = await target.database.db
      .selectFrom('station')
      .select('id')
      .where('sn', '=', 'T2-ST1')
      .executeTakeFirstOrThrow();
    expect(own.body.data.length).toBeGreaterThan(0);
    expect(own.body.data.every((alarm) => alarm.stationId === Number(station.id))).toBe(true);
  });
});
