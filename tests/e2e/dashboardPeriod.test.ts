import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const STATION = 'T2-ST1';
const DASHBOARD_PATH = '/main/ems/map/monitor/dashboard';
const DASHBOARD = `${DASHBOARD_PATH}?lng=en&station=${STATION}`;
const BATCH = '/ems/api/main/dashboard/data';
/** The trend of every demo dashboard: the active power of the station's converter, all values of today. */
const TREND = '功率趋势';
const POWER = `${STATION}-PCS1.activePower`;
/** The histogram of every demo dashboard (its default title): the converter's discharged energy per hour of today. */
const HISTOGRAM = '柱状图';
const ENERGY = `${STATION}-PCS1.dischargeEnergy`;

/** A need of the scheduler's batch request, as its body lists it. */
interface Need {
  operationId: string;
  query?: Record<string, string>;
}

/** The needs of every batch data request the page sends from now on. */
function needsSent(page: Page): { sent: Need[]; stop(): void } {
  const sent: Need[] = [];
  const listener = (request: Request) => {
    if (request.url().includes(BATCH)) sent.push(...((request.postDataJSON() as { needs?: Need[] } | null)?.needs ?? []));
  };
  page.on('request', listener);
  return { sent, stop: () => page.off('request', listener) };
}

/** The trend's history calls among `needs`: their resolution and the start of the period asked for. */
const trendAsked = (needs: Need[]) =>
  needs
    .filter((need) => need.operationId === 'getHistoryTrend' && need.query?.sns?.includes(POWER))
    .map((need) => ({ queryPeriod: need.query?.queryPeriod, startTime: need.query?.startTime }));

/** Whether `needs` ask for the histogram's figure of its own day (no other widget of the demo asks for this energy by day). */
const histogramDayAsked = (needs: Need[]) =>
  needs.some((need) => need.operationId === 'getStatisticalValue' && need.query?.sns === ENERGY && need.query?.type === 'DAY');

/** Checks that the period control has `name` chosen, as its list marks it (the option selected), and closes the list. */
async function expectChosen(page: Page, name: string): Promise<void> {
  await tap(page.getByRole('combobox', { name: 'Period' }));
  await expect.poll(() => page.getByRole('option', { name, selected: true }).count(), { timeout: 10_000 }).toBe(1);
  await page.keyboard.press('Escape');
}

/** Today at the station, as the station's clock writes it (`YYYY-MM-DD`). */
const stationToday = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/**
 * The dashboard's period (today, this month, this year) beside the station: real server with the
 * simulator, the built client, Debian's Chromium.
 */
describe("the dashboard's period", () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;
  let timeZone: string;

  type StoredWidget = { id: string; type: string; config: Record<string, unknown> };
  const stored = async () =>
    (await call<{ widgets: StoredWidget[] }>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${STATION}` }))
      .body.data.widgets;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 2 });
    await server.app.simulator?.ready;
    admin = await signIn(server.app, 'admin', 'admin123');
    const stations = await call<{ sn: string; timeZone: string }[]>(server.app, admin, {
      method: 'GET',
      url: '/ems/api/device/station/list',
    });
    const station = stations.body.data.find((entry) => entry.sn === STATION);
    if (!station) throw new Error(`no station ${STATION}`);
    timeZone = station.timeZone;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('this month: the trend asks for the days of the station’s month while a widget set to keep its own period keeps it; the address, a reload and the kiosk view keep it; as configured goes back', async () => {
    const page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}${DASHBOARD}`);
    const period = page.getByRole('combobox', { name: 'Period' });
    await expectChosen(page, 'As configured');

    // The histogram set, in its dialog, to keep its own period (today); the dashboard saved.
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await tap(page.getByRole('region', { name: HISTOGRAM }).getByRole('button', { name: `Edit: ${HISTOGRAM}` }));
    const dialog = page.getByRole('dialog', { name: `module configuration: ${HISTOGRAM}` });
    const follow = dialog.getByRole('checkbox', { name: "Follow the dashboard's period" });
    expect(await follow.isChecked()).toBe(true);
    await tap(follow);
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'detached' });
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');
    const before = await stored();
    expect(before.find((widget) => widget.type === 'histogram')?.config.followPeriod).toBe(false);
    const trendConfig = before.find((widget) => widget.config.name === TREND)?.config;
    expect(trendConfig?.queryInterval).toBe('NORMAL');

    // This month: the trend asks for the daily values of the station's month.
    const requests = needsSent(page);
    const firstOfMonth = `${stationToday(timeZone).slice(0, 7)}-01 00:00:00.000`;
    await tap(period);
    await tap(page.getByRole('option', { name: 'This month' }));
    await page.waitForURL(/[?&]period=month(&|$)/);
    expect(new URL(page.url()).searchParams.get('station')).toBe(STATION);
    await expect
      .poll(() => trendAsked(requests.sent), { timeout: 20_000 })
      .toContainEqual({ queryPeriod: 'DAY', startTime: firstOfMonth });

    // Reloaded: the same period, asked for at once for every widget, and the histogram keeps its own day.
    requests.sent.length = 0;
    await page.reload();
    await expectChosen(page, 'This month');
    await expect
      .poll(() => trendAsked(requests.sent), { timeout: 20_000 })
      .toContainEqual({ queryPeriod: 'DAY', startTime: firstOfMonth });
    await expect.poll(() => histogramDayAsked(requests.sent), { timeout: 20_000 }).toBe(true);
    expect(trendAsked(requests.sent).every((asked) => asked.queryPeriod === 'DAY')).toBe(true);

    // The kiosk view takes the period along, and gives it back when left.
    await tap(page.getByRole('button', { name: 'Kiosk view' }));
    await page.waitForURL(`**/kiosk?station=${STATION}&period=month`);
    await page
      .getByRole('main', { name: /^Kiosk view/ })
      .getByRole('region', { name: TREND })
      .waitFor();
    expect(await page.getByRole('banner').getByText('This month', { exact: true }).count()).toBe(1);
    await tap(page.getByRole('button', { name: 'Exit' }));
    await page.waitForURL(`**${DASHBOARD_PATH}?station=${STATION}&period=month`);
    await expectChosen(page, 'This month');

    // As configured: all values of today again, and the period leaves the address.
    requests.sent.length = 0;
    await tap(period);
    await tap(page.getByRole('option', { name: 'As configured' }));
    await expect.poll(() => new URL(page.url()).searchParams.has('period')).toBe(false);
    await expect
      .poll(() => trendAsked(requests.sent), { timeout: 20_000 })
      .toContainEqual({ queryPeriod: 'RAW', startTime: `${stationToday(timeZone)} 00:00:00.000` });
    requests.stop();

    // Nothing of it was stored: the trend is configured as it was.
    const after = await stored();
    expect(after.find((widget) => widget.config.name === TREND)?.config).toEqual(trendConfig);
    await page.close();
  });
});
