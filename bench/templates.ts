/**
 * Dashboard templates at fleet size (bench/run.ts, or alone: `tsx bench/templates.ts`, which
 * rewrites only its section of docs/benchmarks.md): 1,000 generated storage stations of the demo's
 * device models follow a template made of the demo storage dashboard; a roll-out of a new version
 * to all of them is previewed and published through the HTTP calls, in process (server time); and
 * the read of a following station's dashboard is timed beside that of a station with its own.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { configFromEnv, type ServerConfig } from '../server/config';
import { call, signIn } from '../tests/support/api';
import { seedStorageStations } from './fleet';
import { log, p50, replaceSection, timed } from './report';

const TENANT = 2;
export const FOLLOWERS = 1000;
/** Reads of a dashboard, each kind, for the p50. */
const READS = 300;
const PREVIEW_GOAL_MS = 2000;
const PUBLISH_GOAL_MS = 10_000;

function config(dataDir: string): ServerConfig {
  return {
    ...configFromEnv({}),
    dataDir,
    logger: false,
    simulator: false,
    collector: false,
    mqtt: undefined,
    demo: true,
    historyDays: 1,
  };
}

export interface TemplateFigures {
  followers: number;
  attachMs: number;
  previewMs: number;
  previewBytes: number;
  publishMs: number;
  ownReadMs: number;
  followingReadMs: number;
}

export async function templateFigures(): Promise<TemplateFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-templates-'));
  let app: FastifyInstance | undefined;
  try {
    log(`Templates: seeding the demo and ${FOLLOWERS} storage stations...`);
    await seedStorageStations(
      config(dataDir),
      TENANT,
      Array.from({ length: FOLLOWERS }, (_, index) => `T${TENANT}-FLEET${index + 1}`),
    );
    app = await buildApp(config(dataDir));
    const admin = await signIn(app, 'admin', 'admin123');
    const ask = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
      const answer = await call<T>(app!, admin, { method, url: `/ems/api/main/${url}`, ...(payload ? { payload } : {}) });
      if (answer.status !== 200)
        throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body.data;
    };
    const made = await ask<{ id: number }>('POST', 'kanbanTemplate/create', { name: 'Fleet', stationSn: `T${TENANT}-ST1` });
    const fleet = Array.from({ length: FOLLOWERS }, (_, index) => `T${TENANT}-FLEET${index + 1}`);
    const attach = await timed(() =>
      ask('POST', `kanbanTemplate/${made.id}/attach`, { stations: fleet.map((stationSn) => ({ stationSn, version: 0 })) }),
    );
    log(`  attached ${FOLLOWERS} stations in ${Math.round(attach.ms)} ms`);

    // The new version: the storage dashboard without its first widget, made on the demo station.
    const source = await ask<{ widgets: { id: string }[]; layouts: Record<string, { id: string }[]> } & object>(
      'GET',
      `siteKanban/T${TENANT}-ST1`,
    );
    const [first] = source.widgets;
    const document = {
      ...source,
      widgets: source.widgets.slice(1),
      layouts: Object.fromEntries(
        Object.entries(source.layouts).map(([size, items]) => [size, items.filter((item) => item.id !== first?.id)]),
      ),
    };
    const preview = await timed(() =>
      ask<{ stations: unknown[] }>('POST', `kanbanTemplate/${made.id}/preview`, { baseVersion: 1, document }),
    );
    if (preview.result.stations.length !== FOLLOWERS)
      throw new Error(`the preview names ${preview.result.stations.length} stations`);
    log(`  preview ${Math.round(preview.ms)} ms`);
    const publish = await timed(() =>
      ask<{ stations: unknown[] }>('POST', `kanbanTemplate/${made.id}/publish`, { baseVersion: 1, document, stations: fleet }),
    );
    if (publish.result.stations.length !== FOLLOWERS) throw new Error(`published to ${publish.result.stations.length} stations`);
    log(`  publish ${Math.round(publish.ms)} ms`);

    // The dashboard read of a following station against a station with its own (the demo's second storage station), in turns.
    const own: number[] = [];
    const following: number[] = [];
    for (let index = 0; index < READS; index += 1) {
      own.push((await timed(() => ask('GET', `siteKanban/T${TENANT}-ST2`))).ms);
      following.push((await timed(() => ask('GET', `siteKanban/${fleet[index % FOLLOWERS]}`))).ms);
    }
    return {
      followers: FOLLOWERS,
      attachMs: attach.ms,
      previewMs: preview.ms,
      previewBytes: JSON.stringify(preview.result).length,
      publishMs: publish.ms,
      ownReadMs: p50(own),
      followingReadMs: p50(following),
    };
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md. */
export function templateReport(figures: TemplateFigures): string {
  const ms = (value: number) => Math.round(value).toLocaleString('en-US');
  return `## Dashboard templates at fleet size

${figures.followers.toLocaleString('en-US')} storage stations of the demo's device models (made as the demo makes its own, beside the demo on SQLite) follow a template made of the demo storage dashboard. A new version (the dashboard without one widget) is previewed and published to all of them through the HTTP calls, in process: the time is the server's, from the request to the whole answer. Reads of a station's dashboard (\`GET /ems/api/main/siteKanban/{stationSn}\`), ${READS} of each kind taken in turns, p50.

| Step | Time |
|---|---:|
| Attach ${figures.followers.toLocaleString('en-US')} stations (one transaction) | ${ms(figures.attachMs)} ms |
| Preview of the roll-out (answer of ${Math.round(figures.previewBytes / 1024).toLocaleString('en-US')} KB) | ${ms(figures.previewMs)} ms |
| Publish to every station (one transaction) | ${ms(figures.publishMs)} ms |
| Dashboard read, a station with its own dashboard | ${figures.ownReadMs.toFixed(2)} ms |
| Dashboard read, a station following the template | ${figures.followingReadMs.toFixed(2)} ms |

Goals: preview ≤ ${PREVIEW_GOAL_MS / 1000} s — ${figures.previewMs <= PREVIEW_GOAL_MS ? 'met' : 'not met'}; publish ≤ ${PUBLISH_GOAL_MS / 1000} s — ${figures.publishMs <= PUBLISH_GOAL_MS ? 'met' : 'not met'}; a following station's dashboard read as fast as one with its own (its effective dashboard is stored as a dashboard is). The refresh of a following station against one with its own dashboard is measured in "Dashboard viewers per node".
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = templateReport(await templateFigures());
  const path = 'docs/benchmarks.md';
  writeFileSync(path, replaceSection(readFileSync(path, 'utf8'), 'Dashboard templates at fleet size', report));
  log(`${path}: its templates section written`);
}
