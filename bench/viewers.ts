/**
 * Dashboard viewers per node (bench/run.ts, or alone: `tsx bench/viewers.ts`, which rewrites only
 * its section of docs/benchmarks.md). Tenant 2 of the demo gets 99 more storage stations of the
 * demo's device models, with their history: one takes a copy of the demo storage dashboard, the
 * others follow a template made of it. The refresh body of each station's dashboard is what
 * Chromium sends on the dashboard page (the distinct needs of every widget). Then, under load
 * (autocannon, 20 connections, each cycling through the stations watched), the one refresh call
 * (`POST /ems/api/main/dashboard/data`) is measured with 1, 10 and 100 distinct stations watched:
 *
 * - without shared answers (`NEED_CACHE_MB=0`: each refresh computed for its viewer), first look;
 * - with shared answers, first look (no answer held by the viewer: every answer sent whole);
 * - with shared answers, steady (every answer held: each sent back as unchanged);
 * - the same two compressed, as Chromium asks for them (`accept-encoding`): what compression costs;
 * - with live samples every 5 s, each connection a viewer that keeps the versions it was sent;
 * - a bare Fastify route answering the same texts (`BENCH_MODE=replay`), first look and steady.
 *
 * Beside them, the refresh of a station that follows a template against one with its own copy of
 * the same dashboard, one request at a time, without shared answers (server time, p50).
 */
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { configFromEnv } from '../server/config';
import { launchBrowser, signInAsAdmin, widgetsShowing } from '../tests/support/browser';
import { httpFetch, signInTokens } from '../tests/support/httpSignIn';
import { idle, serve, stopped } from './child';
import { seedStorageStations } from './fleet';
import { p50, replaceSection } from './report';

const TENANT = 2;
const SOURCE = `T${TENANT}-ST1`;
/** The stations watched: the demo storage station and 99 more. */
const STATIONS = [SOURCE, ...Array.from({ length: 99 }, (_, index) => `T${TENANT}-VIEW${index + 1}`)];
/** The station with its own copy of the dashboard, and one that follows the template. */
const OWN = `T${TENANT}-VIEW1`;
const FOLLOWING = `T${TENANT}-VIEW2`;
const WATCHED = [1, 10, 100];
const CONNECTIONS = 20;
const DURATION_S = 10;
/** A dashboard refreshes every 20 s: a node answering r refreshes a second serves 20 r viewers. */
const TICK_S = 20;
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 35);
/** Sequential refreshes of each of the two stations, in turns, for the template comparison. */
const TIMED_REFRESHES = 60;
const BATCH = '/ems/api/main/dashboard/data';

const started = Date.now();
const log = (message: string) => process.stdout.write(`${message} (${Math.round((Date.now() - started) / 1000)} s)\n`);

interface Need {
  operationId: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  version?: string;
}

export interface LoadRun {
  requests: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
}

export interface ViewerFigures {
  needs: number;
  historyDays: number;
  runs: {
    watched: number;
    uncached: LoadRun;
    firstLook: LoadRun;
    firstLookCompressed: LoadRun;
    steady: LoadRun;
    steadyCompressed: LoadRun;
    live: LoadRun;
    bareFull: LoadRun;
    bareSteady: LoadRun;
  }[];
  templateRefresh: { ownMs: number; followingMs: number };
}

/** A call of the platform's that must succeed. */
function caller(url: string, token: string) {
  return async <T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> => {
    const answer = (await httpFetch(url)(method, path, { authorization: `Bearer ${token}` }, payload)) as {
      code: number;
      msg: string;
      data: T;
    };
    if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.msg}`);
    return answer.data;
  };
}

/** The stations' dashboards: a copy of the demo storage dashboard on one, a template of it followed by the others. */
async function dashboards(ask: ReturnType<typeof caller>): Promise<void> {
  const plan = await ask<{ targets: { document: object; unbound: unknown[] }[] }>(
    'POST',
    `/ems/api/main/siteKanban/${SOURCE}/copyPlan`,
    {
      targets: [OWN],
    },
  );
  const [copy] = plan.targets;
  if (!copy || copy.unbound.length) throw new Error(`the copy to ${OWN} left bindings unbound`);
  await ask('POST', '/ems/api/main/siteKanban/saveOrUpdate', copy.document);
  const template = await ask<{ id: number }>('POST', '/ems/api/main/kanbanTemplate/create', {
    name: 'Viewers',
    stationSn: SOURCE,
  });
  await ask('POST', `/ems/api/main/kanbanTemplate/${template.id}/attach`, {
    stations: STATIONS.slice(2).map((stationSn) => ({ stationSn, version: 0 })),
  });
}

const needKey = (need: Need) => JSON.stringify(need);

/** The refresh body of each station's dashboard: the distinct needs its page asks for as it shows every widget. */
async function refreshBodies(url: string): Promise<Map<string, Need[]>> {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await signInAsAdmin(page, url);
    let asked = new Map<string, Need>();
    page.on('request', (request) => {
      if (!request.url().endsWith(BATCH)) return;
      for (const need of (request.postDataJSON() as { needs: Need[] }).needs) {
        const { version: _held, ...plain } = need;
        asked.set(needKey(plain), plain);
      }
    });
    const bodies = new Map<string, Need[]>();
    for (const station of STATIONS) {
      asked = new Map();
      await page.goto(`${url}/main/ems/map/monitor/dashboard?lng=en&station=${station}`);
      await widgetsShowing(page, 60_000).catch(async (error: unknown) => {
        await page.screenshot({ path: '/tmp/viewers-timeout.png' });
        throw error;
      });
      await page.waitForLoadState('networkidle');
      bodies.set(station, [...asked.values()]);
    }
    return bodies;
  } finally {
    await browser.close();
  }
}

/** One refresh of some needs, with the versions held; the answer's text. */
async function refresh(url: string, token: string, needs: Need[]): Promise<string> {
  const response = await fetch(`${url}${BATCH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ needs }),
  });
  if (response.status !== 200) throw new Error(`refresh answered ${response.status}`);
  return response.text();
}

/** The needs with the versions of an answer to them. */
function withVersions(needs: Need[], answer: string): Need[] {
  const answers = (JSON.parse(answer) as { data: { version?: string }[] }).data;
  return needs.map((need, index) => {
    const version = answers[index]?.version;
    return version === undefined ? need : { ...need, version };
  });
}

/** What Chromium asks of every request: a compressed answer, in any of these encodings. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface LoadRequest {
  body: string;
  headers?: Record<string, string>;
}

/** The requests under load, each connection cycling through them; `live`: each connection keeps the versions it is sent, per station. */
async function underLoad(url: string, token: string, requests: LoadRequest[] | { live: Need[][] }): Promise<LoadRun> {
  let bytes = 0;
  let answers = 0;
  const list =
    'live' in requests
      ? requests.live.map((needs, index) => ({
          method: 'POST' as const,
          // The context is the connection's own: the versions this viewer holds, per station.
          setupRequest: (request: autocannon.Request, context: object) => ({
            ...request,
            body: JSON.stringify({ needs: (context as Record<number, Need[]>)[index] ?? needs }),
          }),
          onResponse: (status: number, body: string, context: object) => {
            bytes += body.length;
            answers += 1;
            if (status === 200) (context as Record<number, Need[]>)[index] = withVersions(needs, body);
          },
        }))
      : requests.map((request) => ({
          method: 'POST' as const,
          body: request.body,
          headers: request.headers ?? {},
          onResponse: (_status: number, body: string) => {
            bytes += body.length;
            answers += 1;
          },
        }));
  const run = (duration: number) =>
    autocannon({
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      connections: CONNECTIONS,
      duration,
      requests: list,
    });
  await run(2);
  bytes = 0;
  answers = 0;
  const result = await run(DURATION_S);
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: answers ? bytes / answers : Number.NaN,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Server milliseconds of one refresh of each station in turns, p50 (the client's round trip on loopback). */
async function timedRefreshes(url: string, token: string, bodies: Map<string, Need[]>) {
  const times: Record<string, number[]> = { [OWN]: [], [FOLLOWING]: [] };
  for (let round = 0; round < TIMED_REFRESHES; round += 1) {
    for (const station of [OWN, FOLLOWING]) {
      const started = performance.now();
      await refresh(url, token, bodies.get(station) ?? []);
      times[station]?.push(performance.now() - started);
    }
  }
  return { ownMs: p50(times[OWN] ?? []), followingMs: p50(times[FOLLOWING] ?? []) };
}

export async function viewerFigures(): Promise<ViewerFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-viewers-'));
  const env = { DATA_DIR: dataDir, BENCH_HISTORY_DAYS: String(HISTORY_DAYS) };
  try {
    log(`Viewers: seeding the demo and ${STATIONS.length - 1} storage stations...`);
    // The simulator back-fills the new stations' history as it starts.
    await seedStorageStations(
      { ...configFromEnv({}), dataDir, logger: false, simulator: false, collector: false },
      TENANT,
      STATIONS.slice(1),
    );
    log(`  back-filling ${HISTORY_DAYS} days of history (simulator)...`);
    const live = await serve({ ...env, BENCH_MODE: 'dashboard' });
    let bodies: Map<string, Need[]>;
    const runs: ViewerFigures['runs'] = [];
    const liveRuns = new Map<number, LoadRun>();
    try {
      const { ems: token } = await signInTokens(httpFetch(live.url));
      await dashboards(caller(live.url, token));
      log('  the refresh bodies of the dashboards, from Chromium...');
      bodies = await refreshBodies(live.url);
      for (const watched of WATCHED) {
        log(`  live samples, ${watched} station(s)...`);
        liveRuns.set(
          watched,
          await underLoad(`${live.url}${BATCH}`, token, { live: STATIONS.slice(0, watched).map((sn) => bodies.get(sn) ?? []) }),
        );
      }
    } finally {
      await stopped(live.child);
    }
    // Steady: no more samples; the same data served with and without shared answers.
    // Answers compressed for a client that asks (only the compressed rows send accept-encoding).
    const shared = await serve({ ...env, BENCH_MODE: 'platform', COMPRESSION: '1' });
    const unshared = await serve({ ...env, BENCH_MODE: 'platform', NEED_CACHE_MB: '0' });
    try {
      const { ems: token } = await signInTokens(httpFetch(shared.url));
      const full = new Map<string, string>();
      const steady = new Map<string, Need[]>();
      const unchanged = new Map<string, string>();
      for (const station of STATIONS) {
        const needs = bodies.get(station) ?? [];
        const answer = await refresh(shared.url, token, needs);
        full.set(station, answer);
        steady.set(station, withVersions(needs, answer));
        unchanged.set(station, await refresh(shared.url, token, steady.get(station) ?? []));
      }
      const templateRefresh = await timedRefreshes(unshared.url, token, bodies);
      const replayFile = join(dataDir, 'replay.json');
      const texts = [...STATIONS.map((sn) => full.get(sn) ?? ''), ...STATIONS.map((sn) => unchanged.get(sn) ?? '')];
      writeFileSync(replayFile, JSON.stringify(texts));
      const bare = await serve({ BENCH_MODE: 'replay', BENCH_REPLAY: replayFile });
      try {
        for (const watched of WATCHED) {
          const stations = STATIONS.slice(0, watched);
          const first = stations.map((sn) => ({ body: JSON.stringify({ needs: bodies.get(sn) }) }));
          const held = stations.map((sn) => ({ body: JSON.stringify({ needs: steady.get(sn) }) }));
          log(`  ${watched} station(s): without shared answers, first look, steady, bare...`);
          const uncached = await underLoad(`${unshared.url}${BATCH}`, token, first);
          // Refreshes still queued when the clients stop are computed all the same, and answers
          // past their age are computed again after the first look: neither is measured against the next run.
          await idle(unshared.child);
          await idle(shared.child);
          const firstLook = await underLoad(`${shared.url}${BATCH}`, token, first);
          await idle(shared.child);
          const compressed = (requests: LoadRequest[]) => requests.map((request) => ({ ...request, headers: BROWSER_ENCODINGS }));
          const firstLookCompressed = await underLoad(`${shared.url}${BATCH}`, token, compressed(first));
          await idle(shared.child);
          runs.push({
            watched,
            uncached,
            firstLook,
            firstLookCompressed,
            steady: await underLoad(`${shared.url}${BATCH}`, token, held),
            steadyCompressed: await underLoad(`${shared.url}${BATCH}`, token, compressed(held)),
            live: liveRuns.get(watched) as LoadRun,
            bareFull: await underLoad(
              `${bare.url}/replay`,
              token,
              first.map((request, index) => ({ ...request, headers: { 'x-replay': String(index) } })),
            ),
            bareSteady: await underLoad(
              `${bare.url}/replay`,
              token,
              held.map((request, index) => ({ ...request, headers: { 'x-replay': String(STATIONS.length + index) } })),
            ),
          });
        }
      } finally {
        await stopped(bare.child);
      }
      return { needs: bodies.get(SOURCE)?.length ?? 0, historyDays: HISTORY_DAYS, runs, templateRefresh };
    } finally {
      await Promise.all([stopped(shared.child), stopped(unshared.child)]);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (label: string, run: LoadRun) =>
  `| ${label} | ${Math.round(run.requests).toLocaleString('en-US')} | ${Math.round(run.requests * TICK_S).toLocaleString('en-US')} | ${run.p50} | ${run.p99} | ${kib(run.bytes)} | ${run.errors} |`;

/** The section of docs/benchmarks.md. */
export function viewerReport(figures: ViewerFigures): string {
  const tables = figures.runs.map((run) => {
    const share = (run.firstLook.requests / run.bareFull.requests) * 100;
    const steadyShare = (run.steady.requests / run.bareSteady.requests) * 100;
    return `### ${run.watched} station${run.watched === 1 ? '' : 's'} watched

| Refresh | Refreshes/s | Viewers per node | p50 (ms) | p99 (ms) | Answer per refresh | Errors |
|---|---:|---:|---:|---:|---:|---:|
${row('Each refresh computed for its viewer (`NEED_CACHE_MB=0`), answers whole', run.uncached)}
${row('Shared answers, first look (answers whole)', run.firstLook)}
${row('Shared answers, steady (every answer held: unchanged)', run.steady)}
${row('Shared answers, first look, compressed as Chromium asks (`accept-encoding: gzip, deflate, br, zstd`)', run.firstLookCompressed)}
${row('Shared answers, steady, compressed as Chromium asks', run.steadyCompressed)}
${row('Shared answers, live samples every 5 s, each viewer keeping its versions', run.live)}
${row('Bare Fastify answering the same whole answers', run.bareFull)}
${row('Bare Fastify answering the same steady answers', run.bareSteady)}

Compressed, the first look is served at ${((run.firstLookCompressed.requests / run.firstLook.requests) * 100).toFixed(0)} % of the refreshes per second of the uncompressed one, in ${((run.firstLookCompressed.bytes / run.firstLook.bytes) * 100).toFixed(0)} % of its bytes; steady at ${((run.steadyCompressed.requests / run.steady.requests) * 100).toFixed(0)} %, in ${((run.steadyCompressed.bytes / run.steady.bytes) * 100).toFixed(0)} % of its bytes. First look: ${share.toFixed(0)} % of the bare route's throughput, p99 ${(run.firstLook.p99 / run.bareFull.p99).toFixed(2)} × its p99; steady: ${steadyShare.toFixed(0)} %, p99 ${(run.steady.p99 / run.bareSteady.p99).toFixed(2)} ×. Goal: at least 30 %, p99 ≤ 3 × — first look ${share >= 30 && run.firstLook.p99 <= 3 * run.bareFull.p99 ? 'met' : 'not met'}, steady ${steadyShare >= 30 && run.steady.p99 <= 3 * run.bareSteady.p99 ? 'met' : 'not met'}. Steady answer ${kib(run.steady.bytes)} per refresh (goal ≤ 10 KB — ${run.steady.bytes <= 10 * 1024 ? 'met' : 'not met'}).`;
  });
  const { ownMs, followingMs } = figures.templateRefresh;
  return `## Dashboard viewers per node

The refresh of the demo storage dashboard (${figures.needs} needs, the body Chromium sends on the dashboard page) through \`POST ${BATCH}\`, on SQLite with ${figures.historyDays} days of simulated history, under ${CONNECTIONS} connections for ${DURATION_S} s (autocannon in the bench's process, after a 2 s warm-up; the server in a process of its own), each connection cycling through the stations watched: tenant 2's storage station and 99 more of the same device models (one with a copy of the dashboard, the others following a template made of it). Viewers per node = refreshes per second × ${TICK_S} (one refresh each every ${TICK_S} s). The bare route is Fastify parsing the same request and answering the same text with nothing else done. A run starts once both servers are idle: the one without shared answers has finished the refreshes still queued when its own run ended, and the one with them has computed again the answers past their age that the first look asked for (each is computed again in the background a minute after it was made), work which would otherwise be measured against the next run.

${tables.join('\n\n')}

The refresh of a station that follows the template against one with its own copy of the same dashboard, one at a time, each answer computed (no shared answers), p50 of ${TIMED_REFRESHES}: ${ownMs.toFixed(1)} ms (own) and ${followingMs.toFixed(1)} ms (following). A following station's effective dashboard is stored as any dashboard is, so its refresh is the same call on the same kind of needs.
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await viewerFigures();
  const markdown = readFileSync('docs/benchmarks.md', 'utf8');
  writeFileSync('docs/benchmarks.md', replaceSection(markdown, 'Dashboard viewers per node', viewerReport(figures)));
  log('docs/benchmarks.md: the viewers section written');
}
