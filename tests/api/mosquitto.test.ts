import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { debianProgram } from '../support/debian';
import { startServer, type TestServer } from '../support/server';
import { startMosquitto, type Mosquitto } from '../support/mosquitto';

/**
 * Debian's mosquitto as the external broker: it lets users in by the password file the platform
 * keeps (the channels' hashes) and lets each write only its own channel's topics by a pattern ACL;
 * Debian's mosquitto_pub publishes as a device would.
 */

type Row = Record<string, unknown>;
type Issued = { address: string; user: string; secret: string; samplesTopic: string };

/** Waits until `check` holds, asking every 100 ms. */
async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an external mosquitto broker', () => {
  const mosquittoPub = debianProgram('/usr/bin/mosquitto_pub', 'mosquitto-clients');
  const dir = mkdtempSync(join(tmpdir(), 'platform-mosquitto-'));
  let broker: Mosquitto;
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;

  const ems = async <T = Row>(method: 'GET' | 'POST', path: string, payload?: unknown) =>
    call<T>(app, admin, { method, url: `/ems/api/${path}`, ...(payload !== undefined ? { payload: payload as Row } : {}) });
  const realtime = async (sn: string) =>
    (await ems<{ sn: string; data: number | null }[]>('POST', 'main/devices/data/realtime', { sns: sn })).body.data[0]?.data;
  /** mosquitto_pub as a device: MQTT 5 and QoS 1, so that a refusal comes back (and is printed). */
  const publish = (issued: Issued, topic: string, message: unknown) =>
    spawnSync(
      mosquittoPub,
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(broker.port),
        '-u',
        issued.user,
        '-P',
        issued.secret,
        '-V',
        'mqttv5',
        '-q',
        '1',
        '-t',
        topic,
        '-m',
        JSON.stringify(message),
      ],
      { encoding: 'utf8', timeout: 10_000 },
    );

  beforeAll(async () => {
    broker = await startMosquitto(dir);
    server = await startServer({ sqliteDemo: true, collector: true, mqtt: broker.settings });
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(async () => {
    await server?.stop();
    broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test("mosquitto_pub's samples are what the realtime call answers; a publish to another channel's topic is refused by the broker", async () => {
    const collector = (await ems<{ records: Row[] }>('GET', 'device/monitorserver/page?current=1&size=10&serverType=collector'))
      .body.data.records[0];
    const station = (await ems('GET', 'device/station/get_station_by_sn/T2-ST1')).body.data;
    const channels: Row[] = [];
    for (const sn of ['CH-MOSQ-A', 'CH-MOSQ-B']) {
      const answer = await ems<Row>('POST', 'device/monitorchannel/channel', {
        sn,
        name: sn,
        protocol: 'mqtt',
        pollInterval: 5,
        stationId: station.id,
        serverId: collector?.id,
      });
      channels.push(answer.body.data);
      const device = await ems<Row>('POST', 'device/monitordevice/device', {
        sn: `${sn}-DEV`,
        name: `${sn} device`,
        kind: 'meter',
        stationId: station.id,
        channelId: answer.body.data.id,
      });
      await ems('POST', 'device/monitordevicevar', {
        sn: `${sn}-DEV.p`,
        name: 'P',
        code: 'activePower',
        unit: 'kW',
        kind: 'gauge',
        deviceId: device.body.data.id,
      });
    }
    const issued: Issued[] = [];
    for (const channel of channels)
      issued.push(
        (await ems<Issued[]>('POST', 'device/monitorchannel/credentials', { channelId: channel.id, replace: true })).body
          .data[0]!,
      );
    expect(issued[0]?.address).toBe(broker.address);
    // The platform wrote the channels' hashes into the password file; mosquitto reads it again on SIGHUP.
    await broker.reload();
    const [a, b] = issued as [Issued, Issued];
    const sent = publish(a, a.samplesTopic, { device: 'CH-MOSQ-A-DEV', values: { activePower: 321.5 } });
    expect(sent.status).toBe(0);
    expect(sent.stderr).toBe('');
    await within(5_000, async () => (await realtime('CH-MOSQ-A-DEV.p')) === 321.5);

    const refused = publish(a, b.samplesTopic, { device: 'CH-MOSQ-B-DEV', values: { activePower: 9 } });
    expect(refused.stderr).toMatch(/Not authorized/);
    const wrong = publish({ ...a, secret: 'not-the-secret' }, a.samplesTopic, {
      device: 'CH-MOSQ-A-DEV',
      values: { activePower: 1 },
    });
    expect(wrong.status).not.toBe(0);
    await app.mqtt?.ingest.flush();
    expect(await realtime('CH-MOSQ-B-DEV.p')).toBeNull();
    expect(await realtime('CH-MOSQ-A-DEV.p')).toBe(321.5);
  });
});
