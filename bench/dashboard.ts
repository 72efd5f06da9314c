/**
 * The dashboard measured in Chromium against the real server (demo data, simulator on, a built
 * client): requests per refresh coalesced and one per widget, main-thread time of a refresh, a
 * cold navigation until every widget shows its data, the JavaScript the route loads (and the
 * chart chunk, and when it is asked for), and the latency of a keystroke in the largest
 * configuration form. The same server serves this checkout's client and, for a comparison in the
 * same run, an earlier checkout's. Answers its section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser, signInAsAdmin, widgetsShowing } from '../tests/support/browser';
import { loadOverWire, type WireLoad } from '../tests/support/wire';
import { serve, stopped } from './child';
import { log } from './report';

const STATION = 'T2-ST1';
const DASHBOARD = `/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`;
const BATCH = '/ems/api/main/dashboard/data';
/** The chart chunk of a build (ECharts, loaded on its own). */
const CHART_CHUNK = /\/echarts-[\w-]+\.js$/;
// Enough samples for a median that holds from one run to the next on a machine of two cores.
const TICKS = 15;
const COLD_RUNS = 15;
const THROTTLED_RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
/** The middle half of some samples: from the first quartile to the third. */
const middleHalf = (values: number[], digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.floor((sorted.length - 1) * q)] ?? Number.NaN).toFixed(digits);
  return `${at(0.25)}–${at(0.75)}`;
};

async function signIn(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await signInAsAdmin(page, url);
  return page;
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}

/** Requests and main-thread milliseconds of each refresh, with the page's clock driven by the test. */
async function ticks(page: Page, url: string, mode: 'coalesced' | 'perWidget') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.clock.install();
  let requests = 0;
  let pending = 0;
  page.on('request', (request) => {
    if (request.url().includes(BATCH)) {
      requests += 1;
      pending += 1;
    }
  });
  page.on('requestfinished', (request) => {
    if (request.url().includes(BATCH)) pending -= 1;
  });
  await page.goto(
    `${url}/main/ems/map/monitor/dashboard?lng=en&station=${STATION}${mode === 'perWidget' ? '&fetch=perWidget' : ''}`,
  );
  await widgetsShowing(page);
  const firstLoad = requests;
  const widgets = await page.locator('.dashboard-grid-item').count();
  const perTick: number[] = [];
  const busy: number[] = [];
  for (let tick = 0; tick < TICKS; tick += 1) {
    await page.waitForTimeout(300);
    const before = requests;
    const busyBefore = await taskSeconds(cdp);
    await page.clock.runFor(20_000);
    await page.waitForFunction(() => true);
    while (pending > 0 || requests === before) await page.waitForTimeout(20);
    // The answers rendered: wait for the main thread to be idle.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 2000 })));
    busy.push(((await taskSeconds(cdp)) - busyBefore) * 1000);
    perTick.push(requests - before);
  }
  return { widgets, firstLoad, requests: median(perTick), busyMs: median(busy), busy };
}

/** Chromium DevTools' "Fast 4G" preset, applied by Chromium's own throttling: 9 Mbit/s down, 1.5 up, at 90 %; 165 ms of latency. */
const FOUR_G = { offline: false, latency: 165, downloadThroughput: (9e6 / 8) * 0.9, uploadThroughput: (1.5e6 / 8) * 0.9 };

/**
 * Long tasks of the main thread while a page comes up, recorded by the page itself from its first
 * script on (the Long Tasks API reports every task over 50 ms).
 */
const LONG_TASKS = () => {
  const w = window as unknown as { longTasks: number[] };
  w.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
};

/** Total blocking time (each long task's time over 50 ms, summed) and the longest task, so far on the page. */
async function blocking(page: Page): Promise<{ totalMs: number; longestMs: number }> {
  const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  return {
    totalMs: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    longestMs: Math.max(0, ...tasks),
  };
}

/**
 * Cold navigations (cache off) to the dashboard, already signed in, until every widget shows data:
 * the time, the main thread's blocking time until then, the JavaScript that crossed the wire (until
 * the network is idle: the map's land arrives after the widgets show data), and how long before
 * (negative: after) the first data call the chart chunk was asked for; and the same navigation with
 * the network throttled to 4G.
 */
async function cold(page: Page, url: string) {
  const times: number[] = [];
  const leads: number[] = [];
  const blocked: number[] = [];
  const longest: number[] = [];
  let load: WireLoad | undefined;
  let chartBytes: number | undefined;
  await page.context().addInitScript(LONG_TASKS);
  for (let run = 0; run < COLD_RUNS; run += 1) {
    await page.goto('about:blank');
    const asked: { chart?: number; data?: number } = {};
    const onRequest = (request: { url(): string }) => {
      const path = new URL(request.url()).pathname;
      if (CHART_CHUNK.test(path)) asked.chart ??= performance.now();
      if (path === BATCH) asked.data ??= performance.now();
    };
    page.on('request', onRequest);
    let started = 0;
    load = await loadOverWire(
      page,
      () => {
        started = Date.now();
        return page.goto(`${url}${DASHBOARD}`);
      },
      async () => {
        await widgetsShowing(page);
        times.push(Date.now() - started);
        const { totalMs, longestMs } = await blocking(page);
        blocked.push(totalMs);
        longest.push(longestMs);
      },
    );
    page.off('request', onRequest);
    if (asked.chart !== undefined && asked.data !== undefined) leads.push(asked.data - asked.chart);
    chartBytes = load.responses.find((response) => CHART_CHUNK.test(response.path))?.bytes;
  }
  const throttled: number[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FOUR_G);
  for (let run = 0; run < THROTTLED_RUNS; run += 1) {
    await page.goto('about:blank');
    let started = 0;
    await loadOverWire(
      page,
      () => {
        started = Date.now();
        return page.goto(`${url}${DASHBOARD}`);
      },
      async () => {
        await widgetsShowing(page, 60_000);
        throttled.push(Date.now() - started);
      },
    );
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();
  return {
    ms: median(times),
    times,
    blockingMs: median(blocked),
    blocked,
    longestTaskMs: median(longest),
    throttledMs: median(throttled),
    throttled,
    scripts: load?.scripts ?? 0,
    kib: (load?.scriptBytes ?? 0) / 1024,
    uncompressed: load?.uncompressed.length ?? 0,
    chartKib: chartBytes === undefined ? undefined : chartBytes / 1024,
    chartLeadMs: leads.length ? median(leads) : undefined,
  };
}

/**
 * The sign-in page loaded cold: the JavaScript that crossed the wire, and the time from the
 * navigation until its form is usable (the sign-in button drawn, as the page's own code draws it).
 */
async function signInPage(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const times: number[] = [];
  let load: WireLoad | undefined;
  for (let run = 0; run < COLD_RUNS; run += 1) {
    await page.goto('about:blank');
    let started = 0;
    load = await loadOverWire(
      page,
      () => {
        started = Date.now();
        return page.goto(`${url}/login?lng=en`);
      },
      async () => {
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        times.push(Date.now() - started);
      },
    );
  }
  await page.close();
  return { scripts: load?.scripts ?? 0, kib: (load?.scriptBytes ?? 0) / 1024, usableMs: median(times), times };
}

/**
 * Keystrokes typed into a text field of the largest configuration form: for each key, the time from
 * its event to the end of the next frame painted after it (a keydown listener asks for the next
 * animation frame, then for the task after it); and Event Timing's entries, which the browser
 * gives only for events of 16 ms or more.
 */
async function keystrokes(page: Page, url: string) {
  await page.goto(`${url}${DASHBOARD}`);
  await widgetsShowing(page);
  await page.getByRole('button', { name: 'Edit dashboard' }).click();
  const largest = await page.evaluate(() => {
    const names = [...document.querySelectorAll('button[aria-label^="Edit: "]')].map((b) => b.getAttribute('aria-label') ?? '');
    return names;
  });
  let best = { name: '', fields: 0 };
  for (const name of largest) {
    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^module configuration: / });
    await dialog.locator('form').waitFor();
    const fields = await dialog.locator('input, textarea, [role="combobox"], [role="radio"]').count();
    if (fields > best.fields) best = { name, fields };
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: best.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^module configuration: / });
  const input = dialog.locator('input[type="text"]').first();
  await input.click();
  await page.evaluate(() => {
    const w = window as unknown as { durations: number[]; latencies: number[] };
    w.durations = [];
    w.latencies = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          const after = new MessageChannel();
          after.port1.onmessage = () => w.latencies.push(performance.now() - start);
          after.port2.postMessage(undefined);
        });
      },
      true,
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'keydown' || entry.name === 'keypress' || entry.name === 'input') w.durations.push(entry.duration);
      }
    }).observe({ type: 'event', durationThreshold: 0, buffered: false } as PerformanceObserverInit);
  });
  await input.pressSequentially('abcdefghijklmnopqrstuvwxyz0123456789', { delay: 40 });
  await page.waitForTimeout(300);
  const { durations, latencies } = await page.evaluate(() => {
    const w = window as unknown as { durations: number[]; latencies: number[] };
    return { durations: w.durations, latencies: w.latencies };
  });
  return {
    form: best.name.replace(/^Edit: /, ''),
    fields: best.fields,
    keys: latencies.length,
    medianMs: median(latencies),
    maxMs: Math.max(...latencies),
    longEvents: durations.length,
    longestEventMs: Math.max(...durations, 0),
  };
}

/** What one run of the dashboard measured, with one client. */
export interface DashboardFigures {
  widgets: number;
  coalesced: Awaited<ReturnType<typeof ticks>>;
  perWidget: Awaited<ReturnType<typeof ticks>>;
  navigation: Awaited<ReturnType<typeof cold>>;
  signInPage: Awaited<ReturnType<typeof signInPage>>;
  typing: Awaited<ReturnType<typeof keystrokes>>;
}

/** The dashboard of a built client (`clientDir`), served by this checkout's server in a process of its own. */
export async function dashboardFigures(clientDir: string): Promise<DashboardFigures> {
  // The server in a process of its own, as it is deployed: not sharing this one's event loop and
  // heap with the browser's driver and the benchmarks before.
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-dashboard-'));
  const server = await serve({ BENCH_MODE: 'dashboard', DATA_DIR: dataDir, CLIENT_DIR: clientDir });
  const browser = await launchBrowser({ motion: true, optimise: true });
  try {
    const signInFigures = await signInPage(browser.context, server.url);
    const page = await signIn(browser.context, server.url);
    log('Dashboard: refreshes, coalesced...');
    const coalesced = await ticks(page, server.url, 'coalesced');
    log(
      `  ${coalesced.requests} request(s) per refresh, ${coalesced.busyMs.toFixed(1)} ms main thread (middle half ${middleHalf(coalesced.busy, 1)})`,
    );
    const single = await signIn(browser.context, server.url);
    log('Dashboard: refreshes, one request per widget...');
    const perWidget = await ticks(single, server.url, 'perWidget');
    log(
      `  ${perWidget.requests} request(s) per refresh, ${perWidget.busyMs.toFixed(1)} ms main thread (middle half ${middleHalf(perWidget.busy, 1)})`,
    );
    log('Dashboard: cold navigations...');
    const coldPage = await signIn(browser.context, server.url);
    const navigation = await cold(coldPage, server.url);
    log(
      `  ${navigation.ms} ms (middle half ${middleHalf(navigation.times)}), ${navigation.kib.toFixed(0)} KiB of JavaScript on the wire`,
    );
    log('Dashboard: keystrokes...');
    const typing = await keystrokes(coldPage, server.url);
    log(`  ${typing.medianMs.toFixed(1)} ms median in ${typing.form}`);
    return { widgets: coalesced.widgets, coalesced, perWidget, navigation, signInPage: signInFigures, typing };
  } finally {
    await browser.close();
    await stopped(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A run of the dashboard to report: which client it measured, and what. */
export interface DashboardRun {
  label: string;
  figures: DashboardFigures;
}

/** The dashboard's section of docs/benchmarks.md: this checkout's client, beside an earlier one's when measured. */
export function dashboardReport(runs: DashboardRun[]): string {
  const met = (ok: boolean) => (ok ? 'met' : 'not met');
  const [first] = runs;
  const now = runs[runs.length - 1] as DashboardRun;
  const row = (name: string, value: (figures: DashboardFigures) => string) =>
    `| ${name} | ${runs.map((run) => value(run.figures)).join(' | ')} |`;
  const kib = (value: number | undefined) => (value === undefined ? '– (no chunk of its own)' : `${value.toFixed(0)} KiB`);
  const lead = (value: number | undefined) =>
    value === undefined ? '–' : value >= 0 ? `${value.toFixed(0)} ms before` : `${(-value).toFixed(0)} ms after`;
  const { coalesced, navigation, signInPage: signInNow, typing } = now.figures;
  return `## Dashboard (Chromium against the real server)

The demo dashboard of ${STATION} (${first?.figures.widgets ?? '?'} widgets) in headless Chromium, signed in as \`admin\`, against the platform in a process of its own with the simulator on (35 days of history), serving ${runs.length > 1 ? 'each built client in turn (the same server)' : 'the built client'}. Refreshes are driven by the page's clock (20 s each, ${TICKS} refreshes, median); main-thread time is Chromium's TaskDuration over a refresh until the page is idle again. Cold navigations: Chromium's cache off, already signed in, median of ${COLD_RUNS}; bytes are those that crossed the wire (compressed as the server sent them), until the network is idle; total blocking time is the sum of each long task's time over 50 ms (Long Tasks API) from the first script until every widget shows data; the 4G navigation is the same with Chromium's own throttling at DevTools' "Fast 4G" preset (165 ms, 8.1 Mbit/s down), median of ${THROTTLED_RUNS}. The sign-in page: cache off, from the navigation until its form is drawn and answers, median of ${COLD_RUNS}. Keystrokes: typed into a text field of the largest configuration form, one every 40 ms, from each key's event to the end of the next frame painted after it.

| | ${runs.map((run) => run.label).join(' | ')} |
|---|${runs.map(() => '---:').join('|')}|
${[
  row('Requests per refresh, coalesced (one per widget)', (f) => `${f.coalesced.requests} (${f.perWidget.requests})`),
  row(
    'Main thread per refresh, coalesced (one per widget)',
    (f) => `${f.coalesced.busyMs.toFixed(1)} ms (${f.perWidget.busyMs.toFixed(1)} ms)`,
  ),
  row('Main thread per refresh, middle half, coalesced', (f) => `${middleHalf(f.coalesced.busy, 1)} ms`),
  row(
    'Requests when the dashboard is first shown, coalesced (one per widget)',
    (f) => `${f.coalesced.firstLoad} (${f.perWidget.firstLoad})`,
  ),
  row('Cold navigation until every widget shows its data', (f) => `${f.navigation.ms} ms (${middleHalf(f.navigation.times)})`),
  row('The same over 4G (throttled)', (f) => `${f.navigation.throttledMs.toFixed(0)} ms (${middleHalf(f.navigation.throttled)})`),
  row(
    'Total blocking time of the cold navigation (longest task)',
    (f) => `${f.navigation.blockingMs.toFixed(0)} ms (${f.navigation.longestTaskMs.toFixed(0)} ms)`,
  ),
  row('JavaScript of the route, on the wire', (f) => `${f.navigation.kib.toFixed(0)} KiB (${f.navigation.scripts} files)`),
  row('Text over 1 KiB sent uncompressed (files and answers)', (f) => String(f.navigation.uncompressed)),
  row('The chart chunk, on the wire', (f) => kib(f.navigation.chartKib)),
  row('Chart chunk asked for, against the first data call', (f) => lead(f.navigation.chartLeadMs)),
  row('Sign-in page usable (form drawn), cold', (f) => `${f.signInPage.usableMs} ms (${middleHalf(f.signInPage.times)})`),
  row('JavaScript of the sign-in page, on the wire', (f) => `${f.signInPage.kib.toFixed(0)} KiB (${f.signInPage.scripts} files)`),
  row('Keystroke to next frame, median (longest)', (f) => `${f.typing.medianMs.toFixed(1)} ms (${f.typing.maxMs.toFixed(1)} ms)`),
  row('Key events of 16 ms or more (longest)', (f) => `${f.typing.longEvents} (${f.typing.longestEventMs} ms)`),
].join('\n')}

Largest configuration form: ${typing.form} (${typing.fields} controls). Goals, for ${now.label}: at most 3 requests per refresh — ${met(coalesced.requests <= 3)}; main thread ≤ 16 ms median per refresh — ${met(coalesced.busyMs <= 16)}; cold navigation ≤ 1.0 s — ${met(navigation.ms <= 1000)}, over 4G ≤ 3 s — ${met(navigation.throttledMs <= 3000)}; total blocking time ≤ 200 ms — ${met(navigation.blockingMs <= 200)}; the route's JavaScript ≤ 500 KiB on the wire — ${met(navigation.kib <= 500)}; the sign-in page usable ≤ 300 ms — ${met(signInNow.usableMs <= 300)}, its JavaScript ≤ 150 KiB — ${met(signInNow.kib <= 150)}; keystroke ≤ 16 ms median — ${met(typing.medianMs <= 16)}; the chart chunk asked for no later than the first data call — ${met((navigation.chartLeadMs ?? -1) >= 0)}.
`;
}
