import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { seriousFindings } from '../support/axe';
import { framesDrawn, launchBrowser, notice, signInAsAdmin, tap, widgetsShowing } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const STATION = 'T2-ST2';
const dashboardOf = (language: 'en' | 'zh') => `/main/ems/map/monitor/dashboard?lng=${language}&station=${STATION}`;
/** The demo's trend, stored without its query interval: its view cannot read it. */
const TREND = '功率趋势';
/** The demo's single data figure (titled as its schema's default), stored without its chain. */
const SINGLE = '环比/单个关键数据';

interface Stored {
  stationSn: string;
  version: number;
  schemaVersion: number;
  layouts: Record<string, unknown[]>;
  widgets: { id: string; type: string; config: Record<string, unknown> }[];
}

/**
 * A widget whose stored configuration its code cannot show fails alone: the dashboard's other
 * widgets show their data, and that one says so in its own frame (either language, at a desk and on a
 * phone), where Edit configures it again. A single data figure stored without its chain (which its
 * schema lets out) compares as the schema's default says, this month with last month.
 */
describe('a widget that cannot show its stored configuration', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  const stored = async () =>
    (await call<Stored>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${STATION}` })).body.data;

  async function open(language: 'en' | 'zh') {
    const count = (await stored()).widgets.length;
    await page.goto(`${server.url}${dashboardOf(language)}`);
    await expect.poll(() => page.locator('.dashboard-grid-item').count(), { timeout: 20_000 }).toBe(count);
  }

  /**
   * Waits until the widgets show their data and the page has been drawn with it: a frame whose
   * content overflows it takes keyboard focus in the frame that laid the overflow out.
   */
  async function framesSettled() {
    await widgetsShowing(page);
    await framesDrawn(page);
  }

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
    // Both saved as the schema accepts them.
    const { stationSn, version, schemaVersion, layouts, widgets } = await stored();
    const without = (type: string, field: string) => (widget: Stored['widgets'][number]) => {
      if (widget.type !== type) return widget;
      const { [field]: _gone, ...config } = widget.config;
      return { ...widget, config };
    };
    const saved = await call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/main/siteKanban/saveOrUpdate',
      payload: {
        stationSn,
        version,
        schemaVersion,
        layouts,
        widgets: widgets.map(without('trend', 'queryInterval')).map(without('singleData', 'chainType')),
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('says so in its own frame, with what to do, and every other widget shows its data', async () => {
    await open('en');
    const trend = page.getByRole('region', { name: TREND });
    const alert = trend.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      'This widget cannot be shown with its configuration\nEdit the dashboard to configure it again or delete it.',
    );
    // The only one: the others show their data (none is left loading), the single data figure by its month.
    await widgetsShowing(page);
    expect(await page.locator('.dashboard-grid-item').getByRole('alert').count()).toBe(1);
    const single = page.getByRole('region', { name: SINGLE });
    await single.getByText('This month', { exact: true }).waitFor();
    await single.getByText(/^Last month: /).waitFor();
    await framesSettled();
    expect(await seriousFindings(page)).toEqual([]);

    // On a phone too, without sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await trend.getByRole('alert').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });

    await open('zh');
    const zh = page.getByRole('region', { name: TREND }).getByRole('alert');
    await zh.waitFor();
    expect(await zh.innerText()).toBe('此组件无法按其配置显示\n编辑看板即可重新配置或删除此组件。');
    await framesSettled();
    expect(await seriousFindings(page)).toEqual([]);
  });

  test('its Edit configures it again (the form gives what is missing), and it shows once saved', async () => {
    await open('en');
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    const trend = page.getByRole('region', { name: TREND });
    await expect
      .poll(() => trend.getByRole('alert').innerText())
      .toBe('This widget cannot be shown with its configuration\nEdit it to choose what it shows here, or delete it.');
    await tap(page.getByRole('button', { name: `Edit: ${TREND}` }));
    const dialog = page.getByRole('dialog', { name: `module configuration: ${TREND}` });
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'hidden' });
    await trend.getByRole('img', { name: 'Trend chart' }).waitFor();
    expect(await trend.getByRole('alert').count()).toBe(0);
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');
    const saved = (await stored()).widgets.find((widget) => widget.type === 'trend')!;
    expect(saved.config.queryInterval).toBe('NORMAL');
  });
});
