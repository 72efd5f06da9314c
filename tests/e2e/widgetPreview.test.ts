import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap, tapDashboardAction } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const STATION = 'T2-ST1';
const DASHBOARD = `/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`;
const BATCH = '/ems/api/main/dashboard/data';
/** The trend of every demo dashboard: the active power of the station's converter, all values of today. */
const TREND = '功率趋势';
/** The variable of its series. */
const POWER = `${STATION}-PCS1.activePower`;
/** How long a change has to settle before the preview follows it, with room for its request (ms). */
const SETTLE_MS = 1_500;

interface Drawn {
  names: string[];
  points: number[];
  values: (number | null)[][];
}

/** What the trend chart in `scope` draws, read from its ECharts instance: series names, their points and values. */
function drawn(scope: Locator): Promise<Drawn> {
  return scope.getByRole('img', { name: 'Trend chart' }).evaluate((host) => {
    const chart = (
      host as HTMLElement & { chart?: { getOption(): { series?: { name: string; data: [number, number | null][] }[] } } }
    ).chart;
    const series = chart?.getOption().series ?? [];
    return {
      names: series.map((entry) => entry.name),
      points: series.map((entry) => entry.data.length),
      values: series.map((entry) => entry.data.map(([, value]) => value)),
    };
  });
}

/**
 * The batch data requests the page sends from now on for the trend's variable, but the dashboard's
 * refresh every 20 seconds (it asks for every widget's needs at once; a change in the dialog asks
 * for what changed only). Other widgets' own requests (a window that moves with the clock) are not
 * the preview's.
 */
function trendRequests(page: Page): { count(): number; stop(): void } {
  const seen: Request[] = [];
  const listener = (request: Request) => {
    if (!request.url().includes(BATCH)) return;
    const needs = (request.postDataJSON() as { needs?: unknown[] } | null)?.needs ?? [];
    if (needs.length < 5 && JSON.stringify(needs).includes(POWER)) seen.push(request);
  };
  page.on('request', listener);
  return { count: () => seen.length, stop: () => page.off('request', listener) };
}

/** The live preview of the widget configuration dialog on the demo dashboards: real server, simulator on, the built client. */
describe('widget configuration: live preview', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;

  const stored = async () =>
    (await call<unknown>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${STATION}` })).body.data;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 2 });
    await server.app.simulator?.ready;
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the preview follows the interval, the method and a series, one request at most per change; Cancel restores the dashboard', async () => {
    const page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}${DASHBOARD}`);
    const widget = page.getByRole('region', { name: TREND });
    await expect.poll(async () => (await drawn(widget)).points[0] ?? 0, { timeout: 20_000 }).toBeGreaterThan(1);
    const before = await drawn(widget);
    const document = await stored();

    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    const requests = trendRequests(page);
    await tap(widget.getByRole('button', { name: `Edit: ${TREND}` }));
    const dialog = page.getByRole('dialog', { name: `module configuration: ${TREND}` });
    const preview = dialog.getByRole('region', { name: 'Preview' });
    // Shown at once with the dashboard's own answers: nothing asked.
    await expect.poll(async () => (await drawn(preview)).names, { timeout: 20_000 }).toEqual(before.names);
    expect((await drawn(preview)).points[0]).toBeGreaterThan(1);
    await page.waitForTimeout(SETTLE_MS);
    expect(requests.count()).toBe(0);

    // Daily values of this month: a point for each of the days of history.
    await tap(dialog.getByRole('radio', { name: 'This month' }));
    await expect.poll(async () => (await drawn(preview)).points[0], { timeout: 10_000 }).toBeLessThan(5);
    await page.waitForTimeout(SETTLE_MS);
    expect(requests.count()).toBe(1);
    const averages = await drawn(preview);

    // Sums instead of averages: other values on the same days.
    await tap(dialog.getByRole('radio', { name: 'Sum', exact: true }));
    await expect.poll(async () => (await drawn(preview)).values, { timeout: 10_000 }).not.toEqual(averages.values);
    expect((await drawn(preview)).points).toEqual(averages.points);
    await page.waitForTimeout(SETTLE_MS);
    expect(requests.count()).toBe(2);

    // The series renamed, typed key by key: the chart's legend follows once typing stops, on the data it has (nothing asked).
    const seriesName = dialog.getByRole('textbox', { name: 'Name' }).last();
    await seriesName.fill('');
    await seriesName.pressSequentially('PCS power', { delay: 30 });
    await expect.poll(async () => (await drawn(preview)).names, { timeout: 10_000 }).toEqual(['PCS power']);
    await page.waitForTimeout(SETTLE_MS);
    expect(requests.count()).toBe(2);
    requests.stop();

    // Meanwhile the dashboard's widget showed what it showed.
    expect((await drawn(widget)).names).toEqual(before.names);

    await tap(dialog.getByRole('button', { name: 'Cancel' }));
    await tap(page.getByRole('button', { name: 'Discard changes' }));
    await dialog.waitFor({ state: 'detached' });
    const after = await drawn(widget);
    expect(after.names).toEqual(before.names);
    // All values of today still: as many points as before, or more as samples come in.
    expect(after.points[0]).toBeGreaterThanOrEqual(before.points[0] ?? 0);
    expect(await stored()).toEqual(document);
    await page.close();
  });

  test('the preview sits beside the form on a wide screen and above it on a narrow one', async () => {
    const page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}${DASHBOARD}`);
      await tapDashboardAction(page, 'Edit dashboard');
      await tap(page.getByRole('region', { name: TREND }).getByRole('button', { name: `Edit: ${TREND}` }));
      const dialog = page.getByRole('dialog', { name: `module configuration: ${TREND}` });
      const preview = await dialog.getByRole('region', { name: 'Preview' }).boundingBox();
      const form = await dialog.getByRole('radio', { name: 'This month' }).boundingBox();
      if (!preview || !form) throw new Error('the preview or the form is not shown');
      if (width === 1440) expect(preview.x).toBeGreaterThan(form.x + form.width);
      else expect(preview.y + preview.height).toBeLessThan(form.y);
      // Nothing changed (the schema's defaults the form fills in as it opens are no change): Cancel closes at once.
      await tap(dialog.getByRole('button', { name: 'Cancel' }));
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByRole('dialog', { name: 'Discard the changes not saved?' }).count()).toBe(0);
    }
    await page.close();
  });
});
