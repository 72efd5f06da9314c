import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProjForecasts } from '../../generated/types';
import { formatMoney } from '../../runtime/format/money';
import { call, signIn } from '../support/api';
import { launchBrowser, settled, signInAsAdmin, tap } from '../support/browser';
import { seriousFindings } from '../support/axe';
import { startServer, type TestServer } from '../support/server';

type Project = ProjForecasts['projects'][number];

const ADDRESS = '/main/appliance/project-forecasts';
const STATUS_EN: Record<Project['status'], string> = { onTrack: 'On track', atRisk: 'At risk', late: 'Late' };
const STATUS_ZH: Record<Project['status'], string> = { onTrack: '正常', atRisk: '有风险', late: '延误' };

/** A variance as the screen writes it: with its sign. */
const signed = (value: number) => (value > 0 ? `+${formatMoney(value)}` : formatMoney(value));
const indexText = (value: number | null) => (value === null ? '--' : value.toFixed(2));

/** A project's row as the screen shows it, cell by cell. */
const cellsOf = (p: Project, status: Record<Project['status'], string>) => [
  p.orderNo,
  p.name,
  formatMoney(p.budgetAtCompletion),
  formatMoney(p.estimateAtCompletion),
  formatMoney(p.estimateToComplete),
  signed(p.varianceAtCompletion),
  indexText(p.cpi),
  indexText(p.spi),
  indexText(p.tcpi),
  p.plannedFinish ?? '--',
  p.forecastFinish ?? '--',
  p.daysLate === null ? '--' : String(p.daysLate),
  status[p.status],
];

/**
 * The forecasts of the open projects, as a project manager opens them from the menu: each open
 * order of the demo with the figures the call answers, sorted by VAC or by days late, the method
 * said under the table, and an order opening its earned value; in English and in Chinese, in both
 * themes, at 1440 and 390 px without sideways scroll of the page.
 */
describe('the forecasts of the open projects', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let answer: ProjForecasts;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    const admin = await signIn(server.app, 'admin', 'admin123');
    const forecasts = await call<ProjForecasts>(server.app, admin, { method: 'GET', url: '/manager/earnedValue/forecasts' });
    expect([forecasts.status, forecasts.body.code]).toEqual([200, 0]);
    answer = forecasts.body.data;
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const table = (name: string) => page.getByRole('table', { name });
  /** The column headers' texts, as one line each (a sorted header's arrow is an item of its own in its button). */
  const headers = async (name: string) =>
    (await table(name).getByRole('columnheader').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
  /** The texts of the table's rows, cell by cell, once it shows as many rows as the call answered projects. */
  async function rowsShown(name: string): Promise<string[][]> {
    const rows = table(name).getByRole('row');
    await rows.nth(answer.projects.length).waitFor();
    expect(await rows.count()).toBe(answer.projects.length + 1);
    return Promise.all(
      answer.projects.map((_, index) =>
        rows
          .nth(index + 1)
          .getByRole('cell')
          .allInnerTexts(),
      ),
    );
  }
  const byDaysLate = (desc: boolean) =>
    [...answer.projects].sort((a, b) => {
      if (a.daysLate === null || b.daysLate === null)
        return a.daysLate === b.daysLate ? a.orderNo.localeCompare(b.orderNo) : a.daysLate === null ? 1 : -1;
      return (desc ? b.daysLate - a.daysLate : a.daysLate - b.daysLate) || a.orderNo.localeCompare(b.orderNo);
    });

  test('opened from the menu, it lists each open order with the figures the call answers, sorted by VAC or by days late', async () => {
    // The demo's open orders: one executing and late, one not started yet, on another budget.
    expect(answer.projects.length).toBeGreaterThanOrEqual(2);
    expect(new Set(answer.projects.map((p) => p.status)).size).toBeGreaterThan(1);
    await page.goto(`${server.url}/main/appliance/sales?lng=en`);
    const navigation = page.getByRole('menu', { name: 'Navigation' });
    const group = navigation.getByRole('menuitem', { name: 'Enterprise applications', exact: true });
    if ((await group.getAttribute('aria-expanded')) === 'false') await tap(group);
    await tap(navigation.getByRole('menuitem', { name: 'Project forecasts', exact: true }));
    await page.waitForURL((url) => url.pathname === ADDRESS);
    await page.getByRole('heading', { name: 'Project forecasts' }).waitFor();
    await page.getByText(`Forecasts of ${answer.date}; open projects: ${String(answer.projects.length)}`).waitFor();

    const name = 'Forecasts of open projects';
    expect(await headers(name)).toEqual([
      'Order',
      'Name',
      'BAC',
      'EAC',
      'ETC',
      'VAC ↑',
      'CPI',
      'SPI',
      'TCPI',
      'Planned finish',
      'Forecast finish',
      'Days late',
      'Status',
    ]);
    // As the call answers them: the most over budget first.
    expect(await rowsShown(name)).toEqual(answer.projects.map((p) => cellsOf(p, STATUS_EN)));
    await page.getByText(/^EAC = BAC \/ CPI .*Late: more than 14 days late.*An order number opens its earned value\.$/).waitFor();

    // By days late, the latest first; again, the earliest first; by VAC, the least over budget first.
    const header = (text: string) => table(name).getByRole('columnheader').getByRole('button', { name: text });
    const orderNos = async () => (await rowsShown(name)).map((cells) => cells[0]);
    await tap(header('Days late'));
    expect(await orderNos()).toEqual(byDaysLate(true).map((p) => p.orderNo));
    await tap(header('Days late ↓'));
    expect(await orderNos()).toEqual(byDaysLate(false).map((p) => p.orderNo));
    await tap(header('VAC'));
    expect(await orderNos()).toEqual(answer.projects.map((p) => p.orderNo));
    await tap(header('VAC ↑'));
    expect(await orderNos()).toEqual([...answer.projects].reverse().map((p) => p.orderNo));
    expect(byDaysLate(true).map((p) => p.orderNo)).not.toEqual(answer.projects.map((p) => p.orderNo));
  });

  test('an order number opens that order’s earned value, whose budget is the row’s', async () => {
    const project = answer.projects[0] as Project;
    await page.goto(`${server.url}${ADDRESS}?lng=en`);
    await tap(table('Forecasts of open projects').getByRole('link', { name: project.orderNo, exact: true }));
    await page.waitForURL(
      (url) => url.pathname.endsWith('/sales/earned-value') && url.search === `?orderId=${String(project.orderId)}`,
    );
    await page.getByRole('heading', { name: 'Earned value' }).waitFor();
    await page.getByText(`Order ${project.orderNo}: ${project.name}`).waitFor();
    const budget = page.getByRole('group', { name: 'Budget at completion (BAC)', exact: true }).locator('.ant-statistic-content');
    await expect.poll(() => budget.innerText()).toBe(formatMoney(project.budgetAtCompletion));
  });

  test('in Chinese, the same figures in Chinese words', async () => {
    await page.goto(`${server.url}${ADDRESS}?lng=zh`);
    await page.getByRole('heading', { name: '项目预测' }).waitFor();
    await page.getByText(`${answer.date} 的预测，共 ${String(answer.projects.length)} 个在建项目`).waitFor();
    const name = '在建项目预测';
    expect(await headers(name)).toEqual([
      '订单',
      '名称',
      'BAC',
      'EAC',
      'ETC',
      'VAC ↑',
      'CPI',
      'SPI',
      'TCPI',
      '计划完工',
      '预测完工',
      '延误天数',
      '状态',
    ]);
    expect(await rowsShown(name)).toEqual(answer.projects.map((p) => cellsOf(p, STATUS_ZH)));
    await page.getByText(/^EAC = BAC \/ CPI（.*延误：延误超过 14 天.*点击订单号打开其挣值分析。$/).waitFor();
    expect(await page.getByRole('columnheader', { name: 'EAC' }).locator('abbr').getAttribute('title')).toBe('完工估算');
  });

  test('in the light and dark themes, at 1440 and 390 px: no sideways scroll of the page, no serious accessibility finding', async () => {
    for (const theme of ['default', 'dark']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const lng of ['en', 'zh']) {
          await page.goto(`${server.url}${ADDRESS}?lng=${lng}`);
          await page.getByRole('table').getByRole('row').nth(answer.projects.length).waitFor();
          await settled(page);
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect([theme, width, lng, sideways]).toEqual([theme, width, lng, 0]);
          expect(await seriousFindings(page), `${theme} at ${String(width)} px in ${lng}`).toEqual([]);
        }
      }
    }
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
