/**
 * Collection at scale (bench/run.ts, or alone: `tsx bench/collection.ts`, which rewrites only its
 * section of docs/benchmarks.md): 2,000 devices of 50 holding registers each, behind 40 gateways
 * served by another process (bench/gateways.ts), polled every 5 s by the collector of a server on
 * SQLite, for a minute; beside it, the same samples at the same rate stored by the direct ingest
 * (`Telemetry.ingest`, as the collectors' HTTP call and the simulator's history do), in the same
 * process. Then the time from a register changed on a gateway to the realtime call answering it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, openServices } from '../server/app';
import { configFromEnv, type ServerConfig } from '../server/config';
import type { Database } from '../server/db/database';
import type { SampleInput } from '../server/telemetry/store';
import { call, signIn } from '../tests/support/api';
import { fmt, log, p50, replaceSection } from './report';

export const TENANT = 2;
const CHANNELS = 40;
const DEVICES_PER_CHANNEL = 50;
const REGISTERS = 50;
const POLL_S = 5;
const WINDOW_MS = 60_000;
const LATENCY_RUNS = 10;
const DEVICES_GOAL = 2000;

export function config(dataDir: string, collector: boolean): ServerConfig {
  return { ...configFromEnv({}), dataDir, logger: false, simulator: false, collector, mqtt: undefined, demo: true };
}

/** This process's CPU time (user and system, ms). */
export const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

export interface CollectionFigures {
  devices: number;
  registers: number;
  expected: number;
  /** Samples stored by the collector over the window, and the share of a core its process used. */
  polled: number;
  polledCore: number;
  /** The same over the direct ingest. */
  direct: number;
  directCore: number;
  latencyP50: number;
  latencyMax: number;
}

/** The gateways' process: its ports, and a way to set one register and wait until it is set. */
async function gateways() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/gateways.ts', String(CHANNELS), String(REGISTERS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const iterator = lines[Symbol.asyncIterator]();
  const ports = JSON.parse(String((await iterator.next()).value)) as number[];
  return {
    ports,
    async set(port: number, unit: number, register: number, value: number) {
      child.stdin.write(`set ${port} ${unit} ${register} ${value}\n`);
      await iterator.next();
    },
    stop() {
      child.kill('SIGTERM');
    },
  };
}

/**
 * A bench's channels, devices, variables and (for Modbus, one per port) register maps, written
 * straight into the tenant's tables (the setup is not measured); answers each channel's id and its
 * variables' ids. MQTT channels are given as undefined ports.
 */
export async function provision(
  { db }: Database,
  ports: (number | undefined)[],
  devicesPerChannel = DEVICES_PER_CHANNEL,
): Promise<{ channelIds: number[]; varIds: number[][] }> {
  const station = await db
    .selectFrom('station')
    .select('id')
    .where('tenantId', '=', TENANT)
    .where('sn', '=', 'T2-ST1')
    .executeTakeFirstOrThrow();
  const server = await db
    .selectFrom('monitorServer')
    .select('id')
    .where('tenantId', '=', TENANT)
    .where('serverType', '=', 'collector')
    .executeTakeFirstOrThrow();
  // The demo's own channels are left unpolled: only the bench's are measured.
  await db.updateTable('monitorChannel').set({ port: null }).where('tenantId', '=', TENANT).execute();
  const now = new Date().toISOString();
  const varIds: number[][] = [];
  const channelIds: number[] = [];
  for (const [c, port] of ports.entries()) {
    const channel = await db
      .insertInto('monitorChannel')
      .values({
        tenantId: TENANT,
        sn: `BENCH-CH${c}`,
        name: `Bench ${c}`,
        ...(port === undefined ? { protocol: 'mqtt' } : { protocol: 'modbusTcp', host: '127.0.0.1', port }),
        pollInterval: POLL_S,
        stationId: station.id,
        serverId: server.id,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    channelIds.push(Number(channel.id));
    const ids: number[] = [];
    for (let d = 0; d < devicesPerChannel; d++) {
      const sn = `BENCH-C${c}-D${d}`;
      const device = await db
        .insertInto('device')
        .values({
          tenantId: TENANT,
          sn,
          name: sn,
          kind: 'meter',
          stationId: station.id,
          channelId: channel.id,
          slaveAddress: d + 1,
          createTime: now,
          updateTime: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const variables = await db
        .insertInto('deviceVariable')
        .values(
          Array.from({ length: REGISTERS }, (_, r) => ({
            tenantId: TENANT,
            sn: `${sn}.r${r}`,
            name: `r${r}`,
            code: `r${r}`,
            unit: '',
            kind: 'gauge',
            controllable: 0,
            deviceId: device.id,
            createTime: now,
            updateTime: now,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...variables.map((v) => Number(v.id)));
      if (port === undefined) continue;
      await db
        .insertInto('variableMap')
        .values(
          variables.map((v, r) => ({
            tenantId: TENANT,
            variableId: v.id,
            functionCode: 3,
            register: r,
            dataType: 'uint16',
            byteOrder: 'ABCD',
            ratio: 1,
            offset: 0,
            createTime: now,
            updateTime: now,
          })),
        )
        .execute();
    }
    varIds.push(ids);
  }
  return { channelIds, varIds };
}

export async function storedBetween({ db }: Database, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('sample')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenantId', '=', TENANT)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function collectionFigures(): Promise<CollectionFigures> {
  const devices = CHANNELS * DEVICES_PER_CHANNEL;
  const expected = (devices * REGISTERS * WINDOW_MS) / (POLL_S * 1000);
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-collection-'));
  const wires = await gateways();
  let app: FastifyInstance | undefined;
  // Seeded and provisioned first, so that the server measured starts with every record in place.
  const seeded = await openServices(config(dataDir, false));
  try {
    log(`Collection: seeding the demo and ${fmt(devices)} devices × ${REGISTERS} registers on ${CHANNELS} gateways...`);
    const { varIds } = await provision(seeded.database, wires.ports);
    app = await buildApp(config(dataDir, true));
    // The collector reads the channels as it starts; the minute measured starts after two rounds.
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_S * 1000));
    log('  polling for a minute...');
    let from = Date.now();
    let cpu = cpuMs();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const polledCore = (cpuMs() - cpu) / WINDOW_MS;
    const polled = await storedBetween(seeded.database, from, from + WINDOW_MS);
    log(`  ${fmt(polled)} samples stored of ${fmt(expected)} (${Math.round(polledCore * 100)} % of a core)`);

    log('  the time from a register changed to the realtime answer...');
    const token = await signIn(app, 'admin', 'admin123');
    const latencies: number[] = [];
    for (let run = 0; run < LATENCY_RUNS; run++) {
      const value = 60_000 + run;
      const port = wires.ports[run % CHANNELS] ?? 0;
      const sn = `BENCH-C${run % CHANNELS}-D0.r0`;
      const started = Date.now();
      await wires.set(port, 1, 0, value);
      for (;;) {
        const answer = await call<{ data: number | null }[]>(app, token, {
          method: 'POST',
          url: '/ems/api/main/devices/data/realtime',
          payload: { sns: sn },
        });
        if (answer.body.data[0]?.data === value) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      latencies.push(Date.now() - started);
      // The next change starts at another moment of the poll cycle.
      await new Promise((resolve) => setTimeout(resolve, 700 + 300 * run));
    }
    await app.close();
    app = undefined;

    log('  the same samples through the direct ingest for a minute...');
    // These services seeded the demo before the bench's variables were written: their catalogue is read again.
    seeded.telemetry.catalog.invalidate(TENANT);
    from = Date.now();
    cpu = cpuMs();
    const rounds = WINDOW_MS / (POLL_S * 1000);
    for (let round = 0; round < rounds; round++) {
      const due = from + round * POLL_S * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      for (const ids of varIds) {
        const ts = Date.now();
        const samples: SampleInput[] = ids.map((varId, i) => ({ varId, ts, value: (i + round) % 65_536 }));
        await seeded.telemetry.ingest(TENANT, samples);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, from + WINDOW_MS - Date.now())));
    const directCore = (cpuMs() - cpu) / WINDOW_MS;
    const direct = await storedBetween(seeded.database, from, from + WINDOW_MS);
    log(`  ${fmt(direct)} samples stored (${Math.round(directCore * 100)} % of a core)`);
    return {
      devices,
      registers: REGISTERS,
      expected,
      polled,
      polledCore,
      direct,
      directCore,
      latencyP50: p50(latencies),
      latencyMax: Math.max(...latencies),
    };
  } finally {
    await app?.close();
    await seeded.database.close();
    wires.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function collectionReport(f: CollectionFigures): string {
  const kept = f.polled / f.expected;
  return `## Collection from devices

${fmt(f.devices)} devices of ${f.registers} holding registers each (one request of ${f.registers} registers a device), on ${CHANNELS} Modbus TCP gateways of modbus-serial's server in another process, polled every ${POLL_S} s by the collector of one server on SQLite for ${WINDOW_MS / 1000} s: ${fmt(f.expected)} samples due. Beside it, the same number of samples in the same batches (a channel's poll, ${fmt(DEVICES_PER_CHANNEL * f.registers)} samples) every ${POLL_S} s stored by the direct ingest of the same server. A share of a core is the server process's CPU time over the minute.

| Path | Samples stored in the minute | Share of one core |
|---|---:|---:|
| Collector: poll, decode, ingest | ${fmt(f.polled)} (${Math.round(kept * 100)} % of those due) | ${Math.round(f.polledCore * 100)} % |
| Direct ingest, the same samples | ${fmt(f.direct)} | ${Math.round(f.directCore * 100)} % |

A register changed on a gateway is the realtime call's answer after ${fmt(f.latencyP50)} ms (p50 of ${LATENCY_RUNS}, changes at different moments of the poll cycle; the longest ${fmt(f.latencyMax)} ms).

Goals: ${fmt(DEVICES_GOAL)} devices × 50 registers kept up with at a ${POLL_S}-s poll under one core — ${f.devices >= DEVICES_GOAL && kept >= 0.95 && f.polledCore < 1 ? 'met' : 'not met'}; a change answered within the poll interval + 1 s (${fmt(POLL_S * 1000 + 1000)} ms) — ${f.latencyMax <= POLL_S * 1000 + 1000 ? 'met' : 'not met'}.
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = collectionReport(await collectionFigures());
  writeFileSync(
    'docs/benchmarks.md',
    replaceSection(readFileSync('docs/benchmarks.md', 'utf8'), 'Collection from devices', report),
  );
  log('docs/benchmarks.md: collection written');
}
