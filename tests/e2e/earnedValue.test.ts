import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatMoney } from '../../runtime/format/money';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { choose, rowAction, rowWith } from '../support/ui';
import { seriousFindings } from '../support/axe';

type Row = Record<string, unknown>;

interface Figures {
  budgetAtCompletion: number;
  plannedValue: number;
  earnedValue: number;
  actualCost: number;
  costVariance: number;
  scheduleVariance: number;
  cpi: number | null;
  spi: number | null;
  date: string;
  siteCount: number;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A variance as the screen writes it: with its sign. */
const signed = (value: number) => (value > 0 ? `+${formatMoney(value)}` : formatMoney(value));

/**
 * The earned value of a sales order, as a project controller opens it from the order list: the
 * figures of today equal to what the call answers, a station picked, PV, EV and AC month by month
 * from the first planned month, in English and in Chinese, on a phone without sideways scroll, and
 * the server's message for an order it does not know.
 */
describe('the earned value of a sales order', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;
  let order: Row;
  let stations: Row[];
  /** The months from the first planned month to this one (`YYYY-MM`), and each one's last day (today for this one). */
  const months: { month: string; day: string }[] = [];

  const api = async <T = Row>(method: 'GET' | 'POST', url: string, options: { payload?: Row; query?: Row } = {}) => {
    const query = Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)]));
    const answer = await call<T>(server.app, admin, {
      method,
      url,
      query,
      ...(options.payload ? { payload: options.payload } : {}),
    });
    expect([url, answer.status, answer.body.code]).toEqual([url, 200, 0]);
    return answer.body.data;
  };
  const figuresOf = (query: Row) => api<Figures>('POST', '/manager/earnedValue/statistics', { query });

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    const page1 = await api<{ records: Row[] }>('GET', '/manager/orderinfo/page', { query: { orderNo: 'SO-2-0006' } });
    order = page1.records[0] ?? {};
    expect(order.orderNo).toBe('SO-2-0006');
    // The order is carried out by two sites on two stations, planned from the first day of the
    // month three months back; the first has finished two of its four steps and logged a day's work.
    const now = new Date();
    const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1);
    for (let month = 0; month < 4; month += 1) {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3 + month, 1));
      const last = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0);
      months.push({ month: dayOf(start.getTime()).slice(0, 7), day: month === 3 ? dayOf(now.getTime()) : dayOf(last) });
    }
    stations = [];
    for (const sn of ['T2-ST1', 'T2-PV1']) stations.push(await api('GET', `/ems/api/device/station/get_station_by_sn/${sn}`));
    const siteOf = (sn: string, budgetAmount: number, planStartDate: string, planFinishDate: string) =>
      api('POST', '/manager/executesite', {
        payload: { name: `${sn} 施工`, orderId: order.id, stationSn: sn, budgetAmount, planStartDate, planFinishDate },
      });
    const main = await siteOf('T2-ST1', 240000, dayOf(first), dayOf(first + 180 * DAY_MS));
    await siteOf('T2-PV1', 90000, dayOf(first + 40 * DAY_MS), dayOf(first + 100 * DAY_MS));
    const steps: Row[] = [
      { name: '设备进场', sort: 1, done: true, finishDate: dayOf(first + 20 * DAY_MS) },
      { name: '基础施工', sort: 2, done: true, finishDate: dayOf(first + 50 * DAY_MS) },
      { name: '电气接线', sort: 3, done: false },
      { name: '系统调试', sort: 4, done: false },
    ];
    for (const step of steps)
      await api('POST', '/manager/executesite/setup/process/item/save', { payload: { siteId: main.id, ...step } });
    await api('POST', '/manager/manualWorkload', {
      payload: { siteId: main.id, workerName: '王伟', workDate: dayOf(first + 10 * DAY_MS), hours: 8, hourlyRate: 600 },
    });

    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The figure of the card labelled `name`, as shown (its value and, for an index, its reading). */
  const figure = (name: string) => page.getByRole('group', { name, exact: true });

  /** The screen's figures equal the call's answer (in English). */
  async function figuresShown(answer: Figures) {
    await page.getByText(`Figures of ${answer.date}; execution sites: ${String(answer.siteCount)}`).waitFor();
    const expected: [string, string][] = [
      ['Budget at completion (BAC)', formatMoney(answer.budgetAtCompletion)],
      ['Planned value (PV)', formatMoney(answer.plannedValue)],
      ['Earned value (EV)', formatMoney(answer.earnedValue)],
      ['Actual cost (AC)', formatMoney(answer.actualCost)],
      ['Cost variance (CV)', signed(answer.costVariance)],
      ['Schedule variance (SV)', signed(answer.scheduleVariance)],
      ['Cost performance index (CPI)', answer.cpi === null ? '--' : answer.cpi.toFixed(2)],
      ['Schedule performance index (SPI)', answer.spi === null ? '--' : answer.spi.toFixed(2)],
    ];
    for (const [name, value] of expected) {
      await expect.poll(() => figure(name).locator('.ant-statistic-content').innerText(), { message: name }).toBe(value);
    }
  }

  test('opened from the order list, it shows the order’s figures of today as the call answers them, and PV, EV and AC month by month', async () => {
    await page.goto(`${server.url}/main/appliance/sales?lng=en`);
    await rowAction(rowWith(page, 'SO-2-0006'), 'Earned value');
    await page.waitForURL(new RegExp(`/main/appliance/sales/earned-value\\?orderId=${String(order.id)}$`));
    await page.getByRole('heading', { name: 'Earned value' }).waitFor();
    await page.getByText(`Order SO-2-0006: ${String(order.name)}`).waitFor();

    const today = await figuresOf({ orderId: order.id });
    expect(today.siteCount).toBe(2);
    await figuresShown(today);
    // The indices in plain words, as the figures say.
    const cpi = today.cpi ?? 1;
    const spi = today.spi ?? 1;
    await figure('Cost performance index (CPI)')
      .getByText(cpi < 1 ? 'over budget' : 'under budget', { exact: true })
      .waitFor();
    await figure('Schedule performance index (SPI)')
      .getByText(spi < 1 ? 'behind schedule' : 'ahead of schedule', { exact: true })
      .waitFor();

    // The chart: one point per month from the first planned month, each month's figures those the call answers on its last day.
    const chart = page.getByRole('img', { name: 'PV, EV and AC at the end of each month' });
    await chart.waitFor();
    const categories = () =>
      chart.evaluate((element) => {
        const host = element as HTMLElement & { chart?: { getOption(): { xAxis: { data: string[] }[] } } };
        return host.chart?.getOption().xAxis[0]?.data ?? [];
      });
    await expect.poll(categories).toEqual(months.map((m) => m.month));
    const table = page.getByRole('table', { name: 'Figures by month' });
    for (const [index, { month, day }] of months.entries()) {
      const answer = index === months.length - 1 ? today : await figuresOf({ orderId: order.id, date: day });
      const cells = table
        .getByRole('row')
        .nth(index + 1)
        .getByRole('cell');
      await expect
        .poll(() => cells.allInnerTexts(), { message: month })
        .toEqual([month, day, formatMoney(answer.plannedValue), formatMoney(answer.earnedValue), formatMoney(answer.actualCost)]);
    }
    // The months differ as the plan says: less was planned at the end of the first month than today.
    expect((await figuresOf({ orderId: order.id, date: months[0]?.day })).plannedValue).toBeLessThan(today.plannedValue);

    // One station of the two: its figures, as the call answers them with its id.
    const station = stations[1] ?? {};
    await choose(page, 'Station', String(station.name));
    const one = await figuresOf({ orderId: order.id, stationId: station.id });
    expect(one.siteCount).toBe(1);
    await figuresShown(one);
  });

  test('in Chinese, in the light and dark themes, and on a phone without sideways scroll', async () => {
    await page.goto(`${server.url}/main/appliance/sales/earned-value?orderId=${String(order.id)}&lng=zh`);
    await page.getByRole('heading', { name: '挣值分析' }).waitFor();
    await figure('计划值（PV）').waitFor();
    await page.getByRole('img', { name: '各月末的 PV、EV 与 AC' }).waitFor();
    await page.getByRole('table', { name: '各月数据' }).getByRole('row').nth(months.length).waitFor();
    expect(await page.getByRole('table', { name: '各月数据' }).getByRole('columnheader').allInnerTexts()).toEqual([
      '月份',
      '日期',
      '计划值（PV）',
      '挣值（EV）',
      '实际成本（AC）',
    ]);

    for (const theme of ['default', 'dark']) {
      await page.evaluate((name) => localStorage.setItem('theme', name), theme);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
        await page.goto(`${server.url}/main/appliance/sales/earned-value?orderId=${String(order.id)}&lng=en`);
        await page.getByRole('table', { name: 'Figures by month' }).getByRole('row').nth(months.length).waitFor();
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect([theme, width, sideways]).toEqual([theme, width, 0]);
        expect(await seriousFindings(page), `${theme} at ${String(width)} px`).toEqual([]);
      }
    }
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('a demo order carried out by a demo site shows that site’s figures', async () => {
    const orders = await api<{ records: Row[] }>('GET', '/manager/orderinfo/page', { query: { orderNo: 'SO-2-0001' } });
    const demo = orders.records[0] ?? {};
    const answer = await figuresOf({ orderId: demo.id });
    expect(answer.siteCount).toBeGreaterThan(0);
    expect(answer.budgetAtCompletion).toBeGreaterThan(0);
    await page.goto(`${server.url}/main/appliance/sales/earned-value?orderId=${String(demo.id)}&lng=en`);
    await figuresShown(answer);
  });

  test('an order no execution site carries yet says so, with figures of 0 and indices not measurable yet', async () => {
    const orders = await api<{ records: Row[] }>('GET', '/manager/orderinfo/page', { query: { orderNo: 'SO-2-0007' } });
    const bare = orders.records[0] ?? {};
    expect((await figuresOf({ orderId: bare.id })).siteCount).toBe(0);
    await page.goto(`${server.url}/main/appliance/sales/earned-value?orderId=${String(bare.id)}&lng=en`);
    await page.getByText('No execution site carries this order yet: every figure is 0.').waitFor();
    await figuresShown(await figuresOf({ orderId: bare.id }));
    await figure('Cost performance index (CPI)').getByText('not measurable yet', { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Station' }).count()).toBe(0);
    await page.getByRole('table', { name: 'Figures by month' }).getByRole('row').nth(1).waitFor();
    expect(await seriousFindings(page)).toEqual([]);
  });

  test('an order the server does not know shows the server’s message, not a blank screen', async () => {
    const unknown = await call(server.app, admin, { method: 'GET', url: '/manager/orderinfo/getById', query: { id: '987654' } });
    expect(unknown.status).toBe(404);
    await page.goto(`${server.url}/main/appliance/sales/earned-value?orderId=987654&lng=en`);
    await page.getByRole('heading', { name: 'Earned value' }).waitFor();
    await page.getByRole('alert').filter({ hasText: unknown.body.msg }).waitFor();
    expect(await page.getByRole('group', { name: 'Planned value (PV)' }).count()).toBe(0);
  });
});
