import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { startRtuPeer, type RtuPeer } from '../support/modbusRtuPeer';
import { registersOf, WIDTH, type ByteOrder, type WordType } from '../support/registerWords';
import type { TestServer } from '../support/server';

/**
 * Modbus RTU over TCP, as a DTU in transparent transmission carries a serial line's frames, against a
 * slave nobody here wrote: Debian's pymodbus serves registers in RTU frames (unit, function, data,
 * CRC) on a TCP port, and the collector polls a `modbusRtu` channel added through the contract.
 */

type Row = Record<string, unknown>;

const UNIT = 7;
/** A slave address the line does not have: pymodbus, like a serial line, leaves its frames unanswered. */
const ABSENT_UNIT = 8;
/** Long enough that the collector's timer polls the channel once only: the test polls it itself. */
const POLL_S = 600;

const POINTS: { code: string; functionCode: 3 | 4; dataType: WordType; byteOrder: ByteOrder; raw: number; ratio: number }[] = [
  { code: 'voltage', functionCode: 3, dataType: 'uint16', byteOrder: 'ABCD', raw: 2301, ratio: 0.1 },
  { code: 'current', functionCode: 3, dataType: 'int16', byteOrder: 'BADC', raw: -125, ratio: 0.01 },
  { code: 'power', functionCode: 3, dataType: 'float32', byteOrder: 'CDAB', raw: -1234.5, ratio: 1 },
  { code: 'energy', functionCode: 4, dataType: 'uint32', byteOrder: 'ABCD', raw: 3_456_789_012, ratio: 0.001 },
  { code: 'temperature', functionCode: 4, dataType: 'int32', byteOrder: 'DCBA', raw: -4012, ratio: 0.01 },
  { code: 'frequency', functionCode: 3, dataType: 'float64', byteOrder: 'DCBA', raw: 49.987654321, ratio: 1 },
];
/** Each point's first register, one after another from 0; the peer serves the same words as holding and input registers. */
const REGISTERS = POINTS.map((_, i) => POINTS.slice(0, i).reduce((at, p) => at + WIDTH[p.dataType], 0));
const WORDS = POINTS.flatMap((p) => registersOf(p.raw, p.dataType, p.byteOrder));

describe.each(databases({ collector: true }))('Modbus RTU over TCP against pymodbus on $name', ({ start }) => {
  let peer: RtuPeer;
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;

  const ems = async <T = Row>(method: 'GET' | 'POST', path: string, payload?: unknown) =>
    call<T>(app, admin, {
      method,
      url: `/ems/api/${path}`,
      ...(payload !== undefined ? { payload: payload as Row } : {}),
    });
  const created = async (path: string, payload: Row): Promise<Row> => {
    const answer = await ems('POST', path, payload);
    expect(answer.body, path).toMatchObject({ code: 0 });
    return answer.body.data;
  };
  const devices = async () =>
    new Map(
      (await ems<{ records: Row[] }>('GET', 'device/monitordevice/device?current=1&size=50&name=RTU')).body.data.records.map(
        (d) => [d.sn, d],
      ),
    );
  const channelRow = async () =>
    (await ems<{ records: Row[] }>('GET', 'device/monitorchannel/channel?current=1&size=50&name=DTU')).body.data.records[0];

  beforeAll(async () => {
    peer = await startRtuPeer(UNIT, WORDS);
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(async () => {
    // The peer first: a server that failed to start leaves no server to stop, and the peer must not outlive the run.
    await peer.stop();
    await server.stop();
  });

  test('each data type and byte order is read as pymodbus serves it, by holding and input registers; a slave the line does not have is offline, timed out', async () => {
    const collector = (await ems<{ records: Row[] }>('GET', 'device/monitorserver/page?current=1&size=10&serverType=collector'))
      .body.data.records[0];
    const station = (await ems('GET', 'device/station/get_station_by_sn/T2-ST1')).body.data;
    const channel = await created('device/monitorchannel/channel', {
      sn: 'CH-DTU',
      name: 'DTU transparent',
      protocol: 'modbusRtu',
      host: '127.0.0.1',
      port: peer.port,
      pollInterval: POLL_S,
      stationId: station.id,
      serverId: collector?.id,
    });
    const meter = await created('device/monitordevice/device', {
      sn: 'T2-ST1-RTU',
      name: 'RTU meter',
      kind: 'meter',
      stationId: station.id,
      channelId: channel.id,
      slaveAddress: UNIT,
    });
    const absent = await created('device/monitordevice/device', {
      sn: 'T2-ST1-RTU-ABSENT',
      name: 'RTU absent meter',
      kind: 'meter',
      stationId: station.id,
      channelId: channel.id,
      slaveAddress: ABSENT_UNIT,
    });
    const mapped = async (deviceId: unknown, sn: string, map: Row) => {
      const variable = await created('device/monitordevicevar', { sn, name: sn, unit: '', kind: 'gauge', deviceId });
      await created('device/variablemap', { variableId: variable.id, ...map });
    };
    for (const [i, point] of POINTS.entries()) {
      const { code, functionCode, dataType, byteOrder, ratio } = point;
      await mapped(meter.id, `T2-ST1-RTU.${code}`, { functionCode, register: REGISTERS[i], dataType, byteOrder, ratio });
    }
    await mapped(absent.id, 'T2-ST1-RTU-ABSENT.voltage', { register: 0, dataType: 'uint16' });

    // A poll the collector's timer started by the maps read before the last was added is waited
    // for, and the channel polled again by every map.
    await app.collector?.pollAll();

    const sns = [...POINTS.map((p) => `T2-ST1-RTU.${p.code}`), 'T2-ST1-RTU-ABSENT.voltage'];
    const shown = new Map(
      (await ems<{ sn: string; data: number | null }[]>('POST', 'main/devices/data/realtime', { sns: sns.join() })).body.data.map(
        (v) => [v.sn, v.data],
      ),
    );
    for (const point of POINTS) expect(shown.get(`T2-ST1-RTU.${point.code}`), point.code).toBeCloseTo(point.raw * point.ratio, 6);
    expect(shown.get('T2-ST1-RTU-ABSENT.voltage')).toBeNull();
    const byDevice = await devices();
    expect(byDevice.get('T2-ST1-RTU')).toMatchObject({ linkState: 'online' });
    expect(byDevice.get('T2-ST1-RTU-ABSENT')).toMatchObject({
      linkState: 'offline',
      linkError: expect.stringMatching(/^timeout/),
    });
    expect(await channelRow()).toMatchObject({ linkState: 'connected', badValues: 0 });
  });

  test('the peer stopped, every device of the channel is offline and the channel failing', async () => {
    await peer.stop();
    await app.collector?.pollAll();
    const byDevice = await devices();
    expect(byDevice.get('T2-ST1-RTU')).toMatchObject({ linkState: 'offline', linkError: expect.stringMatching(/^refused/) });
    expect(byDevice.get('T2-ST1-RTU-ABSENT')).toMatchObject({ linkState: 'offline' });
    const row = await channelRow();
    expect(row).toMatchObject({ linkState: 'failing' });
    expect(String(row?.lastError)).toContain('T2-ST1-RTU');
  });
});
