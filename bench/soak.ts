/**
 * `npm run soak [-- --minutes N]`: the platform run as `npm start` runs it (`server/main.ts`, the
 * embedded database, the demo and its simulator writing live samples), for a set time under 20
 * concurrent dashboard refreshes (the demo dashboard's own refresh body, as the browser sends it)
 * and list reads, with a full garbage collection forced every 10 s. Reports the process's uptime,
 * answers and errors per minute, and the heap and resident memory after each forced collection.
 * Fails (exit code 1) on a crash, a 5xx, a failed request or a wrong answer.
 *
 * `--rate N` paces the load to N refreshes a second in all (each client sending a call every
 * 20/N s, the list readers too) instead of each client sending its next call as soon as the
 * last is answered: `npm test` soaks a minute at 50 a second, 1,000 dashboards refreshing every
 * 20 s, and leaves the processor to the tests beside it.
 *
 * `--with NODE[@DIR]` (repeatable) first soaks the checkout DIR (this one by default; another is
 * a checkout of an earlier commit with its packages installed and its client built) on another
 * Node, for a comparison in the same run; `--write` puts every run into the soak section of
 * docs/benchmarks.md.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { launchBrowser, signInAsAdmin } from '../tests/support/browser';
import { httpFetch, signInTokens } from '../tests/support/httpSignIn';
import { ServerEnded, startServerProcess, type ServerProcess } from '../tests/support/serverProcess';
import { checkoutOf, log, replaceSection } from './report';
import type { ProbeReport } from './soakProbe';

const STATION = 'T2-ST1';
const BATCH = '/ems/api/main/dashboard/data';
const REFRESH_WORKERS = 20;
const LIST_WORKERS = 4;
const GC_EVERY_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const SECTION = 'Soak';

type Envelope = { code: number; msg: string; data?: unknown };

/** One soak: which server, on which Node, for how long. */
interface SoakOptions {
  label: string;
  /** The Node binary that runs the server. */
  node: string;
  /** The checkout whose `server/main.ts` runs (its packages and built client in place). */
  appDir: string;
  minutes: number;
  historyDays: number;
  /** Refreshes a second in all; undefined: each client back to back. */
  rate?: number;
}

/** What happened in one minute of the soak. */
interface SoakMinute {
  refreshes: number;
  lists: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** Other failures: another non-2xx status, a refused or timed-out request. */
  failed: number;
  /** 200 answers that are not what the call answers (code, shape, per-need outcome). */
  wrong: number;
  /** Heap and resident memory after the last forced collection of the minute. */
  memory?: ProbeReport;
}

interface SoakResult {
  options: SoakOptions;
  /** The Node version the server reported. */
  node: string;
  minutes: SoakMinute[];
  /** Seconds the server process lived, from its start to its exit. */
  lifetimeS: number;
  /** How the server ended: `exit 0` after the soak asked it to stop, or what killed it. */
  ending: string;
  crashed: boolean;
  needs: number;
  /** The probe's reports under load, one per forced collection. */
  reports: ProbeReport[];
  /** The first few failures, as examples. */
  failures: string[];
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The refresh body the demo dashboard sends, taken from Chromium showing it. */
async function refreshBody(url: string): Promise<string> {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await signInAsAdmin(page, url);
    const request = page.waitForRequest((r) => r.url().includes(BATCH) && r.method() === 'POST', { timeout: 60_000 });
    await page.goto(`${url}/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`);
    const body = (await request).postData();
    if (!body) throw new Error('the dashboard sent its refresh without a body');
    return body;
  } finally {
    await browser.close();
  }
}

/** A check of one answer: undefined when right, else what is wrong with it. */
type Check = (body: unknown) => string | undefined;

/** Each need answered with the outcome it had at the start (the same codes, data where there was data). */
function refreshCheck(reference: Envelope[]): Check {
  return (body) => {
    const answer = body as Envelope;
    if (answer.code !== 0 || !Array.isArray(answer.data)) return `envelope ${answer.code} ${answer.msg}`;
    const needs = answer.data as Envelope[];
    if (needs.length !== reference.length) return `${needs.length} answers to ${reference.length} needs`;
    const index = needs.findIndex(
      (need, i) => need.code !== reference[i]?.code || (need.data === undefined) !== (reference[i]?.data === undefined),
    );
    return index === -1 ? undefined : `need ${index}: ${JSON.stringify(needs[index]).slice(0, 200)}`;
  };
}

/** A page of records, with the total the first answer gave when `total` is given. */
function pageCheck(total?: number): Check {
  return (body) => {
    const answer = body as Envelope & { data?: { records?: unknown; total?: unknown } };
    if (answer.code !== 0 || !Array.isArray(answer.data?.records) || typeof answer.data.total !== 'number')
      return `envelope ${answer.code} ${answer.msg}`;
    if (total !== undefined && answer.data.total !== total) return `total ${answer.data.total}, expected ${total}`;
    return undefined;
  };
}

interface Call {
  kind: 'refreshes' | 'lists';
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  check: Check;
}

/** Answers `call` once: its status and JSON body, or the failure that kept it from answering. */
async function send(base: string, call: Call): Promise<{ status: number; body?: unknown; error?: string }> {
  try {
    const response = await fetch(`${base}${call.path}`, {
      method: call.method,
      headers: call.headers,
      ...(call.body ? { body: call.body } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      return { status: response.status, error: `not JSON: ${text.slice(0, 100)}` };
    }
  } catch (error) {
    return { status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Starts the server of `options` with the probe, on a fresh data folder. */
function startServer(options: SoakOptions, dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    node: options.node,
    cwd: options.appDir,
    nodeArgs: ['--expose-gc', '--import', pathToFileURL(resolve('bench/soakProbe.ts')).href],
    ipc: true,
    env: {
      DATA_DIR: dataDir,
      CLIENT_DIR: join(options.appDir, 'dist/client'),
      LOG: '0',
      DEMO: '1',
      SIMULATOR: '1',
      HISTORY_DAYS: String(options.historyDays),
    },
  });
}

/** Asks the probe for a collection and answers its report. */
function collect(child: ChildProcess): Promise<ProbeReport | undefined> {
  return new Promise((done) => {
    if (!child.connected) return done(undefined);
    const timer = setTimeout(() => done(undefined), 30_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      done(message as ProbeReport);
    });
    child.send('gc');
  });
}

/**
 * What a crashed Node process wrote that says why: its first assertion or error line, and the
 * first frame of a native addon in its stack (`Statement::~Statement() in better_sqlite3.node`).
 */
function crashOf(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim());
  const why = lines.find((line) => /Assertion failed|Error|FATAL|Segmentation fault/.test(line));
  const frame = lines.map((line) => /^\d+: 0x[0-9a-f]+ (.+) \[.*\/([^/]+\.node)\]$/.exec(line)).find(Boolean);
  return [why ?? lines.filter(Boolean).pop() ?? 'no message', ...(frame ? [`in ${frame[1]} of ${frame[2]}`] : [])].join(', ');
}

/** Runs one soak and answers what it saw; a server that ends before its time is a result, not an error. */
async function soak(options: SoakOptions): Promise<SoakResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-soak-'));
  const started = Date.now();
  const node = execFileSync(options.node, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
  const minutes: SoakMinute[] = Array.from({ length: options.minutes }, () => ({
    refreshes: 0,
    lists: 0,
    serverErrors: 0,
    failed: 0,
    wrong: 0,
  }));
  let server: ServerProcess | undefined;
  const endedEarly = (ending: string, stderr: string): SoakResult => ({
    options,
    node,
    minutes,
    lifetimeS: (Date.now() - started) / 1000,
    ending,
    crashed: true,
    needs: 0,
    reports: [],
    failures: [`server ${ending}: ${crashOf(stderr)}`],
  });
  try {
    server = await startServer(options, dataDir);
    return await underLoad(options, server, { node, started, minutes });
  } catch (error) {
    if (error instanceof ServerEnded) return endedEarly(error.ending, error.stderr);
    // The server ended while the soak was getting ready (taking the refresh body, signing in).
    if (server && (server.child.exitCode !== null || server.child.signalCode !== null))
      return endedEarly(await server.exited, server.stderrTail());
    throw error;
  } finally {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The soak's load on a server that answers, for the time the options give. */
async function underLoad(
  options: SoakOptions,
  server: ServerProcess,
  { node, started, minutes }: { node: string; started: number; minutes: SoakMinute[] },
): Promise<SoakResult> {
  log(`${options.label}: the server answers on Node ${node}; taking the dashboard's refresh body from Chromium...`);
  const body = await refreshBody(server.url);
  const tokens = await signInTokens(httpFetch(server.url));
  const ems = { authorization: `Bearer ${tokens.ems}`, 'content-type': 'application/json' };
  const user = { authorization: `Bearer ${tokens.user}` };
  const reference = await send(server.url, {
    kind: 'refreshes',
    method: 'POST',
    path: BATCH,
    headers: ems,
    body,
    check: () => undefined,
  });
  const needs = (reference.body as Envelope | undefined)?.data;
  if (reference.status !== 200 || !Array.isArray(needs)) throw new Error(`the first refresh answered ${reference.status}`);
  const customers = (
    await send(server.url, {
      kind: 'lists',
      method: 'GET',
      path: '/manager/customer/getCustomerList?current=1&size=20',
      headers: user,
      check: () => undefined,
    })
  ).body as { data?: { total?: number } };
  const refresh: Call = {
    kind: 'refreshes',
    method: 'POST',
    path: BATCH,
    headers: ems,
    body,
    check: refreshCheck(needs as Envelope[]),
  };
  const lists: Call[] = [
    {
      kind: 'lists',
      method: 'GET',
      path: '/manager/customer/getCustomerList?current=1&size=20',
      headers: user,
      check: pageCheck(customers.data?.total),
    },
    {
      kind: 'lists',
      method: 'POST',
      path: '/ems/api/device/alarm/get_alarm_summarys',
      headers: ems,
      body: JSON.stringify({ current: 1, size: 20, stationSn: STATION }),
      check: pageCheck(),
    },
  ];

  const failures: string[] = [];
  const reports: ProbeReport[] = [];
  const loadStart = Date.now();
  const end = loadStart + options.minutes * 60_000;
  const minuteNow = () => minutes[Math.min(Math.floor((Date.now() - loadStart) / 60_000), options.minutes - 1)] as SoakMinute;
  let ended = false;
  void server.exited.then(() => (ended = true));
  const note = (failure: string) => {
    if (failures.length < 10) failures.push(failure);
  };

  // With a rate, each client's calls are due every `interval` ms from the start of the load.
  const interval = options.rate ? (REFRESH_WORKERS / options.rate) * 1000 : 0;
  const worker = async (calls: Call[]) => {
    for (let turn = 0; !ended && Date.now() < end; turn += 1) {
      const call = calls[turn % calls.length] as Call;
      if (interval) await sleep(Math.min(end, loadStart + turn * interval) - Date.now());
      if (ended || Date.now() >= end) break;
      const answer = await send(server.url, call);
      const minute = minuteNow();
      if (answer.status >= 500) {
        minute.serverErrors += 1;
        note(`${call.path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      } else if (answer.status !== 200 || answer.error) {
        minute.failed += 1;
        note(`${call.path}: ${answer.status} ${answer.error ?? JSON.stringify(answer.body).slice(0, 200)}`);
      } else {
        const wrong = call.check(answer.body);
        minute[call.kind] += 1;
        if (wrong) {
          minute.wrong += 1;
          note(`${call.path}: ${wrong}`);
        }
      }
    }
  };
  const collector = (async () => {
    while (!ended && Date.now() < end) {
      await sleep(Math.min(GC_EVERY_MS, Math.max(0, end - Date.now())));
      const report = await collect(server.child);
      if (!report) continue;
      reports.push(report);
      minuteNow().memory = report;
    }
  })();
  // Each minute once it is over, whatever the timer's drift under load.
  let logged = 0;
  const logMinutes = (upTo: number) => {
    for (; logged < Math.min(upTo, options.minutes); logged += 1) {
      const row = minutes[logged] as SoakMinute;
      const failures = row.serverErrors + row.failed + row.wrong;
      log(
        `  minute ${logged + 1}: ${row.refreshes} refreshes, ${row.lists} list reads, ${failures} failures, heap ${row.memory?.heapUsedMb.toFixed(0) ?? '?'} MB`,
      );
    }
  };
  const progress = setInterval(() => logMinutes(Math.floor((Date.now() - loadStart) / 60_000)), 5_000);
  await Promise.all([
    ...Array.from({ length: REFRESH_WORKERS }, () => worker([refresh])),
    ...Array.from({ length: LIST_WORKERS }, () => worker(lists)),
    collector,
  ]);
  clearInterval(progress);
  logMinutes(options.minutes);

  const crashed = ended;
  const ending = crashed ? await server.exited : await server.stop();
  if (!crashed && ending !== 'exit 0') note(`on SIGTERM: ${ending}`);
  if (crashed) note(`server ${ending}: ${server.stderrTail().trim().split('\n').slice(-3).join(' | ')}`);
  return {
    options,
    node,
    minutes,
    lifetimeS: (Date.now() - started) / 1000,
    ending,
    crashed,
    needs: needs.length,
    reports,
    failures,
  };
}

const total = (result: SoakResult, key: 'refreshes' | 'lists' | 'serverErrors' | 'failed' | 'wrong') =>
  result.minutes.reduce((sum, minute) => sum + minute[key], 0);

/** A soak passes when the server lived to the end and every request got its right answer. */
const passed = (result: SoakResult) =>
  !result.crashed &&
  result.ending === 'exit 0' &&
  total(result, 'serverErrors') + total(result, 'failed') + total(result, 'wrong') === 0;

/**
 * Memory after collection under load: after the first forced collection and after the last, and
 * the growth over the second half of the soak, where a leak shows apart from the warm-up.
 */
function growth(result: SoakResult, key: 'heapUsedMb' | 'rssMb'): string {
  const samples = result.reports.map((report) => report[key]);
  const first = samples[0];
  const middle = samples[Math.floor(samples.length / 2)];
  const last = samples[samples.length - 1];
  if (first === undefined || middle === undefined || last === undefined || samples.length < 2) return 'not measured';
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
  return `${first.toFixed(1)} → ${last.toFixed(1)} MB (${signed(last - first)}; second half ${signed(last - middle)})`;
}

/** The soak section of docs/benchmarks.md for some results. */
function report(results: SoakResult[]): string {
  const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
  const lines = [
    `## ${SECTION}`,
    '',
    `\`npm run soak\` (bench/soak.ts), run on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}. The server started as \`npm start\` starts it (\`server/main.ts\`, SQLite, the demo seeded with ${results[0]?.options.historyDays ?? '?'} days of history, the simulator writing live samples every 5 s), in a process of its own; ${REFRESH_WORKERS} clients refreshing the demo dashboard of ${STATION} ${results[0]?.options.rate ? `${results[0].options.rate} times a second in all` : 'back to back'} (its refresh body taken from Chromium: ${results[0]?.needs ?? '?'} needs), ${LIST_WORKERS} more reading the customer and alarm lists; a full garbage collection forced every ${GC_EVERY_MS / 1000} s, memory read after it (the first time 10 s into the load). Every answer is checked: status, envelope, and each need answered as it was at the start.`,
    '',
    '| Checkout | Node | Planned | Server lived | Ended | Refreshes | List reads | 5xx | Other failures | Wrong answers | Heap after GC, first → last | RSS after GC, first → last |',
    '|---|---|---:|---:|---|---:|---:|---:|---:|---:|---|---|',
    ...results.map(
      (r) =>
        `| ${r.options.label} | ${r.node} | ${r.options.minutes} min | ${fmt(r.lifetimeS)} s | ${r.crashed ? `**${r.ending}**` : r.ending} | ${fmt(total(r, 'refreshes'))} | ${fmt(total(r, 'lists'))} | ${total(r, 'serverErrors')} | ${total(r, 'failed')} | ${total(r, 'wrong')} | ${growth(r, 'heapUsedMb')} | ${growth(r, 'rssMb')} |`,
    ),
    '',
  ];
  for (const r of results) {
    lines.push(`${r.options.label} on Node ${r.node}: `);
    if (r.reports.length) {
      lines.push(
        'per minute:',
        '',
        '| Minute | Refreshes | List reads | 5xx | Other failures | Wrong | Heap after GC (MB) | RSS (MB) |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|',
      );
      r.minutes.forEach((m, i) =>
        lines.push(
          `| ${i + 1} | ${fmt(m.refreshes)} | ${fmt(m.lists)} | ${m.serverErrors} | ${m.failed} | ${m.wrong} | ${m.memory?.heapUsedMb.toFixed(1) ?? '–'} | ${m.memory?.rssMb.toFixed(1) ?? '–'} |`,
        ),
      );
      lines.push('');
    }
    lines.push(
      r.failures.length
        ? `First failures: ${r.failures.map((f) => `\`${f.replaceAll('|', '\\|')}\``).join('; ')}`
        : 'No failure.',
      '',
    );
  }
  return lines.join('\n');
}

/** A soak of the checkout `appDir` on `node`, labelled by the checkout's commit and SQLite driver. */
function soakOf(node: string, appDir: string, minutes: number, historyDays: number, rate?: number): SoakOptions {
  const driver = JSON.parse(readFileSync(join(appDir, 'node_modules/better-sqlite3/package.json'), 'utf8')) as {
    version: string;
  };
  return { label: `${checkoutOf(appDir)}, better-sqlite3 ${driver.version}`, node, appDir, minutes, historyDays, rate };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '10' },
      'history-days': { type: 'string', default: '35' },
      rate: { type: 'string' },
      with: { type: 'string', multiple: true, default: [] },
      write: { type: 'boolean', default: false },
    },
  });
  const minutes = Number(values.minutes);
  const historyDays = Number(values['history-days']);
  const rate = values.rate === undefined ? undefined : Number(values.rate);
  if (!(minutes >= 1) || !(historyDays >= 1)) throw new Error('--minutes and --history-days take a whole number from 1');
  if (rate !== undefined && !(rate > 0)) throw new Error('--rate takes a number of refreshes a second above 0');
  const runs = [
    ...values.with.map((spec) => {
      const [node = '', appDir = '.'] = spec.split('@');
      return soakOf(node, resolve(appDir), minutes, historyDays, rate);
    }),
    soakOf(process.execPath, process.cwd(), minutes, historyDays, rate),
  ];
  const results: SoakResult[] = [];
  for (const run of runs) {
    log(`Soak of ${run.minutes} min${run.rate ? ` at ${run.rate} refreshes a second` : ''}: ${run.label} on ${run.node}`);
    const result = await soak(run);
    results.push(result);
    log(
      `  ${passed(result) ? 'passed' : 'FAILED'}: lived ${result.lifetimeS.toFixed(0)} s, ${result.ending}${result.failures.length ? `; ${result.failures.join('; ')}` : ''}`,
    );
  }
  const section = report(results);
  log(section);
  if (values.write)
    writeFileSync('docs/benchmarks.md', replaceSection(readFileSync('docs/benchmarks.md', 'utf8'), SECTION, section));
  // The runs of `--with` are comparisons; this checkout on its own Node is the one that must pass.
  if (!passed(results[results.length - 1] as SoakResult)) process.exitCode = 1;
}

await main();
