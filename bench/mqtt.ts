/**
 * MQTT samples per second (bench/run.ts, or alone: `tsx bench/mqtt.ts`, which rewrites only its
 * section of docs/benchmarks.md): 500 devices of 50 variables on 20 MQTT channels publish their
 * values once a second (bench/publishers.ts, another process), for 30 s, 25,000 samples a second
 * offered; stored by a server on SQLite through its embedded broker, then through Debian's
 * mosquitto as the external broker; beside them, the same samples in the same batches stored by the
 * direct ingest of the same server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, openServices } from '../server/app';
import type { MqttSettings } from '../server/collection/mqtt';
import { issueCredentials } from '../server/collection/mqttCredentials';
import type { Services } from '../server/http/services';
import type { SampleInput } from '../server/telemetry/store';
import { startMosquitto, type Mosquitto } from '../tests/support/mosquitto';
import { config, cpuMs, provision, storedBetween, TENANT } from './collection';
import { fmt, log, replaceSection } from './report';

const CHANNELS = 20;
const DEVICES_PER_CHANNEL = 25;
const VARIABLES = 50;
const SECONDS = 30;
/** The first seconds are left out: clients connecting, the first flushes. */
const WARMUP_S = 3;
const GOAL_PER_S = 20_000;

export interface MqttPath {
  /** Samples stored a second over the window measured, of those offered, and the share of a core the server used. */
  perSecond: number;
  core: number;
}

export interface MqttFigures {
  offeredPerSecond: number;
  embedded: MqttPath;
  mosquitto: MqttPath;
  direct: MqttPath;
}

interface Channel {
  user: string;
  secret: string;
  devices: string[];
  codes: string[];
}

/** The publishers' process on a plan; answers once every message is sent, with when the first second began. */
async function publish(address: string, channels: Channel[], dir: string): Promise<{ started: number; done: Promise<void> }> {
  const planFile = join(dir, `plan-${Date.now()}.json`);
  writeFileSync(planFile, JSON.stringify({ address, seconds: SECONDS, channels }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/publishers.ts', planFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  await lines.next();
  const started = Math.ceil(Date.now() / 1000) * 1000;
  return {
    started,
    done: (async () => {
      await lines.next();
    })(),
  };
}

/** The server's share of a core and the samples stored a second, over the publishers' seconds after the warm-up. */
async function measure(services: Services, run: () => Promise<{ started: number; done: Promise<void> }>): Promise<MqttPath> {
  const { started, done } = await run();
  const from = started + WARMUP_S * 1000;
  const to = started + SECONDS * 1000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, from - Date.now())));
  const cpu = cpuMs();
  await done;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, to - Date.now())));
  const core = (cpuMs() - cpu) / (to - from);
  // What arrived by the end of the last second, and was flushed within a second of it, counts.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const stored = await storedBetween(services.database, from, to);
  return { perSecond: (stored * 1000) / (to - from), core };
}

/** The credentials and devices of the bench's channels (issued again: the previous secrets stop working). */
async function channelsOf(services: Services, channelIds: number[]): Promise<Channel[]> {
  const codes = Array.from({ length: VARIABLES }, (_, r) => `r${r}`);
  const channels: Channel[] = [];
  for (const [c, channelId] of channelIds.entries()) {
    const { user, secret } = await issueCredentials(services.database.db, TENANT, channelId);
    const devices = Array.from({ length: DEVICES_PER_CHANNEL }, (_, d) => `BENCH-C${c}-D${d}`);
    channels.push({ user, secret, devices, codes });
  }
  return channels;
}

export async function mqttFigures(): Promise<MqttFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'platform-bench-mqtt-'));
  const dataDir = join(dir, 'data');
  const seeded = await openServices(config(dataDir, false));
  let app: FastifyInstance | undefined;
  let mosquitto: Mosquitto | undefined;
  const withMqtt = (mqtt: MqttSettings) => ({ ...config(dataDir, false), mqtt });
  try {
    log(
      `MQTT: seeding the demo and ${fmt(CHANNELS * DEVICES_PER_CHANNEL)} devices × ${VARIABLES} variables on ${CHANNELS} channels...`,
    );
    const { channelIds, varIds } = await provision(
      seeded.database,
      Array<undefined>(CHANNELS).fill(undefined),
      DEVICES_PER_CHANNEL,
    );

    log(`  ${fmt(CHANNELS * DEVICES_PER_CHANNEL * VARIABLES)} samples a second through the embedded broker...`);
    app = await buildApp(withMqtt({ host: '127.0.0.1', port: 0 }));
    const embeddedAddress = app.mqtt?.address ?? '';
    const embeddedChannels = await channelsOf(seeded, channelIds);
    const embedded = await measure(seeded, () => publish(embeddedAddress, embeddedChannels, dir));
    log(`  ${fmt(embedded.perSecond)} a second stored (${Math.round(embedded.core * 100)} % of a core)`);
    await app.close();
    app = undefined;

    log('  the same through mosquitto...');
    mosquitto = await startMosquitto(dir);
    const mosquittoChannels = await channelsOf(seeded, channelIds);
    // The platform writes the channels' hashes into mosquitto's password file as it starts; mosquitto reads it again.
    app = await buildApp(withMqtt(mosquitto.settings));
    await mosquitto.reload();
    const viaMosquitto = await measure(seeded, () => publish(mosquitto?.address ?? '', mosquittoChannels, dir));
    log(`  ${fmt(viaMosquitto.perSecond)} a second stored (${Math.round(viaMosquitto.core * 100)} % of a core)`);
    await app.close();
    app = undefined;

    log('  the same samples through the direct ingest...');
    seeded.telemetry.catalog.invalidate(TENANT);
    const direct = await measure(seeded, async () => {
      const started = Math.ceil(Date.now() / 1000) * 1000;
      const done = (async () => {
        for (let second = 0; second < SECONDS; second++) {
          const ts = started + second * 1000;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, ts - Date.now())));
          for (const ids of varIds) {
            const samples: SampleInput[] = ids.map((varId, i) => ({ varId, ts, value: (i + second) % 65_536 }));
            await seeded.telemetry.ingest(TENANT, samples);
          }
        }
      })();
      return { started, done };
    });
    log(`  ${fmt(direct.perSecond)} a second stored (${Math.round(direct.core * 100)} % of a core)`);
    return { offeredPerSecond: CHANNELS * DEVICES_PER_CHANNEL * VARIABLES, embedded, mosquitto: viaMosquitto, direct };
  } finally {
    await app?.close();
    mosquitto?.stop();
    await seeded.database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function mqttReport(f: MqttFigures): string {
  const row = (name: string, path: MqttPath) =>
    `| ${name} | ${fmt(path.perSecond)} (${Math.round((path.perSecond / f.offeredPerSecond) * 100)} %) | ${Math.round(path.core * 100)} % |`;
  const met = (path: MqttPath) => (path.perSecond >= GOAL_PER_S ? 'met' : 'not met');
  return `## MQTT samples

${fmt(CHANNELS * DEVICES_PER_CHANNEL)} devices of ${VARIABLES} variables on ${CHANNELS} MQTT channels (one client each, in another process: bench/publishers.ts with mqtt.js) publish every device's values as one JSON message once a second, QoS 0, for ${SECONDS} s: ${fmt(f.offeredPerSecond)} samples a second offered. A server on SQLite stores them through its embedded broker (aedes), then through Debian's mosquitto as the external broker (the server a client of it, with its password file and ACL); beside them, the direct ingest of the same server stores the same samples in the same batches (a channel's second). Measured over the last ${SECONDS - WARMUP_S} s; a share of a core is the server process's CPU time (with the embedded broker, the broker's too; mosquitto's own is not counted).

| Path | Samples stored a second (of those offered) | Server's share of one core |
|---|---:|---:|
${row('Embedded broker → ingest', f.embedded)}
${row('mosquitto → ingest', f.mosquitto)}
${row('Direct ingest, the same samples', f.direct)}

The direct ingest stores a transaction a channel a second (${CHANNELS} a second); the MQTT ingest gathers 250 ms of messages into one transaction a tenant (4 a second), so it pays for fewer commits. A share above 100 % is the process's other threads (garbage collection) beside its main one.

Goal: ${fmt(GOAL_PER_S)} samples a second — through the embedded broker ${met(f.embedded)}, through mosquitto ${met(f.mosquitto)}.
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = mqttReport(await mqttFigures());
  writeFileSync('docs/benchmarks.md', replaceSection(readFileSync('docs/benchmarks.md', 'utf8'), 'MQTT samples', report));
  log('docs/benchmarks.md: MQTT written');
}
