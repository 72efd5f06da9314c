import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn, type Answer } from '../support/api';
import type { TestServer } from '../support/server';

/**
 * The calls behind the EMS configuration, storage and power-quality screens, on the demo: tenant
 * 2 (`admin`) has T2-ST1 (storage, 10 kV, a settlement price of 0.65 RM/kWh, saved energy
 * settings), T2-PV1 and T2-EMS1; the grid meter `{station}-MTR` measures three phases.
 */

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(databases())('EMS configuration, storage and power quality on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(() => server.stop());

  const as = <T = unknown>(
    method: Method,
    path: string,
    options: { query?: Record<string, string>; payload?: unknown } = {},
  ): Promise<Answer<T>> =>
    call<T>(app, admin, {
      method,
      url: `/ems/api/${path}`,
      ...(options.query ? { query: options.query } : {}),
      ...(options.payload !== undefined ? { payload: options.payload as Row } : {}),
    });
  const stationBySn = async (sn: string) => (await as<Row>('GET', `device/station/get_station_by_sn/${sn}`)).body.data;
  const ingest = (samples: { sn: string; ts: number; value: number }[]) =>
    as('POST', 'collector/samples', { payload: { samples } });

  describe('three-phase unbalance', () => {
    test('is computed from the latest phase values and from the hourly means, and judged against the station limits', async () => {
      const now = Date.now();
      // Voltages 2.5 % apart, currents 20 % apart: the voltage is out of its 2 % limit, the current out of its 15 %.
      const phases = { voltageA: 230, voltageB: 230, voltageC: 224.25, currentA: 100, currentB: 100, currentC: 80 };
      await ingest(Object.entries(phases).map(([code, value]) => ({ sn: `T2-EMS1-MTR.${code}`, ts: now, value })));
      const day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
      const answer = await as<Row>('GET', 'powerquality/threephase/unbalance', {
        query: { deviceSn: 'T2-EMS1-MTR', type: 'DAY', time: day },
      });
      expect(answer.status).toBe(200);
      const data = answer.body.data;
      expect(data.limits).toEqual({ voltageUnbalance: 2, currentUnbalance: 15 });
      expect(data.latest).toMatchObject({
        voltage: { a: 230, b: 230, c: 224.25 },
        current: { a: 100, b: 100, c: 80 },
        voltageUnbalance: 1.68,
        currentUnbalance: 14.29,
      });
      const points = data.points as Row[];
      expect(points).toHaveLength(24);
      const hour = `${new Date(now + 8 * 3_600_000).toISOString().slice(11, 13)}:00`;
      expect(points.find((p) => p.time === hour)).toMatchObject({ voltageUnbalance: 1.68, currentUnbalance: 14.29 });
      expect(data.voltageExceeded).toBe(0);
      expect(data.currentExceeded).toBe(0);

      // A lower current limit saved for the station makes the same hour exceed it.
      const station = await stationBySn('T2-EMS1');
      await as('PUT', 'powerquality/qualitythresholdsetting', { payload: { stationId: station.id, currentUnbalance: 10 } });
      const judged = await as<Row>('GET', 'powerquality/threephase/unbalance', {
        query: { deviceSn: 'T2-EMS1-MTR', type: 'MONTH', time: day.slice(0, 7) },
      });
      expect(judged.body.data).toMatchObject({
        limits: { currentUnbalance: 10 },
        currentExceeded: 1,
        maxCurrentUnbalance: 14.29,
      });
      expect((judged.body.data.points as Row[]).length).toBeGreaterThanOrEqual(28);
    });

    test('a device without phases answers nulls; an unknown device is not found; a month that is no month is refused', async () => {
      const load = await as<Row>('GET', 'powerquality/threephase/unbalance', {
        query: { deviceSn: 'T2-ST1-LOAD', type: 'DAY', time: '2026-01-15' },
      });
      expect(load.body.data).toMatchObject({
        latest: { voltageUnbalance: null, currentUnbalance: null },
        points: [],
        maxVoltageUnbalance: null,
      });
      expect(
        (
          await as('GET', 'powerquality/threephase/unbalance', {
            query: { deviceSn: 'T9-NONE', type: 'DAY', time: '2026-01-15' },
          })
        ).status,
      ).toBe(404);
      const refused = await as('GET', 'powerquality/threephase/unbalance', {
        query: { deviceSn: 'T2-ST1-MTR', type: 'MONTH', time: '2026-13' },
      });
      expect(refused.status).toBe(400);
    });
  });

  describe('energy settings', () => {
    test('a station without saved settings answers what its records suggest; saving them stores them, once per station', async () => {
      const suggested = await as<Row>('GET', 'configuration/energySetting/T2-EMS1');
      expect(suggested.body.data).toMatchObject({
        capacity: 600,
        ratedPower: 250,
        maxChargePower: 250,
        socUpper: 95,
        socLower: 10,
        tariffType: 'timeOfUse',
        runMode: 'selfConsumption',
      });
      expect(suggested.body.data.id).toBeUndefined();
      const { stationName: _name, ...body } = suggested.body.data;
      const saved = await as<Row>('PUT', 'configuration/energySetting', {
        payload: { ...body, socLower: 20, runMode: 'backup' },
      });
      expect(saved.status).toBe(200);
      const again = await as<Row>('PUT', 'configuration/energySetting', { payload: { ...body, socLower: 15 } });
      expect(again.body.data.id).toBe(saved.body.data.id);
      expect((await as<Row>('GET', 'configuration/energySetting/T2-EMS1')).body.data).toMatchObject({
        id: saved.body.data.id,
        socLower: 15,
        runMode: 'selfConsumption',
      });
    });

    test.each([
      ['a lower SOC limit not below the upper one', { socLower: 95 }, 'socLower'],
      ['a discharge limit above the rated power', { maxDischargePower: 1200 }, 'maxDischargePower'],
      ['a SOC above 100 %', { socUpper: 101 }, 'socUpper'],
      // T2-ST1's converters are 2 × 500 kW: a body stating a higher rated power does not lift the ceiling.
      ['a charge limit of 5,000 kW on the 1,000 kW station', { ratedPower: 5000, maxChargePower: 5000 }, 'maxChargePower'],
      ['a discharge limit above the station’s converters', { ratedPower: 5000, maxDischargePower: 1001 }, 'maxDischargePower'],
      ['a rated power above the station’s converters', { ratedPower: 1200 }, 'ratedPower'],
    ])('%s is refused and nothing is saved', async (_case, change, field) => {
      const before = (await as<Row>('GET', 'configuration/energySetting/T2-ST1')).body.data;
      const { stationName: _name, createTime: _c, updateTime: _u, ...body } = before;
      const refused = await as<{ path: string; message: string }[]>('PUT', 'configuration/energySetting', {
        payload: { ...body, ...change },
      });
      expect(refused.status).toBe(400);
      // The field is named in `data`, for its form; the message names it by its label.
      expect(refused.body.data.map((failed) => failed.path)).toEqual([field]);
      expect(refused.body.msg).not.toContain(field);
      expect(refused.body.msg).toContain(refused.body.data[0]?.message);
      expect((await as<Row>('GET', 'configuration/energySetting/T2-ST1')).body.data).toEqual(before);
    });
  });

  describe('charging transactions', () => {
    test('are priced at the station settlement tariff, hour by hour, again when changed', async () => {
      const station = await stationBySn('T2-ST1');
      const created = await as<Row>('POST', 'storeEnergy/chargeDeal', {
        payload: {
          orderNo: 'CD-TEST-0001',
          stationId: station.id,
          pileName: '1# 充电桩 A 枪',
          startTime: '2026-01-15T02:00:00.000Z',
          endTime: '2026-01-15T03:30:00.000Z',
          energy: 40,
          amount: 1,
        },
      });
      expect(created.body.data).toMatchObject({ amount: 26, averagePrice: 0.65 });
      // A time-of-use settlement price: 10:00-11:00 local at 1.0, the rest at 0.5.
      await as('POST', 'device/stationcharge/config', {
        payload: {
          stationId: station.id,
          chargeType: 'settlement',
          periods: [
            { startTime: '00:00', endTime: '10:00', period: 'valley', price: 0.5 },
            { startTime: '10:00', endTime: '11:00', period: 'peak', price: 1 },
            { startTime: '11:00', endTime: '24:00', period: 'valley', price: 0.5 },
          ],
        },
      });
      // 09:30 to 11:30 local: a quarter at 0.5, half at 1.0, a quarter at 0.5 → 40 × 0.75.
      const changed = await as<Row>('PUT', 'storeEnergy/chargeDeal', {
        payload: {
          id: created.body.data.id,
          orderNo: 'CD-TEST-0001',
          stationId: station.id,
          pileName: '1# 充电桩 A 枪',
          startTime: '2026-01-15T01:30:00.000Z',
          endTime: '2026-01-15T03:30:00.000Z',
          energy: 40,
        },
      });
      expect(changed.body.data).toMatchObject({ amount: 30, averagePrice: 0.75 });
      const listed = await as<Page>('GET', 'storeEnergy/chargeDeal/page', {
        query: { startTimeFrom: '2026-01-15T00:00:00.000Z', startTimeTo: '2026-01-15T23:59:59.999Z', size: '50' },
      });
      expect(listed.body.data.records.map((r) => r.orderNo)).toEqual(['CD-TEST-0001']);
    });

    test('an end before the start is refused', async () => {
      const station = await stationBySn('T2-ST1');
      const refused = await as('POST', 'storeEnergy/chargeDeal', {
        payload: {
          orderNo: 'CD-TEST-0002',
          stationId: station.id,
          pileName: 'x',
          startTime: '2026-01-15T03:00:00.000Z',
          endTime: '2026-01-15T02:00:00.000Z',
          energy: 10,
        },
      });
      expect(refused.status).toBe(400);
    });
  });

  describe('lists', () => {
    test('storage devices are the converters, battery management and clusters, of every station or one', async () => {
      const all = await as<Page>('GET', 'storeEnergy/device/page', { query: { size: '50' } });
      expect(new Set(all.body.data.records.map((d) => d.kind))).toEqual(new Set(['pcs', 'bms', 'batteryCluster']));
      const station = await stationBySn('T2-ST1');
      const clusters = await as<Page>('GET', 'storeEnergy/device/page', {
        query: { stationId: String(station.id), kind: 'batteryCluster', sortField: 'sn', sortOrder: 'asc' },
      });
      expect(clusters.body.data.records.map((d) => d.sn)).toEqual(['T2-ST1-BC1', 'T2-ST1-BC2']);
      expect((await as('GET', 'storeEnergy/device/page', { query: { kind: 'meter' } })).status).toBe(400);
    });

    test.each([
      ['a mobile number', '13912345678', 200],
      ['a landline with its area code', '021-58880001', 200],
      ['ten digits', '1391234567', 400],
      ['a number starting 12', '12912345678', 400],
    ])('an alarm phone with %s answers %i', async (_case, phone, status) => {
      const station = await stationBySn('T2-PV1');
      const answer = await as('POST', 'configuration/alarmPhone', {
        payload: { stationId: station.id, name: '测试', phone, minLevel: 'critical' },
      });
      expect(answer.status).toBe(status);
      // The field named by its label, and in `data` by its path.
      if (status === 400) {
        expect(answer.body.msg).toContain('Phone number: Enter a mobile number');
        expect((answer.body as { data?: { path: string }[] }).data?.map((field) => field.path)).toEqual(['phone']);
      }
    });

    test('the alarms of one device of a station, and none for a device of another station', async () => {
      // Two rules that raise an alarm at once, on two devices of the station.
      const vars = (await as<Row[]>('GET', 'device/monitordevicevar/get_vars', { query: { stationSn: 'T2-ST1' } })).body.data;
      const types = (await as<Page>('GET', 'device/alarmtype/get_alarm_types', { query: { size: '50' } })).body.data.records;
      for (const sn of ['T2-ST1-PCS1.temperature', 'T2-ST1-MTR.frequency']) {
        const rule = await as('POST', 'device/alarmgenerater/add_alarm_generater', {
          payload: {
            name: `Any ${sn}`,
            variableId: vars.find((v) => v.sn === sn)?.id,
            comparison: 'gt',
            threshold: -1e9,
            typeId: types[0]?.id,
            info: sn,
          },
        });
        expect(rule.status).toBe(200);
      }
      await ingest(['T2-ST1-PCS1.temperature', 'T2-ST1-MTR.frequency'].map((sn) => ({ sn, ts: Date.now(), value: 1 })));
      const alarmsOf = async (deviceSn?: string) =>
        (
          await as<Page>('POST', 'device/alarm/get_alarm_summarys', {
            payload: { stationSn: 'T2-ST1', ...(deviceSn ? { deviceSn } : {}), size: 50 },
          })
        ).body.data.records.map((a) => a.info);
      expect(await alarmsOf()).toEqual(expect.arrayContaining(['T2-ST1-PCS1.temperature', 'T2-ST1-MTR.frequency']));
      const ofPcs = await alarmsOf('T2-ST1-PCS1');
      expect(ofPcs).toContain('T2-ST1-PCS1.temperature');
      expect(ofPcs).not.toContain('T2-ST1-MTR.frequency');
      const elsewhere = await as('POST', 'device/alarm/get_alarm_summarys', {
        payload: { stationSn: 'T2-ST1', deviceSn: 'T2-PV1-INV1' },
      });
      expect(elsewhere.status).toBe(404);
    });
  });
});
