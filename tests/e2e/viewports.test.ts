import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoStations } from '../../server/demo/stations';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { VIEWPORTS } from '../support/viewports';

/**
 * The demo admin's tenant: its stations each have a demo dashboard, stored with a desktop layout
 * only; the first station of each kind is tried (the others of a kind have the same dashboard).
 */
const TENANT = 2;
const STATIONS = demoStations(TENANT)
  .filter((station, index, all) => all.findIndex((other) => other.type === station.type) === index)
  .map((station) => station.sn);

interface Stored {
  widgets: { id: string }[];
  layouts: Record<string, { id: string; x: number; y: number; w: number; h: number }[] | undefined>;
  version: number;
}

const widgetFrames = (page: Page) => page.locator('.dashboard-grid-item > [role="region"]');

/** Each widget's box on the page, with what in it is cut off: a value wider than its widget, or running past its right edge. */
const placed = (page: Page) =>
  page.locator('.dashboard-grid-item').evaluateAll((items) =>
    items.map((item) => {
      const { x, y, width, right } = item.getBoundingClientRect();
      const cut = [...item.querySelectorAll('[aria-label="Value"]')]
        .filter((value) => value.getBoundingClientRect().right > right + 1)
        .map((value) => value.textContent);
      return { x: Math.round(x), y: Math.round(y), width: Math.round(width), cut };
    }),
  );

/**
 * The widgets as the grid shows them, in reading order: each one's title, and its left edge and
 * width as shares of the grid's width.
 */
const arrangement = (page: Page) =>
  page.locator('.dashboard-grid-item').evaluateAll((items) => {
    const grid = items[0]?.parentElement?.getBoundingClientRect();
    if (!grid) return [];
    return items
      .map((item) => ({
        box: item.getBoundingClientRect(),
        title: item.querySelector('[role="region"]')?.getAttribute('aria-label'),
      }))
      .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)
      .map(({ box, title }) => ({ title, left: (box.left - grid.left) / grid.width, width: box.width / grid.width }));
  });

/** The same widgets in the same order, each at the same share of the width (within the margins' share). */
const sameArrangement = (a: Awaited<ReturnType<typeof arrangement>>, b: Awaited<ReturnType<typeof arrangement>>) =>
  a.length === b.length &&
  a.every(
    (item, index) =>
      item.title === b[index]?.title &&
      Math.abs(item.left - (b[index]?.left ?? -1)) < 0.015 &&
      Math.abs(item.width - (b[index]?.width ?? -1)) < 0.015,
  );

/** How far the page scrolls sideways (px): 0 when everything fits the width. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The demo dashboards at each width of the viewport matrix, as stored by the demo (a desktop
 * layout only): tiled at every width, their widgets showing the station's data, the page never
 * scrolling sideways; and arranged from the keyboard in edit mode.
 */
describe('dashboards at every width', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  const stored = async (station: string) =>
    (await call<Stored>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${station}` })).body.data;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 1 });
    await server.app.simulator?.ready;
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test.each(STATIONS)('%s: tiled at every width, each widget with its data, no sideways scroll', async (station) => {
    const document = await stored(station);
    expect(Object.keys(document.layouts).filter((name) => (document.layouts[name]?.length ?? 0) > 0)).toEqual(['desktop']);
    const report: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${station}`);
      await expect.poll(() => widgetFrames(page).count(), { timeout: 20_000 }).toBe(document.widgets.length);
      await expect.poll(() => page.getByLabel('Loading').count(), { timeout: 20_000 }).toBe(0);
      // Every widget answered: none failed, and its charts are drawn at a size (those with nothing to show, a station without alarms, say so).
      const failed = await widgetFrames(page).evaluateAll((frames) =>
        frames.filter((frame) => frame.querySelector('[role="alert"]')).map((frame) => frame.getAttribute('aria-label')),
      );
      const empty = await widgetFrames(page).evaluateAll((frames) =>
        frames.filter((frame) => frame.querySelector('.ant-empty')).map((frame) => frame.getAttribute('aria-label')),
      );
      const undrawn = await widgetFrames(page).evaluateAll((frames) =>
        frames
          .filter((frame) =>
            [...frame.querySelectorAll('canvas')].some((canvas) => canvas.clientWidth < 40 || canvas.clientHeight < 40),
          )
          .map((frame) => frame.getAttribute('aria-label')),
      );
      const boxes = await placed(page);
      const top = Math.min(...boxes.map((box) => box.y));
      const firstRow = boxes.filter((box) => box.y === top).length;
      const columns = new Set(boxes.map((box) => box.x)).size;
      const cut = boxes.flatMap((box) => box.cut);
      const scroll = await sideways(page);
      report.push(`${viewport.width}: first row ${firstRow}, columns ${columns}, sideways ${scroll}, empty ${empty.length}`);
      expect(failed, `${viewport.width} px: widgets that failed`).toEqual([]);
      expect(undrawn, `${viewport.width} px: charts not drawn`).toEqual([]);
      expect(empty.length, `${viewport.width} px: most widgets show data`).toBeLessThan(boxes.length / 2);
      expect(cut, `${viewport.width} px: values cut off`).toEqual([]);
      expect(scroll, `${viewport.width} px: the page scrolls sideways`).toBeLessThanOrEqual(0);
      if (viewport.width >= 1366) expect(firstRow, `${viewport.width} px`).toBeGreaterThanOrEqual(3);
      else if (viewport.width >= 768) expect(firstRow, `${viewport.width} px`).toBeGreaterThanOrEqual(2);
      else {
        expect(columns, `${viewport.width} px: one column`).toBe(1);
        // The column takes the width of the page, less its margins.
        expect(Math.min(...boxes.map((box) => box.width))).toBeGreaterThan(viewport.width - 80);
      }
    }
    process.stdout.write(`${station}: ${report.join('; ')}\n`);
  });

  test('arranged at 1440 px from the keyboard, each change announced: the one arrangement is stored, and 1920 px, 2560 px and the kiosk view show it', async () => {
    const station = STATIONS[0] as string;
    const before = await stored(station);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${station}`);
    await expect.poll(() => widgetFrames(page).count(), { timeout: 20_000 }).toBe(before.widgets.length);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    // The grid that moves and resizes widgets, loaded for editing, in place of the one that shows them.
    await page.locator('.dashboard-grid-item.react-draggable').first().waitFor();
    // At 1440 px beside the menu: the dashboard's one arrangement, not a layout of the laptop's own.
    const status = page.getByRole('status').filter({ hasText: 'Arranging' });
    await expect.poll(() => status.textContent()).toContain('Arranging the dashboard (24 columns)');
    const title = await widgetFrames(page).first().getAttribute('aria-label');
    const handle = page.getByRole('button', { name: `Arrange ${title}` });
    await handle.focus();
    const announced = page.locator('.visually-hidden[role="status"]');
    const place = async () => {
      const text = (await announced.textContent()) ?? '';
      const [, column, row, w, h] = /column (\d+), row (\d+), (\d+) columns wide, (\d+) rows high/.exec(text) ?? [];
      return { column: Number(column), row: Number(row), w: Number(w), h: Number(h) };
    };
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => announced.textContent()).toMatch(/: column 1, row 1, \d+ columns wide/);
    expect(await announced.textContent()).toContain(`${title}: `);
    const narrowed = await place();
    await page.keyboard.press('ArrowRight');
    await expect.poll(place).toMatchObject({ column: 2, row: 1, w: narrowed.w });
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(place).toMatchObject({ column: 2, h: narrowed.h + 1 });
    // Focus stays on the widget's title bar through the changes.
    expect(await handle.evaluate((element) => element === document.activeElement)).toBe(true);
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');
    const after = await stored(station);
    const id = before.widgets[0]?.id;
    expect(after.layouts.desktop?.find((item) => item.id === id)).toMatchObject({ x: 1, y: 0, w: narrowed.w, h: narrowed.h + 1 });
    // No width has a layout of its own: the narrower ones stack the arrangement.
    expect(after.layouts.tablet ?? []).toEqual([]);
    expect(after.layouts.phone ?? []).toEqual([]);

    const at1440 = await arrangement(page);
    expect(at1440.length).toBe(before.widgets.length);
    for (const width of [1920, 2560]) {
      await page.setViewportSize({ width, height: 1080 });
      await expect
        .poll(() => arrangement(page).then((now) => sameArrangement(now, at1440)), { message: `${width} px` })
        .toBe(true);
    }
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${server.url}/kiosk?lng=en&station=${station}`);
    await expect.poll(() => widgetFrames(page).count(), { timeout: 20_000 }).toBe(before.widgets.length);
    await expect.poll(() => arrangement(page).then((now) => sameArrangement(now, at1440)), { message: 'kiosk' }).toBe(true);
  });

  test('a narrow width stacks the arrangement until the user arranges it on its own, and follows it again when asked', async () => {
    const station = STATIONS[1] as string;
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${station}`);
    await widgetFrames(page).first().waitFor();
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    const status = page.getByRole('status').filter({ hasText: 'This width' });
    await expect.poll(() => status.textContent()).toContain('shows the arrangement stacked in reading order');
    // Nothing here moves by the way: no widget can be dragged or arranged from the keyboard.
    expect(await page.locator('.dashboard-grid-item.react-draggable').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Arrange (?!this width)/ }).count()).toBe(0);
    await tap(page.getByRole('button', { name: 'Arrange this width on its own' }));
    await expect.poll(() => status.textContent()).toContain('has a layout of its own (tablet, 12 columns)');
    await page.locator('.dashboard-grid-item.react-draggable').first().waitFor();
    await tap(page.getByRole('button', { name: 'Follow the dashboard’s arrangement' }));
    await expect.poll(() => status.textContent()).toContain('shows the arrangement stacked');
    await tap(page.getByRole('button', { name: 'Cancel' }));
  });
});
