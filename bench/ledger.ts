/**
 * The settlement ledger at fleet size (bench/run.ts, or alone: `tsx bench/ledger.ts`, which prints
 * its section): 100 storage stations of the demo's device models, each with a year of 15-minute
 * ledger intervals stored, take a price change (a price list from the first month of the year added
 * to each through the HTTP call, whose write rule records what it changed); a month's money page
 * (`GET /ems/api/ledger/station`) is timed for a demo station with real readings (the first read
 * settles the month from the counters, the others read what is stored) and for one of the 100; and,
 * at the new prices, a bench station's year and the fleet's month ranked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, openServices } from '../server/app';
import type { TenantId, UserId } from '../server/auth/context';
import type { ServerConfig } from '../server/config';
import type { LedgerRow } from '../server/ledger/book';
import { intervalsBetween } from '../server/ledger/intervals';
import { periodOf } from '../server/telemetry/calendar';
import { call, signIn } from '../tests/support/api';
import { addStorageStations } from './fleet';
import { config as demoConfig } from './collection';
import { fmt, log, p50, timed } from './report';

const TENANT = 2;
/** 100; fewer for a quick look (`LEDGER_BENCH_STATIONS=10 tsx bench/ledger.ts`). */
const STATIONS = Number(process.env.LEDGER_BENCH_STATIONS ?? 100);
const ZONE = 'Asia/Shanghai';
const READS = 30;
const YEAR_READS = 5;
export const REPRICE_GOAL_MS = 10_000;
export const PAGE_GOAL_MS = 50;

/** The demo with 45 days of history, no collector: what the bench reads. */
const config = (dataDir: string): ServerConfig => ({ ...demoConfig(dataDir, false), historyDays: 45 });

export interface LedgerFigures {
  stations: number;
  intervals: number;
  storeMs: number;
  repriceMs: number;
  repriced: number;
  demoFirstMs: number;
  demoMs: number;
  fleetMs: number;
  yearMs: number;
  rankedMs: number;
  month: string;
}

/** A stored interval of a bench station: a battery charging in the night, discharging by day, a load, some PV. */
function rowOf(stationId: number, start: number, day: string, month: string, hour: number, now: number): LedgerRow {
  const charging = hour < 6;
  const discharging = hour >= 9 && hour < 12;
  const pv = hour >= 8 && hour < 17 ? 20 : 0;
  const load = 60;
  const imported = Math.max(0, load - pv + (charging ? 50 : 0) - (discharging ? 40 : 0));
  return {
    tenantId: TENANT,
    stationId,
    start,
    minutes: 15,
    day,
    month,
    importKwh: imported / 4,
    exportKwh: 0,
    chargeKwh: charging ? 12.5 : 0,
    dischargeKwh: discharging ? 10 : 0,
    pvKwh: pv / 4,
    complete: 1,
    measured: 1,
    settled: 1,
    computedAt: now,
  };
}

/** The demo with `STATIONS` more storage stations settled every 15 minutes, each with a year of stored intervals. */
async function seed(dataDir: string, sns: string[], from: number, to: number): Promise<{ storeMs: number; intervals: number }> {
  const services = await openServices(config(dataDir));
  try {
    const admin = await services.database.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const scope = { tenantId: TENANT as TenantId, userId: admin.id as UserId, userName: 'bench' };
    await addStorageStations(services, TENANT, sns, 200);
    const stations = await services.repository.all(scope, 'station', {
      filters: [{ field: 'sn', op: 'in', value: sns }],
      sortField: 'id',
      sortOrder: 'asc',
    });
    const intervals = intervalsBetween(ZONE, 15, from, to);
    const now = Date.now();
    const stored = await timed(async () => {
      for (const station of stations) {
        await services.repository.patch(scope, 'station', Number(station.id), { settlementMinutes: 15, timeZone: ZONE });
        const rows = intervals.map((iv) =>
          rowOf(Number(station.id), iv.start, iv.day, iv.month, new Date(iv.start + 8 * 3_600_000).getUTCHours(), now),
        );
        await services.database.db.transaction().execute(async (trx) => {
          for (let i = 0; i < rows.length; i += 500)
            await trx
              .insertInto('ledgerInterval')
              .values(rows.slice(i, i + 500))
              .execute();
        });
      }
    });
    return { storeMs: stored.ms, intervals: intervals.length * stations.length };
  } finally {
    await services.database.close();
  }
}

export async function ledgerFigures(): Promise<LedgerFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-ledger-'));
  let app: FastifyInstance | undefined;
  try {
    const thisMonth = periodOf('MONTH', Date.now(), ZONE);
    const lastMonth = periodOf('MONTH', thisMonth.start - 1, ZONE);
    let first = lastMonth;
    for (let i = 0; i < 11; i += 1) first = periodOf('MONTH', first.start - 1, ZONE);
    const sns = Array.from({ length: STATIONS }, (_, index) => `T${TENANT}-LEDGER${index + 1}`);
    log(
      `Ledger: seeding the demo and ${STATIONS} storage stations with a year (${first.key} to ${lastMonth.key}) of 15-minute intervals...`,
    );
    const { storeMs, intervals } = await seed(dataDir, sns, first.start, thisMonth.start);
    log(`  ${fmt(intervals)} intervals stored in ${fmt(storeMs)} ms`);

    app = await buildApp(config(dataDir));
    const admin = await signIn(app, 'admin', 'admin123');
    const ask = async <T>(method: 'GET' | 'POST', url: string, query?: Record<string, string>, payload?: object) => {
      const answer = await call<T>(app!, admin, { method, url, ...(query ? { query } : {}), ...(payload ? { payload } : {}) });
      if (answer.status !== 200)
        throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body.data;
    };
    const stations = await ask<{ records: { id: number; sn: string }[] }>('GET', '/ems/api/device/station/page', { size: '500' });
    const ids = stations.records.filter((s) => sns.includes(s.sn)).map((s) => s.id);

    // The price change: a price list from the year's first month for each station, through the call.
    const reprice = await timed(async () => {
      for (const stationId of ids)
        await ask('POST', '/ems/api/device/electricityprice/add', undefined, {
          stationId,
          effectiveMonth: first.key,
          sharpPrice: 1.4,
          peakPrice: 1.1,
          flatPrice: 0.7,
          valleyPrice: 0.3,
          capacityCharge: 32,
        });
    });
    const repriced = await ask<{ intervals: number }[]>('GET', '/ems/api/ledger/recomputes', { stationSn: sns[0] ?? '' });
    log(`  price change over ${fmt(intervals)} intervals: ${fmt(reprice.ms)} ms`);

    const page = (stationSn: string, type = 'MONTH', time = lastMonth.key) =>
      timed(() => ask('GET', '/ems/api/ledger/station', { stationSn, type, time }));
    const demoFirst = await page(`T${TENANT}-ST1`);
    const demo: number[] = [];
    const fleet: number[] = [];
    for (let i = 0; i < READS; i += 1) {
      demo.push((await page(`T${TENANT}-ST1`)).ms);
      fleet.push((await page(sns[i % sns.length] ?? '')).ms);
    }
    log(
      `  money page of a month: first ${fmt(demoFirst.ms)} ms, then p50 ${p50(demo).toFixed(1)} ms (demo), ${p50(fleet).toFixed(1)} ms (bench station)`,
    );
    // What reading at the new prices costs: a station's year, and the fleet's month ranked.
    const year: number[] = [];
    for (let i = 0; i < YEAR_READS; i += 1)
      year.push((await page(sns[i % sns.length] ?? '', 'YEAR', lastMonth.key.slice(0, 4))).ms);
    const ranked = await timed(() => ask('GET', '/ems/api/ledger/fleet', { type: 'MONTH', time: lastMonth.key }));
    log(`  money page of a year, bench station, p50 ${p50(year).toFixed(1)} ms; the fleet's month ranked ${fmt(ranked.ms)} ms`);
    return {
      stations: ids.length,
      intervals,
      storeMs,
      repriceMs: reprice.ms,
      repriced: (repriced[0]?.intervals ?? 0) * ids.length,
      demoFirstMs: demoFirst.ms,
      demoMs: p50(demo),
      fleetMs: p50(fleet),
      yearMs: p50(year),
      rankedMs: ranked.ms,
      month: lastMonth.key,
    };
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md. */
export function ledgerReport(f: LedgerFigures): string {
  return `## Settlement ledger at fleet size

${f.stations} storage stations of the demo's device models, settled every 15 minutes, each with a year of stored ledger intervals (${fmt(f.intervals)} in all, written in ${fmt(f.storeMs)} ms), beside the demo on SQLite. A price change: a price list from the year's first month added to each station through \`POST /ems/api/device/electricityprice/add\`, in process, whose write rule records which stored intervals it changes the prices in force of, and what they came to before and after (the ledger prices an interval when it is read, so nothing stored changes). A month's money page (\`GET /ems/api/ledger/station?type=MONTH&time=${f.month}\`), ${READS} reads, p50: of the demo's storage station (its intervals settled from its counters' readings at the first read), and of the bench stations; then, at the new prices, a bench station's year (${f.month.slice(0, 4)}, ${YEAR_READS} reads, p50) and the fleet's month ranked (\`GET /ems/api/ledger/fleet\`, the ${f.stations} bench stations and the demo's of its tenant).

| Step | Time |
|---|---:|
| Price change over a year of ${f.stations} stations (${fmt(f.repriced)} intervals recomputed) | ${fmt(f.repriceMs)} ms |
| Money page of a month, first read (settles ${f.month} from the readings) | ${fmt(f.demoFirstMs)} ms |
| Money page of a month, demo station, p50 | ${f.demoMs.toFixed(1)} ms |
| Money page of a month, bench station, p50 | ${f.fleetMs.toFixed(1)} ms |
| Money page of a year, bench station, p50 | ${f.yearMs.toFixed(1)} ms |
| The fleet's month ranked | ${fmt(f.rankedMs)} ms |

Goals: the price change ≤ ${REPRICE_GOAL_MS / 1000} s — ${f.repriceMs <= REPRICE_GOAL_MS ? 'met' : 'not met'}; a month's money page p50 ≤ ${PAGE_GOAL_MS} ms — ${Math.max(f.demoMs, f.fleetMs) <= PAGE_GOAL_MS ? 'met' : 'not met'}.
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) log(ledgerReport(await ledgerFigures()));
