import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import type { TestServer } from '../support/server';

type Row = Record<string, unknown>;

const HOUR = 3_600_000;

describe.each(databases())('income, device detection and vehicle figures on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  const get = async <T>(url: string, query: Record<string, string> = {}, token = admin) => {
    const answer = await call<T>(app, token, { method: 'GET', url, query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const ingest = async (samples: { sn: string; ts: number; value: number }[]) => {
    const sent = await call<{ accepted: number }>(app, admin, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples },
    });
    expect(sent.body.data.accepted).toBe(samples.length);
  };

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    const at = (local: string) => Date.parse(`${local.replace(' ', 'T')}:00+08:00`);
    // T2-ST1 on 15 July 2024 (Shanghai): 250 kWh charged at night, 180 kWh discharged by day.
    const readings: [string, string, number][] = [
      ['T2-ST1-PCS1.chargeEnergy', '2024-07-15 01:00', 5000],
      ['T2-ST1-PCS1.chargeEnergy', '2024-07-15 03:00', 5100],
      ['T2-ST1-PCS1.chargeEnergy', '2024-07-15 05:00', 5250],
      ['T2-ST1-PCS1.dischargeEnergy', '2024-07-15 01:00', 4000],
      ['T2-ST1-PCS1.dischargeEnergy', '2024-07-15 10:00', 4100],
      ['T2-ST1-PCS1.dischargeEnergy', '2024-07-15 19:00', 4180],
    ];
    await ingest(readings.map(([sn, time, value]) => ({ sn, ts: at(time), value })));
  });
  afterAll(() => server.stop());

  describe('storage income', () => {
    type Income = Row & { points: Row[]; stations: Row[]; revenue: number };

    test("a day's income is the station charge call's pricing of it, hour by hour", async () => {
      const income = await get<Income>('/ems/api/board/income', { type: 'DAY', time: '2024-07-15', stationSn: 'T2-ST1' });
      const priced = await get<{ total: Row }>('/ems/api/device/stationcharge/get_station_charge/T2-ST1', {
        queryTime: '2024-07-15',
      });
      expect(income).toMatchObject({ period: '2024-07-15', type: 'DAY', charge: 250, discharge: 180 });
      expect(income.revenue).toBe(priced.total.revenue);
      expect(Number(income.dischargeIncome) - Number(income.chargeCost)).toBeCloseTo(income.revenue, 2);
      expect(income.points).toHaveLength(24);
      const sum = (field: string) => income.points.reduce((s, p) => s + Number(p[field] ?? 0), 0);
      expect(sum('charge')).toBeCloseTo(250, 6);
      expect(sum('revenue')).toBeCloseTo(income.revenue, 1);
      expect(income.points.find((p) => p.time === '10:00')).toMatchObject({ discharge: 100, charge: 0 });
    });

    test("a month's income of all stations is the board profit of the month", async () => {
      const income = await get<Income>('/ems/api/board/income', { type: 'MONTH', time: '2024-07-15' });
      const profit = await get<{ revenue: number; stations: Row[] }>('/ems/api/board/profit', {
        type: 'MONTH',
        time: '2024-07-15',
      });
      expect(income.period).toBe('2024-07');
      expect(income.points.map((p) => p.time)).toContain('07-15');
      expect(income.revenue).toBe(profit.revenue);
      expect(income.stations.find((s) => s.stationSn === 'T2-ST1')).toMatchObject({ charge: 250, discharge: 180 });
      const year = await get<Income>('/ems/api/board/income', { type: 'YEAR', time: '2024-07-15' });
      expect(year.points).toHaveLength(12);
      expect(year.points.find((p) => p.time === '2024-07')).toMatchObject({ revenue: income.revenue });
    });

    test("the user's own stations are those run by the user's departments", async () => {
      const employees = (await get<{ records: Row[] }>('/manager/user/page', { size: '50' })).records;
      const employee = employees.find((e) => e.username === 'admin') as Row;
      const departments = (employee.departments as { departmentId: number }[]).map((d) => d.departmentId);
      const stations = (await get<{ records: Row[] }>('/ems/api/device/station/page', { size: '50' })).records;
      const own = stations.filter((s) => departments.includes(Number(s.deptId))).map((s) => s.sn);
      expect(own.length).toBeGreaterThan(0);
      expect(own.length).toBeLessThan(stations.length);
      const mine = await get<Income>('/ems/api/board/income', { type: 'MONTH', time: '2024-07-15', mine: 'true' });
      const storage = stations.filter((s) => own.includes(s.sn) && s.stationType !== 'photovoltaic').map((s) => s.sn);
      expect(mine.stations.map((s) => s.stationSn).sort()).toEqual([...storage].sort());
    });

    test('a station cannot be given a time zone the IANA database does not know, which would fail every figure', async () => {
      const page = await get<{ records: Row[] }>('/ems/api/device/station/page', { size: '50' });
      const station = page.records.find((s) => s.sn === 'T2-ST1') as Row;
      const refused = await call<Row>(app, admin, {
        method: 'PUT',
        url: '/ems/api/device/station',
        payload: { ...station, timeZone: 'Mars/Olympus' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('Time zone must be a time zone such as Asia/Shanghai');
      await get('/ems/api/board/income', { type: 'DAY', time: '2024-07-15' });
      const kept = await call<Row>(app, admin, {
        method: 'PUT',
        url: '/ems/api/device/station',
        payload: { ...station, timeZone: 'Asia/Urumqi' },
      });
      expect(kept.status).toBe(200);
      expect((await call<Row>(app, admin, { method: 'PUT', url: '/ems/api/device/station', payload: station })).status).toBe(200);
    });

    test('bad input is refused; another station is unknown', async () => {
      const bad = await call(app, admin, { method: 'GET', url: '/ems/api/board/income', query: { type: 'WEEK' } });
      expect(bad.status).toBe(400);
      const unknown = await call(app, admin, { method: 'GET', url: '/ems/api/board/income', query: { stationSn: 'T7-ST1' } });
      expect(unknown.status).toBe(404);
    });
  });

  describe('device detection', () => {
    type Health = Row & { deviceSn: string; expected: number; missing: number; online: boolean };

    test('a variable reporting every hour of the last day fills its hours; a sample now makes its device online', async () => {
      const before = await get<Health[]>('/ems/api/device/detection', { stationSn: 'T2-ST1' });
      const pcs = before.find((d) => d.deviceSn === 'T2-ST1-PCS1') as Health;
      expect(pcs.expected).toBe(Number(pcs.variables) * 24);
      // The demo copy holds no samples (no simulator): every hour of every variable is missing.
      expect(pcs).toMatchObject({ online: false, missing: pcs.expected });
      const now = Date.now();
      const lastHour = Math.floor(now / HOUR) * HOUR;
      await ingest([
        ...Array.from({ length: 24 }, (_, i) => ({
          sn: 'T2-ST1-PCS1.activePower',
          ts: lastHour - (i + 1) * HOUR + 60_000,
          value: i,
        })),
        { sn: 'T2-ST1-PCS1.activePower', ts: now, value: 1 },
      ]);
      const after = await get<Health[]>('/ems/api/device/detection', { stationSn: 'T2-ST1' });
      const now_ = after.find((d) => d.deviceSn === 'T2-ST1-PCS1') as Health;
      expect(now_.online).toBe(true);
      expect(now_.lastTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(now_.missing).toBe(pcs.missing - 24);
      expect(now_.completeness).toBeCloseTo((24 / pcs.expected) * 100, 1);
      expect(after.map((d) => d.deviceSn)).toEqual(before.map((d) => d.deviceSn));
      const devices = await get<Row[]>('/ems/api/device/monitordevice/get_devices_by_station/T2-ST1');
      expect(after.map((d) => d.deviceSn).sort()).toEqual(devices.map((d) => d.sn).sort());
    });
  });

  describe('vehicle overview', () => {
    test('the counts by state and what falls due agree with the vehicle list', async () => {
      const list = await get<{ records: Row[]; total: number }>('/manager/vehicle/page', { size: '50' });
      expect(list.records).toHaveLength(list.total);
      const overview = await get<Record<string, number>>('/manager/vehicle/overview');
      const count = (status: string) => list.records.filter((v) => v.status === status).length;
      expect(overview).toMatchObject({
        total: list.total,
        inUse: count('in_use'),
        idle: count('idle'),
        maintenance: count('maintenance'),
      });
      const horizon = new Date(Date.now() + 8 * HOUR + 30 * 86_400_000).toISOString().slice(0, 10);
      const due = (field: string) =>
        list.records.filter((v) => v.status !== 'scrapped' && typeof v[field] === 'string' && String(v[field]) <= horizon).length;
      expect(overview.insuranceDue).toBe(due('insuranceExpireDate'));
      expect(overview.inspectionDue).toBe(due('inspectionExpireDate'));
    });

    test("the year's maintenance figures sum the year's records", async () => {
      const year = String(new Date().getFullYear());
      const page = await get<{ records: Row[]; total: number }>('/manager/vehiclemaintenance/page', { size: '50' });
      const records = page.records.filter((r) => String(r.maintenanceDate).startsWith(year));
      const cost = records.reduce((s, r) => s + Number(r.cost ?? 0), 0);
      const figures = await get<{ count: number; cost: number }>('/manager/vehiclemaintenance/yearFigures', { year });
      expect(figures.count).toBe(records.length);
      expect(figures.cost).toBeCloseTo(cost, 2);
      const byType = await get<{ count: number; sum: number }[]>('/manager/vehiclemaintenance/yearByType', { year });
      expect(byType.reduce((s, g) => s + g.sum, 0)).toBeCloseTo(cost, 2);
      const bad = await call(app, admin, {
        method: 'GET',
        url: '/manager/vehiclemaintenance/yearFigures',
        query: { year: '24' },
      });
      expect(bad.status).toBe(400);
    });
  });
});
