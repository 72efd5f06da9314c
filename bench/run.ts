/**
 * `npm run bench`: the telemetry engine measured, each figure a comparison made in this one run,
 * written to docs/benchmarks.md.
 *
 * 1. Ingest: a year of 15-minute samples of 50 variables, rollups maintained as they arrive
 *    (the store, and the HTTP call collectors use).
 * 2. Statistics (DIFF, SUM, AVG, MAX over a DAY, MONTH and YEAR) of the 50 variables: read from
 *    the rollups, and by scanning the raw samples of the period; both must agree (bench/statistics.ts).
 * 3. The same on PostgreSQL.
 * 4. Realtime values of 200 variables under 50 concurrent connections (autocannon), answers shared
 *    or not, with and without new samples arriving, against a bare Fastify route doing the same
 *    reading, each server in a process of its own: on SQLite through one node, on PostgreSQL
 *    through one node and through two (bench/realtime.ts, bench/load.ts).
 * 5. Retention of a month of raw samples on PostgreSQL: DELETE against dropping the day
 *    partitions (bench/retention.ts).
 * 6. The dashboard in Chromium (bench/dashboard.ts): requests and main-thread time per refresh,
 *    coalesced against one request per widget, a cold navigation, the route's JavaScript and its
 *    chart chunk, keystrokes.
 * 7. Screen switches (bench/screens.ts): list screens opened inside the app with twelve kept,
 *    the time to each list's total and the main thread's time per switch.
 * 8. The trend widget drawing a year of 5-minute data of 4 variables (bench/trend.ts), downsampled
 *    by the server against every sample.
 * 9. Dashboard viewers per node (bench/viewers.ts): the refresh call under load with 1, 10 and 100
 *    stations watched, without and with shared answers, first look, steady and live, against a
 *    bare route answering the same texts.
 * 10. Dashboard templates at fleet size (bench/templates.ts): a roll-out over 1,000 stations.
 * 11. Collection from devices (bench/collection.ts): 2,000 Modbus devices polled every 5 s against
 *    the direct ingest of the same samples, and a register change to the realtime answer.
 * 12. MQTT samples (bench/mqtt.ts): 25,000 samples a second published through the embedded broker
 *    and through mosquitto, against the direct ingest of the same samples.
 * 13. The settlement ledger (bench/ledger.ts): a price change over a year of 15-minute intervals of
 *    100 stations, a month's and a year's money page, and the fleet's month ranked.
 *
 * `npm run bench -- --before DIR` measures 6, 7 and 8 also with the client and Storybook built in DIR
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
import { hourOf } from '../server/telemetry/calendar';
import type { CatalogVariable } from '../server/telemetry/catalog';
import type { SampleInput } from '../server/telemetry/store';
import { signInTokens } from '../tests/support/httpSignIn';
import { createDatabase, startPostgres } from '../tests/support/postgres';
import { addStorageStations } from './fleet';
import { REALTIME_VARIABLES, realtimeFigures, realtimeReport, type RealtimeFigures } from './realtime';
import { retentionFigures, retentionReport, type Removal } from './retention';
import { screenFigures, screenReport } from './screens';
import { dashboardFigures, dashboardReport } from './dashboard';
import { checkoutOf, fmt, log, replaceSection, sectionOf, timed } from './report';
import { statisticFigures, statisticsReport, type StatRow } from './statistics';
import { collectionFigures, collectionReport } from './collection';
import { mqttFigures, mqttReport } from './mqtt';
import { templateFigures, templateReport } from './templates';
import { ledgerFigures, ledgerReport } from './ledger';
import { reportFigures, reportsReport } from './reports';
import { trendBench } from './trend';
import { viewerFigures, viewerReport } from './viewers';

const TENANT = 2;
const VARIABLES = 50;
const STEP_MS = 15 * 60_000;
const YEAR_STEPS = 365 * 96;
/** Steps of all variables per ingested batch (100 steps × 50 variables = 5,000 samples). */
const BATCH_STEPS = 100;

/** The year of samples: it ends at the start of the current hour. */
const END = hourOf(Date.now());
const START = END - YEAR_STEPS * STEP_MS;
/** The periods asked for: a day, a month and a year in the middle of the samples. */
const QUERY_TIME = END - 180 * 86_400_000;

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

async function main(): Promise<void> {
  const started = Date.now();
  const sqliteDir = mkdtempSync(join(tmpdir(), 'platform-bench-'));
  const sqlite = await openServices(config({ dataDir: sqliteDir }));
  const variables = await variablesOf(sqlite, VARIABLES);
  log(`Ingesting a year of 15-minute samples of ${VARIABLES} variables (${fmt(YEAR_STEPS * VARIABLES)} samples) into SQLite...`);
  const ingestSqlite = await ingestYear(sqlite, variables);
  log(`  ${fmt(ingestSqlite)} samples/s`);
  log('Statistics on SQLite:');
  const statsSqlite = await statisticFigures(sqlite, TENANT, variables, QUERY_TIME);
  log('Realtime under load:');
  const realtimeSqlite = await realtimeFigures({ DATA_DIR: sqliteDir }, TENANT, await realtimeVariables(sqlite), [1]);
  await sqlite.database.close();
  log('Ingest through the HTTP call...');
  const ingestHttp = await ingestOverHttp(sqliteDir, variables);
  log(`  ${fmt(ingestHttp)} samples/s`);
  rmSync(sqliteDir, { recursive: true, force: true });

  log('PostgreSQL...');
  const postgres = await startPostgres();
  let ingestPostgres: number | undefined;
  let statsPostgres: StatRow[] = [];
  let realtimePostgres: RealtimeFigures | undefined;
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
      statsPostgres = await statisticFigures(services, TENANT, pgVariables, QUERY_TIME);
      log('Realtime under load on PostgreSQL:');
      const sns = await realtimeVariables(services);
      await services.database.close();
      realtimePostgres = await realtimeFigures({ DATABASE_URL: databaseUrl }, TENANT, sns, [1, 2]);
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
  const screenRuns = [];
  for (const checkout of checkouts) {
    log(`Screen switches with the client of ${checkout.label}:`);
    screenRuns.push({ label: checkout.label, figures: await screenFigures(join(checkout.dir, 'dist/client')) });
  }
  const screens = screenReport(screenRuns);
  const trend = await trendBench(
    checkouts.map((checkout) => ({ label: checkout.label, dir: join(checkout.dir, 'dist/storybook') })),
  );

  const viewers = viewerReport(await viewerFigures());
  const templates = templateReport(await templateFigures());
  const collection = collectionReport(await collectionFigures());
  const mqtt = mqttReport(await mqttFigures());
  const ledger = ledgerReport(await ledgerFigures());
  const reports = reportsReport(await reportFigures());

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

${statisticsReport(statsSqlite, statsPostgres, VARIABLES, QUERY_TIME)}

${realtimeReport(realtimeSqlite, realtimePostgres)}

${retentionReport(retention)}

${dashboard}
${screens}
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
