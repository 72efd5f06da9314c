import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { VIEWPORTS } from '../support/viewports';
import { seriousFindings } from '../support/axe';

/**
 * What a trial of the demo saw in passing (issue 49, “Also seen”), each as the user meets it: the
 * customer a contacts page is of, the unit of a station's capacity, the alarm task records leading
 * to the alarms, chart legends clear of the axis labels at every width, and a phone's dashboard
 * toolbar that leaves the screen to the dashboard.
 */
describe('also seen in the trial', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = (path: string) => page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lng=en`);

  test('the contacts page names the customer whose contacts it lists', async () => {
    const customers = (
      await call<{ id: number; name: string }[]>(server.app, admin, {
        method: 'GET',
        url: '/manager/customer/listByName',
      })
    ).body.data;
    const customer = customers[0];
    if (!customer) throw new Error('the demo has no customer');
    await open(`/main/appliance/customer/contacts?customerId=${customer.id}`);
    await page.getByRole('heading', { name: `Contacts of ${customer.name}`, exact: true }).waitFor();
  });

  test('the Sites list shows each station’s capacity with its unit', async () => {
    await open('/main/ems/setting/siteManage');
    const row = (sn: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: sn, exact: true }) });
    await expect.poll(() => row('T2-ST1').getByRole('cell', { name: '2000 kWh', exact: true }).count()).toBe(1);
    expect(await row('T2-PV1').getByRole('cell', { name: '1500 kWp', exact: true }).count()).toBe(1);
    expect(await row('T2-EMS1').getByRole('cell', { name: '600 kW', exact: true }).count()).toBe(1);
  });

  test('alarm management leads from its alarm task records to the alarm records', async () => {
    await open('/main/ems/events');
    await page.getByRole('heading', { name: 'Alarm task records' }).waitFor();
    await tap(page.getByRole('link', { name: 'Alarm records' }));
    await page.waitForURL('**/main/ems/map/warning/record');
  });

  /**
   * Where a chart's legend overlaps what else it draws (axis labels, bars, the ring), read from each
   * ECharts instance on the page: its legend's box against every axis label's and series' box.
   */
  const legendOverlaps = (expected: number) =>
    page.evaluate((charts) => {
      interface Box {
        x: number;
        y: number;
        width: number;
        height: number;
        clone(): Box;
        applyTransform(m: unknown): void;
        union(other: Box): void;
        intersect(other: Box): boolean;
      }
      interface Element {
        type: string;
        ignore?: boolean;
        invisible?: boolean;
        isGroup?: boolean;
        style?: { text?: string };
        getBoundingRect(): Box;
        getComputedTransform(): unknown;
        traverse(visit: (child: Element) => void): void;
      }
      interface View {
        __model?: { mainType: string };
        group: Element;
      }
      const boxOf = (element: Element) => {
        const box = element.getBoundingRect().clone();
        const transform = element.getComputedTransform();
        if (transform) box.applyTransform(transform);
        return box;
      };
      /** The boxes of what a view draws and shows (texts only: labels). */
      const drawn = (view: View, textsOnly: boolean) => {
        const boxes: Box[] = [];
        view.group.traverse((element) => {
          if (element.isGroup || element.ignore || element.invisible) return;
          if (textsOnly && !(element.type === 'text' && element.style?.text)) return;
          const box = boxOf(element);
          if (box.width > 0 && box.height > 0) boxes.push(box);
        });
        return boxes;
      };
      const hosts = [...document.querySelectorAll('[role="img"]')] as (HTMLElement & {
        chart?: { _componentsViews: View[]; _chartsViews: View[] };
      })[];
      const withLegend = hosts.filter((host) => host.chart?._componentsViews.some((view) => view.__model?.mainType === 'legend'));
      if (withLegend.length < charts) return [`${withLegend.length} of ${charts} charts drawn`];
      const found: string[] = [];
      for (const host of withLegend) {
        const views = host.chart?._componentsViews ?? [];
        const legend = views.find((view) => view.__model?.mainType === 'legend');
        const legendBoxes = legend ? drawn(legend, false) : [];
        const labels = views
          .filter((view) => /^[xy]Axis$/.test(view.__model?.mainType ?? ''))
          .flatMap((view) => drawn(view, true));
        const series = (host.chart?._chartsViews ?? []).flatMap((view) => drawn(view, false));
        for (const box of legendBoxes) {
          const hit = [...labels, ...series].find((other) => box.intersect(other));
          if (hit)
            found.push(
              `${host.getAttribute('aria-label') ?? ''}: legend at ${Math.round(box.y)}–${Math.round(box.y + box.height)} over ${Math.round(hit.y)}–${Math.round(hit.y + hit.height)}`,
            );
        }
      }
      return found;
    }, expected);

  test.each([
    ['the bidding kanban', '/main/appliance/bidding/kanban', 1],
    ['the vehicle overview', '/main/ems/map/carOverview/carView', 3],
  ])('the legends of %s keep clear of the axis labels and the charts at every width', async (_name, path, charts) => {
    await open(path);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expect.poll(() => legendOverlaps(charts), { timeout: 10_000, message: `at ${viewport.width} px` }).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test.each(['default', 'dark'])('the screens mended keep axe-core free of serious findings in the %s theme', async (theme) => {
    await page.evaluate((name) => localStorage.setItem('theme', name), theme);
    try {
      for (const path of ['/main/ems/events/record', '/main/ems/setting/siteManage', '/main/appliance/bidding/kanban']) {
        await open(path);
        await page.getByRole('heading').first().waitFor();
        await page.getByRole('row').nth(1).waitFor();
        expect(await seriousFindings(page), path).toEqual([]);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await open('/main/ems/map/monitor/dashboard?station=T2-ST1');
      await tap(page.getByRole('button', { name: 'More' }));
      await page.getByRole('button', { name: 'Edit' }).waitFor();
      expect(await seriousFindings(page), 'the dashboard on a phone').toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.removeItem('theme'));
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  test('on a phone the dashboard’s toolbar takes a row or two; the rest is under More, by the same names', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open('/main/ems/map/monitor/dashboard?station=T2-ST1');
      const station = page.getByRole('combobox', { name: 'Station' });
      await station.waitFor();
      const more = page.getByRole('button', { name: 'More' });
      await more.waitFor();
      expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      // From the top of the station picker to the foot of the toolbar (More, the period): at most two rows.
      const top = (await station.boundingBox())?.y ?? 0;
      const period = await page.getByRole('combobox', { name: 'Period' }).boundingBox();
      const button = await more.boundingBox();
      const bottom = Math.max((period?.y ?? 0) + (period?.height ?? 0), (button?.y ?? 0) + (button?.height ?? 0));
      expect(bottom - top).toBeLessThanOrEqual(0.12 * 844);
      await tap(more);
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      for (const name of ['Kiosk view', 'Export dashboard', 'Template', 'Copy to stations', 'History', 'Edit'])
        await page.getByRole('button', { name }).waitFor();
      await tap(more);
      expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
