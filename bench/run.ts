/**
 * `npm run bench`: the telemetry engine measured, each figure a comparison made in this one run,
 * written to docs/benchmarks.md.
 *
 * 1. Ingest: a year of 15-minute samples of 50 variables, rollups maintained as they arrive
 *    (the store, and the HTTP call collectors use).
 * 2. Statistics (DIFF, SUM, AVG, MAX over a DAY, MONTH and YEAR) of the 50 variables: read from
 *    the rollups, and by scanning the raw samples of the period; both must agree.
 * 3. The same on PostgreSQL.
 * 4. Realtime values of 200 variables under 50 concurrent connections (autocannon), answers shared
 *    or not, with and without new samples arriving, against a bare Fastify route doing the same
 *    reading, each server in a process of its own: on SQLite through one node, on PostgreSQL
 *    through one node and through two (bench/load.ts).
 * 5. Retention of a month of raw samples on PostgreSQL: DELETE against dropping the day
 *    partitions (bench/retention.ts).
 * 6. The dashboard in Chromium (bench/dashboard.ts): requests and main-thread time per refresh,
 *    coalesced against one request per widget, a cold navigation, the route's JavaScript and its
 *    chart chunk, keystrokes.
 * 7. The trend widget drawing a year of 5-minute data of 4 variables (bench/trend.ts), downsampled
 *    by the server against every sample.
 * 8. Dashboard viewers per node (bench/viewers.ts): the refresh call under load with 1, 10 and 100
 *    stations watched, without and with shared answers, first look, steady and live, against a
 *    bare route answering the same texts.
 * 9. Dashboard templates at fleet size (bench/templates.ts): a roll-out over 1,000 stations.
 * 10. Collection from devices (bench/collection.ts): 2,000 Modbus devices polled every 5 s against
 *    the direct ingest of the same samples, and a register change to the realtime answer.
 * 11. MQTT samples (bench/mqtt.ts): 25,000 samples a second published through the embedded broker
 *    and through mosquitto, against the direct ingest of the same samples.
 * 12. The settlement ledger (bench/ledger.ts): a year of 15-minute intervals of 100 stations
 *    repriced after a price change, and a month's money page.
 *
 * `npm run bench -- --before DIR` measures 6 and 7 also with the client and Storybook built in DIR
 * (a checkout of an earlier commit), beside this checkout's, in the same run.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openServices } from '../server/app';
import { configFromEnv, type ServerConfig } from '../server/config';
import type { Services } from '../server/http/services';
import { HOUR_MS, hourOf, LocalDays, partKey, periodOf, subPeriods, type PeriodType } from '../server/telemetry/calendar';
import type { CatalogVariable } from '../server/telemetry/catalog';
import { increase } from '../server/telemetry/counters';
import { HOLD_MS } from '../server/telemetry/rollups';
import { figure, type CalcMethod, type SampleInput } from '../server/telemetry/store';
import { httpFetch, signInTokens } from '../tests/support/httpSignIn';
import { createDatabase, startPostgres } from '../tests/support/postgres';
import { idle, serve, stopped } from './child';
import { addStorageStations } from './fleet';
import { CONNECTIONS, DURATION_S, load, type LoadResult } from './load';
import { RETENTION_STEP_MS, RETENTION_VARIABLES, retentionFigures, type Removal } from './retention';
import { dashboardFigures, dashboardReport } from './dashboard';
import { checkoutOf, fmt, log, ms, p50, replaceSection, sectionOf } from './report';
import { collectionFigures, collectionReport } from './collection';
import { mqttFigures, mqttReport } from './mqtt';
import { templateFigures, templateReport } from './templates';
import { ledgerFigures, ledgerReport } from './ledger';
import { reportFigures, reportsReport } from './reports';
import { trendBench } from './trend';
import { viewerFigures, viewerReport } from './viewers';

const TENANT = 2;
const VARIABLES = 50;
const REALTIME_VARIABLES = 200;
const STEP_MS = 15 * 60_000;
const YEAR_STEPS = 365 * 96;
/** Steps of all variables per ingested batch (100 steps × 50 variables = 5,000 samples). */
const BATCH_STEPS = 100;
const METHODS: CalcMethod[] = ['DIFF', 'SUM', 'AVG', 'MAX'];
const TYPES: PeriodType[] = ['DAY', 'MONTH', 'YEAR'];
const ROLLUP_RUNS = 30;
const RAW_RUNS = { DAY: 15, MONTH: 7, YEAR: 3 } as const;

/** The year of samples: it ends at the start of the current hour. */
const END = hourOf(Date.now());
const START = END - YEAR_STEPS * STEP_MS;
/** The periods asked for: a day, a month and a year in the middle of the samples. */
const QUERY_TIME = END - 180 * 86_400_000;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

function config(overrides: Partial<ServerConfig>): ServerConfig {
  return { ...configFromEnv({}), logger: false, simulator: false, collector: false, mqtt: undefined, demo: true, ...overrides };
}

/** The first variables of tenant 2's stations: counters and gauges (and signals too when `signals`). */
async function variablesOf(services: Services, count: number, signals = false): Promise<CatalogVariable[]> {
  const catalog = await services.telemetry.catalog.of(TENANT);
  const all = [...catalog.byId.values()].filter((v) => signals || v.kind !== 'signal');
  if (all.length < count) throw new Error(`only ${all.length} variables`);
  return all.slice(0, count);
}

/** A plausible value of a variable at a step: counters grow by a daily pattern, gauges swing. */
function valueAt(variable: CatalogVariable, step: number, index: number): number {
  const day = Math.sin((2 * Math.PI * (step % 96)) / 96);
  if (variable.kind === 'counter') return 10_000 * (index + 1) + step * (2 + index / 10) + 50 * (1 + day) * Math.floor(step / 96);
  return 100 + 20 * index + 50 * day + ((step * 7919 + index * 104_729) % 13);
}

/** Ingests the year through the store in batches; answers samples per second. */
async function ingestYear(services: Services, variables: CatalogVariable[]): Promise<number> {
  const catalog = await services.telemetry.catalog.of(TENANT);
  let samples = 0;
  const { ms: elapsed } = await timed(async () => {
    for (let first = 0; first < YEAR_STEPS; first += BATCH_STEPS) {
      const batch: SampleInput[] = [];
      for (let step = first; step < Math.min(first + BATCH_STEPS, YEAR_STEPS); step += 1) {
        variables.forEach((variable, index) =>
          batch.push({ varId: variable.id, ts: START + step * STEP_MS, value: valueAt(variable, step, index) }),
        );
      }
      const result = await services.telemetry.store.ingest(TENANT, batch, catalog.byId);
      samples += result.accepted;
    }
  });
  return (samples / elapsed) * 1000;
}

/** The statistic of each variable by scanning the raw samples of the period (with the day before, for counters, and the hour after, for how long its last sample held). */
async function rawStatistic(services: Services, variables: CatalogVariable[], method: CalcMethod, type: PeriodType) {
  const zone = variables[0]?.zone ?? 'Asia/Shanghai';
  const period = periodOf(type, QUERY_TIME, zone);
  const parts = subPeriods(period, zone);
  const index = new Map(parts.map((part, i) => [partKey(part), i]));
  const days = new LocalDays();
  const rows = await services.database.db
    .selectFrom('sample')
    .select(['varId', 'ts', 'value'])
    .where('tenantId', '=', TENANT)
    .where(
      'varId',
      'in',
      variables.map((v) => v.id),
    )
    .where('ts', '>=', period.start - 86_400_000)
    // The first sample after the period tells how long the last one in it held.
    .where('ts', '<', period.end + HOLD_MS)
    .orderBy('varId')
    .orderBy('ts')
    .execute();
  type Totals = { min: number | null; max: number | null; sum: number; count: number; inc: number; area: number; span: number };
  const result = new Map<number, { value: number | null; series: (number | null)[] }>();
  const byVar = new Map<number, { ts: number; value: number }[]>();
  for (const row of rows) {
    const list = byVar.get(row.varId) ?? [];
    list.push({ ts: Number(row.ts), value: row.value });
    byVar.set(row.varId, list);
  }
  for (const variable of variables) {
    const totals = parts.map((): Totals => ({ min: null, max: null, sum: 0, count: 0, inc: 0, area: 0, span: 0 }));
    const whole: Totals = { min: null, max: null, sum: 0, count: 0, inc: 0, area: 0, span: 0 };
    /** The sample before, with the totals it counts in (none before the period). */
    let previous: { ts: number; value: number; in: Totals[] } | undefined;
    for (const sample of byVar.get(variable.id) ?? []) {
      const inc = variable.kind === 'counter' ? increase(previous?.value, sample.value) : 0;
      // The sample before held until this one: in its own hour, and on into this sample's hour if
      // that is the next (as the rollups count it).
      let spill: { value: number; ms: number } | undefined;
      if (previous) {
        const end = previous.ts + Math.min(sample.ts - previous.ts, HOLD_MS);
        const hourEnd = hourOf(previous.ts) + HOUR_MS;
        const held = Math.min(end, hourEnd) - previous.ts;
        for (const t of previous.in) {
          t.area += previous.value * held;
          t.span += held;
        }
        if (hourOf(sample.ts) === hourEnd) spill = { value: previous.value, ms: Math.max(0, end - hourEnd) };
      }
      previous = { ...sample, in: [] };
      if (sample.ts < period.start || sample.ts >= period.end) continue;
      const day = days.dayOf(sample.ts, zone);
      const key = type === 'DAY' ? String(hourOf(sample.ts)) : type === 'MONTH' ? day : day.slice(0, 7);
      for (const t of [totals[index.get(key) ?? -1], whole]) {
        if (!t) continue;
        t.min = t.min === null ? sample.value : Math.min(t.min, sample.value);
        t.max = t.max === null ? sample.value : Math.max(t.max, sample.value);
        t.sum += sample.value;
        t.count += 1;
        t.inc += inc;
        if (spill) {
          t.area += spill.value * spill.ms;
          t.span += spill.ms;
        }
        previous.in.push(t);
      }
    }
    result.set(variable.id, { value: figure(method, whole), series: totals.map((t) => figure(method, t)) });
  }
  return result;
}

const close = (a: number | null | undefined, b: number | null | undefined) =>
  (a ?? null) === null || (b ?? null) === null
    ? (a ?? null) === (b ?? null)
    : Math.abs(Number(a) - Number(b)) <= 1e-6 * Math.max(1, Math.abs(Number(a)));

interface StatRow {
  method: CalcMethod;
  type: PeriodType;
  rollup: number;
  raw: number;
}

/** Each statistic from rollups and from raw samples, timed; the two must give the same figures. */
async function statistics(services: Services, variables: CatalogVariable[]): Promise<StatRow[]> {
  const rows: StatRow[] = [];
  for (const type of TYPES) {
    for (const method of METHODS) {
      const rollupTimes: number[] = [];
      let fromRollups;
      for (let run = 0; run < ROLLUP_RUNS; run += 1) {
        const { ms: elapsed, result } = await timed(() =>
          services.telemetry.store.statistic(TENANT, variables, method, type, QUERY_TIME),
        );
        rollupTimes.push(elapsed);
        fromRollups = result;
      }
      const rawTimes: number[] = [];
      let fromRaw;
      for (let run = 0; run < RAW_RUNS[type]; run += 1) {
        const { ms: elapsed, result } = await timed(() => rawStatistic(services, variables, method, type));
        rawTimes.push(elapsed);
        fromRaw = result;
      }
      for (const variable of variables) {
        const a = fromRollups?.get(variable.id);
        const b = fromRaw?.get(variable.id);
        const same = close(a?.value, b?.value) && (a?.series ?? []).every((v, i) => close(v, b?.series[i]));
        if (!same)
          throw new Error(`${method} ${type} of ${variable.sn}: rollups ${JSON.stringify(a)} but raw ${JSON.stringify(b)}`);
      }
      rows.push({ method, type, rollup: p50(rollupTimes), raw: p50(rawTimes) });
      log(`  ${method} ${type}: rollups ${ms(p50(rollupTimes))} ms, raw ${ms(p50(rawTimes))} ms`);
    }
  }
  return rows;
}

/** Ingest through the HTTP call collectors use: a day of the 50 variables in batches of 5,000. */
async function ingestOverHttp(dataDir: string, variables: CatalogVariable[]): Promise<number> {
  const { buildApp } = await import('../server/app');
  const app = await buildApp(config({ dataDir, demo: false }));
  try {
    const { ems: token } = await signInTokens((method, url, headers, payload) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) }).then((r) => r.json()),
    );
    const from = END + STEP_MS;
    let accepted = 0;
    const { ms: elapsed } = await timed(async () => {
      for (let first = 0; first < 96 * 7; first += BATCH_STEPS) {
        const samples: { sn: string; ts: number; value: number }[] = [];
        for (let step = first; step < Math.min(first + BATCH_STEPS, 96 * 7); step += 1) {
          variables.forEach((variable, index) =>
            samples.push({ sn: variable.sn, ts: from + step * STEP_MS, value: valueAt(variable, YEAR_STEPS + step, index) }),
          );
        }
        const answer = await app.inject({
          method: 'POST',
          url: '/ems/api/collector/samples',
          headers: { authorization: `Bearer ${token}` },
          payload: { samples },
        });
        accepted += answer.json<{ data: { accepted: number } }>().data.accepted;
      }
    });
    return (accepted / elapsed) * 1000;
  } finally {
    await app.close();
  }
}

/** 200 variables of tenant 2, each with a latest value (two more storage stations made for them); answers their serials. */
async function realtimeVariables(services: Services): Promise<string[]> {
  await addStorageStations(services, TENANT, [`T${TENANT}-BENCH1`, `T${TENANT}-BENCH2`], 11);
  const variables = await variablesOf(services, REALTIME_VARIABLES, true);
  const catalog = await services.telemetry.catalog.of(TENANT);
  await services.telemetry.store.ingest(
    TENANT,
    variables.map((variable, index) => ({ varId: variable.id, ts: Date.now(), value: index })),
    catalog.byId,
  );
  return variables.map((v) => v.sn);
}

/** How the platform ran for a realtime figure: its shared answers on or off, with new samples arriving or not. */
type RealtimeMode = 'steady' | 'live' | 'unshared';

const REALTIME_MODES: Record<RealtimeMode, string> = {
  steady: 'shared answers, no new samples',
  live: 'shared answers, new samples of the 200 every second',
  unshared: 'nothing shared (`NEED_CACHE_MB=0`), no new samples',
};

interface RealtimeRun {
  mode: RealtimeMode;
  nodes: number;
  result: LoadResult;
}

/**
 * While `work` runs, new samples of the variables `sns` arrive every second through the collectors'
 * call of the node at `url`, as a station's collectors send them.
 */
async function sampling<T>(url: string, headers: Record<string, string>, sns: string[], work: () => Promise<T>): Promise<T> {
  let running = true;
  const sending = (async () => {
    for (let tick = 1; running; tick += 1) {
      const samples = sns.map((sn) => ({ sn, ts: Date.now(), value: tick % 2 }));
      const answer = await fetch(`${url}/ems/api/collector/samples`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ samples }),
      });
      if (!answer.ok) throw new Error(`samples refused: ${answer.status} ${await answer.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  try {
    return await work();
  } finally {
    running = false;
    await sending;
  }
}

/**
 * Realtime values of the variables `sns` under load: the platform (its database given by `env`)
 * through each number of nodes in `nodeCounts` (the connections shared out in turn), with its
 * shared answers and no new samples, with new samples every second, and with nothing shared;
 * against a bare route answering the same body.
 */
async function realtime(
  env: Record<string, string>,
  sns: string[],
  nodeCounts: number[],
): Promise<{ runs: RealtimeRun[]; bare: LoadResult; bytes: number }> {
  const path = '/ems/api/main/devices/data/realtime';
  const body = JSON.stringify({ sns: sns.join(',') });
  const runs: RealtimeRun[] = [];
  let answered: { headers: Record<string, string>; text: string } | undefined;
  for (const shared of [true, false]) {
    const nodes = await Promise.all(
      Array.from({ length: Math.max(...nodeCounts) }, () =>
        serve({ ...env, BENCH_MODE: 'platform', ...(shared ? {} : { NEED_CACHE_MB: '0' }) }),
      ),
    );
    try {
      const url = nodes[0]?.url ?? '';
      const { ems: token } = await signInTokens(httpFetch(url));
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const text = await (await fetch(`${url}${path}`, { method: 'POST', headers, body })).text();
      const data = (JSON.parse(text) as { data: unknown[] }).data;
      if (data.length !== sns.length) throw new Error(`realtime answered ${data.length} values`);
      // The bare route is compared with the last answer: the live runs' samples are stored by then.
      answered = { headers, text };
      const modes: RealtimeMode[] = shared ? ['steady', 'live'] : ['unshared'];
      for (const mode of modes) {
        for (const count of nodeCounts) {
          log(`  platform, ${count} node(s), ${REALTIME_MODES[mode]}...`);
          const urls = nodes.slice(0, count).map((node) => `${node.url}${path}`);
          const result = await (mode === 'live'
            ? sampling(url, headers, sns, () => load(urls, headers, body))
            : load(urls, headers, body));
          runs.push({ mode, nodes: count, result });
          // Requests still queued when the clients stopped are finished before the next run.
          for (const node of nodes) await idle(node.child);
        }
      }
    } finally {
      await Promise.all(nodes.map((node) => stopped(node.child)));
    }
  }
  if (!answered) throw new Error('the platform did not answer');
  const { headers, text } = answered;
  const bare = await serve({ ...env, BENCH_MODE: 'bare', BENCH_TENANT: String(TENANT) });
  try {
    const same = (await (await fetch(`${bare.url}/realtime`, { method: 'POST', headers, body })).json()) as unknown[];
    if (JSON.stringify(same) !== JSON.stringify((JSON.parse(text) as { data: unknown[] }).data))
      throw new Error('the bare route answers differently');
    log('  bare route...');
    return { runs, bare: await load([`${bare.url}/realtime`], headers, body), bytes: text.length };
  } finally {
    await stopped(bare.child);
  }
}

function statTable(rows: StatRow[]): string {
  return [
    '| Method | Period | Rollups p50 (ms) | Raw scan p50 (ms) | Rollups faster by |',
    '|---|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.method} | ${r.type} | ${ms(r.rollup)} | ${ms(r.raw)} | ${fmt(r.raw / r.rollup)}× |`),
  ].join('\n');
}

const loadRow = (label: string, r: LoadResult) =>
  `| ${label} | ${fmt(r.requests)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`;

type Realtime = Awaited<ReturnType<typeof realtime>>;

const NODES = ['', 'one node', 'two nodes, round-robin'];

function realtimeTable(sqlite: Realtime, postgres: Realtime | undefined): string {
  const rows = (database: string, { runs, bare }: Realtime) => [
    ...runs.map((run) =>
      loadRow(`${database} | Platform, ${NODES[run.nodes] ?? `${run.nodes} nodes`}, ${REALTIME_MODES[run.mode]}`, run.result),
    ),
    loadRow(`${database} | Bare Fastify, same reading`, bare),
  ];
  return [
    '| Database | Route | Requests/s | p50 (ms) | p99 (ms) | Errors | Non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows('SQLite', sqlite),
    ...(postgres ? rows('PostgreSQL', postgres) : ['| PostgreSQL | not run (no PostgreSQL) | | | | | |']),
  ].join('\n');
}

/** How a platform run compares with the bare route's: share of its throughput, and p99 as a multiple of its p99. */
function versus(run: LoadResult, bare: LoadResult): { share: number; p99: number; clean: boolean } {
  return { share: (run.requests / bare.requests) * 100, p99: run.p99 / bare.p99, clean: run.errors === 0 && run.non2xx === 0 };
}

/** The goals, judged on the runs with new samples arriving (answers computed again as they come); the others said beside. */
function realtimeGoals(sqlite: Realtime, postgres: Realtime | undefined): string {
  const share = (run: RealtimeRun, bare: LoadResult) => {
    const figures = versus(run.result, bare);
    return `${figures.share.toFixed(0)} % of the bare route's throughput, p99 ${figures.p99.toFixed(2)} × its p99`;
  };
  const lines: string[] = [];
  const judge = (
    database: string,
    { runs, bare }: Realtime,
    goal: (run: LoadResult, figures: ReturnType<typeof versus>) => boolean,
    said: string,
  ) => {
    for (const run of runs.filter((r) => r.mode === 'live')) {
      const figures = versus(run.result, bare);
      const others = runs
        .filter((r) => r.nodes === run.nodes && r.mode !== 'live')
        .map((r) => `${REALTIME_MODES[r.mode]}: ${share(r, bare)}`)
        .join('; ');
      lines.push(
        `- ${database}, ${NODES[run.nodes] ?? `${run.nodes} nodes`}, new samples every second: ${share(run, bare)}. Goal: ${said} — ${goal(run.result, figures) ? 'met' : 'not met'}. (${others}.)`,
      );
    }
  };
  judge('SQLite', sqlite, (run, f) => f.share >= 40 && run.p99 <= 50 && f.clean, 'at least 40 %, p99 ≤ 50 ms, no errors');
  if (postgres)
    judge('PostgreSQL', postgres, (_run, f) => f.share >= 70 && f.p99 <= 1.5 && f.clean, 'at least 70 %, p99 ≤ 1.5 ×, no errors');
  return lines.join('\n');
}

function retentionTable(removals: Removal[]): string {
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  return [
    `The 30 days before today of raw samples of ${RETENTION_VARIABLES} variables, one a ${RETENTION_STEP_MS / 1000} s (${fmt(removals[0]?.rows ?? 0)} rows), removed by retention, on two databases filled alike: deleting the rows variable by variable along the key (as on SQLite), and dropping the partitions of the 30 days (what the platform does on PostgreSQL). Disk size of the samples' partitions before and right after, with no VACUUM in between.`,
    '',
    '| Method | Time (ms) | Rows left | Disk before (MiB) | Disk after (MiB) |',
    '|---|---:|---:|---:|---:|',
    ...removals.map((r) => `| ${r.method} | ${fmt(r.ms)} | ${fmt(r.left)} | ${mb(r.bytesBefore)} | ${mb(r.bytesAfter)} |`),
  ].join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  const sqliteDir = mkdtempSync(join(tmpdir(), 'platform-bench-'));
  const sqlite = await openServices(config({ dataDir: sqliteDir }));
  const variables = await variablesOf(sqlite, VARIABLES);
  log(`Ingesting a year of 15-minute samples of ${VARIABLES} variables (${fmt(YEAR_STEPS * VARIABLES)} samples) into SQLite...`);
  const ingestSqlite = await ingestYear(sqlite, variables);
  log(`  ${fmt(ingestSqlite)} samples/s`);
  log('Statistics on SQLite:');
  const statsSqlite = await statistics(sqlite, variables);
  log('Realtime under load:');
  const realtimeSqlite = await realtime({ DATA_DIR: sqliteDir }, await realtimeVariables(sqlite), [1]);
  await sqlite.database.close();
  log('Ingest through the HTTP call...');
  const ingestHttp = await ingestOverHttp(sqliteDir, variables);
  log(`  ${fmt(ingestHttp)} samples/s`);
  rmSync(sqliteDir, { recursive: true, force: true });

  log('PostgreSQL...');
  const postgres = await startPostgres();
  let ingestPostgres: number | undefined;
  let statsPostgres: StatRow[] = [];
  let realtimePostgres: Awaited<ReturnType<typeof realtime>> | undefined;
  let retention: Removal[] = [];
  if (postgres) {
    const pgDir = mkdtempSync(join(tmpdir(), 'platform-bench-pg-'));
    try {
      const databaseUrl = await createDatabase(postgres.url);
      const services = await openServices(config({ dataDir: pgDir, databaseUrl }));
      const pgVariables = await variablesOf(services, VARIABLES);
      ingestPostgres = await ingestYear(services, pgVariables);
      log(`  ingest ${fmt(ingestPostgres)} samples/s`);
      await sql`analyze`.execute(services.database.db);
      statsPostgres = await statistics(services, pgVariables);
      log('Realtime under load on PostgreSQL:');
      const sns = await realtimeVariables(services);
      await services.database.close();
      realtimePostgres = await realtime({ DATABASE_URL: databaseUrl }, sns, [1, 2]);
      log('Retention of a month of raw samples on PostgreSQL...');
      retention = await retentionFigures(postgres.url);
    } finally {
      postgres.stop();
      rmSync(pgDir, { recursive: true, force: true });
    }
  }

  // `--before DIR`: a checkout of an earlier commit, its client and Storybook built, measured beside this one.
  const { values } = parseArgs({ options: { before: { type: 'string' } } });
  const checkouts = [...(values.before ? [resolve(values.before)] : []), process.cwd()].map((dir) => ({
    dir,
    label: checkoutOf(dir),
  }));
  const dashboardRuns = [];
  for (const checkout of checkouts) {
    log(`Dashboard with the client of ${checkout.label}:`);
    dashboardRuns.push({ label: checkout.label, figures: await dashboardFigures(join(checkout.dir, 'dist/client')) });
  }
  const dashboard = dashboardReport(dashboardRuns);
  const trend = await trendBench(
    checkouts.map((checkout) => ({ label: checkout.label, dir: join(checkout.dir, 'dist/storybook') })),
  );

  const viewers = viewerReport(await viewerFigures());
  const templates = templateReport(await templateFigures());
  const collection = collectionReport(await collectionFigures());
  const mqtt = mqttReport(await mqttFigures());
  const ledger = ledgerReport(await ledgerFigures());
  const reports = reportsReport(await reportFigures());

  const year = statsSqlite.filter((r) => r.type === 'YEAR');
  const report = `# Benchmarks

Measured by \`npm run bench\` (bench/run.ts) on ${new Date(started).toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. Each comparison below comes from this one run; the whole run took ${Math.round((Date.now() - started) / 1000)} s.

## Ingest with rollups maintained

A year of 15-minute samples of ${VARIABLES} variables of the demo (${fmt(YEAR_STEPS * VARIABLES)} samples), in batches of ${fmt(BATCH_STEPS * VARIABLES)}, each batch one transaction that stores the samples and updates the hourly, daily and monthly rollups and the latest values.

| Path | Samples/s |
|---|---:|
| Store, SQLite | ${fmt(ingestSqlite)} |
| Store, PostgreSQL | ${ingestPostgres === undefined ? 'not run (no PostgreSQL)' : fmt(ingestPostgres)} |
| \`POST /ems/api/collector/samples\` (validation, catalogue, alarm rules), SQLite, in-process | ${fmt(ingestHttp)} |

Goal: at least 50,000 samples/s on SQLite — ${ingestSqlite >= 50_000 ? 'met' : 'not met'}.

## Statistics: rollups against a raw scan

The figure and series of the ${VARIABLES} variables over the day, month and year around ${new Date(QUERY_TIME).toISOString().slice(0, 10)} (Asia/Shanghai), as \`statisticalvalue\` answers them: from the rollups (hourly for a day, daily for a month, monthly for a year), and by reading every raw sample of the period and folding them the same way. A day of 15-minute samples is only four times the rows of its hourly rollups, hence the small gain there; the rollups pay off over months and years, which no query reads raw. The run checks that both give the same figures. p50 of ${ROLLUP_RUNS} runs for rollups; ${RAW_RUNS.DAY}, ${RAW_RUNS.MONTH} and ${RAW_RUNS.YEAR} runs of the raw scan for a day, month and year.

### SQLite

${statTable(statsSqlite)}

### PostgreSQL

A throwaway server as the tests start it (PostgreSQL 15 of Debian, \`fsync\` off), on the same machine.

${statsPostgres.length ? statTable(statsPostgres) : 'Not run: no PostgreSQL on this machine.'}

Goal for a year: p50 ≤ 5 ms and at least 100× faster than the raw scan. On SQLite the year's p50 is ${year.map((r) => `${ms(r.rollup)} ms (${r.method})`).join(', ')}; faster by ${year.map((r) => `${fmt(r.raw / r.rollup)}×`).join(', ')} — ${year.every((r) => r.rollup <= 5 && r.raw / r.rollup >= 100) ? 'met' : 'not met'}.

## Realtime values under load

\`POST /ems/api/main/devices/data/realtime\` with ${REALTIME_VARIABLES} variable serial numbers (an answer of ${fmt(realtimeSqlite.bytes)} bytes), ${CONNECTIONS} concurrent connections for ${DURATION_S} s (autocannon, after a 2 s warm-up), against a bare Fastify route doing the same reading with nothing around it (the variables looked up in a map, one prepared statement of the driver for their latest values, the same answer without envelope; no token, tenant, validation or query builder); each server in a process of its own, autocannon in this one. Through two nodes, the connections are shared out between them in turn (a round-robin in front of them): requests per second are summed, percentiles are the slower node's. The platform shares a call's answer between the callers of a tenant until the tenant's next sample or change (\`server/http/needCache.ts\`): it is measured with no new samples (every request but the first answered from what is kept), with new samples of the ${REALTIME_VARIABLES} variables arriving every second through the collectors' call of the first node (each ending the answers on every node), and with nothing shared (every request read from the database).

${realtimeTable(realtimeSqlite, realtimePostgres)}

${realtimeGoals(realtimeSqlite, realtimePostgres)}

## Retention on PostgreSQL: DELETE against dropping partitions

${retention.length ? retentionTable(retention) : 'Not run: no PostgreSQL on this machine.'}

${dashboard}
${trend}
${viewers}
${templates}
${collection}
${mqtt}
${ledger}
${reports}`;
  // The soak's section is written by `npm run soak`, which this run does not repeat.
  const soak = existsSync('docs/benchmarks.md') ? sectionOf(readFileSync('docs/benchmarks.md', 'utf8'), 'Soak') : undefined;
  writeFileSync('docs/benchmarks.md', soak ? replaceSection(report, 'Soak', soak) : report);
  log(`docs/benchmarks.md written in ${Math.round((Date.now() - started) / 1000)} s`);
}

await main();
