import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { periodsAt, type TariffPeriod } from '../../server/telemetry/tariff';
import { call, connectedDatabases, signIn, type ConnectedServer } from '../support/api';

type Row = Record<string, unknown>;
interface Interval extends Row {
  start: number;
  time: string;
  computedAt: number;
  importKwh: number;
  actualCost: number;
  listId: number | null;
}
interface Ledger extends Row {
  intervals: Interval[];
  parts: Row[];
}
interface Recompute extends Row {
  id: number;
  reason: string;
  from: string;
  to: string;
  intervals: number;
  detail: Row;
}

const STATION = 'T2-ST1';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Shanghai has no daylight saving: local times are UTC+8 all year. */
const at = (local: string) => Date.parse(`${local.replace(' ', 'T')}:00+08:00`);
const localMonth = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 7);
const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/**
 * The month of two days ago in the station's clock, and the one before: the readings the tests
 * send (the first hours of the 1st of `thisMonth`) are past, and `lastMonth` is over, also in the
 * first hours of a month (the 1st's readings would lie ahead, and the month just over would still
 * be the one whose intervals are being closed).
 */
const thisMonth = localMonth(Date.now() - 2 * DAY);
const lastMonth = localMonth(at(`${thisMonth}-01 00:00`) - DAY);
const dayL = `${lastMonth}-10`;
const dayT = `${thisMonth}-01`;
/** The demo's settlement price (what exports are sold at). */
const SALE = 0.65;

describe.each(connectedDatabases())('settlement ledger on $name', ({ start }) => {
  let server: ConnectedServer;
  let app: FastifyInstance;
  let admin: string;
  let auditor: string;
  let stationId: number;
  let listA: number;

  const get = async <T>(url: string, query: Record<string, string>, token = admin) => {
    const answer = await call<T>(app, token, { method: 'GET', url, query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const day = (time: string) => get<Ledger>('/ems/api/ledger/station', { stationSn: STATION, type: 'DAY', time });
  const interval = async (time: string, clock: string) => (await day(time)).intervals.find((iv) => iv.time === clock) as Interval;
  const month = (time: string) => get<Row>('/ems/api/ledger/station', { stationSn: STATION, type: 'MONTH', time });
  const recomputes = () => get<Recompute[]>('/ems/api/ledger/recomputes', { stationSn: STATION });
  const lists = async () =>
    (await get<{ total: number }>('/ems/api/device/electricityprice/page', { stationId: String(stationId), size: '50' })).total;
  const addList = (body: Row) =>
    call<{ id: number }>(app, admin, {
      method: 'POST',
      url: '/ems/api/device/electricityprice/add',
      payload: { stationId, ...body },
    });
  const prices = { sharpPrice: 2, peakPrice: 1.5, flatPrice: 1, valleyPrice: 0.5, capacityCharge: 30 };

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    auditor = await signIn(app, 'auditor', 'auditor123');
    const stations = await get<{ records: Row[] }>('/ems/api/device/station/page', { size: '50' });
    stationId = Number(stations.records.find((s) => s.sn === STATION)?.id);
    // Five hourly readings (at :30) on the 10th of last month and the 1st of this month: 100 kWh
    // imported, 5 exported, 50 charged and 20 discharged an hour.
    const samples = [];
    let k = 0;
    for (const date of [dayL, dayT]) {
      for (let h = 0; h < 5; h += 1, k += 1) {
        const ts = at(`${date} 0${h}:30`);
        samples.push(
          { sn: `${STATION}-MTR.importEnergy`, ts, value: 1000 + 100 * k },
          { sn: `${STATION}-MTR.exportEnergy`, ts, value: 5 * k },
          { sn: `${STATION}-PCS1.chargeEnergy`, ts, value: 50 * k },
          { sn: `${STATION}-PCS1.dischargeEnergy`, ts, value: 20 * k },
        );
      }
    }
    const sent = await call<{ accepted: number }>(app, admin, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples },
    });
    expect(sent.body.data.accepted).toBe(samples.length);
    const made = await addList({ effectiveMonth: thisMonth, ...prices });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    listA = made.body.data.id;
  });
  afterAll(() => server.stop());

  test("a price list from last month changes exactly last month's figures, recorded with what they came to; deleting it prices them back", async () => {
    const beforeL = await day(dayL);
    const beforeT = await day(dayT);
    // 01:00–02:00 on the 1st, valley (the station's time-of-use hours): 100 × 0.5 − 5 × 0.65
    expect(beforeT.intervals.find((iv) => iv.time === '01:00')).toMatchObject({
      listId: listA,
      importKwh: 100,
      actualCost: 100 * 0.5 - 5 * SALE,
    });
    const monthBefore = await month(lastMonth);
    await month(thisMonth);
    const known = Math.max(0, ...(await recomputes()).map((r) => r.id));

    const added = await addList({ effectiveMonth: lastMonth, ...prices, valleyPrice: 0.4 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const fresh = (await recomputes()).filter((r) => r.id > known);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({
      reason: 'prices',
      from: `${lastMonth}-01 00:00:00`,
      to: `${lastMonth}-${daysIn(lastMonth)} 23:00:00`,
      intervals: daysIn(lastMonth) * 24,
      detail: { cause: 'price list added', listId: added.body.data.id },
    });
    const afterL = await day(dayL);
    // 100 × 0.4 − 5 × 0.65
    expect(afterL.intervals.find((iv) => iv.time === '01:00')).toMatchObject({
      listId: added.body.data.id,
      actualCost: 100 * 0.4 - 5 * SALE,
    });
    // The record's totals, summed by the hour in the database, are the month's figures priced interval by interval at read.
    const monthAfter = await month(lastMonth);
    expect(monthAfter.actualCost).not.toBe(monthBefore.actualCost);
    const detail = fresh[0]?.detail as Record<'before' | 'after', { actualCost: number; savings: number }>;
    for (const [side, figures] of [
      ['before', monthBefore],
      ['after', monthAfter],
    ] as const) {
      expect(Math.abs(detail[side].actualCost - Number(figures.actualCost)), side).toBeLessThan(0.006);
      expect(Math.abs(detail[side].savings - Number(figures.savings)), side).toBeLessThan(0.006);
    }
    // Nothing stored changes: the intervals keep when they were measured.
    expect(afterL.intervals.map((iv) => iv.computedAt)).toEqual(beforeL.intervals.map((iv) => iv.computedAt));
    const afterT = await day(dayT);
    for (const iv of afterT.intervals) {
      const was = beforeT.intervals.find((b) => b.start === iv.start) as Interval;
      expect({ listId: iv.listId, actualCost: iv.actualCost, computedAt: iv.computedAt }).toEqual({
        listId: was.listId,
        actualCost: was.actualCost,
        computedAt: was.computedAt,
      });
    }

    const deleted = await call(app, admin, { method: 'DELETE', url: `/ems/api/device/electricityprice/${added.body.data.id}` });
    expect(deleted.status).toBe(200);
    expect((await interval(dayL, '01:00')).actualCost).toBe(beforeL.intervals.find((iv) => iv.time === '01:00')?.actualCost);
    expect((await recomputes())[0]).toMatchObject({
      reason: 'prices',
      from: `${lastMonth}-01 00:00:00`,
      intervals: daysIn(lastMonth) * 24,
      detail: { cause: 'price list deleted', listId: added.body.data.id },
    });
  });

  test('new time-of-use hours re-class the hours of a list that has none, recorded as the prices in force changing', async () => {
    const tou = await get<Row & { id: number; periods: TariffPeriod[] }>('/ems/api/device/stationcharge/config', {
      stationSn: STATION,
      chargeType: 'purchase',
    });
    const save = async (body: Row) => {
      const saved = await call(app, admin, { method: 'POST', url: '/ems/api/device/stationcharge/config', payload: body });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    const { createTime: _c, updateTime: _u, stationName: _n, ...editable } = tou;
    // The demo's list of the year prices last month by class; the time-of-use hours make 01:00 valley.
    const before = await interval(dayL, '01:00');
    expect(before.period).toBe('valley');
    const inForce = (
      await get<{ records: Row[] }>('/ems/api/device/electricityprice/page', { stationId: String(stationId), size: '50' })
    ).records.find((list) => list.id === before.listId);
    expect(before.actualCost).toBeCloseTo(100 * Number(inForce?.valleyPrice) - 5 * SALE, 9);
    const known = Math.max(0, ...(await recomputes()).map((r) => r.id));
    const night = periodsAt(tou.periods, 1, Number(lastMonth.slice(5, 7)))[0];
    await save({ ...editable, periods: tou.periods.map((p) => (p === night ? { ...p, period: 'flat' } : p)) });
    const [changed, ...others] = (await recomputes()).filter((r) => r.id > known);
    expect(others).toEqual([]);
    expect(changed).toMatchObject({ reason: 'prices', detail: { cause: 'the prices in force changed', chargeId: tou.id } });
    expect(changed?.intervals).toBeGreaterThanOrEqual(daysIn(lastMonth) * 24);
    // 100 × the list's flat price − 5 × 0.65
    const after = await interval(dayL, '01:00');
    expect(after).toMatchObject({ period: 'flat', listId: before.listId });
    expect(after.actualCost).toBeCloseTo(100 * Number(inForce?.flatPrice) - 5 * SALE, 9);
    await save(editable);
    expect((await interval(dayL, '01:00')).actualCost).toBe(before.actualCost);
  });

  test("a day's stored readings of the ledger's meters, newest first, each with the instant a correction names it by, one page at a time", async () => {
    type Reading = { varSn: string; name: string; unit: string; ts: number; time: string; value: number };
    const page = (current: number, size: number) =>
      get<{ records: Reading[]; total: number }>('/ems/api/ledger/readings', {
        stationSn: STATION,
        time: dayL,
        current: String(current),
        size: String(size),
      });
    const all = await page(1, 500);
    expect(all.total).toBe(all.records.length);
    const instants = all.records.map((reading) => reading.ts);
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
    expect(Math.min(...instants)).toBeGreaterThanOrEqual(at(`${dayL} 00:00`));
    expect(Math.max(...instants)).toBeLessThan(at(`${dayL} 00:00`) + DAY);
    // The readings stored above, each as it was stored, at its time in the station's zone.
    for (let h = 0; h < 5; h += 1)
      expect(all.records).toContainEqual(
        expect.objectContaining({
          varSn: `${STATION}-MTR.importEnergy`,
          unit: 'kWh',
          ts: at(`${dayL} 0${h}:30`),
          time: `${dayL} 0${h}:30:00`,
          value: 1000 + 100 * h,
        }),
      );
    expect((await page(2, 3)).records).toEqual(all.records.slice(3, 6));
    // A day without readings has none.
    const empty = await get<{ records: Reading[]; total: number }>('/ems/api/ledger/readings', {
      stationSn: STATION,
      time: '2020-01-01',
    });
    expect(empty).toMatchObject({ records: [], total: 0 });
  });

  test('a corrected reading recomputes its interval and the next, whose growth it changes', async () => {
    const ts = at(`${dayL} 01:30`);
    const corrected = await call<{ recomputed: string[] }>(app, admin, {
      method: 'POST',
      url: '/ems/api/ledger/sampleCorrection',
      payload: { varSn: `${STATION}-MTR.importEnergy`, ts, value: 1130, reason: 'meter read back' },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.data.recomputed).toEqual([`${dayL} 01:00:00`, `${dayL} 02:00:00`]);
    const ledger = await day(dayL);
    const kwh = (clock: string) => ledger.intervals.find((iv) => iv.time === clock)?.importKwh;
    // 1000 → 1130 → 1200 instead of 1000 → 1100 → 1200
    expect([kwh('00:00'), kwh('01:00'), kwh('02:00'), kwh('03:00')]).toEqual([0, 130, 70, 100]);
    expect((await recomputes())[0]).toMatchObject({ reason: 'sampleCorrection', intervals: 2, from: `${dayL} 01:00:00` });
    // The hourly figures of other screens follow the correction too.
    const degree = await get<{ gridImport: (number | null)[] }>(`/ems/api/device/station/dailyDegree/${STATION}`, { day: dayL });
    expect(degree.gridImport.slice(1, 3)).toEqual([130, 70]);
    const unknown = await call(app, admin, {
      method: 'POST',
      url: '/ems/api/ledger/sampleCorrection',
      payload: { varSn: `${STATION}-MTR.importEnergy`, ts: ts + 1, value: 1, reason: 'no such reading' },
    });
    expect(unknown.status).toBe(404);
  });

  test("another tenant's ledger is never reachable", async () => {
    const own = await day(dayL);
    for (const url of ['/ems/api/ledger/station', '/ems/api/ledger/recomputes', '/ems/api/ledger/readings']) {
      const answer = await call(app, auditor, { method: 'GET', url, query: { stationSn: STATION, type: 'DAY', time: dayL } });
      expect(answer.status).toBe(404);
    }
    const fleet = await get<{ stations: Row[] }>('/ems/api/ledger/fleet', { type: 'MONTH', time: lastMonth }, auditor);
    expect(fleet.stations.length).toBeGreaterThan(0);
    expect(fleet.stations.filter((s) => String(s.stationSn).startsWith('T2-'))).toEqual([]);
    const corrected = await call(app, auditor, {
      method: 'POST',
      url: '/ems/api/ledger/sampleCorrection',
      payload: { varSn: `${STATION}-MTR.importEnergy`, ts: at(`${dayL} 02:30`), value: 0, reason: 'not mine' },
    });
    expect(corrected.status).toBe(404);
    expect(await day(dayL)).toEqual(own);
  });

  test('the fleet is ranked by what each station earned', async () => {
    const fleet = await get<{ stations: (Row & { rank: number; earned: number | null })[] }>('/ems/api/ledger/fleet', {
      type: 'MONTH',
      time: lastMonth,
    });
    expect(fleet.stations.map((s) => s.rank)).toEqual(fleet.stations.map((_, i) => i + 1));
    const earned = fleet.stations.map((s) => s.earned ?? -Infinity);
    expect(earned).toEqual([...earned].sort((a, b) => b - a));
    const month = await get<Row>('/ems/api/ledger/station', { stationSn: STATION, type: 'MONTH', time: lastMonth });
    expect(fleet.stations.find((s) => s.stationSn === STATION)).toMatchObject({ earned: month.earned, savings: month.savings });
    expect(month).toMatchObject({ baseline: 'sameLoadNoBatteryNoPv', closedIntervals: daysIn(lastMonth) * 24 });
    expect(Number(month.coverage)).toBeLessThan(1);
  });

  test.each([
    ['a start another list has', { effectiveMonth: thisMonth, ...prices }, 'effectiveMonth', 'effectiveMonth'],
    ['a negative price', { effectiveMonth: '2024-03', ...prices, valleyPrice: -0.1 }, 'valleyPrice', 'Valley price'],
    [
      'periods that leave hours uncovered',
      { effectiveMonth: '2024-04', ...prices, periods: [{ startTime: '00:00', endTime: '08:00', period: 'valley' }] },
      'periods',
      'periods',
    ],
    ['a day its month lacks', { effectiveMonth: '2024-04', startDay: 31, ...prices }, 'startDay', 'startDay'],
  ])('a price list with %s is refused naming the field, and nothing is written', async (_, body, field, label) => {
    const count = await lists();
    const before = await recomputes();
    const refused = await addList(body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).not.toBe(0);
    // The field by its path in the answer's fields, and in the message (by its label where the schema refuses it).
    const paths = ((refused.body as unknown as { data?: { path: string }[] }).data ?? []).map((f) => f.path);
    expect(
      paths.some((path) => path.includes(field)),
      JSON.stringify(refused.body),
    ).toBe(true);
    expect(refused.body.msg).toContain(label);
    expect(await lists()).toBe(count);
    expect(await recomputes()).toEqual(before);
  });
});
