/**
 * Scheduled reports at size (bench/run.ts, or alone: `tsx bench/reports.ts`, which prints its
 * section): "run now" of a station's monthly report (the month before this one, a PDF and a
 * workbook) for a demo station with 45 days of history, and of the fleet's monthly report once the
 * tenant has 100 stations (the demo's and storage stations made as the demo makes its own), each
 * through the HTTP call a user's Run now sends, which answers once the files are made and kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp, openServices } from '../server/app';
import type { ServerConfig } from '../server/config';
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

/** The demo with 45 days of history, no collector: what the bench reads. */
const config = (dataDir: string): ServerConfig => ({ ...demoConfig(dataDir, false), historyDays: 45 });

export interface ReportFigures {
  stations: number;
  /** Milliseconds of each run now of the station's monthly report, and of the fleet's. */
  stationMs: number[];
  fleetMs: number[];
  /** Bytes of the files of the last run of each: PDF, workbook. */
  stationBytes: number[];
  fleetBytes: number[];
}

interface Run {
  status: string;
  files: { bytes: number }[];
}

export async function reportFigures(): Promise<ReportFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-reports-'));
  let app: FastifyInstance | undefined;
  try {
    log(`Reports: seeding the demo and storage stations up to ${FLEET} stations of tenant ${TENANT}...`);
    const services = await openServices(config(dataDir));
    let stations = 0;
    try {
      const demo = await sql<{ n: number }>`select count(*) as n from station where tenant_id = ${TENANT}`.execute(
        services.database.db,
      );
      const more = FLEET - Number(demo.rows[0]?.n ?? 0);
      await addStorageStations(
        services,
        TENANT,
        Array.from({ length: more }, (_, index) => `T${TENANT}-REPORT${index + 1}`),
        300,
      );
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
      return { ms, bytes: last?.files.map((file) => file.bytes) ?? [] };
    };
    const single = await runs((await define('月报', 'stationMonthly', [station.id])).id, STATION_RUNS);
    log(`  a station's month: ${single.ms.map(fmt).join(', ')} ms`);
    const fleet = await runs((await define('全部电站月报', 'fleetMonthly', [])).id, FLEET_RUNS);
    log(`  the fleet's month (${stations} stations): ${fleet.ms.map(fmt).join(', ')} ms`);
    return { stations, stationMs: single.ms, fleetMs: fleet.ms, stationBytes: single.bytes, fleetBytes: fleet.bytes };
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

"Run now" of a monthly report (the month before this one, in Chinese, a PDF and an Excel workbook made and kept; no SMTP server, so nothing mailed), through \`POST /manager/report/definition/{id}/run\` in process on SQLite: for the demo's storage station T${TENANT}-ST1 (45 days of history), ${STATION_RUNS} runs, and for the fleet of ${f.stations} stations of tenant ${TENANT}, ${FLEET_RUNS} runs.

| Report | p50 | runs (ms) | files |
|---|---:|---|---|
| A station's month | ${fmt(station)} ms | ${f.stationMs.map(fmt).join(', ')} | ${kib(f.stationBytes)} |
| The fleet's month, ${f.stations} stations | ${fmt(fleet)} ms | ${f.fleetMs.map(fmt).join(', ')} | ${kib(f.fleetBytes)} |

Goals: a station's month ≤ ${fmt(STATION_GOAL_MS)} ms — ${station <= STATION_GOAL_MS ? 'met' : 'not met'}; the fleet's ≤ ${fmt(FLEET_GOAL_MS)} ms — ${fleet <= FLEET_GOAL_MS ? 'met' : 'not met'}.
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) log(reportsReport(await reportFigures()));
