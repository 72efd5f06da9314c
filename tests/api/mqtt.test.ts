import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest';
import { call, signIn } from '../support/api';
import { postgresDemoCopy } from '../support/demoCopies';
import { startServer, type TestServer } from '../support/server';

/**
 * MQTT channels through the embedded broker, with mqtt.js as the devices: credentials issued
 * through the contract, samples published and answered by the realtime call, bad messages
 * counted, another channel's topics refused, commands out and acknowledged, silence offline.
 */

type Row = Record<string, unknown>;
type Issued = { address: string; user: string; secret: string; samplesTopic: string; acksTopic: string; commandsTopic: string };

const POLL_S = 1;
const postgresUrl = inject('postgresUrl');
const places = [
  { name: 'sqlite', start: () => startServer({ sqliteDemo: true, collector: true, mqtt: true }) },
  ...(postgresUrl
    ? [
        {
          name: 'postgres',
          start: async () => startServer({ databaseUrl: await postgresDemoCopy(postgresUrl), collector: true, mqtt: true }),
        },
      ]
    : []),
];

/** A device's connection: connected with the credentials given, or the broker's refusal. */
async function connect(issued: Pick<Issued, 'address' | 'user' | 'secret'>): Promise<MqttClient> {
  return mqtt.connectAsync(issued.address, {
    username: issued.user,
    password: issued.secret,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });
}

/** Waits until `check` holds, asking every 100 ms. */
async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(places)('MQTT channels on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let channel: Row;
  let other: Row;
  let issued: Issued;
  let device: MqttClient;
  const clients: MqttClient[] = [];

  const ems = async <T = Row>(method: 'GET' | 'POST', path: string, payload?: unknown, token = admin) =>
    call<T>(app, token, { method, url: `/ems/api/${path}`, ...(payload !== undefined ? { payload: payload as Row } : {}) });
  const created = async (path: string, payload: Row, token = admin): Promise<Row> => {
    const answer = await ems('POST', path, payload, token);
    expect(answer.body, path).toMatchObject({ code: 0 });
    return answer.body.data;
  };
  const issue = async (channelId: unknown, token = admin) =>
    ems<Issued[]>('POST', 'device/monitorchannel/credentials', { channelId, replace: true }, token);
  const realtime = async (sns: string[]) =>
    new Map(
      (await ems<{ sn: string; data: number | null }[]>('POST', 'main/devices/data/realtime', { sns: sns.join() })).body.data.map(
        (v) => [v.sn, v.data],
      ),
    );
  const channelRow = async (name: string) =>
    (await ems<{ records: Row[] }>('GET', `device/monitorchannel/channel?current=1&size=50&name=${name}`)).body.data.records[0];
  const publish = async (client: MqttClient, topic: string, message: unknown) => {
    await client.publishAsync(topic, typeof message === 'string' ? message : JSON.stringify(message), { qos: 1 });
    await app.mqtt?.ingest.flush();
  };

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    const collector = (await ems<{ records: Row[] }>('GET', 'device/monitorserver/page?current=1&size=10&serverType=collector'))
      .body.data.records[0];
    const station = (await ems('GET', 'device/station/get_station_by_sn/T2-ST1')).body.data;
    const channelOf = (sn: string, name: string) =>
      created('device/monitorchannel/channel', {
        sn,
        name,
        protocol: 'mqtt',
        pollInterval: POLL_S,
        stationId: station.id,
        serverId: collector?.id,
      });
    channel = await channelOf('CH-MQTT', 'Mqtt channel');
    other = await channelOf('CH-MQTT2', 'Other mqtt');
    const meter = await created('device/monitordevice/device', {
      sn: 'T2-ST1-MQ',
      name: 'Mqtt meter',
      kind: 'meter',
      stationId: station.id,
      channelId: channel.id,
    });
    for (const [code, extra] of [
      ['activePower', { minValue: -1000, maxValue: 1000 }],
      ['runState', { controllable: true }],
    ] as const)
      await created('device/monitordevicevar', {
        sn: `T2-ST1-MQ.${code}`,
        name: code,
        code,
        unit: '',
        kind: 'gauge',
        deviceId: meter.id,
        ...extra,
      });
    const answer = await issue(channel.id);
    expect(answer.status).toBe(200);
    issued = answer.body.data[0]!;
    device = await connect(issued);
    clients.push(device);
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync(true).catch(() => undefined);
    await server.stop();
  });

  test('credentials are issued once to an MQTT channel: user, topics and a secret whose hash only is kept', async () => {
    expect(issued).toMatchObject({
      address: expect.stringMatching(/^mqtt:\/\/127\.0\.0\.1:\d+$/),
      user: `channel-${String(channel.id)}`,
      samplesTopic: `ems/channel-${String(channel.id)}/up`,
      commandsTopic: `ems/channel-${String(channel.id)}/cmd`,
      acksTopic: `ems/channel-${String(channel.id)}/ack`,
    });
    expect(issued.secret.length).toBeGreaterThanOrEqual(32);
    const stored = await app.mqtt?.ingest.directory.authenticate(issued.user, issued.secret);
    expect(stored).toBe(true);
    // A Modbus channel has none: 400 naming the field; another tenant's channel is not found.
    const modbus = (await ems<{ records: Row[] }>('GET', 'device/monitorchannel/channel?current=1&size=50&protocol=modbusTcp'))
      .body.data.records[0];
    const refused = await issue(modbus?.id);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([expect.objectContaining({ path: 'channelId', message: expect.stringMatching(/MQTT/) })]);
    const operator = await signIn(app, 'operator', 'operator123');
    expect((await issue(channel.id, operator)).status).toBe(404);
  });

  test('a wrong secret is refused at connection', async () => {
    await expect(connect({ ...issued, secret: 'not-the-secret' })).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(connect({ ...issued, user: 'channel-999999' })).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  test('published samples are what the realtime call answers; what is not the agreed JSON is counted and named, never stored', async () => {
    await publish(device, issued.samplesTopic, { device: 'T2-ST1-MQ', values: { activePower: 123.5, runState: 1 } });
    expect(await realtime(['T2-ST1-MQ.activePower', 'T2-ST1-MQ.runState'])).toEqual(
      new Map([
        ['T2-ST1-MQ.activePower', 123.5],
        ['T2-ST1-MQ.runState', 1],
      ]),
    );
    const row = await channelRow('Mqtt channel');
    expect(row).toMatchObject({ linkState: 'connected', lastReadTime: expect.any(String) });
    // Nothing refused yet (the count is absent until the collector's first turn of the channel writes 0).
    expect(Number(row?.badValues ?? 0)).toBe(0);
    const cases: [unknown, number, RegExp][] = [
      ['{ not json', 1, /not JSON/],
      [{ device: 'T2-ST1-MQ', values: { activePower: 5000 } }, 1, /above the variable's maximum 1000/],
      [{ device: 'T2-ST1-MQ', values: { activePower: 'NaN' } }, 1, /no number/],
      [{ device: 'T2-ST1-NONE', values: { activePower: 1, runState: 0 } }, 2, /no device T2-ST1-NONE/],
      [{ device: 'T2-ST1-MQ', values: { voltage: 1 } }, 1, /voltage: no such variable/],
      [{ device: 'T2-ST1-MQ', ts: '2999-01-01T00:00:00Z', values: { activePower: 1 } }, 1, /is no time/],
      [[{ device: 'T2-ST1-MQ' }], 1, /item 0: not/],
    ];
    for (const [message, count, words] of cases) {
      const before = Number((await channelRow('Mqtt channel'))?.badValues ?? 0);
      await publish(device, issued.samplesTopic, message);
      const row = await channelRow('Mqtt channel');
      expect(Number(row?.badValues) - before, JSON.stringify(message)).toBe(count);
      expect(String(row?.lastError)).toMatch(words);
    }
    expect((await realtime(['T2-ST1-MQ.activePower'])).get('T2-ST1-MQ.activePower')).toBe(123.5);
    // In one message, the value in range is stored beside the one refused.
    await publish(device, issued.samplesTopic, { device: 'T2-ST1-MQ', values: { activePower: -200, runState: 'on' } });
    expect(await realtime(['T2-ST1-MQ.activePower', 'T2-ST1-MQ.runState'])).toEqual(
      new Map([
        ['T2-ST1-MQ.activePower', -200],
        ['T2-ST1-MQ.runState', 1],
      ]),
    );
  });

  test("a publish to another channel's topic is refused: the connection ends, nothing is stored there, and it is counted on the publisher's channel", async () => {
    const otherIssued = (await issue(other.id)).body.data[0]!;
    const intruder = await connect(issued);
    clients.push(intruder);
    const before = Number((await channelRow('Mqtt channel'))?.badValues ?? 0);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(otherIssued.samplesTopic, JSON.stringify({ device: 'T2-ST1-MQ', values: { activePower: 1 } }), { qos: 1 });
    await closed;
    await app.mqtt?.ingest.flush();
    expect((await realtime(['T2-ST1-MQ.activePower'])).get('T2-ST1-MQ.activePower')).toBe(-200);
    const row = await channelRow('Mqtt channel');
    expect(Number(row?.badValues)).toBe(before + 1);
    expect(row?.lastError).toBe(`publish to ${otherIssued.samplesTopic} refused`);
    expect((await channelRow('Other mqtt'))?.lastReadTime).toBeUndefined();
    // Nor can it read another channel's commands: the subscription is refused.
    const reader = await connect(issued);
    clients.push(reader);
    // The broker answers the subscription with the failure code 128, which mqtt.js throws.
    await expect(reader.subscribeAsync(otherIssued.commandsTopic, { qos: 1 })).rejects.toThrow(/Subscribe error/);
  });

  test('a command goes out on the command topic and is done when a sample shows it; a command the device refuses fails with its reason', async () => {
    const commands: Row[] = [];
    await device.subscribeAsync(issued.commandsTopic, { qos: 1 });
    device.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString()) as Row));
    const statusOf = async () => (await ems<{ command: Row }[]>('GET', 'yk/status?sns=T2-ST1-MQ.runState')).body.data[0]?.command;
    const sent = await ems<Row>('POST', 'yk/control', { sn: 'T2-ST1-MQ.runState', value: 0 });
    expect(sent.body).toMatchObject({ code: 0 });
    await app.collector?.pollAll();
    await within(5_000, async () => commands.length === 1);
    expect(commands[0]).toEqual({ id: sent.body.data.id, device: 'T2-ST1-MQ', code: 'runState', value: 0 });
    expect(await statusOf()).toMatchObject({ status: 'sent' });
    await publish(device, issued.acksTopic, { id: sent.body.data.id, ok: true });
    await publish(device, issued.samplesTopic, { device: 'T2-ST1-MQ', values: { runState: 0 } });
    await app.collector?.pollAll();
    expect(await statusOf()).toMatchObject({ id: sent.body.data.id, status: 'done' });
    expect(commands).toHaveLength(1);

    const refused = await ems<Row>('POST', 'yk/control', { sn: 'T2-ST1-MQ.runState', value: 1 });
    await app.collector?.pollAll();
    await within(5_000, async () => commands.length === 2);
    await publish(device, issued.acksTopic, { id: refused.body.data.id, ok: false, reason: 'interlock: door open' });
    expect(await statusOf()).toMatchObject({ id: refused.body.data.id, status: 'failed', reason: 'interlock: door open' });
  });

  test('a command no sample shows within 30 s fails by timeout, with that reason', async () => {
    const statusOf = async () => (await ems<{ command: Row }[]>('GET', 'yk/status?sns=T2-ST1-MQ.runState')).body.data[0]?.command;
    const sent = await ems<Row>('POST', 'yk/control', { sn: 'T2-ST1-MQ.runState', value: 1 });
    expect(sent.body).toMatchObject({ code: 0 });
    await app.collector?.pollAll();
    // The device takes the command (no refusal) but no sample ever shows it: half a minute later it has failed.
    await publish(device, issued.samplesTopic, { device: 'T2-ST1-MQ', values: { runState: 0 } });
    await app.collector?.pollAll();
    expect(await statusOf()).toMatchObject({ id: sent.body.data.id, status: 'sent' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      await app.collector?.pollAll();
    } finally {
      vi.useRealTimers();
    }
    expect(await statusOf()).toMatchObject({
      id: sent.body.data.id,
      status: 'failed',
      reason: 'no reading showed 1 within 30 s',
    });
  });

  test('a device silent for two intervals is offline; publishing again, online', async () => {
    const deviceRow = async () =>
      (await ems<{ records: Row[] }>('GET', 'device/monitordevice/device?current=1&size=50&name=Mqtt meter')).body.data
        .records[0];
    await publish(device, issued.samplesTopic, { device: 'T2-ST1-MQ', values: { activePower: 10 } });
    await app.collector?.pollAll();
    expect(await deviceRow()).toMatchObject({ linkState: 'online' });
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_S * 1000 + 300));
    await app.collector?.pollAll();
    expect(await deviceRow()).toMatchObject({ linkState: 'offline', linkError: expect.stringMatching(/^silent: no sample/) });
    await publish(device, issued.samplesTopic, { device: 'T2-ST1-MQ', values: { activePower: 11 } });
    await app.collector?.pollAll();
    expect(await deviceRow()).toMatchObject({ linkState: 'online' });
  });

  test("another tenant's channel credentials never write into this tenant", async () => {
    const operator = await signIn(app, 'operator', 'operator123');
    const theirs = async <T = Row>(method: 'GET' | 'POST', path: string, payload?: unknown) =>
      ems<T>(method, path, payload, operator);
    const server2 = (await theirs<{ records: Row[] }>('GET', 'device/monitorserver/page?current=1&size=10&serverType=collector'))
      .body.data.records[0];
    const station = (await theirs<{ records: Row[] }>('GET', 'device/station/page?current=1&size=1')).body.data.records[0];
    const foreign = await created(
      'device/monitorchannel/channel',
      {
        sn: 'CH-MQTT',
        name: 'Their mqtt',
        protocol: 'mqtt',
        pollInterval: POLL_S,
        stationId: station?.id,
        serverId: server2?.id,
      },
      operator,
    );
    const foreignIssued = (await issue(foreign.id, operator)).body.data[0]!;
    const intruder = await connect(foreignIssued);
    clients.push(intruder);
    const before = (await realtime(['T2-ST1-MQ.activePower'])).get('T2-ST1-MQ.activePower');
    // This tenant's device named on their channel's own topic is no device of theirs: refused, counted there.
    await publish(intruder, foreignIssued.samplesTopic, { device: 'T2-ST1-MQ', values: { activePower: 777 } });
    expect((await realtime(['T2-ST1-MQ.activePower'])).get('T2-ST1-MQ.activePower')).toBe(before);
    const row = (await theirs<{ records: Row[] }>('GET', 'device/monitorchannel/channel?current=1&size=50&name=Their mqtt')).body
      .data.records[0];
    expect(row).toMatchObject({ badValues: 1, lastError: 'no device T2-ST1-MQ on the channel' });
  });

  test('issuing new credentials lets the old secret go', async () => {
    const renewed = (await issue(channel.id)).body.data[0]!;
    await expect(connect(issued)).rejects.toThrow(/Bad username or password|Not authorized/i);
    const fresh = await connect(renewed);
    clients.push(fresh);
    await publish(fresh, renewed.samplesTopic, { device: 'T2-ST1-MQ', values: { activePower: 42 } });
    expect((await realtime(['T2-ST1-MQ.activePower'])).get('T2-ST1-MQ.activePower')).toBe(42);
  });
});
