import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest';
import { Telemetry } from '../../server/telemetry/service';
import { call, signIn } from '../support/api';
import { postgresDemoCopy, sqliteDemoCopy } from '../support/demoCopies';
import { createDatabase } from '../support/postgres';
import { startServer, type TestServer } from '../support/server';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The site simulator on the demo: two days of history back-filled (raw samples of the last day
 * only), live steps, remote control reflected, a restart that catches up without writing the
 * history again, and one simulator per database.
 */

const ZONE = 'Asia/Shanghai';
// The back-fill reaches 72 hours back, so the local day before yesterday is whole at any time of day.
const HISTORY_DAYS = 3;
const RAW_DAYS = 1;

type Row = Record<string, unknown>;
interface Statistic {
  sn: string;
  value: number | null;
  datas: (number | null)[];
  time_keys: string[];
}
interface Trend {
  sn: string;
  datas: { time: string; value: number }[];
}
interface Realtime {
  sn: string;
  data: number | null;
  time?: string;
}

/**
 * Where a database is kept between two servers: a folder for SQLite, a database for PostgreSQL;
 * empty, or a copy of the run's seeded demo (`demo`), which spares a server start its seeding.
 */
function places(demo = false): { name: string; make(): Promise<{ dataDir?: string; databaseUrl?: string; remove(): void }> }[] {
  const postgresUrl = inject('postgresUrl');
  return [
    {
      name: 'sqlite',
      make: () => {
        const dataDir = demo ? sqliteDemoCopy() : mkdtempSync(join(tmpdir(), 'platform-sim-'));
        return Promise.resolve({ dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) });
      },
    },
    ...(postgresUrl
      ? [
          {
            name: 'postgres',
            make: async () => ({
              databaseUrl: await (demo ? postgresDemoCopy(postgresUrl) : createDatabase(postgresUrl)),
              remove: () => undefined,
            }),
          },
        ]
      : []),
  ];
}

const localDay = (daysAgo: number) => dayjs().tz(ZONE).subtract(daysAgo, 'day').format('YYYY-MM-DD');

describe.each(places())('the simulator on $name', ({ make }) => {
  let place: Awaited<ReturnType<typeof make>>;
  let server: TestServer;
  let token: string;

  const boot = async () => {
    const { dataDir, databaseUrl } = place;
    const started = await startServer({
      ...(dataDir ? { dataDir } : {}),
      ...(databaseUrl ? { databaseUrl } : {}),
      simulator: true,
      mqtt: true,
      historyDays: HISTORY_DAYS,
      rawRetentionDays: RAW_DAYS,
    });
    await started.app.simulator?.ready;
    return started;
  };
  const get = async <T>(url: string, query: Record<string, string>) => {
    const answer = await call<T>(server.app, token, { method: 'GET', url, query });
    expect(answer.body.code, answer.body.msg).toBe(0);
    return answer.body.data;
  };
  const statistic = async (sns: string, calcmethod: string, type: string, querytime: string) =>
    get<Statistic[]>('/ems/api/main/devices/data/statisticalvalue', { sns, calcmethod, type, querytime });
  const trend = async (sns: string, calcmethod: string, queryPeriod: string, startTime: string, endTime: string) =>
    get<Trend[]>('/ems/api/device/monitordevicevar/variables/data/historytrend', {
      sns,
      calcmethod,
      queryPeriod,
      startTime,
      endTime,
      points: '5000',
    });
  const realtime = async (sns: string) =>
    (await call<Realtime[]>(server.app, token, { method: 'POST', url: '/ems/api/main/devices/data/realtime', payload: { sns } }))
      .body.data;

  beforeAll(async () => {
    place = await make();
    server = await boot();
    token = await signIn(server.app, 'admin', 'admin123');
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    place.remove();
  });

  test('back-fills the days asked for: rollups of every day, raw samples of the last day only', async () => {
    const counter = 'T2-PV1-INV1.totalYield';
    const [older] = await statistic(counter, 'DIFF', 'DAY', localDay(2));
    const [yesterday] = await statistic(counter, 'DIFF', 'DAY', localDay(1));
    expect(older?.value).toBeGreaterThan(0);
    expect(yesterday?.value).toBeGreaterThan(0);
    const raw = (from: string, to: string) =>
      get<string>('/ems/api/main/devices/data/onetimedatas', { sns: counter, querytimes: `${from},${to}`, points: '5000' });
    const inWindow = dayjs().subtract(6, 'hour').tz(ZONE);
    const recent = JSON.parse(
      await raw(inWindow.format('YYYY-MM-DD HH:mm:ss'), inWindow.add(3, 'hour').format('YYYY-MM-DD HH:mm:ss')),
    );
    // Five-minute steps within the raw window: 36 samples in three hours, less a device's outages
    // (at most one of up to 40 minutes in each 6-hour slot, so two at most in three hours).
    expect((recent as { values: unknown[] }[])[0]?.values.length).toBeGreaterThanOrEqual(36 - 2 * 8);
    const beforeWindow = dayjs().subtract(RAW_DAYS, 'day').subtract(3, 'hour').tz(ZONE);
    const pruned = JSON.parse(
      await raw(beforeWindow.format('YYYY-MM-DD HH:mm:ss'), beforeWindow.add(1, 'hour').format('YYYY-MM-DD HH:mm:ss')),
    );
    expect(pruned).toEqual([{ sn: counter, unit: 'kWh', values: [] }]);
  });

  test('photovoltaic power follows the sun: none at night, some around noon', async () => {
    const day = localDay(1);
    const [night] = await trend('T2-PV1-INV1.activePower', 'MAX', 'HOUR', `${day} 00:00:00`, `${day} 04:00:00`);
    const [noon] = await trend('T2-PV1-INV1.activePower', 'MAX', 'HOUR', `${day} 11:00:00`, `${day} 14:00:00`);
    expect(night?.datas.every((p) => p.value === 0)).toBe(true);
    expect(Math.max(...(noon?.datas ?? []).map((p) => p.value))).toBeGreaterThan(0);
  });

  test('batteries charge in the valley and discharge at the peaks, their SOC within limits', async () => {
    const day = localDay(1);
    const degree = await get<{ time_keys: string[]; charge: (number | null)[]; discharge: (number | null)[] }>(
      '/ems/api/device/station/dailyDegree/T2-ST1',
      { day },
    );
    const hours = (series: (number | null)[], from: number, to: number) =>
      series.slice(from, to).reduce<number>((sum, v) => sum + (v ?? 0), 0);
    expect(degree.time_keys[0]).toBe('00:00');
    expect(hours(degree.charge, 0, 8)).toBeGreaterThan(0);
    expect(hours(degree.discharge, 8, 11) + hours(degree.discharge, 18, 21)).toBeGreaterThan(0);
    // Nothing is discharged in the valley, nor bought into the battery at the peaks.
    expect(hours(degree.discharge, 0, 8)).toBe(0);
    expect(hours(degree.charge, 8, 11) + hours(degree.charge, 18, 21)).toBe(0);
    const [low] = await statistic('T2-ST1-BMS.soc', 'MIN', 'DAY', day);
    const [high] = await statistic('T2-ST1-BMS.soc', 'MAX', 'DAY', day);
    expect(low?.value).toBeGreaterThanOrEqual(5);
    expect(high?.value).toBeLessThanOrEqual(100);
    expect(Number(high?.value) - Number(low?.value)).toBeGreaterThan(20);
  });

  test('energy counters only grow, and loads are higher in working hours than at night', async () => {
    const from = dayjs().subtract(20, 'hour').tz(ZONE).format('YYYY-MM-DD HH:mm:ss');
    const to = dayjs().tz(ZONE).format('YYYY-MM-DD HH:mm:ss');
    for (const sn of [
      'T2-ST1-PCS1.chargeEnergy',
      'T2-ST1-MTR.importEnergy',
      'T2-PV1-INV2.totalYield',
      'T2-EMS1-LOAD.loadEnergy',
    ]) {
      const [series] = await trend(sn, 'AVG', 'RAW', from, to);
      const values = (series?.datas ?? []).map((p) => p.value);
      expect(values.length, sn).toBeGreaterThan(100);
      expect(
        values.every((v, i) => i === 0 || v >= (values[i - 1] ?? 0)),
        sn,
      ).toBe(true);
    }
    const day = localDay(1);
    const [night] = await trend('T2-ST1-LOAD.loadPower', 'AVG', 'HOUR', `${day} 02:00:00`, `${day} 04:00:00`);
    const [work] = await trend('T2-ST1-LOAD.loadPower', 'AVG', 'HOUR', `${day} 09:00:00`, `${day} 11:00:00`);
    const mean = (t: Trend | undefined) => (t?.datas ?? []).reduce((s, p) => s + p.value, 0) / Math.max(1, t?.datas.length ?? 0);
    expect(mean(work)).toBeGreaterThan(mean(night));
  });

  /** A live step of the simulator, then a poll of every channel: the values of the step, read off the wire. */
  const step = async () => {
    await server.app.simulator?.tick();
    await server.app.collector?.pollAll();
  };

  test('a live step is read off each station gateway by the collector, at the time of the poll', async () => {
    // The controller's link signal is answered at every step, even while it is cut off (it reads 0 then).
    const before = Date.now();
    await step();
    for (const value of await realtime('T2-ST1-EMS.commStatus,T2-PV1-EMS.commStatus,T2-EMS1-EMS.commStatus')) {
      expect(dayjs.tz(value.time, ZONE).valueOf(), value.sn).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    }
  });

  /** A converter's variable whose link is up (a device is sometimes cut off for minutes, and then does not answer). */
  const liveConverter = async (code: string) => {
    const before = Date.now();
    await step();
    const states = await realtime(['T2-ST1-PCS1', 'T2-ST1-PCS2', 'T2-EMS1-PCS1'].map((pcs) => `${pcs}.${code}`).join());
    return states.find((s) => dayjs.tz(s.time, ZONE).valueOf() >= Math.floor(before / 1000) * 1000)?.sn ?? '';
  };
  const commandOf = async (sn: string) => (await get<{ command: Row; value: number }[]>('/ems/api/yk/status', { sns: sn }))[0];

  test('a remote-control command is written down the wire, marked done once a reading shows it, and the converter stops', async () => {
    const sn = await liveConverter('runState');
    const pcs = sn.replace('.runState', '');
    const sent = await call<Row>(server.app, token, { method: 'POST', url: '/ems/api/yk/control', payload: { sn, value: 0 } });
    expect(sent.body.data).toMatchObject({ sn, value: 0, status: 'sent' });
    // The poll writes the register; the reading of the same poll is from before the device acted on it.
    await server.app.collector?.pollAll();
    expect((await commandOf(sn))?.command).toMatchObject({ id: sent.body.data.id, status: 'sent' });
    await step();
    const status = await commandOf(sn);
    expect(status?.command).toMatchObject({ id: sent.body.data.id, status: 'done', userName: '系统管理员' });
    expect(status?.command.doneTime).toEqual(expect.any(String));
    expect(status?.value).toBe(0);
    const [state, power] = await realtime(`${sn},${pcs}.activePower`);
    expect(state?.data).toBe(0);
    expect(power?.data).toBe(0);
    await call(server.app, token, { method: 'POST', url: '/ems/api/yk/control', payload: { sn, value: 1 } });
    await step();
    await step();
  });

  test('a command is marked done in the change that stores the reading showing it: a poll whose samples are not stored leaves it sent', async () => {
    const sn = await liveConverter('gridMode');
    const sent = await call<Row>(server.app, token, { method: 'POST', url: '/ems/api/yk/control', payload: { sn, value: 0 } });
    await server.app.collector?.pollAll();
    await server.app.simulator?.tick();
    // The polls' store fails (as a full disk would): neither the readings nor the command's end are
    // kept, by this poll or by one of the timer's meanwhile.
    const failing = vi.spyOn(Telemetry.prototype, 'ingest').mockRejectedValue(new Error('disk full'));
    try {
      await server.app.collector?.pollAll();
      expect(failing).toHaveBeenCalled();
      expect((await commandOf(sn))?.command).toMatchObject({ id: sent.body.data.id, status: 'sent' });
      failing.mockRestore();
      await server.app.collector?.pollAll();
      const status = await commandOf(sn);
      expect(status?.command).toMatchObject({ id: sent.body.data.id, status: 'done' });
      expect(status?.value).toBe(0);
    } finally {
      failing.mockRestore();
      await call(server.app, token, { method: 'POST', url: '/ems/api/yk/control', payload: { sn, value: 1 } });
      await step();
      await step();
    }
  });

  test('a command the device refuses fails with its reason', async () => {
    // The platform is told a converter's fault state can be set; its firmware does not take writes there.
    const sn = await liveConverter('faultState');
    const deviceSn = sn.slice(0, sn.indexOf('.'));
    const devices = await get<{ id: number; sn: string }[]>(
      `/ems/api/device/monitordevice/get_devices_by_station/${deviceSn.replace(/-PCS\d$/, '')}`,
      {},
    );
    const variables = await get<{ records: Row[] }>('/ems/api/device/monitordevicevar/page', {
      current: '1',
      size: '50',
      deviceId: String(devices.find((d) => d.sn === deviceSn)?.id),
    });
    const { createTime: _c, updateTime: _u, deviceName: _d, ...fault } = variables.records.find((v) => v.sn === sn) ?? {};
    const changed = await call(server.app, token, {
      method: 'PUT',
      url: '/ems/api/device/monitordevicevar',
      payload: { ...fault, controllable: true },
    });
    expect(changed.body.code, changed.body.msg).toBe(0);
    const sent = await call<Row>(server.app, token, { method: 'POST', url: '/ems/api/yk/control', payload: { sn, value: 1 } });
    expect(sent.body.data).toMatchObject({ status: 'sent' });
    await server.app.collector?.pollAll();
    const status = await commandOf(sn);
    expect(status?.command).toMatchObject({
      id: sent.body.data.id,
      status: 'failed',
      reason: expect.stringContaining(`${deviceSn}: Modbus exception 2`),
    });
    expect(status?.command.doneTime).toEqual(expect.any(String));
  });

  test('a device cut off its gateway is offline from the next poll, and online again once it answers', async () => {
    // A storage station whose transformer has none of the simulator's seeded outages meanwhile
    // (one then stays offline, however it is wired).
    const now = Date.now();
    const station = ['T2-ST1', 'T2-ST2', 'T2-ST3'].find(
      (candidate) => !server.app.simulator?.outageWithin(candidate, 'TR', now - 60_000, now + 60_000),
    );
    if (!station) throw new Error('no storage station whose transformer has no outage now');
    const link = async () =>
      (
        await get<{ communicationStatusDetail: { deviceSn: string; status: number }[] }>(
          `/ems/api/device/station/get_station_status_detail/${station}`,
          {},
        )
      ).communicationStatusDetail.find((d) => d.deviceSn === `${station}-TR`)?.status;
    server.app.simulator?.cut(station, 'TR', true);
    try {
      await step();
      expect(await link()).toBe(0);
    } finally {
      server.app.simulator?.cut(station, 'TR', false);
    }
    await step();
    expect(await link()).toBe(1);
  });

  test("the MQTT station's gateway publishes its devices' values through the broker, and carries out commands sent down its topic", async () => {
    const operator = await signIn(server.app, 'operator', 'operator123');
    const asOperator = async <T>(method: 'GET' | 'POST', url: string, payload?: Row) =>
      (await call<T>(server.app, operator, { method, url, ...(payload ? { payload } : {}) })).body.data;
    const channel = (
      await asOperator<{ records: Row[] }>('GET', '/ems/api/device/monitorchannel/channel?current=1&size=50&protocol=mqtt')
    ).records.find((c) => c.sn === 'T7-EMS1-CH1');
    expect(channel).toMatchObject({ protocol: 'mqtt' });
    /** The variable's latest value once it is from `since` or later (the gateway's message stored by the broker's next flush). */
    const live = async (sn: string, since: number) => {
      for (let tries = 0; tries < 50; tries++) {
        const [value] = await asOperator<Realtime[]>('POST', '/ems/api/main/devices/data/realtime', { sns: sn });
        if (value?.time && dayjs.tz(value.time, ZONE).valueOf() >= since) return value;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no sample of ${sn} since ${new Date(since).toISOString()}`);
    };
    const before = Math.floor(Date.now() / 1000) * 1000;
    await step();
    await live('T7-EMS1-EMS.commStatus', before);
    const sn = 'T7-EMS1-PCS1.runState';
    const sent = await asOperator<Row>('POST', '/ems/api/yk/control', { sn, value: 0 });
    expect(sent).toMatchObject({ sn, value: 0, status: 'sent' });
    // The collector's turn sends it down the command topic; a later message of the gateway shows the
    // converter stopped (the command reaches the gateway's client a moment after the turn).
    const sentAt = Math.floor(Date.now() / 1000) * 1000;
    await server.app.collector?.pollAll();
    let shown = 1;
    for (let tries = 0; tries < 20 && shown !== 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await step();
      shown = Number((await live(sn, sentAt)).data);
    }
    expect(shown).toBe(0);
    await server.app.collector?.pollAll();
    const [status] = await asOperator<{ command: Row }[]>('GET', `/ems/api/yk/status?sns=${sn}`);
    expect(status?.command).toMatchObject({ id: sent.id, status: 'done' });
    await asOperator('POST', '/ems/api/yk/control', { sn, value: 1 });
    await server.app.collector?.pollAll();
    await step();
  });

  test('only one simulator runs on a database: a second server finds the lease taken', async () => {
    const { dataDir, databaseUrl } = place;
    const other = await startServer({
      ...(dataDir ? { dataDir } : {}),
      ...(databaseUrl ? { databaseUrl } : {}),
      simulator: true,
      historyDays: HISTORY_DAYS,
    });
    try {
      expect(await other.app.simulator?.lease()).toBe(false);
      expect(await server.app.simulator?.lease()).toBe(true);
    } finally {
      await other.stop();
    }
  });

  test('a restart catches up to now without writing the history again', async () => {
    const counters = 'T2-ST1-MTR.importEnergy,T2-ST1-PCS1.dischargeEnergy,T2-PV1-INV1.totalYield';
    const [yesterday] = await statistic('T2-ST1-MTR.importEnergy', 'DIFF', 'DAY', localDay(1));
    const before = await realtime(counters);
    await server.stop();
    const restarted = Date.now();
    server = await boot();
    const [yesterdayAgain] = await statistic('T2-ST1-MTR.importEnergy', 'DIFF', 'DAY', localDay(1));
    expect(yesterdayAgain?.value).toBe(yesterday?.value);
    const after = await realtime(counters);
    after.forEach((value, i) => expect(Number(value.data), value.sn).toBeGreaterThanOrEqual(Number(before[i]?.data)));
    const [link] = await realtime('T2-ST1-EMS.commStatus');
    expect(dayjs.tz(link?.time, ZONE).valueOf()).toBeGreaterThanOrEqual(Math.floor(restarted / 1000) * 1000);
  });
});

describe.each(places(true))('raw samples on $name', ({ make }) => {
  test('samples older than the retention window are removed when a server starts; their rollups stay', async () => {
    const place = await make();
    const where = {
      ...(place.dataDir ? { dataDir: place.dataDir } : {}),
      ...(place.databaseUrl ? { databaseUrl: place.databaseUrl } : {}),
    };
    const sn = 'T2-ST1-TR.oilTemp';
    const old = Date.now() - 3 * 86_400_000;
    const recent = Date.now() - 3_600_000;
    let server = await startServer(where);
    try {
      const token = await signIn(server.app, 'admin', 'admin123');
      const sent = await call<{ accepted: number }>(server.app, token, {
        method: 'POST',
        url: '/ems/api/collector/samples',
        payload: {
          samples: [
            { sn, ts: old, value: 41 },
            { sn, ts: recent, value: 43 },
          ],
        },
      });
      expect(sent.body.data.accepted).toBe(2);
      await server.stop();
      server = await startServer({ ...where, rawRetentionDays: 2 });
      const raw = await call<string>(server.app, token, {
        method: 'GET',
        url: '/ems/api/main/devices/data/onetimedatas',
        query: {
          sns: sn,
          querytimes: `${dayjs(old - 60_000)
            .tz(ZONE)
            .format('YYYY-MM-DD HH:mm:ss')},${dayjs().tz(ZONE).format('YYYY-MM-DD HH:mm:ss')}`,
        },
      });
      expect((JSON.parse(raw.body.data) as { values: { value: number }[] }[])[0]?.values.map((v) => v.value)).toEqual([43]);
      const [day] = (
        await call<Statistic[]>(server.app, token, {
          method: 'GET',
          url: '/ems/api/main/devices/data/statisticalvalue',
          query: { sns: sn, calcmethod: 'MAX', type: 'DAY', querytime: dayjs(old).tz(ZONE).format('YYYY-MM-DD') },
        })
      ).body.data;
      expect(day?.value).toBe(41);
    } finally {
      await server.stop();
      place.remove();
    }
  });
});
