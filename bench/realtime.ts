import { httpFetch, signInTokens } from '../tests/support/httpSignIn';
import { idle, serve, stopped } from './child';
import { CONNECTIONS, DURATION_S, load, type LoadResult } from './load';
import { fmt, log } from './report';

/** Variables whose realtime values one request asks for. */
export const REALTIME_VARIABLES = 200;

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

export interface RealtimeFigures {
  runs: RealtimeRun[];
  bare: LoadResult;
  /** Size of one answer. */
  bytes: number;
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
 * Realtime values of the tenant's variables `sns` under load: the platform (its database given
 * by `env`) through each number of nodes in `nodeCounts` (the connections shared out in turn),
 * with its shared answers and no new samples, with new samples every second, and with nothing
 * shared; against a bare route answering the same body.
 */
export async function realtimeFigures(
  env: Record<string, string>,
  tenantId: number,
  sns: string[],
  nodeCounts: number[],
): Promise<RealtimeFigures> {
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
  const bare = await serve({ ...env, BENCH_MODE: 'bare', BENCH_TENANT: String(tenantId) });
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

const loadRow = (label: string, r: LoadResult) =>
  `| ${label} | ${fmt(r.requests)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`;

const NODES = ['', 'one node', 'two nodes, round-robin'];

function realtimeTable(sqlite: RealtimeFigures, postgres: RealtimeFigures | undefined): string {
  const rows = (database: string, { runs, bare }: RealtimeFigures) => [
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
function realtimeGoals(sqlite: RealtimeFigures, postgres: RealtimeFigures | undefined): string {
  const share = (run: RealtimeRun, bare: LoadResult) => {
    const figures = versus(run.result, bare);
    return `${figures.share.toFixed(0)} % of the bare route's throughput, p99 ${figures.p99.toFixed(2)} × its p99`;
  };
  const lines: string[] = [];
  const judge = (
    database: string,
    { runs, bare }: RealtimeFigures,
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

/** The section of docs/benchmarks.md on realtime values: SQLite's runs and PostgreSQL's (none when it did not run), with the goals. */
export function realtimeReport(sqlite: RealtimeFigures, postgres: RealtimeFigures | undefined): string {
  return `## Realtime values under load

\`POST /ems/api/main/devices/data/realtime\` with ${REALTIME_VARIABLES} variable serial numbers (an answer of ${fmt(sqlite.bytes)} bytes), ${CONNECTIONS} concurrent connections for ${DURATION_S} s (autocannon, after a 2 s warm-up), against a bare Fastify route doing the same reading with nothing around it (the variables looked up in a map, one prepared statement of the driver for their latest values, the same answer without envelope; no token, tenant, validation or query builder); each server in a process of its own, autocannon in this one. Through two nodes, the connections are shared out between them in turn (a round-robin in front of them): requests per second are summed, percentiles are the slower node's. The platform shares a call's answer between the callers of a tenant until the tenant's next sample or change (\`server/http/needCache.ts\`): it is measured with no new samples (every request but the first answered from what is kept), with new samples of the ${REALTIME_VARIABLES} variables arriving every second through the collectors' call of the first node (each ending the answers on every node), and with nothing shared (every request read from the database).

${realtimeTable(sqlite, postgres)}

${realtimeGoals(sqlite, postgres)}`;
}
