/**
 * Switching screens in the app while the shell keeps the pages shown before (bench): list screens
 * opened one after another inside the app, as the menu opens them, the twelve last shown kept
 * mounted and hidden; for each switch once they are kept, the time until the list shows its total
 * and the main thread's time until the page is idle again. Answers its section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { routes } from '../generated/registry';
import { pages } from '../tests/support/contract';
import { launchBrowser, openInApp, signInAsAdmin } from '../tests/support/browser';
import { serve, stopped } from './child';
import { log, p50 } from './report';

/** The pages the shell keeps (runtime/shell/KeepAliveOutlet.tsx): opened first, then switched among. */
const KEPT = 12;
const SWITCHES = 24;

/** List screens of the route tree that need no record to open (no scope), in the tree's order. */
const LISTS = routes
  .filter((route) => route.page && !route.open && !pages.find((page) => page.page === route.page)?.scope?.length)
  .map((route) => route.path)
  .slice(0, KEPT + SWITCHES);

async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/** Opens `path` inside the app and waits until its list shows its total. */
async function openList(page: Page, path: string): Promise<void> {
  await openInApp(page, path);
  await page
    .locator('main')
    .getByText(/^\d+ in total$/)
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: 30_000 });
}

/** What switching screens measured with one client. */
export interface ScreenFigures {
  /** Milliseconds from each switch until the list showed its total. */
  shown: number[];
  /** Main-thread milliseconds of each switch, until the page was idle again. */
  busy: number[];
}

/** Screen switches with a built client (`clientDir`), served by this checkout's server in a process of its own. */
export async function screenFigures(clientDir: string): Promise<ScreenFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-screens-'));
  const server = await serve({ BENCH_MODE: 'dashboard', BENCH_HISTORY_DAYS: '1', DATA_DIR: dataDir, CLIENT_DIR: clientDir });
  const browser = await launchBrowser({ motion: true, optimise: true });
  try {
    const page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    for (const path of LISTS.slice(0, KEPT)) await openList(page, path);
    const shown: number[] = [];
    const busy: number[] = [];
    for (const path of LISTS.slice(KEPT)) {
      await page.waitForTimeout(300);
      const busyBefore = await taskMs(cdp);
      const started = performance.now();
      await openList(page, path);
      shown.push(performance.now() - started);
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 2000 })));
      busy.push((await taskMs(cdp)) - busyBefore);
    }
    log(`  ${p50(shown).toFixed(0)} ms to the total, ${p50(busy).toFixed(0)} ms of main thread per switch`);
    return { shown, busy };
  } finally {
    await browser.close();
    await stopped(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md: each client measured, side by side. */
export function screenReport(runs: { label: string; figures: ScreenFigures }[]): string {
  const row = (name: string, values: (figures: ScreenFigures) => number[]) =>
    `| ${name} | ${runs.map((run) => `${p50(values(run.figures)).toFixed(0)} ms (${Math.max(...values(run.figures)).toFixed(0)} ms)`).join(' | ')} |`;
  return `## Screen switches with pages kept

List screens opened inside the app one after another, as the menu opens them, in headless Chromium signed in as \`admin\` against the platform with its demo in a process of its own: the first ${KEPT} of the route tree's lists, which the shell then keeps mounted and hidden, then ${SWITCHES} more, each measured: from the switch until the list shows its total, and the main thread's time (Chromium's TaskDuration) until the page is idle again. Median (longest) of the ${SWITCHES}.

| | ${runs.map((run) => run.label).join(' | ')} |
|---|${runs.map(() => '---:').join('|')}|
${row('From the switch to the list’s total', (figures) => figures.shown)}
${row('Main thread per switch', (figures) => figures.busy)}
`;
}
