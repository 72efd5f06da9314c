import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const STATION = 'T2-ST1';
const OTHER = 'T2-PV1';
const DASHBOARD_PATH = '/main/ems/map/monitor/dashboard';
const DASHBOARD = `${DASHBOARD_PATH}?lng=en&station=${STATION}`;
const BATCH = '/ems/api/main/dashboard/data';
/** The trend of every demo dashboard: the active power of the station's converter. */
const TREND = '功率趋势';

/** A point of a chart's time axis (the station's clock read as UTC) as the station's clock writes it. */
const clockText = (point: number) => new Date(point).toISOString().slice(0, 19).replace('T', ' ');

/** The cells of a CSV file's rows (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

/** The series of the chart in a widget, as its ECharts instance draws them: names and `[time, value]` points. */
function chartSeries(widget: Locator): Promise<{ name: string; data: [number, number | null][] }[]> {
  return widget.getByRole('img', { name: 'Trend chart' }).evaluate((host) => {
    const chart = (
      host as HTMLElement & { chart?: { getOption(): { series?: { name: string; data: [number, number | null][] }[] } } }
    ).chart;
    return (chart?.getOption().series ?? []).map(({ name, data }) => ({ name, data }));
  });
}

/** Inspect data and the kiosk view of the demo dashboards: real server, simulator on (two days of history), the built client. */
describe('dashboard: inspect data and kiosk view', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let stationName: Record<string, string>;

  async function signedInPage(): Promise<Page> {
    const page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
    return page;
  }

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 2 });
    await server.app.simulator?.ready;
    const admin = await signIn(server.app, 'admin', 'admin123');
    const stations = await call<{ sn: string; name: string }[]>(server.app, admin, {
      method: 'GET',
      url: '/ems/api/device/station/list',
    });
    stationName = Object.fromEntries(stations.body.data.map((station) => [station.sn, station.name]));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the CSV of a trend widget holds the values its chart shows, with the byte order mark, named by the title and the time', async () => {
    const page = await signedInPage();
    // No refresh between reading the chart and downloading its figures.
    await page.clock.install();
    await page.goto(`${server.url}${DASHBOARD}`);
    const widget = page.getByRole('region', { name: TREND });
    await expect.poll(async () => (await chartSeries(widget))[0]?.data.length ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    const drawn = await chartSeries(widget);

    await tap(widget.getByRole('button', { name: `Inspect data: ${TREND}` }));
    const dialog = page.getByRole('dialog', { name: `Inspect data: ${TREND}` });
    await dialog.waitFor();
    const table = dialog.getByRole('table');
    await expect
      .poll(() => table.getByRole('columnheader').allInnerTexts())
      .toEqual(['Time', ...drawn.map((series) => `${series.name} (kW)`)]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tap(dialog.getByRole('button', { name: 'Download CSV' })),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${TREND}-\\d{4}-\\d{2}-\\d{2} \\d{4}\\.csv$`));
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [heading = [], ...rows] = parseCsv(bytes.toString('utf8').slice(1));
    expect(heading).toEqual(['Time', ...drawn.map((series) => `${series.name} (kW)`)]);
    // Each series' points, as the file holds them and as the chart draws them: the same times and values.
    const held = drawn.map((_, column) =>
      rows.flatMap((row) => (row[column + 1] ? [[row[0], Number(row[column + 1])] as const] : [])),
    );
    const shown = drawn.map((series) =>
      series.data.flatMap(([time, value]) => (value === null ? [] : [[clockText(time), value] as const])),
    );
    expect(held).toEqual(shown);
    expect(held[0]?.length).toBeGreaterThan(0);
    // The table shows the file's first row.
    await expect.poll(() => table.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual(rows[0]);

    await tap(dialog.getByRole('button', { name: 'Close' }));
    await dialog.waitFor({ state: 'detached' });
    // In edit mode too.
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await tap(widget.getByRole('button', { name: `Inspect data: ${TREND}` }));
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  test('kiosk view: no menu or header, keeps refreshing, says how old its data is; left with Escape and with Exit', async () => {
    const page = await signedInPage();
    await page.clock.install();
    const batches: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().includes(BATCH)) batches.push(request.postData() ?? '');
    });
    await page.goto(`${server.url}${DASHBOARD}`);
    await page.getByRole('region', { name: TREND }).waitFor();

    await tap(page.getByRole('button', { name: 'Kiosk view' }));
    await page.waitForURL(`**/kiosk?station=${STATION}`);
    const kiosk = page.getByRole('main', { name: `Kiosk view: ${stationName[STATION]}` });
    await kiosk.getByRole('region', { name: TREND }).waitFor();
    await page.getByRole('heading', { level: 1, name: stationName[STATION] }).waitFor();
    // None of the application's chrome: menu, header with the user's choices, bottom navigation.
    expect(await page.getByRole('menu', { name: 'Navigation' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    expect(await page.getByText('Energy Site Operations').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);

    // Its data has come: its age is said, and grows.
    await expect.poll(() => batches.filter((body) => body.includes(STATION)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const age = page.getByText(/^Updated \d+ s ago$/);
    // The age is said again every second.
    await page.clock.runFor(1_000);
    await age.waitFor();
    await page.clock.runFor(7_000);
    await expect.poll(async () => Number((await age.innerText()).match(/\d+/)?.[0])).toBeGreaterThanOrEqual(7);

    // It keeps refreshing: a batch every 20 seconds, each for the station shown.
    const before = batches.length;
    await page.clock.runFor(12_000);
    await expect.poll(() => batches.length).toBe(before + 1);
    await page.clock.runFor(20_000);
    await expect.poll(() => batches.length).toBe(before + 2);
    expect(batches.slice(before).every((body) => body.includes(STATION))).toBe(true);
    await expect.poll(async () => Number((await age.innerText()).match(/\d+/)?.[0])).toBeLessThan(7);

    // Escape leaves it for the station's dashboard page.
    await page.keyboard.press('Escape');
    await page.waitForURL(`**${DASHBOARD_PATH}?station=${STATION}`);
    await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();

    // The Exit button too.
    await tap(page.getByRole('button', { name: 'Kiosk view' }));
    await kiosk.waitFor();
    await tap(page.getByRole('button', { name: 'Exit' }));
    await page.waitForURL(`**${DASHBOARD_PATH}?station=${STATION}`);
    await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();
    await page.close();
  });

  test('kiosk view cycles through the stations its address names, each in turn', async () => {
    const page = await signedInPage();
    await page.clock.install();
    const batches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(BATCH)) batches.push(request.postData() ?? '');
    });
    await page.goto(`${server.url}/kiosk?lng=en&stations=${STATION},${OTHER}&every=30`);
    await page.getByRole('heading', { level: 1, name: stationName[STATION] }).waitFor();
    await page.getByText('Station 1 of 2').waitFor();
    await page.getByRole('region', { name: TREND }).waitFor();

    const before = batches.length;
    await page.clock.runFor(30_000);
    await page.getByRole('heading', { level: 1, name: stationName[OTHER] }).waitFor();
    await page.getByText('Station 2 of 2').waitFor();
    await expect.poll(() => batches.slice(before).some((body) => body.includes(OTHER))).toBe(true);

    // Exit goes to the dashboard page of the station shown.
    await tap(page.getByRole('button', { name: 'Exit' }));
    await page.waitForURL(`**${DASHBOARD_PATH}?station=${OTHER}`);
    await page.close();
  });
});
