/**
 * Scheduled reports at size (bench/run.ts, or alone: `tsx bench/reports.ts`, which prints its
 * section): "run now" of a station's monthly report (the month before this one, a PDF and a
 * workbook) for a demo station with 62 days of history (the month before is whole), and of the
 * fleet's monthly report once the tenant has 100 stations (the demo's, and storage stations made
 * as the demo makes its own, given the energy history of the demo's storage station), each
 * through the HTTP call a user's Run now sends, which answers once the files are made and kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp, openServices } from '../server/app';
import type { ServerConfig } from '../server/config';
import type { Tables } from '../server/db/tables';
import { call, signIn } from '../tests/support/api';
import { addStorageStations } from './fleet';
import { config as demoConfig } from './collection';
import { fmt, log, p50 } from './report';

const TENANT = 2;
const FLEET = 100;
const STATION_RUNS = 5;
const FLEET_RUNS = 3;
export const STATION_GOAL_MS = 2_000;
export const FLEET_GOAL_MS = 20_000;

/** The demo, no collector, its simulator's history reaching 62 days back (the whole month before this one): what the bench reads. */
const config = (dataDir: string): ServerConfig => ({ ...demoConfig(dataDir, false), historyDays: 62 });

/** Columns of a rollup besides its variable and its hour, day or month. */
const ROLLUP_VALUES = ['tenant_id', 'min', 'max', 'sum', 'count', 'first', 'first_ts', 'last', 'last_ts', 'inc', 'area', 'span'];

/**
 * Gives stations made as a copy of `from` its counters' hourly, daily and monthly rollups, variable
 * by variable (the same device and code under the other station's serial number): what the
 * fleet report's energy and revenue are read from, so that each of its stations has figures.
 */
async function copyCounterHistory(db: Kysely<Tables>, from: string, to: string[]): Promise<void> {
  const values = sql.join(ROLLUP_VALUES.map((column) => sql.ref(`r.${column}`)));
  const columns = sql.join(ROLLUP_VALUES.map((column) => sql.ref(column)));
  for (const [table, key] of [
    ['rollup_hour', 'bucket'],
    ['rollup_day', 'day'],
    ['rollup_month', 'month'],
  ] as const) {
    for (const sn of to) {
      await sql`insert into ${sql.table(table)} (var_id, ${sql.ref(key)}, ${columns})
        select n.id, ${sql.ref(`r.${key}`)}, ${values} from ${sql.table(table)} r
        join device_variable o on o.id = r.var_id and o.kind = 'counter' and o.sn like ${`${from}-%`}
        join device_variable n on n.tenant_id = o.tenant_id and n.sn = ${sn} || substr(o.sn, ${from.length + 1})`.execute(db);
    }
  }
}

export interface ReportFigures {
  stations: number;
  /** Stations of the fleet's workbook with a revenue for the month. */
  withFigures: number;
  /** Milliseconds of each run now of the station's monthly report, and of the fleet's. */
  stationMs: number[];
  fleetMs: number[];
  /** Bytes of the files of the last run of each: PDF, workbook. */
  stationBytes: number[];
  fleetBytes: number[];
}

interface Run {
  id: number;
  status: string;
  files: { bytes: number }[];
}

export async function reportFigures(): Promise<ReportFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-reports-'));
  let app: FastifyInstance | undefined;
  try {
    log(
      `Reports: seeding the demo with its simulated history, and storage stations up to ${FLEET} stations of tenant ${TENANT}...`,
    );
    // The demo's history is the simulator's back-fill, made before the added stations exist (they copy one's instead).
    const simulated = await buildApp({ ...config(dataDir), simulator: true });
    await simulated.simulator?.ready;
    await simulated.close();
    const services = await openServices(config(dataDir));
    let stations = 0;
    try {
      const demo = await sql<{ n: number }>`select count(*) as n from station where tenant_id = ${TENANT}`.execute(
        services.database.db,
      );
      const more = FLEET - Number(demo.rows[0]?.n ?? 0);
      const added = Array.from({ length: more }, (_, index) => `T${TENANT}-REPORT${index + 1}`);
      await addStorageStations(services, TENANT, added, 300);
      log(`  giving the ${more} added stations the energy history of T${TENANT}-ST1...`);
      await copyCounterHistory(services.database.db, `T${TENANT}-ST1`, added);
      stations = FLEET;
    } finally {
      await services.database.close();
    }

    app = await buildApp(config(dataDir));
    app.reports.smtp = undefined;
    const admin = await signIn(app, 'admin', 'admin123');
    const ask = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
      const answer = await call<T>(app!, admin, { method, url, ...(payload ? { payload } : {}) });
      if (answer.status !== 200)
        throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body.data;
    };
    const page = await ask<{ records: { id: number; sn: string }[] }>('GET', '/ems/api/device/station/page?size=500');
    const station = page.records.find((s) => s.sn === `T${TENANT}-ST1`);
    if (!station) throw new Error(`no station T${TENANT}-ST1`);
    const define = (name: string, kind: string, stationIds: number[]) =>
      ask<{ id: number }>('POST', '/manager/report/definition', {
        name,
        kind,
        stationIds,
        format: 'both',
        language: 'zh',
        recipients: [],
        frequency: 'monthly',
        dayOfMonth: 1,
        timeOfDay: '07:00',
        enabled: false,
      });
    const runs = async (definitionId: number, count: number) => {
      const ms: number[] = [];
      let last: Run | undefined;
      for (let i = 0; i < count; i += 1) {
        const start = performance.now();
        last = await ask<Run>('POST', `/manager/report/definition/${definitionId}/run`);
        ms.push(performance.now() - start);
        if (last.status !== 'kept') throw new Error(`a run was ${last.status}, not kept`);
      }
      return { ms, bytes: last?.files.map((file) => file.bytes) ?? [], id: last?.id };
    };
    const single = await runs((await define('月报', 'stationMonthly', [station.id])).id, STATION_RUNS);
    log(`  a station's month: ${single.ms.map(fmt).join(', ')} ms`);
    const fleet = await runs((await define('全部电站月报', 'fleetMonthly', [])).id, FLEET_RUNS);
    log(`  the fleet's month (${stations} stations): ${fleet.ms.map(fmt).join(', ')} ms`);
    // The stations the fleet's workbook gives a revenue, read back as its reader would.
    const workbook = await app.inject({
      method: 'GET',
      url: `/manager/report/run/${String(fleet.id)}/xlsx`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(workbook.rawPayload as unknown as ArrayBuffer);
    let withFigures = 0;
    book.worksheets.at(-1)?.eachRow((row) => {
      if (/\(T\d+-/.test(String(row.getCell(1).value)) && typeof row.getCell(4).value === 'number') withFigures += 1;
    });
    return {
      stations,
      withFigures,
      stationMs: single.ms,
      fleetMs: fleet.ms,
      stationBytes: single.bytes,
      fleetBytes: fleet.bytes,
    };
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function reportsReport(f: ReportFigures): string {
  const station = p50(f.stationMs);
  const fleet = p50(f.fleetMs);
  const kib = (bytes: number[]) => bytes.map((b) => `${fmt(b / 1024)} KiB`).join(' + ');
  return `## Scheduled reports

"Run now" of a monthly report (the month before this one, in Chinese, a PDF and an Excel workbook made and kept; no SMTP server, so nothing mailed), through \`POST /manager/report/definition/{id}/run\` in process on SQLite: for the demo's storage station T${TENANT}-ST1 (62 days of history: the month is whole), ${STATION_RUNS} runs, and for the fleet of ${f.stations} stations of tenant ${TENANT} (the stations added to the demo's given the energy history of T${TENANT}-ST1, so that their rows have figures; a station without purchase prices has none), ${FLEET_RUNS} runs.

| Report | p50 | runs (ms) | files |
|---|---:|---|---|
| A station's month | ${fmt(station)} ms | ${f.stationMs.map(fmt).join(', ')} | ${kib(f.stationBytes)} |
| The fleet's month, ${f.stations} stations (${f.withFigures} with figures) | ${fmt(fleet)} ms | ${f.fleetMs.map(fmt).join(', ')} | ${kib(f.fleetBytes)} |

Goals: a station's month ≤ ${fmt(STATION_GOAL_MS)} ms — ${station <= STATION_GOAL_MS ? 'met' : 'not met'}; the fleet's ≤ ${fmt(FLEET_GOAL_MS)} ms — ${fleet <= FLEET_GOAL_MS ? 'met' : 'not met'}.
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) log(reportsReport(await reportFigures()));
