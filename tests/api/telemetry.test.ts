import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, connectedDatabases, emsTokenOf, signIn, type Answer, type ConnectedServer } from '../support/api';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The telemetry data calls through the API, with figures worked out by hand from the samples the
 * tests send (the simulator is off, so there is no other telemetry). Runs on the demo: tenant 2
 * (`admin`) with its stations T2-ST1 (storage), T2-PV1 (photovoltaic) and T2-EMS1, which the suite
 * moves to Europe/Berlin before any data call to have days with 23 and 25 hours; tenant 44
 * (`auditor`) is the other tenant.
 *
 * A sample not newer than its variable's last is skipped, so each variable gets its history before
 * its samples of now: the tests run in file order, and those that send samples of now come after
 * those that send history to the same variables.
 */

type Row = Record<string, unknown>;
type Method = 'GET' | 'POST';
/** A sample: variable serial number, time, value. */
type Reading = [sn: string, ts: number, value: number];

const SHANGHAI = 'Asia/Shanghai';
const BERLIN = 'Europe/Berlin';
const ADMIN_NAME = '系统管理员';

/** An instant given as a local time of a zone. */
const at = (local: string, zone = SHANGHAI) => dayjs.tz(local, zone).valueOf();
/** How the answers write an instant: a local time of the station's zone. */
const localTime = (ts: number, zone = SHANGHAI, format = 'YYYY-MM-DD HH:mm:ss') => dayjs(ts).tz(zone).format(format);
/** A series of `length` nulls with figures at some positions. */
const series = (length: number, figures: Record<number, number> = {}) => Array.from({ length }, (_, i) => figures[i] ?? null);
const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => `${pad(h)}:00`);
/** The labels of the days of a month (`MM-DD`), and of the months of a year (`YYYY-MM`). */
const dayKeys = (month: string) =>
  Array.from({ length: dayjs(`${month}-01`).daysInMonth() }, (_, i) => `${month.slice(5)}-${pad(i + 1)}`);
const monthKeys = (year: string) => Array.from({ length: 12 }, (_, i) => `${year}-${pad(i + 1)}`);
const keysOf = (type: 'DAY' | 'MONTH' | 'YEAR', querytime: string) =>
  type === 'DAY' ? HOURS : type === 'MONTH' ? dayKeys(querytime.slice(0, 7)) : monthKeys(querytime.slice(0, 4));

/** The latest instant `justNow` gave. */
let lastNow = 0;

/**
 * Instants of now, in time order and after any given before, within the current local day of
 * Shanghai and the last half minute, so that they count in today's figures.
 */
function justNow(count: number): number[] {
  const now = Date.now();
  const base = Math.max(now - 30_000, dayjs(now).tz(SHANGHAI).startOf('day').valueOf() + 1, lastNow + 1);
  lastNow = base + (count - 1) * 10;
  return Array.from({ length: count }, (_, i) => base + i * 10);
}

/**
 * A day of the storage station T2-ST1 in July, when 13:00–15:00 is the sharp period, with the next
 * day, the first hour of August and a day of September. The counters' growth, by local hour of
 * 15 July: charge 03:00 +100, 04:00 +80, 05:00 +150, 13:00 +50; discharge 09:00 +120, 12:00 +60,
 * 14:00 +40, 19:00 +100, 22:00 +30; grid import 08:00 +40, 13:00 +30, 23:00 +30 (the 00:00 and
 * 02:00 readings are the first, growth 0).
 */
const STORAGE_HISTORY: Reading[] = [
  ['T2-ST1-PCS1.chargeEnergy', at('2025-07-15 02:00'), 1000],
  ['T2-ST1-PCS1.chargeEnergy', at('2025-07-15 03:00'), 1100],
  ['T2-ST1-PCS1.chargeEnergy', at('2025-07-15 05:30'), 1250],
  ['T2-ST1-PCS1.chargeEnergy', at('2025-07-15 13:30'), 1300],
  ['T2-ST1-PCS1.chargeEnergy', at('2025-07-16 00:30'), 1400],
  ['T2-ST1-PCS2.chargeEnergy', at('2025-07-15 02:00'), 500],
  ['T2-ST1-PCS2.chargeEnergy', at('2025-07-15 04:00'), 580],
  ['T2-ST1-PCS2.chargeEnergy', at('2025-08-01 00:30'), 600],
  ['T2-ST1-PCS1.dischargeEnergy', at('2025-07-15 02:00'), 2000],
  ['T2-ST1-PCS1.dischargeEnergy', at('2025-07-15 09:00'), 2120],
  ['T2-ST1-PCS1.dischargeEnergy', at('2025-07-15 14:00'), 2160],
  ['T2-ST1-PCS1.dischargeEnergy', at('2025-07-15 19:00'), 2260],
  ['T2-ST1-PCS1.dischargeEnergy', at('2025-09-10 13:00'), 2260],
  ['T2-ST1-PCS1.dischargeEnergy', at('2025-09-10 13:45'), 2310],
  ['T2-ST1-PCS2.dischargeEnergy', at('2025-07-15 02:00'), 800],
  ['T2-ST1-PCS2.dischargeEnergy', at('2025-07-15 12:00'), 860],
  ['T2-ST1-PCS2.dischargeEnergy', at('2025-07-15 22:00'), 890],
  ['T2-ST1-PCS2.dischargeEnergy', at('2025-07-16 10:00'), 950],
  ['T2-ST1-MTR.importEnergy', at('2025-07-15 00:10'), 10000],
  ['T2-ST1-MTR.importEnergy', at('2025-07-15 08:20'), 10040],
  ['T2-ST1-MTR.importEnergy', at('2025-07-15 13:10'), 10070],
  ['T2-ST1-MTR.importEnergy', at('2025-07-15 23:50'), 10100],
];

/** The devices of the demo's storage and photovoltaic stations: key, name, kind, model, rated power. */
const STORAGE_DEVICES: [string, string, string, string, number?][] = [
  ['EMS', 'EMS 控制器', 'emsController', 'EMS-3000'],
  ['PCS1', '1# PCS', 'pcs', 'PCS-500K', 500],
  ['PCS2', '2# PCS', 'pcs', 'PCS-500K', 500],
  ['BMS', 'BMS 主控', 'bms', 'BMS-M1'],
  ['BC1', '1# 电池簇', 'batteryCluster', 'BC-1000'],
  ['BC2', '2# 电池簇', 'batteryCluster', 'BC-1000'],
  ['MTR', '关口电表', 'meter', 'DTSD1352'],
  ['LOAD', '负荷电表', 'meter', 'DTSD1352'],
  ['TR', '1# 变压器', 'transformer', 'SCB13-1250'],
  ['AC', '储能舱空调', 'airConditioner', 'AC-12K'],
  ['CAM', '储能舱摄像头', 'camera', 'IPC-4MP'],
];
const PV_DEVICES: [string, string, string, string, number?][] = [
  ['EMS', '光伏数据采集器', 'emsController', 'LOG-200'],
  ['INV1', '1# 逆变器', 'pvInverter', 'SG500', 500],
  ['INV2', '2# 逆变器', 'pvInverter', 'SG500', 500],
  ['INV3', '3# 逆变器', 'pvInverter', 'SG500', 500],
  ['MTR', '并网电表', 'meter', 'DTSD1352'],
  ['LOAD', '负荷电表', 'meter', 'DTSD1352'],
  ['TR', '升压变压器', 'transformer', 'S13-1600'],
  ['CAM', '光伏区摄像头', 'camera', 'IPC-4MP'],
];

/** The variables of a PCS and of a BMS: code, name, unit, kind, controllable. */
const PCS_VARIABLES: [string, string, string, string, boolean][] = [
  ['activePower', '有功功率', 'kW', 'gauge', false],
  ['reactivePower', '无功功率', 'kvar', 'gauge', false],
  ['dcVoltage', '直流电压', 'V', 'gauge', false],
  ['temperature', '模块温度', '°C', 'gauge', false],
  ['chargeEnergy', '累计充电量', 'kWh', 'counter', false],
  ['dischargeEnergy', '累计放电量', 'kWh', 'counter', false],
  ['runState', '运行状态', '', 'signal', true],
  ['faultState', '故障状态', '', 'signal', false],
  ['gridMode', '并离网状态', '', 'signal', true],
];
const BMS_VARIABLES: [string, string, string, string, boolean][] = [
  ['soc', 'SOC', '%', 'gauge', false],
  ['soh', 'SOH', '%', 'gauge', false],
  ['voltage', '总电压', 'V', 'gauge', false],
  ['current', '总电流', 'A', 'gauge', false],
  ['maxCellTemp', '最高单体温度', '°C', 'gauge', false],
  ['minCellTemp', '最低单体温度', '°C', 'gauge', false],
  ['alarmState', '告警状态', '', 'signal', false],
];

describe.each(connectedDatabases())('telemetry data calls on $name', ({ start }) => {
  let target: ConnectedServer;
  let ems: string;
  let otherEms: string;

  beforeAll(async () => {
    target = await start();
    // Before any call reads tenant 2's telemetry, which keeps its stations' zones in memory.
    await target.database.db.updateTable('station').set({ timeZone: BERLIN }).where('sn', '=', 'T2-EMS1').execute();
    ems = await emsTokenOf(target.app, await signIn(target.app, 'admin', 'admin123'));
    otherEms = await emsTokenOf(target.app, await signIn(target.app, 'auditor', 'auditor123'));
    await send(STORAGE_HISTORY);
  });
  afterAll(() => target.stop());

  function as<T = unknown>(
    token: string,
    method: Method,
    url: string,
    options: { payload?: unknown; query?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    return call<T>(target.app, token, {
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload as Row }),
      ...(options.query ? { query: options.query } : {}),
    });
  }

  /** The data of a successful call of tenant 2. */
  async function data<T = unknown>(
    method: Method,
    url: string,
    options: { payload?: unknown; query?: Record<string, string> } = {},
  ) {
    const answer = await as<T>(ems, method, url, options);
    expect([url, answer.status, answer.body.code]).toEqual([url, 200, 0]);
    return answer.body.data;
  }

  async function send(readings: Reading[], token = ems): Promise<void> {
    const answer = await as<{ accepted: number }>(token, 'POST', '/ems/api/collector/samples', {
      payload: { samples: readings.map(([sn, ts, value]) => ({ sn, ts, value })) },
    });
    expect(answer.body.data).toMatchObject({ accepted: readings.length, skipped: 0 });
  }

  const idOf = async (table: 'station' | 'device' | 'deviceVariable', sn: string): Promise<number> => {
    const row = await target.database.db.selectFrom(table).select('id').where('sn', '=', sn).executeTakeFirstOrThrow();
    return Number(row.id);
  };

  const statistic = async (sns: string, calcmethod: string, type: string, querytime: string) =>
    data<Row[]>('GET', '/ems/api/main/devices/data/statisticalvalue', { query: { sns, calcmethod, type, querytime } });

  /** A device as the device lists answer it. */
  const deviceOf = async (
    stationSn: string,
    [key, name, kind, model, ratedPower]: [string, string, string, string, number?],
    lastTs?: number,
    zone = SHANGHAI,
  ) => ({
    id: await idOf('device', `${stationSn}-${key}`),
    sn: `${stationSn}-${key}`,
    name,
    kind,
    model,
    ...(ratedPower ? { ratedPower } : {}),
    stationSn,
    status: lastTs !== undefined && Date.now() - lastTs <= 180_000 ? 1 : 0,
    ...(lastTs !== undefined ? { lastTime: localTime(lastTs, zone) } : {}),
  });

  describe('stations and devices', () => {
    test('status detail: devices with a sample in the last 3 minutes communicate; the station does once all of them do', async () => {
      const url = '/ems/api/device/station/get_station_status_detail/T2-ST1';
      const lastOf: Record<string, number> = {
        PCS1: at('2025-09-10 13:45'),
        PCS2: at('2025-08-01 00:30'),
        MTR: at('2025-07-15 23:50'),
      };
      const detail = (unclosedAlarmAmount: number, communicationStatus: number) => ({
        stationSn: 'T2-ST1',
        unclosedAlarmAmount,
        unclosedTaskAmount: 0,
        communicationStatusDetail: STORAGE_DEVICES.map(([key, name]) => {
          const last = lastOf[key];
          return {
            deviceSn: `T2-ST1-${key}`,
            deviceName: name,
            status: last !== undefined && Date.now() - last <= 180_000 ? 1 : 0,
            ...(last !== undefined ? { lastTime: localTime(last) } : {}),
          };
        }),
        communicationStatus,
      });
      expect(await data('GET', url)).toEqual(detail(0, 0));

      // The transformer's oil at 90 °C breaks the demo rule 'oil over 85 °C': one open alarm.
      const times = justNow(11);
      const first: Reading[] = (
        [
          ['T2-ST1-EMS.commStatus', 1],
          ['T2-ST1-PCS1.activePower', -250],
          ['T2-ST1-TR.oilTemp', 90],
        ] as const
      ).map(([sn, value], i) => [sn, times[i] ?? 0, value]);
      const rest: Reading[] = (
        [
          ['T2-ST1-PCS2.temperature', 38],
          ['T2-ST1-BMS.soh', 97],
          ['T2-ST1-BC1.current', -120],
          ['T2-ST1-BC2.current', -118],
          ['T2-ST1-MTR.frequency', 50.02],
          ['T2-ST1-LOAD.loadPower', 412.5],
          ['T2-ST1-AC.setTemp', 24],
          ['T2-ST1-CAM.online', 1],
        ] as const
      ).map(([sn, value], i) => [sn, times[i + 3] ?? 0, value]);
      const deviceKey = (sn: string) => sn.slice('T2-ST1-'.length).split('.')[0] ?? '';

      await send(first);
      for (const [sn, ts] of first) lastOf[deviceKey(sn)] = ts;
      const some = await data<Row>('GET', url);
      expect(some).toEqual(detail(1, 0));
      expect((some.communicationStatusDetail as Row[]).map((d) => d.status)).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0]);

      await send(rest);
      for (const [sn, ts] of rest) lastOf[deviceKey(sn)] = ts;
      expect(await data('GET', url)).toEqual(detail(1, 1));

      // The same devices, with the latest value of each of their variables.
      const sent = new Map<string, [number, number]>([
        ...first.map(([sn, ts, value]): [string, [number, number]] => [sn, [ts, value]]),
        ...rest.map(([sn, ts, value]): [string, [number, number]] => [sn, [ts, value]]),
        ...STORAGE_HISTORY.map(([sn, ts, value]): [string, [number, number]] => [sn, [ts, value]]),
      ]);
      const details = await data<{ device: Row; variables: Row[] }[]>('GET', '/ems/api/device/monitordevice/detailsWithStatus', {
        query: { stationSn: 'T2-ST1' },
      });
      const devices = await data<Row[]>('GET', '/ems/api/device/monitordevice/get_devices_by_station/T2-ST1');
      expect(details.map((d) => d.device)).toEqual(devices);
      expect(devices.every((d) => d.status === 1)).toBe(true);
      for (const { device, variables } of details) {
        const own = await data<Row[]>('GET', `/ems/api/device/monitordevicevar/devices/${String(device.sn)}/devicevars`);
        expect(variables).toEqual(
          own.map(({ sn, unit }) => {
            const value = sent.get(String(sn));
            return value ? { sn, unit, data: value[1], time: localTime(value[0]) } : { sn, unit, data: null };
          }),
        );
      }
      expect(details.flatMap((d) => d.variables).filter((v) => v.data !== null)).toHaveLength(16);
    });

    test('station by sn and the station list count the days in operation from initialTime, in each station zone', async () => {
      const days = (initial: string, zone: string) => Math.floor((Date.now() - at(initial, zone)) / 86_400_000);
      const storage = {
        id: await idOf('station', 'T2-ST1'),
        sn: 'T2-ST1',
        name: '张江储能电站',
        stationType: 'storage',
        address: '上海市浦东新区张江路 88 号',
        fixLineTelephone: '02-88880001',
        capacity: 2000,
        powerSupplyType: 'dual',
        voltageClass: '10kV',
        initialTime: '2024-06-01',
        timeZone: SHANGHAI,
        operatingDays: days('2024-06-01', SHANGHAI),
        longitude: 121.59,
        latitude: 31.2,
      };
      expect(await data('GET', '/ems/api/device/station/get_station_by_sn/T2-ST1')).toEqual(storage);
      const list = await data<Row[]>('GET', '/ems/api/device/station/list');
      expect(list.map((s) => [s.sn, s.timeZone, s.initialTime, s.operatingDays])).toEqual([
        ['T2-ST1', SHANGHAI, '2024-06-01', days('2024-06-01', SHANGHAI)],
        ['T2-PV1', SHANGHAI, '2023-09-15', days('2023-09-15', SHANGHAI)],
        ['T2-EMS1', BERLIN, '2024-11-20', days('2024-11-20', BERLIN)],
        ['T2-ST2', SHANGHAI, '2025-04-18', days('2025-04-18', SHANGHAI)],
        ['T2-ST3', SHANGHAI, '2025-06-30', days('2025-06-30', SHANGHAI)],
      ]);
      expect(list[0]).toEqual(storage);
    });

    test('device lists: a device last heard 4 minutes ago is offline, 2 minutes ago online; all devices are the stations’ in order', async () => {
      const now = Date.now();
      await send([
        ['T2-PV1-CAM.online', now - 240_000, 1],
        ['T2-PV1-TR.oilTemp', now - 120_000, 61.5],
      ]);
      const lastOf: Record<string, number> = { CAM: now - 240_000, TR: now - 120_000 };
      const expected = await Promise.all(PV_DEVICES.map((spec) => deviceOf('T2-PV1', spec, lastOf[spec[0]])));
      expect(expected.map((d) => [d.sn, d.status])).toEqual([
        ['T2-PV1-EMS', 0],
        ['T2-PV1-INV1', 0],
        ['T2-PV1-INV2', 0],
        ['T2-PV1-INV3', 0],
        ['T2-PV1-MTR', 0],
        ['T2-PV1-LOAD', 0],
        ['T2-PV1-TR', 1],
        ['T2-PV1-CAM', 0],
      ]);
      expect(await data('GET', '/ems/api/device/monitordevice/get_devices_by_station/T2-PV1')).toEqual(expected);
      expect(await data('GET', '/ems/api/device/producedevice/get_all_devices', { query: { stationSn: 'T2-PV1' } })).toEqual(
        expected,
      );

      const perStation = [];
      for (const sn of ['T2-ST1', 'T2-PV1', 'T2-EMS1', 'T2-ST2', 'T2-ST3'])
        perStation.push(...(await data<Row[]>('GET', `/ems/api/device/monitordevice/get_devices_by_station/${sn}`)));
      const all = await data<Row[]>('GET', '/ems/api/device/producedevice/get_all_devices');
      expect(all).toHaveLength(52);
      expect(all).toEqual(perStation);
      expect(all.filter((d) => d.stationSn === 'T2-EMS1').every((d) => d.status === 0 && d.lastTime === undefined)).toBe(true);
    });
  });

  describe('variables and realtime values', () => {
    test('the variables of a comma list of devices come in one list, not grouped; codes once each; one device alone', async () => {
      const variable = async (
        deviceSn: string,
        deviceName: string,
        [code, name, unit, kind, controllable]: (typeof PCS_VARIABLES)[0],
      ) => ({
        id: await idOf('deviceVariable', `${deviceSn}.${code}`),
        sn: `${deviceSn}.${code}`,
        name,
        code,
        unit,
        kind,
        controllable,
        deviceSn,
        deviceName,
        stationSn: 'T2-ST1',
      });
      const pcs = await Promise.all(PCS_VARIABLES.map((spec) => variable('T2-ST1-PCS1', '1# PCS', spec)));
      const bms = await Promise.all(BMS_VARIABLES.map((spec) => variable('T2-ST1-BMS', 'BMS 主控', spec)));
      const listed = await data('POST', '/ems/api/collector/monitordevicevardata/devices/devicevars', {
        payload: { deviceSns: 'T2-ST1-BMS, T2-ST1-PCS1' },
      });
      expect(listed).toEqual([...pcs, ...bms]);
      expect(await data('GET', '/ems/api/device/monitordevicevar/devices/T2-ST1-PCS1/devicevars')).toEqual(pcs);

      const codes = await data('POST', '/ems/api/collector/monitordevicevardata/getDeviceVarCodes', {
        payload: { deviceSns: 'T2-ST1-PCS1,T2-ST1-PCS2,T2-ST1-BMS' },
      });
      expect(codes).toEqual([...PCS_VARIABLES, ...BMS_VARIABLES].map(([code, name, unit]) => ({ code, name, unit })));
    });

    test('realtime values come in the order asked, null without a sample; the paged variant answers { sn, data }', async () => {
      const ts = Date.now() - 3_600_000;
      await send([
        ['T2-ST1-PCS1.dcVoltage', ts, 805],
        ['T2-ST1-BC2.voltage', ts + 1000, 402.5],
        ['T2-ST1-TR.loadRate', ts + 2000, 63.5],
      ]);
      const realtime = await data('POST', '/ems/api/main/devices/data/realtime', {
        payload: { sns: 'T2-ST1-BC2.voltage,T2-ST1-BMS.current,T2-ST1-PCS1.dcVoltage' },
      });
      expect(realtime).toEqual([
        { sn: 'T2-ST1-BC2.voltage', data: 402.5, unit: 'V', time: localTime(ts + 1000) },
        { sn: 'T2-ST1-BMS.current', data: null, unit: 'A' },
        { sn: 'T2-ST1-PCS1.dcVoltage', data: 805, unit: 'V', time: localTime(ts) },
      ]);

      const sns = [
        'PCS1.reactivePower',
        'PCS1.dcVoltage',
        'BMS.minCellTemp',
        'BMS.alarmState',
        'BC1.soc',
        'BC1.voltage',
        'BC2.soc',
        'BC2.voltage',
        'MTR.voltageA',
        'MTR.currentA',
        'TR.windingTemp',
        'TR.loadRate',
      ].map((sn) => `T2-ST1-${sn}`);
      const page = (current: string) =>
        data('POST', '/ems/api/main/devices/data/realtime/page', {
          query: { current, size: '10' },
          payload: { sns: sns.join(',') },
        });
      const values: Record<string, number> = {
        'T2-ST1-PCS1.dcVoltage': 805,
        'T2-ST1-BC2.voltage': 402.5,
        'T2-ST1-TR.loadRate': 63.5,
      };
      const records = sns.map((sn) => ({ sn, data: values[sn] ?? null }));
      expect(await page('1')).toEqual({ records: records.slice(0, 10), total: 12, current: 1, size: 10 });
      expect(await page('2')).toEqual({
        records: [
          { sn: 'T2-ST1-TR.windingTemp', data: null },
          { sn: 'T2-ST1-TR.loadRate', data: 63.5 },
        ],
        total: 12,
        current: 2,
        size: 10,
      });
      // The specification's "realtime and /page" read as `main/devices/data/page` answers the same.
      expect(
        await data('POST', '/ems/api/main/devices/data/page', {
          query: { current: '1', size: '10' },
          payload: { sns: sns.join(',') },
        }),
      ).toEqual(await page('1'));
    });
  });

  describe('history: samples, statistics, extremes and trends', () => {
    /** A battery cluster's temperature (°C) and the load meter's energy (kWh) on two days of March and one of May. */
    const TEMPERATURE = 'T2-ST1-BC1.temperature';
    const LOAD_ENERGY = 'T2-ST1-LOAD.loadEnergy';
    /** A hundred samples every five minutes from 08:00, with one peak (41.5 at 11:05) and one dip (12.25 at 14:05). */
    const RAW = 'T2-ST1-BC2.temperature';
    const rawValue = (i: number) => (i === 37 ? 41.5 : i === 73 ? 12.25 : 20 + ((i * 7) % 11));
    const rawTs = (i: number) => at('2025-02-14 08:00') + i * 300_000;
    /** The samples of RAW from `startTime` to `endTime` as historytrend answers them, at most `points` when told. */
    const rawTrend = async (startTime: string, endTime: string, points?: string) =>
      (
        await data<{ datas: { time: string; value: number }[] }[]>(
          'GET',
          '/ems/api/device/monitordevicevar/variables/data/historytrend',
          { query: { sns: RAW, calcmethod: 'AVG', queryPeriod: 'RAW', startTime, endTime, ...(points ? { points } : {}) } },
        )
      )[0]?.datas ?? [];

    beforeAll(async () => {
      await send([
        [TEMPERATURE, at('2025-03-10 09:15'), 20],
        [TEMPERATURE, at('2025-03-10 09:45'), 24],
        [TEMPERATURE, at('2025-03-10 10:30'), 22],
        [TEMPERATURE, at('2025-03-11 08:00'), 30],
        [TEMPERATURE, at('2025-05-02 12:00'), 10],
        [LOAD_ENERGY, at('2025-03-10 09:15'), 100],
        [LOAD_ENERGY, at('2025-03-10 09:45'), 130],
        [LOAD_ENERGY, at('2025-03-10 10:30'), 145],
        [LOAD_ENERGY, at('2025-03-11 08:00'), 190],
        [LOAD_ENERGY, at('2025-05-02 12:00'), 250],
        ...Array.from({ length: 100 }, (_, i): Reading => [RAW, rawTs(i), rawValue(i)]),
      ]);
    });

    test.each([
      ['DIFF', 'DAY', '2025-03-10', LOAD_ENERGY, 'kWh', 45, { 9: 30, 10: 15 }],
      ['DIFF', 'MONTH', '2025-03', LOAD_ENERGY, 'kWh', 90, { 9: 45, 10: 45 }],
      ['DIFF', 'YEAR', '2025', LOAD_ENERGY, 'kWh', 150, { 2: 90, 4: 60 }],
      ['SUM', 'DAY', '2025-03-10 17:30:00', TEMPERATURE, '°C', 66, { 9: 44, 10: 22 }],
      ['SUM', 'MONTH', '2025-03', TEMPERATURE, '°C', 96, { 9: 66, 10: 30 }],
      ['SUM', 'YEAR', '2025', TEMPERATURE, '°C', 106, { 2: 96, 4: 10 }],
      // Averages by time: each sample holds until the next, at most an hour, in the hours it passes
      // in: 20 for 09:15-09:45, 24 for 09:45-10:30, 22 for 10:30-11:00 (the rest of its hour of
      // hold passes in an hour without samples), 30 for an hour on the 11th; May's sample, the
      // latest, holds for no time yet (alone in its month, it is its average).
      [
        'AVG',
        'DAY',
        '2025-03-10',
        TEMPERATURE,
        '°C',
        (20 * 30 + 24 * 45 + 22 * 30) / 105,
        { 9: (20 * 30 + 24 * 15) / 45, 10: 23 },
      ],
      [
        'AVG',
        'MONTH',
        '2025-03-20',
        TEMPERATURE,
        '°C',
        (20 * 30 + 24 * 45 + 22 * 30 + 30 * 60) / 165,
        { 9: (20 * 30 + 24 * 45 + 22 * 30) / 105, 10: 30 },
      ],
      [
        'AVG',
        'YEAR',
        '2025',
        TEMPERATURE,
        '°C',
        (20 * 30 + 24 * 45 + 22 * 30 + 30 * 60) / 165,
        { 2: (20 * 30 + 24 * 45 + 22 * 30 + 30 * 60) / 165, 4: 10 },
      ],
      ['MAX', 'DAY', '2025-03-10', TEMPERATURE, '°C', 24, { 9: 24, 10: 22 }],
      ['MAX', 'MONTH', '2025-03', TEMPERATURE, '°C', 30, { 9: 24, 10: 30 }],
      ['MAX', 'YEAR', '2025-07', TEMPERATURE, '°C', 30, { 2: 30, 4: 10 }],
      ['MIN', 'DAY', '2025-03-10', TEMPERATURE, '°C', 20, { 9: 20, 10: 22 }],
      ['MIN', 'MONTH', '2025-03', TEMPERATURE, '°C', 20, { 9: 20, 10: 30 }],
      ['MIN', 'YEAR', '2025', TEMPERATURE, '°C', 10, { 2: 20, 4: 10 }],
    ] as const)('statisticalvalue %s over the %s of %s', async (method, type, querytime, sn, unit, value, figures) => {
      const keys = keysOf(type, querytime);
      expect(await statistic(sn, method, type, querytime)).toEqual([
        { sn, unit, value, datas: series(keys.length, figures), time_keys: keys },
      ]);
    });

    test('statisticalvalue answers each variable asked, in order', async () => {
      const answer = await statistic(`${TEMPERATURE},${LOAD_ENERGY}`, 'MAX', 'MONTH', '2025-05');
      expect(answer.map((a) => [a.sn, a.value, a.unit])).toEqual([
        [TEMPERATURE, 10, '°C'],
        [LOAD_ENERGY, 250, 'kWh'],
      ]);
    });

    test.each([
      ['MAX', '2025-03-10 00:00', '2025-03-12 00:00', 30],
      ['MIN', '2025-03-10 00:00', '2025-03-12 00:00', 20],
      ['MAX', '2025-03-10 09:40', '2025-03-10 10:00', 24],
      ['MIN', '2025-03-10 09:40', '2025-03-10 10:00', 20],
      ['MAX', '2025-03-10 10:00', '2025-03-10 11:00:00', 22],
      ['MIN', '2025-03-10 10:59', '2025-03-11 08:00', 22],
      ['MAX', '2025-04-01', '2025-04-30', null],
    ] as const)(
      'accusummarized %s from %s to %s (whole hours that overlap) is %s',
      async (calcmethod, startTime, endTime, value) => {
        const answer = await data('GET', '/ems/api/main/devices/data/accusummarized', {
          query: { sns: `${TEMPERATURE},${RAW}`, calcmethod, startTime, endTime },
        });
        expect(answer).toEqual([
          { sn: TEMPERATURE, value, unit: '°C' },
          { sn: RAW, value: null, unit: '°C' },
        ]);
      },
    );

    test.each([
      [
        'HOUR',
        '2025-03-10 00:00',
        '2025-03-12 00:00',
        [
          ['2025-03-10 09:00:00', 30],
          ['2025-03-10 10:00:00', 15],
          ['2025-03-11 08:00:00', 45],
        ],
      ],
      [
        'DAY',
        '2025-03-01',
        '2025-06-01',
        [
          ['2025-03-10', 45],
          ['2025-03-11', 45],
          ['2025-05-02', 60],
        ],
      ],
      [
        'MONTH',
        '2025-01-01',
        '2026-01-01',
        [
          ['2025-03', 90],
          ['2025-05', 60],
        ],
      ],
      ['DAY', '2025-04-01', '2025-05-01', []],
    ] as const)('historytrend DIFF per %s from %s to %s', async (queryPeriod, startTime, endTime, points) => {
      const answer = await data('GET', '/ems/api/device/monitordevicevar/variables/data/historytrend', {
        query: { sns: LOAD_ENERGY, calcmethod: 'DIFF', queryPeriod, startTime, endTime },
      });
      expect(answer).toEqual([
        { sn: LOAD_ENERGY, name: '累计用电量', unit: 'kWh', datas: points.map(([time, value]) => ({ time, value })) },
      ]);
    });

    // The date format of §9, YYYY-MM-DD HH:mm:ss.000, as the platform's widgets send their ranges.
    test.each([
      ['2025-03-01 00:00:00.000', '2025-06-01 00:00:00.000', 200],
      ['2025-03-01 00:00:00.500', '2025-06-01 00:00:00.000', 200],
      ['2025-03-01 00:00:00.00', '2025-06-01 00:00:00.000', 400],
      ['2025-02-30 00:00:00.000', '2025-06-01 00:00:00.000', 400],
    ] as const)('historytrend from %s to %s answers %s', async (startTime, endTime, status) => {
      const url = '/ems/api/device/monitordevicevar/variables/data/historytrend';
      const query = { sns: LOAD_ENERGY, calcmethod: 'DIFF', queryPeriod: 'DAY' };
      const answer = await as(ems, 'GET', url, { query: { ...query, startTime, endTime } });
      expect(answer.status).toBe(status);
      if (status === 200) {
        // The same days as the same range written as days.
        expect(answer.body.data).toEqual(
          await data('GET', url, { query: { ...query, startTime: '2025-03-01', endTime: '2025-06-01' } }),
        );
      }
    });

    test('historytrend RAW keeps at most `points` points, among them the highest and the lowest sample', async () => {
      const raw = new Map(Array.from({ length: 100 }, (_, i) => [localTime(rawTs(i)), rawValue(i)]));
      const trend = (points?: string) => rawTrend('2025-02-14 00:00', '2025-02-15 00:00', points);
      expect(await trend()).toEqual([...raw].map(([time, value]) => ({ time, value })));

      const twenty = await trend('20');
      expect(twenty.length).toBeGreaterThan(2);
      expect(twenty.length).toBeLessThanOrEqual(20);
      expect(twenty).toContainEqual({ time: '2025-02-14 11:05:00', value: 41.5 });
      expect(twenty).toContainEqual({ time: '2025-02-14 14:05:00', value: 12.25 });
      for (const point of twenty) expect(raw.get(point.time)).toBe(point.value);
      expect(twenty.map((p) => p.time)).toEqual(twenty.map((p) => p.time).sort());

      expect(await trend('2')).toEqual([
        { time: '2025-02-14 11:05:00', value: 41.5 },
        { time: '2025-02-14 14:05:00', value: 12.25 },
      ]);
    });

    test('historytrend RAW and onetimedatas give one point per second: of samples within a second, the last', async () => {
      // Two days after the hundred samples (a sample older than a variable's last is skipped).
      const nine = at('2025-02-16 09:00');
      await send([
        [RAW, nine, 30],
        [RAW, nine + 600, 31],
        [RAW, nine + 5_000, 32],
      ]);
      const points = [
        { time: '2025-02-16 09:00:00', value: 31 },
        { time: '2025-02-16 09:00:05', value: 32 },
      ];
      expect(await rawTrend('2025-02-16 00:00', '2025-02-17 00:00')).toEqual(points);
      const samples = await data<string>('GET', '/ems/api/main/devices/data/onetimedatas', {
        query: { sns: RAW, querytimes: '2025-02-16,2025-02-17' },
      });
      expect(JSON.parse(samples)).toEqual([{ sn: RAW, unit: '°C', values: points }]);
    });

    test('onetimedatas answers the samples from start (included) to end (excluded) as a JSON string', async () => {
      const answer = await data<string>('GET', '/ems/api/main/devices/data/onetimedatas', {
        query: { sns: `${RAW},${TEMPERATURE}`, querytimes: '2025-02-14 08:00:00,2025-02-14 08:30:00' },
      });
      expect(typeof answer).toBe('string');
      expect(JSON.parse(answer)).toEqual([
        {
          sn: RAW,
          unit: '°C',
          values: [20, 27, 23, 30, 26, 22].map((value, i) => ({ time: `2025-02-14 08:${pad(i * 5)}:00`, value })),
        },
        { sn: TEMPERATURE, unit: '°C', values: [] },
      ]);
      const fewer = await data<string>('GET', '/ems/api/main/devices/data/onetimedatas', {
        query: { sns: RAW, querytimes: '2025-02-14,2025-02-15', points: '2' },
      });
      expect(JSON.parse(fewer)).toEqual([
        {
          sn: RAW,
          unit: '°C',
          values: [
            { time: '2025-02-14 11:05:00', value: 41.5 },
            { time: '2025-02-14 14:05:00', value: 12.25 },
          ],
        },
      ]);
    });
  });

  describe('energy maths', () => {
    interface Check {
      type: 'DAY' | 'MONTH' | 'YEAR';
      querytime: string;
      value: number | null;
      figures?: Record<number, number>;
      keys?: string[];
    }

    const checkAll = async (sn: string, checks: Check[]) => {
      for (const { type, querytime, value, figures = {}, keys = keysOf(type, querytime) } of checks) {
        const [answer] = await statistic(sn, 'DIFF', type, querytime);
        expect([type, querytime, answer?.value, answer?.datas, answer?.time_keys]).toEqual([
          type,
          querytime,
          value,
          series(keys.length, figures),
          keys,
        ]);
      }
    };

    test.each([
      {
        title: 'growth read at 00:20 on 1 February (16:20 UTC on 31 January) counts in February',
        sn: 'T2-ST1-MTR.exportEnergy',
        readings: [
          ['2025-01-31 23:40', 500],
          ['2025-02-01 00:20', 540],
        ],
        checks: [
          { type: 'MONTH', querytime: '2025-02', value: 40, figures: { 0: 40 } },
          { type: 'MONTH', querytime: '2025-01', value: 0, figures: { 30: 0 } },
          { type: 'DAY', querytime: '2025-02-01', value: 40, figures: { 0: 40 } },
          { type: 'DAY', querytime: '2025-01-31', value: 0, figures: { 23: 0 } },
        ],
      },
      {
        title: 'growth read at 00:30 on 1 January 2025 (16:30 UTC on 31 December 2024) counts in 2025',
        sn: 'T2-PV1-MTR.exportEnergy',
        readings: [
          ['2024-12-31 23:30', 7000],
          ['2025-01-01 00:30', 7075],
        ],
        checks: [
          { type: 'YEAR', querytime: '2025', value: 75, figures: { 0: 75 } },
          { type: 'YEAR', querytime: '2024', value: 0, figures: { 11: 0 } },
          { type: 'MONTH', querytime: '2025-01', value: 75, figures: { 0: 75 } },
          { type: 'DAY', querytime: '2025-01-01', value: 75, figures: { 0: 75 } },
        ],
      },
    ] as const)('Asia/Shanghai: $title', async ({ sn, readings, checks }) => {
      await send(readings.map(([time, value]) => [sn, at(time), value]));
      await checkAll(sn, [...checks]);
    });

    describe('in Europe/Berlin, a zone with daylight saving', () => {
      const SPRING = ['00:00', '01:00', ...HOURS.slice(3)];
      const AUTUMN = ['00:00', '01:00', '02:00', ...HOURS.slice(2)];

      test.each([
        {
          title: 'the day the clocks go forward has 23 hours, without 02:00',
          sn: 'T2-EMS1-MTR.exportEnergy',
          readings: [
            ['2025-03-29T23:30:00Z', 100],
            ['2025-03-30T00:30:00Z', 110],
            ['2025-03-30T01:30:00Z', 130],
            ['2025-03-30T21:30:00Z', 160],
          ],
          checks: [
            { type: 'DAY', querytime: '2025-03-30', value: 60, figures: { 0: 0, 1: 10, 2: 20, 22: 30 }, keys: SPRING },
            { type: 'MONTH', querytime: '2025-03', value: 60, figures: { 29: 60 } },
          ],
        },
        {
          title: 'the day the clocks go back has 25 hours, 02:00 twice, each with its own growth',
          sn: 'T2-EMS1-MTR.importEnergy',
          readings: [
            ['2025-10-25T22:30:00Z', 1000],
            ['2025-10-26T00:30:00Z', 1010],
            ['2025-10-26T01:30:00Z', 1030],
            ['2025-10-26T22:30:00Z', 1060],
          ],
          checks: [
            { type: 'DAY', querytime: '2025-10-26', value: 60, figures: { 0: 0, 2: 10, 3: 20, 24: 30 }, keys: AUTUMN },
            { type: 'DAY', querytime: '2025-10-25', value: null },
            { type: 'MONTH', querytime: '2025-10', value: 60, figures: { 25: 60 } },
          ],
        },
        {
          title: 'growth read at 00:30 on 1 April (22:30 UTC on 31 March) counts in April',
          sn: 'T2-EMS1-LOAD.loadEnergy',
          readings: [
            ['2025-03-31T21:30:00Z', 400],
            ['2025-03-31T22:30:00Z', 425],
          ],
          checks: [
            { type: 'MONTH', querytime: '2025-04', value: 25, figures: { 0: 25 } },
            { type: 'MONTH', querytime: '2025-03', value: 0, figures: { 30: 0 } },
            { type: 'DAY', querytime: '2025-04-01', value: 25, figures: { 0: 25 } },
          ],
        },
        {
          title: 'growth read at 00:30 on 1 January 2025 (23:30 UTC on 31 December) counts in 2025',
          sn: 'T2-EMS1-PCS1.chargeEnergy',
          readings: [
            ['2024-12-31T22:30:00Z', 50],
            ['2024-12-31T23:30:00Z', 80],
          ],
          checks: [
            { type: 'YEAR', querytime: '2025', value: 30, figures: { 0: 30 } },
            { type: 'YEAR', querytime: '2024', value: 0, figures: { 11: 0 } },
          ],
        },
      ] as const)('$title', async ({ sn, readings, checks }) => {
        await send(readings.map(([time, value]) => [sn, Date.parse(time), value]));
        await checkAll(sn, [...checks]);
      });

      test('on the day the clocks go back, each 02:00 hour of a label is priced with its own energy', async () => {
        const tree = await data<Row[]>('GET', '/ems/api/energy/energylabel/gettree/T2-EMS1');
        const label = tree.find((l) => l.name === '关口购电');
        const answer = await data('POST', '/ems/api/energy/energylabel/electricaldegreeandchargetrend', {
          payload: { labelId: label?.id, type: 'DAY', querytime: '2025-10-26' },
        });
        expect(answer).toEqual([
          {
            labelId: label?.id,
            name: '关口购电',
            unit: 'kWh',
            value: 60,
            datas: series(25, { 0: 0, 2: 10, 3: 20, 24: 30 }),
            time_keys: AUTUMN,
            charges: series(25, { 0: 0, 2: 3.2, 3: 6.4, 24: 20.4 }),
            charge: 30,
          },
        ]);
        const degree = await data<Row>('GET', '/ems/api/device/station/dailyDegree/T2-EMS1', { query: { day: '2025-10-26' } });
        expect(degree.time_keys).toEqual(AUTUMN);
        expect(degree.gridImport).toEqual(series(25, { 0: 0, 2: 10, 3: 20, 24: 30 }));
        expect(degree.pvYield).toEqual(series(25));
      });
    });

    test.each([
      {
        title: 'a reading below the one before is a reset: the new reading counts as growth',
        readings: [
          ['2025-04-08 09:10', 900],
          ['2025-04-08 09:40', 950],
          ['2025-04-08 10:05', 20],
          ['2025-04-08 10:35', 45],
        ],
        checks: [
          { type: 'DAY', querytime: '2025-04-08', value: 95, figures: { 9: 50, 10: 45 } },
          { type: 'MONTH', querytime: '2025-04', value: 95, figures: { 7: 95 } },
        ],
      },
      {
        title: 'a reset to zero counts no growth; the readings after it grow from zero',
        readings: [
          ['2025-04-09 09:00', 45],
          ['2025-04-09 09:20', 105],
          ['2025-04-09 09:30', 0],
          ['2025-04-09 10:30', 12.5],
        ],
        checks: [{ type: 'DAY', querytime: '2025-04-09', value: 72.5, figures: { 9: 60, 10: 12.5 } }],
      },
    ] as const)('$title', async ({ readings, checks }) => {
      const sn = 'T2-PV1-LOAD.loadEnergy';
      await send(readings.map(([time, value]) => [sn, at(time), value]));
      await checkAll(sn, [...checks]);
    });

    test.each([
      ['DAY', '2025-04-10'],
      ['MONTH', '2025-05'],
      ['YEAR', '2023'],
    ] as const)('an empty %s (%s) has value null and a series of nulls, not 0', async (type, querytime) => {
      const keys = keysOf(type, querytime);
      for (const method of ['DIFF', 'SUM', 'AVG', 'MAX', 'MIN']) {
        expect(await statistic('T2-PV1-LOAD.loadEnergy', method, type, querytime)).toEqual([
          { sn: 'T2-PV1-LOAD.loadEnergy', unit: 'kWh', value: null, datas: series(keys.length), time_keys: keys },
        ]);
      }
    });

    describe('chain comparisons against the period before', () => {
      const SN = 'T2-PV1-MTR.importEnergy';

      beforeAll(async () => {
        await send(
          (
            [
              ['2024-06-01 10:00', 0],
              ['2024-06-01 11:00', 200],
              ['2025-05-20 10:00', 260],
              ['2025-06-09 10:00', 300],
              ['2025-06-10 10:00', 345],
            ] as const
          ).map(([time, value]) => [SN, at(time), value]),
        );
      });

      test.each([
        ['DAY', '2025-06-10', '2025-06-09', 45, 40, 5],
        ['MONTH', '2025-06', '2025-05', 85, 60, 25],
        ['YEAR', '2025', '2024', 145, 200, -55],
      ] as const)('%s %s against %s: %s against %s, a change of %s', async (type, querytime, previous, value, before, change) => {
        const [now] = await statistic(SN, 'DIFF', type, querytime);
        const [then] = await statistic(SN, 'DIFF', type, previous);
        expect([now?.value, then?.value]).toEqual([value, before]);
        expect(Number(now?.value) - Number(then?.value)).toBe(change);
      });
    });
  });

  describe('station figures', () => {
    test('monthlyCharge prices each hour by the tariff: 15 July 2025 by hand, and the months around it', async () => {
      // 15 July: charge 300 + 80 = 380, discharge 260 + 90 = 350; revenue, (discharge − charge) × price per hour:
      // 03h −100 × 0.32, 04h −80 × 0.32, 05h −150 × 0.32, 09h 120 × 1.12, 12h 60 × 0.68, 13h −50 × 1.35 (sharp),
      // 14h 40 × 1.35, 19h 100 × 1.12, 22h 30 × 0.68 = −32 − 25.6 − 48 + 134.4 + 40.8 − 67.5 + 54 + 112 + 20.4 = 188.5.
      // 16 July: 00h −100 × 0.32 + 10h 60 × 1.12 = 35.2.
      const month = (m: string) => data('GET', '/ems/api/device/station/monthlyCharge/T2-ST1', { query: { month: m } });
      expect(await month('2025-07')).toEqual({
        month: '2025-07',
        days: [
          { day: '2025-07-15', charge: 380, discharge: 350, revenue: 188.5 },
          { day: '2025-07-16', charge: 100, discharge: 60, revenue: 35.2 },
        ],
        total: { charge: 480, discharge: 410, revenue: 223.7 },
      });
      // Read at 00:30 on 1 August (16:30 UTC on 31 July): August's, in the valley.
      expect(await month('2025-08')).toEqual({
        month: '2025-08',
        days: [{ day: '2025-08-01', charge: 20, discharge: 0, revenue: -6.4 }],
        total: { charge: 20, discharge: 0, revenue: -6.4 },
      });
      // 13:00–15:00 is flat outside July and August.
      expect(await month('2025-09')).toEqual({
        month: '2025-09',
        days: [{ day: '2025-09-10', charge: 0, discharge: 50, revenue: 34 }],
        total: { charge: 0, discharge: 50, revenue: 34 },
      });
      expect(await month('2025-06')).toMatchObject({ month: '2025-06', days: [] });
    });

    test('station charge answers the purchase prices and the day energy and revenue by tariff period', async () => {
      const day = (queryTime: string) =>
        data<Row>('GET', '/ems/api/device/stationcharge/get_station_charge/T2-ST1', {
          query: { chargeType: 'purchase', queryTime },
        });
      const july = await day('2025-07-15');
      expect(july).toMatchObject({
        stationSn: 'T2-ST1',
        chargeType: 'purchase',
        day: '2025-07-15',
        energy: [
          { period: 'sharp', charge: 50, discharge: 40, revenue: -13.5 },
          { period: 'peak', charge: 0, discharge: 220, revenue: 246.4 },
          { period: 'flat', charge: 0, discharge: 90, revenue: 61.2 },
          { period: 'valley', charge: 330, discharge: 0, revenue: -105.6 },
        ],
        total: { charge: 380, discharge: 350, revenue: 188.5 },
      });
      expect(july.periods).toEqual([
        { startTime: '00:00', endTime: '08:00', period: 'valley', price: 0.32 },
        { startTime: '08:00', endTime: '11:00', period: 'peak', price: 1.12 },
        { startTime: '11:00', endTime: '13:00', period: 'flat', price: 0.68 },
        { startTime: '13:00', endTime: '15:00', period: 'sharp', price: 1.35, months: [7, 8] },
        { startTime: '13:00', endTime: '15:00', period: 'flat', price: 0.68, months: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] },
        { startTime: '15:00', endTime: '18:00', period: 'flat', price: 0.68 },
        { startTime: '18:00', endTime: '21:00', period: 'peak', price: 1.12 },
        { startTime: '21:00', endTime: '24:00', period: 'flat', price: 0.68 },
      ]);
      expect(await day('2025-09-10 08:00:00')).toMatchObject({
        day: '2025-09-10',
        energy: [
          // No sample in those hours: nothing to say, rather than 0.
          { period: 'sharp', charge: null, discharge: null, revenue: null },
          { period: 'peak', charge: null, discharge: null, revenue: null },
          { period: 'flat', charge: 0, discharge: 50, revenue: 34 },
          { period: 'valley', charge: null, discharge: null, revenue: null },
        ],
        total: { charge: 0, discharge: 50, revenue: 34 },
      });
      const settlement = await data<Row>('GET', '/ems/api/device/stationcharge/get_station_charge/T2-ST1', {
        query: { chargeType: 'settlement', queryTime: '2025-07-15' },
      });
      expect(settlement).toMatchObject({
        chargeType: 'settlement',
        periods: [{ startTime: '00:00', endTime: '24:00', period: 'flat', price: 0.65 }],
        total: { charge: 380, discharge: 350, revenue: -19.5 },
      });
    });

    test('station charge days answer, as one range, what station charge answers for each day', async () => {
      const days = await data<Row[]>('GET', '/ems/api/device/stationcharge/get_station_charge_days/T2-ST1', {
        query: { chargeType: 'purchase', startDay: '2025-07-14', endDay: '2025-07-16' },
      });
      expect(days.map((day) => day.day)).toEqual(['2025-07-14', '2025-07-15', '2025-07-16']);
      for (const day of days) {
        const alone = await data<Row>('GET', '/ems/api/device/stationcharge/get_station_charge/T2-ST1', {
          query: { chargeType: 'purchase', queryTime: String(day.day) },
        });
        expect(day).toEqual(alone);
      }
      expect(days[1]?.total).toEqual({ charge: 380, discharge: 350, revenue: 188.5 });
      // A month of days is at most 31.
      const month = await data<Row[]>('GET', '/ems/api/device/stationcharge/get_station_charge_days/T2-ST1', {
        query: { startDay: '2025-07-01', endDay: '2025-07-31' },
      });
      expect(month).toHaveLength(31);
    });

    test.each([
      ['the end before the start', { startDay: '2025-07-16', endDay: '2025-07-14' }, 'endDay'],
      ['more than 31 days', { startDay: '2025-07-01', endDay: '2025-08-01' }, 'endDay'],
      ['a day that does not exist', { startDay: '2025-02-30', endDay: '2025-03-01' }, 'startDay'],
      ['no end', { startDay: '2025-07-01' }, 'endDay'],
    ])('station charge days refuse %s with 400, naming the field', async (_, query, field) => {
      const answer = await as(ems, 'GET', '/ems/api/device/stationcharge/get_station_charge_days/T2-ST1', { query });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(40001);
      expect(answer.body.msg).toMatch(field);
    });

    test('dailyDegree answers the energy of each hour of a day by flow, null where nothing was read', async () => {
      expect(await data('GET', '/ems/api/device/station/dailyDegree/T2-ST1', { query: { day: '2025-07-15' } })).toEqual({
        day: '2025-07-15',
        time_keys: HOURS,
        pvYield: [],
        charge: series(24, { 2: 0, 3: 100, 4: 80, 5: 150, 13: 50 }),
        discharge: series(24, { 2: 0, 9: 120, 12: 60, 14: 40, 19: 100, 22: 30 }),
        loadEnergy: series(24),
        gridImport: series(24, { 0: 0, 8: 40, 13: 30, 23: 30 }),
        gridExport: series(24),
      });
    });

    test('dailyLoad: the samples of a day of the last 14 days (one a minute), the hourly averages of an older day', async () => {
      const recent = dayjs().tz(SHANGHAI).subtract(4, 'day').format('YYYY-MM-DD');
      await send([
        ['T2-PV1-LOAD.loadPower', at('2025-05-06 10:00'), 100],
        ['T2-PV1-LOAD.loadPower', at('2025-05-06 10:30'), 200],
        ['T2-PV1-LOAD.loadPower', at('2025-05-06 11:15'), 50],
        ['T2-PV1-LOAD.loadPower', at(`${recent} 08:00`), 120.5],
        ['T2-PV1-LOAD.loadPower', at(`${recent} 08:15`), 130.25],
        ['T2-PV1-LOAD.loadPower', at(`${recent} 08:30`), 99.999],
        ['T2-PV1-LOAD.loadPower', at(`${recent} 08:45`), 80],
        ['T2-PV1-LOAD.loadPower', at(`${recent} 08:45:20`), 90.004],
      ]);
      const load = (day: string) => data('GET', '/ems/api/device/station/dailyLoad/T2-PV1', { query: { day } });
      expect(await load(recent)).toEqual({
        day: recent,
        unit: 'kW',
        datas: [
          { time: '08:00', value: 120.5 },
          { time: '08:15', value: 130.25 },
          { time: '08:30', value: 100 },
          // The time is written to the minute: of two samples within one, the last.
          { time: '08:45', value: 90 },
        ],
      });
      expect(await load('2025-05-06')).toEqual({
        day: '2025-05-06',
        unit: 'kW',
        // Averages by time: 100 for 10:00-10:30, 200 for 10:30-11:15, 50 from 11:15 for an hour
        // (the next sample is days later).
        datas: [
          { time: '10:00', value: 150 },
          { time: '11:00', value: (200 * 15 + 50 * 45) / 60 },
        ],
      });
    });

    test('PV power trend adds the inverters up at the same instants (raw for a recent day, hourly for an older one)', async () => {
      const recent = dayjs().tz(SHANGHAI).subtract(3, 'day').format('YYYY-MM-DD');
      const inverter = (n: number) => `T2-PV1-INV${n}.activePower`;
      await send([
        [inverter(1), at('2025-06-20 12:00'), 300],
        [inverter(1), at('2025-06-20 12:30'), 320],
        [inverter(1), at('2025-06-20 13:00'), 100],
        [inverter(2), at('2025-06-20 12:10'), 280],
        [inverter(1), at(`${recent} 11:00`), 100],
        [inverter(2), at(`${recent} 11:00`), 110],
        [inverter(3), at(`${recent} 11:00`), 120],
        [inverter(1), at(`${recent} 11:05`), 101],
        [inverter(2), at(`${recent} 11:05`), 111],
        [inverter(3), at(`${recent} 11:05`), 121.25],
        [inverter(1), at(`${recent} 11:07`), 99],
      ]);
      const trend = (day: string) => data('GET', '/ems/api/photovoltaic/powerTrend/T2-PV1', { query: { day } });
      expect(await trend(recent)).toEqual({
        day: recent,
        unit: 'kW',
        datas: [
          { time: '11:00', value: 330 },
          { time: '11:05', value: 333.25 },
          { time: '11:07', value: 99 },
        ],
      });
      expect(await trend('2025-06-20')).toEqual({
        day: '2025-06-20',
        unit: 'kW',
        datas: [
          { time: '12:00', value: 590 },
          { time: '13:00', value: 100 },
        ],
      });
    });

    test('station detail: power now, energy today, this month, this year and in all', async () => {
      const [t1, t2] = justNow(2) as [number, number];
      // A counter read 0 restarts from zero (no growth), whatever it read before.
      await send([
        ['T2-ST1-PCS1.activePower', t1, 180],
        ['T2-ST1-PCS2.activePower', t1, 170.5],
        ['T2-ST1-LOAD.loadPower', t1, 433.25],
        ['T2-ST1-MTR.activePower', t1, 82.75],
        ['T2-ST1-BMS.soc', t1, 64.5],
        ['T2-ST1-PCS1.chargeEnergy', t1, 0],
        ['T2-ST1-PCS1.chargeEnergy', t2, 25],
        ['T2-ST1-PCS2.chargeEnergy', t1, 0],
        ['T2-ST1-PCS2.chargeEnergy', t2, 10],
        ['T2-ST1-PCS1.dischargeEnergy', t1, 0],
        ['T2-ST1-PCS1.dischargeEnergy', t2, 40],
        ['T2-ST1-PCS2.dischargeEnergy', t1, 0],
        ['T2-ST1-PCS2.dischargeEnergy', t2, 30],
        ['T2-ST1-LOAD.loadEnergy', t1, 0],
        ['T2-ST1-LOAD.loadEnergy', t2, 7.5],
        ['T2-ST1-MTR.importEnergy', t1, 0],
        ['T2-ST1-MTR.importEnergy', t2, 12],
      ]);
      const energy = { pvYield: null, charge: 35, discharge: 70, loadEnergy: 7.5, gridImport: 12, gridExport: null };
      expect(await data('GET', '/ems/api/device/station/detail/T2-ST1')).toEqual({
        stationSn: 'T2-ST1',
        now: { pvPower: null, pcsPower: 350.5, loadPower: 433.25, gridPower: 82.75, soc: 64.5 },
        today: energy,
        month: energy,
        year: energy,
        total: { pvYield: null, charge: 35, discharge: 70 },
      });
    });

    test('PV key data: power now, yields today, this month, this year and in all, equivalent hours and CO2 avoided', async () => {
      const [t1, t2] = justNow(2) as [number, number];
      const yesterday = at(`${dayjs().tz(SHANGHAI).subtract(1, 'day').format('YYYY-MM-DD')} 12:00`);
      await send([
        ['T2-PV1-INV1.totalYield', at('2025-06-01 12:00'), 9000],
        ['T2-PV1-INV1.totalYield', t1, 10000],
        ['T2-PV1-INV1.totalYield', t2, 10012.5],
        ['T2-PV1-INV2.totalYield', yesterday, 19990],
        ['T2-PV1-INV2.totalYield', t1, 20000],
        ['T2-PV1-INV2.totalYield', t2, 20010],
        ['T2-PV1-INV3.totalYield', t1, 5000],
        ['T2-PV1-INV3.totalYield', t2, 5007.5],
        ['T2-PV1-INV1.activePower', t2, 410.5],
        ['T2-PV1-INV2.activePower', t2, 395],
        ['T2-PV1-INV3.activePower', t2, 402.25],
        ['T2-PV1-INV1.dailyYield', t2, 1012.5],
        ['T2-PV1-INV1.efficiency', t2, 98.4],
        ['T2-PV1-INV1.temperature', t2, 48],
      ]);
      // Today: INV1 grew 1000 since its reading of 2025, then 12.5; INV2 10 since yesterday, then 10; INV3 7.5.
      expect(await data('GET', '/ems/api/photovoltaic/keyData/T2-PV1')).toEqual({
        stationSn: 'T2-PV1',
        capacity: 1500,
        power: 1207.75,
        todayYield: 1040,
        monthYield: 1040,
        yearYield: 1040,
        totalYield: 35030,
        equivalentHours: 0.69,
        co2Reduction: 19.98,
      });

      const inverters = await data('GET', '/ems/api/photovoltaic/inverters/T2-PV1');
      const device = (n: number) => deviceOf('T2-PV1', PV_DEVICES[n] as [string, string, string, string, number], t2);
      expect(inverters).toEqual([
        { ...(await device(1)), power: 410.5, dailyYield: 1012.5, totalYield: 10012.5, efficiency: 98.4, temperature: 48 },
        { ...(await device(2)), power: 395, dailyYield: null, totalYield: 20010, efficiency: null, temperature: null },
        { ...(await device(3)), power: 402.25, dailyYield: null, totalYield: 5007.5, efficiency: null, temperature: null },
      ]);
      expect((inverters as Row[]).map((i) => i.status)).toEqual([1, 1, 1]);
    });

    test('PV weather is simulated for today and the two days after, each day low ≤ high', async () => {
      const before = localTime(Date.now());
      const weather = await data<Row & { days: Row[] }>('GET', '/ems/api/photovoltaic/weather/T2-PV1');
      const after = localTime(Date.now());
      const today = dayjs().tz(SHANGHAI);
      expect(weather).toMatchObject({ stationSn: 'T2-PV1', source: 'simulated' });
      expect(String(weather.time) >= before && String(weather.time) <= after).toBe(true);
      expect(weather.days.map((d) => d.date)).toEqual([0, 1, 2].map((n) => today.add(n, 'day').format('YYYY-MM-DD')));
      for (const day of weather.days) expect(Number(day.low)).toBeLessThanOrEqual(Number(day.high));
      expect(typeof weather.temperature).toBe('number');
      expect(Number(weather.irradiance)).toBeGreaterThanOrEqual(0);
    });
  });

  describe('energy labels', () => {
    /** The labels of T2-ST1 on 15 July 2025 (DAY): energy by hour, its cost by hour at the purchase prices, and the totals. */
    const JULY_15: Record<
      string,
      { value: number | null; datas: Record<number, number>; charges: Record<number, number>; charge: number | null }
    > = {
      关口购电: {
        value: 100,
        datas: { 0: 0, 8: 40, 13: 30, 23: 30 },
        charges: { 0: 0, 8: 44.8, 13: 40.5, 23: 20.4 },
        charge: 105.7,
      },
      关口上网: { value: null, datas: {}, charges: {}, charge: null },
      负荷用电: { value: null, datas: {}, charges: {}, charge: null },
      储能净放电: {
        value: -30,
        datas: { 2: 0, 3: -100, 4: -80, 5: -150, 9: 120, 12: 60, 13: -50, 14: 40, 19: 100, 22: 30 },
        charges: { 2: 0, 3: -32, 4: -25.6, 5: -48, 9: 134.4, 12: 40.8, 13: -67.5, 14: 54, 19: 112, 22: 20.4 },
        charge: 188.5,
      },
      储能充电: {
        value: 380,
        datas: { 2: 0, 3: 100, 4: 80, 5: 150, 13: 50 },
        charges: { 2: 0, 3: 32, 4: 25.6, 5: 48, 13: 67.5 },
        charge: 173.1,
      },
      储能放电: {
        value: 350,
        datas: { 2: 0, 9: 120, 12: 60, 14: 40, 19: 100, 22: 30 },
        charges: { 2: 0, 9: 134.4, 12: 40.8, 14: 54, 19: 112, 22: 20.4 },
        charge: 361.6,
      },
    };
    const NAMES = Object.keys(JULY_15);
    let ids: Record<string, number>;

    beforeAll(async () => {
      const tree = await data<Row[]>('GET', '/ems/api/energy/energylabel/gettree/T2-ST1');
      ids = Object.fromEntries(tree.map((label) => [String(label.name), Number(label.id)]));
    });

    const day = (name: string, withSeries: boolean) => {
      const figures = JULY_15[name] ?? { value: null, datas: {}, charges: {}, charge: null };
      return {
        labelId: ids[name],
        name,
        unit: 'kWh',
        value: figures.value,
        datas: withSeries ? series(24, figures.datas) : [],
        time_keys: withSeries ? HOURS : [],
      };
    };

    test('the label tree lists parents before their children, with the counters each adds up', async () => {
      const tree = await data<Row[]>('GET', '/ems/api/energy/energylabel/gettree/T2-ST1');
      const variable = (sn: string) => idOf('deviceVariable', `T2-ST1-${sn}`);
      expect(tree.map((l) => [l.name, l.labelType, l.parentId ?? null])).toEqual([
        ['关口购电', 'flow', null],
        ['关口上网', 'flow', null],
        ['负荷用电', 'area', null],
        ['储能净放电', 'flow', null],
        ['储能充电', 'equipment', ids['储能净放电']],
        ['储能放电', 'equipment', ids['储能净放电']],
      ]);
      expect(tree[3]?.variables).toEqual([
        { variableId: await variable('PCS1.dischargeEnergy'), sign: 1 },
        { variableId: await variable('PCS2.dischargeEnergy'), sign: 1 },
        { variableId: await variable('PCS1.chargeEnergy'), sign: -1 },
        { variableId: await variable('PCS2.chargeEnergy'), sign: -1 },
      ]);
      const pv = await data<Row[]>('GET', '/ems/api/energy/energylabel/gettree/T2-PV1');
      expect(pv.map((l) => l.name)).toEqual([
        '光伏发电',
        '1# 逆变器发电',
        '2# 逆变器发电',
        '3# 逆变器发电',
        '关口上网',
        '关口购电',
        '负荷用电',
      ]);
      for (const [index, label] of pv.entries())
        if (label.parentId !== undefined) expect(pv.findIndex((p) => p.id === label.parentId)).toBeLessThan(index);

      expect(await data('GET', '/ems/api/energy/energytype/getalltype/T2-ST1')).toEqual([
        { code: 'electricity', name: 'Electricity' },
      ]);
      expect(await data('GET', '/ems/api/energy/energylabeltype/getenergylabeltype')).toEqual([
        { code: 'flow', name: 'Energy flow' },
        { code: 'area', name: 'Area' },
        { code: 'line', name: 'Production line' },
        { code: 'equipment', name: 'Equipment' },
      ]);
    });

    test('label energy is the signed sum of its counters’ growth: totals, trends of all, some and one label', async () => {
      const post = (path: string, payload: Row) => data('POST', `/ems/api/energy/energylabel/${path}`, { payload });
      const query = { type: 'DAY', querytime: '2025-07-15' };
      expect(await post('getAllLabelTrendTotalDatas', { stationSn: 'T2-ST1', ...query })).toEqual(
        NAMES.map((n) => day(n, false)),
      );
      expect(await post('getlabeltrenddatas', { stationSn: 'T2-ST1', ...query })).toEqual(NAMES.map((n) => day(n, true)));
      expect(await post('getSomeLabelTrendDatas', { labelIds: [ids['储能充电'], ids['关口购电']], ...query })).toEqual([
        day('储能充电', true),
        day('关口购电', true),
      ]);
      expect(await post('getonelabeltrenddatas', { labelId: ids['储能净放电'], type: 'MONTH', querytime: '2025-07' })).toEqual([
        {
          labelId: ids['储能净放电'],
          name: '储能净放电',
          unit: 'kWh',
          value: -70,
          datas: series(31, { 14: -30, 15: -40 }),
          time_keys: dayKeys('2025-07'),
        },
      ]);
      expect(await post('getonelabeltrenddatas', { labelId: ids['储能净放电'], type: 'YEAR', querytime: '2025' })).toEqual([
        {
          labelId: ids['储能净放电'],
          name: '储能净放电',
          unit: 'kWh',
          value: -40,
          datas: series(12, { 6: -70, 7: -20, 8: 50 }),
          time_keys: monthKeys('2025'),
        },
      ]);
    });

    test('label cost is the energy of each hour at that hour’s purchase price', async () => {
      const post = (path: string, payload: Row) => data('POST', `/ems/api/energy/energylabel/${path}`, { payload });
      const query = { type: 'DAY', querytime: '2025-07-15' };
      expect(await post('electricaldegreeandcharge', { stationSn: 'T2-ST1', ...query })).toEqual(
        NAMES.map((n) => ({ ...day(n, false), charge: JULY_15[n]?.charge })),
      );
      expect(await post('electricaldegreeandchargetrend', { labelIds: NAMES.map((n) => ids[n]), ...query })).toEqual(
        NAMES.map((n) => ({ ...day(n, true), charges: series(24, JULY_15[n]?.charges), charge: JULY_15[n]?.charge })),
      );
      expect(
        await post('electricaldegreeandchargetrend', { labelId: ids['储能净放电'], type: 'MONTH', querytime: '2025-07' }),
      ).toMatchObject([{ value: -70, charges: series(31, { 14: 188.5, 15: 35.2 }), charge: 223.7 }]);
      expect(
        await post('electricaldegreeandcharge', { labelId: ids['储能净放电'], type: 'YEAR', querytime: '2025' }),
      ).toMatchObject([{ value: -40, charge: 251.3 }]);
    });

    test('a label query naming no station, labels or label is refused with 400', async () => {
      for (const path of [
        'getAllLabelTrendTotalDatas',
        'getlabeltrenddatas',
        'getSomeLabelTrendDatas',
        'getonelabeltrenddatas',
        'electricaldegreeandcharge',
        'electricaldegreeandchargetrend',
      ]) {
        const answer = await as(ems, 'POST', `/ems/api/energy/energylabel/${path}`, {
          payload: { type: 'DAY', querytime: '2025-07-15' },
        });
        expect([path, answer.status, answer.body]).toEqual([
          path,
          400,
          { code: 40001, msg: expect.stringContaining('Name a station (stationSn), labels (labelIds) or a label (labelId)') },
        ]);
      }
    });
  });

  describe('remote control', () => {
    test('commands are recorded with the user and the time, and stay sent while no device applies them', async () => {
      const ts = Date.now() - 60_000;
      await send([['T2-ST1-PCS1.runState', ts, 1]]);
      const variables = await data<Row[]>('GET', '/ems/api/yk/variables/T2-ST1');
      expect(variables).toEqual([
        {
          sn: 'T2-ST1-PCS1.runState',
          name: '运行状态',
          deviceSn: 'T2-ST1-PCS1',
          deviceName: '1# PCS',
          value: 1,
          time: localTime(ts),
        },
        { sn: 'T2-ST1-PCS1.gridMode', name: '并离网状态', deviceSn: 'T2-ST1-PCS1', deviceName: '1# PCS', value: null },
        { sn: 'T2-ST1-PCS2.runState', name: '运行状态', deviceSn: 'T2-ST1-PCS2', deviceName: '2# PCS', value: null },
        { sn: 'T2-ST1-PCS2.gridMode', name: '并离网状态', deviceSn: 'T2-ST1-PCS2', deviceName: '2# PCS', value: null },
        { sn: 'T2-ST1-AC.runState', name: '开关状态', deviceSn: 'T2-ST1-AC', deviceName: '储能舱空调', value: null },
      ]);

      const before = localTime(Date.now());
      const sent = await data<Row>('POST', '/ems/api/yk/control', { payload: { sn: 'T2-ST1-PCS1.runState', value: 0 } });
      const after = localTime(Date.now());
      expect(sent).toEqual({ id: expect.any(Number), sn: 'T2-ST1-PCS1.runState', value: 0, status: 'sent' });
      const status = async () =>
        data<Row[]>('GET', '/ems/api/yk/status', { query: { sns: 'T2-ST1-AC.runState,T2-ST1-PCS1.runState' } });
      const [ac, pcs] = await status();
      expect(ac).toEqual(variables[4]);
      expect(pcs).toEqual({
        ...variables[0],
        command: { id: sent.id, value: 0, userName: ADMIN_NAME, status: 'sent', time: expect.any(String) },
      });
      const time = String((pcs?.command as Row).time);
      expect(time >= before && time <= after).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await status())[1]).toEqual(pcs);
      expect((await data<Row[]>('GET', '/ems/api/yk/variables/T2-ST1'))[0]).toEqual(pcs);

      for (const [method, url, options] of [
        ['POST', '/ems/api/yk/control', { payload: { sn: 'T2-ST1-PCS1.activePower', value: 1 } }],
        ['GET', '/ems/api/yk/status', { query: { sns: 'T2-ST1-PCS1.runState,T2-ST1-BMS.soc' } }],
      ] as const) {
        const refused = await as(ems, method, url, options);
        expect([url, refused.status, refused.body]).toEqual([
          url,
          400,
          { code: 40011, msg: 'This variable cannot be controlled remotely' },
        ]);
      }
      const unknown = await as(ems, 'POST', '/ems/api/yk/control', { payload: { sn: 'T2-ST1-PCS9.runState', value: 1 } });
      expect(unknown.status).toBe(404);
      const several = await as(ems, 'POST', '/ems/api/yk/control', {
        payload: { sn: 'T2-ST1-PCS1.runState,T2-ST1-PCS2.runState', value: 0 },
      });
      expect(several.status).toBe(400);
      expect((await status())[1]).toEqual(pcs);
    });
  });

  describe('site dashboard', () => {
    const document = (stationSn: string, x: number, config: Row = {}) => ({
      stationSn,
      schemaVersion: 1,
      layouts: { desktop: [{ id: 'w1', x, y: 0, w: 6, h: 4 }], tablet: [], phone: [] },
      widgets: [{ id: 'w1', type: 'singleData', config }],
    });
    const save = (version: number, content: Row) =>
      as<Row>(ems, 'POST', '/ems/api/main/siteKanban/saveOrUpdate', { payload: { ...content, version } });

    test('saving from the stored version bumps it; a save from an older version is refused with 409 and changes nothing', async () => {
      const url = '/ems/api/main/siteKanban/T2-ST1';
      // The demo's dashboard is version 1.
      expect(await data('GET', url)).toMatchObject({ stationSn: 'T2-ST1', version: 1, schemaVersion: 3 });
      const first = await save(1, document('T2-ST1', 0));
      expect(first.body.data).toEqual({
        ...document('T2-ST1', 0),
        version: 2,
        updatedBy: ADMIN_NAME,
        updateTime: expect.any(String),
      });
      const second = await save(2, document('T2-ST1', 6));
      expect(second.body.data).toMatchObject({ ...document('T2-ST1', 6), version: 3 });
      expect(await data('GET', url)).toEqual(second.body.data);

      for (const stale of [2, 1, 0, 5]) {
        const refused = await save(stale, document('T2-ST1', 12));
        expect([stale, refused.status, refused.body]).toEqual([
          stale,
          409,
          { code: 40903, msg: 'The dashboard was saved elsewhere meanwhile; reload it to see the newer one' },
        ]);
      }
      expect(await data('GET', url)).toEqual(second.body.data);
      expect(await data('GET', '/ems/api/main/siteKanban/T2-EMS1')).toMatchObject({ stationSn: 'T2-EMS1', version: 1 });
    });

    test('a widget configuration comes back as it was saved', async () => {
      const saved = document('T2-PV1', 0, {
        name: '环比',
        chainType: 'MONTH',
        deviceVar: { deviceSn: 'T2-PV1-MTR', varSn: 'T2-PV1-MTR.importEnergy' },
      });
      expect((await save(1, saved)).body.data).toMatchObject({ widgets: saved.widgets, version: 2 });
      expect(await data('GET', '/ems/api/main/siteKanban/T2-PV1')).toMatchObject({ widgets: saved.widgets, version: 2 });
    });
  });

  describe('bad input', () => {
    test.each([
      ['GET', '/ems/api/device/station/get_station_status_detail/NOPE', {}],
      ['GET', '/ems/api/device/station/get_station_by_sn/NOPE', {}],
      ['GET', '/ems/api/device/producedevice/get_all_devices', { query: { stationSn: 'NOPE' } }],
      ['GET', '/ems/api/device/monitordevice/get_devices_by_station/NOPE', {}],
      ['GET', '/ems/api/device/monitordevice/detailsWithStatus', { query: { stationSn: 'NOPE' } }],
      ['POST', '/ems/api/collector/monitordevicevardata/devices/devicevars', { payload: { deviceSns: 'T2-ST1-PCS1,NOPE' } }],
      ['POST', '/ems/api/collector/monitordevicevardata/getDeviceVarCodes', { payload: { deviceSns: 'NOPE' } }],
      ['GET', '/ems/api/device/monitordevicevar/devices/NOPE/devicevars', {}],
      ['POST', '/ems/api/main/devices/data/realtime', { payload: { sns: 'T2-ST1-BMS.soc,NOPE.x' } }],
      ['POST', '/ems/api/main/devices/data/realtime/page', { payload: { sns: 'NOPE.x' } }],
      ['GET', '/ems/api/main/devices/data/onetimedatas', { query: { sns: 'NOPE.x', querytimes: '2025-01-01,2025-01-02' } }],
      [
        'GET',
        '/ems/api/main/devices/data/statisticalvalue',
        { query: { sns: 'NOPE.x', calcmethod: 'DIFF', type: 'DAY', querytime: '2025-01-01' } },
      ],
      [
        'GET',
        '/ems/api/main/devices/data/accusummarized',
        { query: { sns: 'NOPE.x', calcmethod: 'MAX', startTime: '2025-01-01', endTime: '2025-01-02' } },
      ],
      [
        'GET',
        '/ems/api/device/monitordevicevar/variables/data/historytrend',
        { query: { sns: 'NOPE.x', calcmethod: 'DIFF', queryPeriod: 'DAY', startTime: '2025-01-01', endTime: '2025-01-02' } },
      ],
      ['GET', '/ems/api/device/station/detail/NOPE', {}],
      ['GET', '/ems/api/device/station/dailyDegree/NOPE', { query: { day: '2025-07-15' } }],
      ['GET', '/ems/api/device/station/dailyLoad/NOPE', { query: { day: '2025-07-15' } }],
      ['GET', '/ems/api/device/station/monthlyCharge/NOPE', { query: { month: '2025-07' } }],
      ['GET', '/ems/api/device/stationcharge/get_station_charge/NOPE', { query: { chargeType: 'purchase' } }],
      [
        'GET',
        '/ems/api/device/stationcharge/get_station_charge_days/NOPE',
        { query: { startDay: '2025-07-15', endDay: '2025-07-15' } },
      ],
      ['GET', '/ems/api/photovoltaic/keyData/NOPE', {}],
      ['GET', '/ems/api/photovoltaic/inverters/NOPE', {}],
      ['GET', '/ems/api/photovoltaic/powerTrend/NOPE', { query: { day: '2025-07-15' } }],
      ['GET', '/ems/api/photovoltaic/weather/NOPE', {}],
      ['GET', '/ems/api/energy/energylabel/gettree/NOPE', {}],
      ['GET', '/ems/api/energy/energytype/getalltype/NOPE', {}],
      [
        'POST',
        '/ems/api/energy/energylabel/getlabeltrenddatas',
        { payload: { stationSn: 'NOPE', type: 'DAY', querytime: '2025-07-15' } },
      ],
      [
        'POST',
        '/ems/api/energy/energylabel/getonelabeltrenddatas',
        { payload: { labelId: 999999, type: 'DAY', querytime: '2025-07-15' } },
      ],
      [
        'POST',
        '/ems/api/energy/energylabel/electricaldegreeandcharge',
        { payload: { labelIds: [999999], type: 'DAY', querytime: '2025-07-15' } },
      ],
      ['GET', '/ems/api/yk/variables/NOPE', {}],
      ['GET', '/ems/api/yk/status', { query: { sns: 'NOPE.x' } }],
      ['GET', '/ems/api/main/siteKanban/NOPE', {}],
      [
        'POST',
        '/ems/api/main/siteKanban/saveOrUpdate',
        { payload: { stationSn: 'NOPE', version: 0, schemaVersion: 1, layouts: {}, widgets: [] } },
      ],
    ] as const)('%s %s of an unknown serial number is 404', async (method, url, options) => {
      const answer = await as(ems, method, url, options);
      expect([answer.status, answer.body]).toEqual([404, { code: 40400, msg: expect.any(String) }]);
    });

    test.each([
      [
        'GET',
        '/ems/api/main/devices/data/statisticalvalue',
        { query: { sns: 'T2-ST1-PCS1.chargeEnergy', calcmethod: 'DIFF', type: 'DAY', querytime: '2026-02-30' } },
      ],
      [
        'GET',
        '/ems/api/main/devices/data/statisticalvalue',
        { query: { sns: 'T2-ST1-PCS1.chargeEnergy', calcmethod: 'SUM', type: 'MONTH', querytime: '2026-13' } },
      ],
      // 02:30 did not happen in Berlin on 30 March 2025: the clocks went from 02:00 to 03:00.
      [
        'GET',
        '/ems/api/main/devices/data/statisticalvalue',
        { query: { sns: 'T2-EMS1-MTR.exportEnergy', calcmethod: 'DIFF', type: 'DAY', querytime: '2025-03-30 02:30' } },
      ],
      [
        'GET',
        '/ems/api/main/devices/data/onetimedatas',
        { query: { sns: 'T2-ST1-BMS.soc', querytimes: '2026-02-30 00:00:00,2026-03-01 00:00:00' } },
      ],
      [
        'GET',
        '/ems/api/main/devices/data/accusummarized',
        { query: { sns: 'T2-ST1-BMS.soc', calcmethod: 'MIN', startTime: '2026-02-30', endTime: '2026-03-02' } },
      ],
      [
        'GET',
        '/ems/api/device/monitordevicevar/variables/data/historytrend',
        {
          query: {
            sns: 'T2-ST1-BMS.soc',
            calcmethod: 'AVG',
            queryPeriod: 'HOUR',
            startTime: '2026-02-01',
            endTime: '2026-02-30',
          },
        },
      ],
      ['GET', '/ems/api/device/station/dailyDegree/T2-ST1', { query: { day: '2026-02-30' } }],
      ['GET', '/ems/api/device/station/dailyLoad/T2-ST1', { query: { day: '2026-02-30' } }],
      ['GET', '/ems/api/photovoltaic/powerTrend/T2-PV1', { query: { day: '2026-02-30' } }],
      ['GET', '/ems/api/device/station/monthlyCharge/T2-ST1', { query: { month: '2026-13' } }],
      [
        'GET',
        '/ems/api/device/stationcharge/get_station_charge/T2-ST1',
        { query: { chargeType: 'purchase', queryTime: '2026-02-30' } },
      ],
      [
        'POST',
        '/ems/api/energy/energylabel/getlabeltrenddatas',
        { payload: { stationSn: 'T2-ST1', type: 'DAY', querytime: '2026-02-30' } },
      ],
      [
        'POST',
        '/ems/api/energy/energylabel/electricaldegreeandcharge',
        { payload: { stationSn: 'T2-ST1', type: 'MONTH', querytime: '2026-02-30' } },
      ],
    ] as const)('%s %s with a date that does not exist is 400', async (method, url, options) => {
      const answer = await as(ems, method, url, options);
      expect([answer.status, answer.body]).toEqual([400, expect.objectContaining({ code: 40001, msg: expect.any(String) })]);
    });
  });

  test('another tenant reads its own station and variables, and gets 404 for tenant 2’s', async () => {
    const reads = (station: string, pv: string): [Method, string, { payload?: unknown; query?: Record<string, string> }][] => [
      ['GET', `/ems/api/device/station/get_station_by_sn/${station}`, {}],
      ['GET', `/ems/api/device/monitordevice/get_devices_by_station/${station}`, {}],
      ['POST', '/ems/api/collector/monitordevicevardata/devices/devicevars', { payload: { deviceSns: `${station}-PCS1` } }],
      ['POST', '/ems/api/main/devices/data/realtime', { payload: { sns: `${station}-BMS.soc` } }],
      [
        'GET',
        '/ems/api/main/devices/data/statisticalvalue',
        { query: { sns: `${station}-PCS1.chargeEnergy`, calcmethod: 'DIFF', type: 'MONTH', querytime: '2025-07' } },
      ],
      [
        'GET',
        '/ems/api/device/monitordevicevar/variables/data/historytrend',
        {
          query: {
            sns: `${station}-PCS1.chargeEnergy`,
            calcmethod: 'DIFF',
            queryPeriod: 'DAY',
            startTime: '2025-07-01',
            endTime: '2025-08-01',
          },
        },
      ],
      ['GET', `/ems/api/device/station/detail/${station}`, {}],
      ['GET', `/ems/api/device/station/monthlyCharge/${station}`, { query: { month: '2025-07' } }],
      ['GET', `/ems/api/photovoltaic/keyData/${pv}`, {}],
      [
        'POST',
        '/ems/api/energy/energylabel/getAllLabelTrendTotalDatas',
        { payload: { stationSn: station, type: 'DAY', querytime: '2025-07-15' } },
      ],
      ['GET', `/ems/api/yk/variables/${station}`, {}],
      ['GET', `/ems/api/main/siteKanban/${station}`, {}],
    ];
    for (const [method, url, options] of reads('T44-ST1', 'T44-PV1')) {
      const answer = await as(otherEms, method, url, options);
      expect([url, answer.status]).toEqual([url, 200]);
    }
    for (const [method, url, options] of reads('T2-ST1', 'T2-PV1')) {
      const answer = await as(otherEms, method, url, options);
      expect([url, answer.status, answer.body.code]).toEqual([url, 404, 40400]);
    }
    const control = await as(otherEms, 'POST', '/ems/api/yk/control', { payload: { sn: 'T2-ST1-AC.runState', value: 1 } });
    expect(control.status).toBe(404);
    expect(
      (await data<Row[]>('GET', '/ems/api/yk/status', { query: { sns: 'T2-ST1-AC.runState' } }))[0]?.command,
    ).toBeUndefined();
  });
});
