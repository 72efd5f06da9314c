import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { call, signIn } from '../support/api';
import { postgresDemoCopy } from '../support/demoCopies';
import { ModbusDevice } from '../support/modbusDevice';
import { startServer, type TestServer } from '../support/server';
import { freePort } from '../support/serverProcess';

/**
 * Collector processes of their own (`npm run collector`) on one PostgreSQL: each channel is polled
 * by one of them at a time, and when that one dies without a word (kill -9) another takes its
 * channels over.
 */

type Row = Record<string, unknown>;
const postgresUrl = inject('postgresUrl');

/** A collector process, as `npm run collector -- --server N` starts it. */
function collectorProcess(
  databaseUrl: string,
  serverId: number,
): { child: ChildProcess; exited: Promise<void>; log: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/collectorMain.ts', '--server', String(serverId)], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { child, exited: new Promise((resolve) => child.once('exit', () => resolve())), log: () => log.slice(-4000) };
}

describe.runIf(postgresUrl)('collector processes on one PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test('kill -9 of the process polling a channel: another polls it within 90 s', async () => {
    const device = new ModbusDevice(await freePort());
    await device.start();
    cleanups.push(() => device.stop());
    const databaseUrl = await postgresDemoCopy(String(postgresUrl));
    const server: TestServer = await startServer({ databaseUrl, collector: false });
    cleanups.push(() => server.stop());
    const token = await signIn(server.app, 'admin', 'admin123');
    const ems = async (method: 'GET' | 'POST', path: string, payload?: Row) =>
      (await call<Row>(server.app, token, { method, url: `/ems/api/${path}`, ...(payload ? { payload } : {}) })).body.data;
    const collector = (
      (await ems('GET', 'device/monitorserver/page?current=1&size=10&serverType=collector')) as { records: Row[] }
    ).records[0];
    const station = await ems('GET', 'device/station/get_station_by_sn/T2-PV1');
    const channel = await ems('POST', 'device/monitorchannel/channel', {
      sn: 'CH-TAKEOVER',
      name: 'Takeover channel',
      protocol: 'modbusTcp',
      host: '127.0.0.1',
      port: device.port,
      pollInterval: 2,
      stationId: station.id,
      serverId: collector?.id,
    });
    const meter = await ems('POST', 'device/monitordevice/device', {
      sn: 'T2-PV1-TAKE',
      name: 'Takeover meter',
      kind: 'meter',
      stationId: station.id,
      channelId: channel.id,
      slaveAddress: 1,
    });
    const variable = await ems('POST', 'device/monitordevicevar', {
      sn: 'T2-PV1-TAKE.count',
      name: 'count',
      unit: '',
      kind: 'gauge',
      deviceId: meter.id,
    });
    await ems('POST', 'device/variablemap', { variableId: variable.id, register: 0, dataType: 'uint16' });
    // The device's register counts up, so that each poll stores a new value.
    const counting = setInterval(() => (device.registers[0] = ((device.registers[0] ?? 0) + 1) % 65_536), 200);
    cleanups.push(() => Promise.resolve(clearInterval(counting)));

    const processes = [
      collectorProcess(databaseUrl, Number(collector?.id)),
      collectorProcess(databaseUrl, Number(collector?.id)),
    ];
    for (const p of processes) cleanups.push(() => (p.child.kill('SIGTERM'), p.exited));
    const database = openDatabase({ ...server.config, databaseUrl });
    cleanups.push(() => database.close());
    const latest = async () =>
      Number(
        (await database.db.selectFrom('varState').select('ts').where('varId', '=', Number(variable.id)).executeTakeFirst())?.ts ??
          0,
      );
    const holder = async () =>
      (
        await database.db
          .selectFrom('jobLease')
          .select('owner')
          .where('name', '=', `channel:2:${String(channel.id)}`)
          .executeTakeFirst()
      )?.owner ?? '';
    const waitFor = async (ms: number, check: () => Promise<boolean>) => {
      const started = Date.now();
      while (!(await check())) {
        if (Date.now() - started > ms) throw new Error(`not within ${ms} ms\n${processes.map((p) => p.log()).join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return Date.now() - started;
    };
    await waitFor(60_000, async () => (await latest()) > 0);
    const owner = await holder();
    const victim = processes.find((p) => owner.includes(`pid ${String(p.child.pid)} `));
    const other = processes.find((p) => p !== victim);
    expect(victim, `the lease names one of the two processes: ${owner}`).toBeDefined();
    victim?.child.kill('SIGKILL');
    await victim?.exited;
    const killed = Date.now();
    const took = await waitFor(90_000, async () => (await latest()) > killed);
    expect(took).toBeLessThanOrEqual(90_000);
    expect(await holder()).toContain(`pid ${String(other?.child.pid)} `);
  }, 180_000);
});
