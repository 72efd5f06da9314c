import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import type { TestServer } from '../support/server';
import { ModbusDevice } from '../support/modbusDevice';
import { registersOf, WIDTH, type WordType } from '../support/registerWords';
import { freePort } from '../support/serverProcess';

/**
 * Collection by register maps, against devices served by modbus-serial's own Modbus TCP server:
 * a channel, a device and its maps are added through the contract as an operator would, and the
 * collector running in the server polls them.
 */

type Row = Record<string, unknown>;
const POLL_S = 5;
const UNIT = 7;

/** A raw value of each type (negative where the type is signed), each scaled by its own ratio and offset. */
const RAW: Record<WordType, number> = {
  int16: -1234,
  uint16: 54_321,
  int32: -123_456_789,
  uint32: 3_456_789_012,
  float32: 123.456,
  int64: -9_876_543_210,
  float64: 98_765.4321,
};
const SCALES = [
  { ratio: 1, offset: 0 },
  { ratio: 0.1, offset: 0 },
  { ratio: 0.01, offset: -40 },
  { ratio: 10, offset: 5 },
];
const CASES = (Object.keys(RAW) as WordType[]).flatMap((dataType, t) =>
  (['ABCD', 'CDAB', 'BADC', 'DCBA'] as const).map((byteOrder, o) => {
    const { ratio, offset } = SCALES[(t + o) % SCALES.length] ?? { ratio: 1, offset: 0 };
    const raw = RAW[dataType];
    return { code: `${dataType}${byteOrder}`, dataType, byteOrder, ratio, offset, raw, expected: raw * ratio + offset };
  }),
);

describe.each(databases({ collector: true }))('collection by register maps on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let device: ModbusDevice;
  let channel: Row;
  let meter: Row;
  const maps: Row[] = [];

  const ems = async <T = Row>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, token = admin) =>
    call<T>(app, token, {
      method,
      url: `/ems/api/${path}`,
      ...(payload !== undefined ? { payload: payload as Row } : {}),
    });
  const created = async (path: string, payload: Row): Promise<Row> => {
    const answer = await ems('POST', path, payload);
    expect(answer.body, path).toMatchObject({ code: 0 });
    return answer.body.data;
  };
  const realtime = async (sns: string[]) =>
    (await ems<{ sn: string; data: number | null }[]>('POST', 'main/devices/data/realtime', { sns: sns.join() })).body.data;
  const linkOf = async () => {
    const detail = await ems<{ communicationStatusDetail: { deviceSn: string; status: number }[] }>(
      'GET',
      'device/station/get_station_status_detail/T2-ST1',
    );
    return detail.body.data.communicationStatusDetail.find((d) => d.deviceSn === meter.sn)?.status;
  };
  const channelRow = async () =>
    (await ems<{ records: Row[] }>('GET', 'device/monitorchannel/channel?current=1&size=50&name=Wire')).body.data.records[0];
  /** Waits until `check` holds, asking every 200 ms; answers the milliseconds it took. */
  const within = async (ms: number, check: () => Promise<boolean>): Promise<number> => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return Date.now() - started;
  };

  beforeAll(async () => {
    device = new ModbusDevice(await freePort());
    await device.start();
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(async () => {
    await server.stop();
    await device.stop();
  });

  test('a channel, device and maps added through the contract are polled within two poll intervals, every data type × byte order × scale decoded', async () => {
    const collector = (await ems<{ records: Row[] }>('GET', 'device/monitorserver/page?current=1&size=10&serverType=collector'))
      .body.data.records[0];
    const station = (await ems('GET', 'device/station/get_station_by_sn/T2-ST1')).body.data;
    let register = 0;
    for (const c of CASES) {
      device.registers.set(registersOf(c.raw, c.dataType, c.byteOrder), register);
      maps.push({ ...c, register });
      register += WIDTH[c.dataType];
    }
    device.coils[10] = 1;
    const started = Date.now();
    channel = await created('device/monitorchannel/channel', {
      sn: 'CH-WIRE',
      name: 'Wire channel',
      protocol: 'modbusTcp',
      host: '127.0.0.1',
      port: device.port,
      pollInterval: POLL_S,
      stationId: station.id,
      serverId: collector?.id,
    });
    meter = await created('device/monitordevice/device', {
      sn: 'T2-ST1-WIRE',
      name: 'Wire meter',
      kind: 'meter',
      stationId: station.id,
      channelId: channel.id,
      slaveAddress: UNIT,
    });
    for (const map of [
      ...maps,
      { code: 'breaker', dataType: 'bool', byteOrder: 'ABCD', ratio: 1, offset: 0, register: 10, functionCode: 1 },
    ]) {
      const variable = await created('device/monitordevicevar', {
        sn: `T2-ST1-WIRE.${String(map.code)}`,
        name: String(map.code),
        code: map.code,
        unit: '',
        kind: 'gauge',
        deviceId: meter.id,
      });
      await created('device/variablemap', {
        variableId: variable.id,
        functionCode: map.functionCode ?? 3,
        register: map.register,
        dataType: map.dataType,
        byteOrder: map.byteOrder,
        ratio: map.ratio,
        offset: map.offset,
      });
    }
    const sns = [...maps.map((m) => `T2-ST1-WIRE.${String(m.code)}`), 'T2-ST1-WIRE.breaker'];
    await within(2 * POLL_S * 1000 - (Date.now() - started), async () => (await realtime(sns)).every((v) => v.data !== null));
    const values = new Map((await realtime(sns)).map((v) => [v.sn, v.data]));
    for (const map of maps)
      expect(values.get(`T2-ST1-WIRE.${String(map.code)}`), String(map.code)).toBeCloseTo(Number(map.expected), 2);
    expect(values.get('T2-ST1-WIRE.breaker')).toBe(1);
    expect(await linkOf()).toBe(1);
    expect(await channelRow()).toMatchObject({
      linkState: 'connected',
      readErrors: 0,
      badValues: 0,
      roundTripMs: expect.any(Number),
    });
  });

  test('a register changed on the device is the realtime answer by the next poll', async () => {
    const map = maps.find((m) => m.code === 'uint16ABCD');
    device.registers[Number(map?.register)] = 4321;
    const scaled = 4321 * Number(map?.ratio) + Number(map?.offset);
    const took = await within(POLL_S * 1000 + 1000, async () => (await realtime(['T2-ST1-WIRE.uint16ABCD']))[0]?.data === scaled);
    expect(took).toBeLessThanOrEqual(POLL_S * 1000 + 1000);
  });

  test('a device that stops answering is offline within two polls, its channel failing and its communication-loss alarm raised; answering again, online and the alarm recovered', async () => {
    const type = (
      await ems<{ records: Row[] }>('GET', 'device/alarmtype/get_alarm_types?current=1&size=50')
    ).body.data.records.find((t) => t.source === 'communication');
    const variable = (
      await ems<{ records: Row[] }>('GET', `device/monitordevicevar/page?current=1&size=50&deviceId=${String(meter.id)}`)
    ).body.data.records[0];
    // A communication-loss rule needs no threshold.
    const rule = await created('device/alarmgenerater/add_alarm_generater', {
      name: 'Wire meter lost',
      variableId: variable?.id,
      comparison: 'offline',
      typeId: type?.id,
      info: 'Wire meter does not answer',
    });
    const alarmsOfRule = async () =>
      (await ems<{ records: Row[] }>('GET', 'device/alarm/page?current=1&size=50&stationSn=T2-ST1')).body.data.records.filter(
        (a) => a.generatorId === rule.id,
      );
    await device.stop();
    await within(2 * POLL_S * 1000, async () => (await linkOf()) === 0);
    const failing = await channelRow();
    expect(failing).toMatchObject({ linkState: 'failing' });
    expect(Number(failing?.readErrors)).toBeGreaterThan(0);
    expect(String(failing?.lastError)).toContain('T2-ST1-WIRE');
    const devices = (await ems<{ records: Row[] }>('GET', 'device/monitordevice/device?current=1&size=50&name=Wire meter')).body
      .data.records;
    expect(devices[0]).toMatchObject({ linkState: 'offline', linkError: expect.stringMatching(/refused|closed|timeout/) });
    expect(await alarmsOfRule()).toEqual([expect.objectContaining({ status: 1, value: 1, info: 'Wire meter does not answer' })]);
    await device.start();
    await within(2 * POLL_S * 1000, async () => (await linkOf()) === 1);
    expect(await channelRow()).toMatchObject({ linkState: 'connected' });
    const [recovered] = await alarmsOfRule();
    expect(recovered).toMatchObject({ status: 0, recoverTime: expect.any(String) });
  });

  test('a channel of a protocol the collectors cannot speak says so on the channel list, and is not connected to', async () => {
    const collector = (await ems<{ records: Row[] }>('GET', 'device/monitorserver/page?current=1&size=10&serverType=collector'))
      .body.data.records[0];
    const station = (await ems('GET', 'device/station/get_station_by_sn/T2-ST1')).body.data;
    await created('device/monitorchannel/channel', {
      sn: 'CH-IEC104',
      name: 'IEC 104 channel',
      protocol: 'iec104',
      host: '127.0.0.1',
      port: device.port,
      pollInterval: POLL_S,
      stationId: station.id,
      serverId: collector?.id,
    });
    const iec = async () =>
      (await ems<{ records: Row[] }>('GET', 'device/monitorchannel/channel?current=1&size=50&name=IEC 104')).body.data.records[0];
    await within(2 * POLL_S * 1000, async () => (await iec())?.linkState === 'unsupported');
    expect(await iec()).not.toHaveProperty('lastReadTime');
  });

  test('a map a collector could not read is refused with its field named, and nothing is written', async () => {
    const variable = await created('device/monitordevicevar', {
      sn: 'T2-ST1-WIRE.extra',
      name: 'extra',
      unit: '',
      kind: 'gauge',
      deviceId: meter.id,
    });
    const count = async () => (await ems<{ total: number }>('GET', 'device/variablemap/page?current=1&size=10')).body.data.total;
    const before = await count();
    const first = maps[0];
    for (const [body, path, words] of [
      [{ functionCode: 3, register: Number(first?.register), dataType: 'int16' }, 'register', /overlap/],
      [{ functionCode: 1, register: 500, dataType: 'float32' }, 'dataType', /bool/],
      [{ functionCode: 3, register: 65_534, dataType: 'float64' }, 'register', /65535/],
    ] as const) {
      const refused = await ems<{ path: string; message: string }[]>('POST', 'device/variablemap', {
        variableId: variable.id,
        byteOrder: 'ABCD',
        ...body,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.data[0]).toMatchObject({ path, message: expect.stringMatching(words) });
    }
    expect(await count()).toBe(before);
    // Another tenant's user cannot map this tenant's variable.
    const operator = await signIn(app, 'operator', 'operator123');
    const foreign = await ems(
      'POST',
      'device/variablemap',
      { variableId: variable.id, register: 900, dataType: 'int16' },
      operator,
    );
    expect(foreign.status).toBe(404);
    expect(await count()).toBe(before);
  });

  test("a value outside its variable's range is counted on the channel and named in its last error, and not stored, while its neighbour in range is", async () => {
    const before = Number((await channelRow())?.badValues);
    // A state of charge read as 150 % beside a temperature of 25.3 °C, in one request (registers 300 and 301).
    device.registers.set([1500, 253], 300);
    for (const [code, register, minValue, maxValue] of [
      ['soc', 300, 0, 100],
      ['temperature', 301, -40, 120],
    ] as const) {
      const variable = await created('device/monitordevicevar', {
        sn: `T2-ST1-WIRE.${code}`,
        name: code,
        unit: '',
        kind: 'gauge',
        deviceId: meter.id,
        minValue,
        maxValue,
      });
      expect(variable).toMatchObject({ minValue, maxValue });
      await created('device/variablemap', { variableId: variable.id, register, dataType: 'uint16', ratio: 0.1 });
    }
    await app.collector?.pollAll();
    const shown = new Map((await realtime(['T2-ST1-WIRE.soc', 'T2-ST1-WIRE.temperature'])).map((v) => [v.sn, v.data]));
    expect(shown).toEqual(
      new Map([
        ['T2-ST1-WIRE.soc', null],
        ['T2-ST1-WIRE.temperature', 25.3],
      ]),
    );
    const row = await channelRow();
    expect(Number(row?.badValues)).toBeGreaterThan(before);
    expect(row?.lastError).toBe("T2-ST1-WIRE: T2-ST1-WIRE.soc refused: 150 is above the variable's maximum 100");
    // Back in range, it is stored by the next poll.
    device.registers[300] = 875;
    await app.collector?.pollAll();
    expect((await realtime(['T2-ST1-WIRE.soc']))[0]?.data).toBe(87.5);
  });
});
