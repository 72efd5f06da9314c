import { readdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { raiseOpenAlarm } from '../support/alarms';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, settled, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import en from '../../generated/i18n/en.json';

const STATION = 'T2-EMS1';
const DASHBOARD = `/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`;
const BATCH = '/ems/api/main/dashboard/data';
/** Every widget type, by its configuration schema. */
const TYPES = readdirSync('schemas/widgets')
  .filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'))
  .map((file) => file.replace(/\.json$/, ''));

/**
 * The widgets on the grid shown (their frames: a widget may hold regions of its own, such as a
 * weather forecast); the dashboard of a station shown before stays in the page, hidden, as the
 * shell keeps it.
 */
const widgetFrames = (page: Page) => page.locator('.dashboard-grid-item > [role="region"]').filter({ visible: true });
const widgetsShown = (page: Page) => widgetFrames(page).count();

/**
 * Where the widgets are in their grid: `[x, y, width, height]` of each grid item from the grid's
 * corner, in the grid's order (edit mode says above the grid which layout is arranged).
 */
const boxes = (page: Page) =>
  page.locator('.dashboard-grid-item').evaluateAll((items) =>
    items.map((item) => {
      const grid = (item.parentElement as HTMLElement).getBoundingClientRect();
      const { x, y, width, height } = item.getBoundingClientRect();
      return [x - grid.x, y - grid.y, width, height].map(Math.round);
    }),
  );

/** Drags `handle` by `dx`, `dy` pixels with the mouse, in steps as a hand does. */
async function drag(page: Page, handle: Locator, dx: number, dy: number) {
  const box = await handle.boundingBox();
  if (!box) throw new Error('the handle is not shown');
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
  await page.mouse.up();
}

/** The storage station the type journey configures its widgets on, by its name in the cascader. */
const STORAGE_STATION = '张江储能电站';

/**
 * Picks station → device → variable in the dialog's device-variable cascader named `field`. When
 * the variable does not come, the failure says what the cascader and the dialog showed instead.
 */
async function pickVariable(dialog: Locator, page: Page, field: string, device: string, variable: string) {
  await tap(dialog.getByRole('combobox', { name: field }).last());
  await tap(page.getByRole('menuitemcheckbox', { name: STORAGE_STATION }));
  await tap(page.getByRole('menuitemcheckbox', { name: device }));
  try {
    await tap(page.getByRole('menuitemcheckbox', { name: variable }));
  } catch (error) {
    const columns = await page
      .locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu')
      .evaluateAll((menus) =>
        menus.map((menu) => [...menu.querySelectorAll('[role="menuitemcheckbox"]')].map((item) => item.textContent)),
      );
    const help = await dialog.locator('.ant-form-item-explain').allInnerTexts();
    throw new Error(`${String(error)}\ncascader columns: ${JSON.stringify(columns)}\nfield messages: ${JSON.stringify(help)}`, {
      cause: error,
    });
  }
}

/** Adds an entry to the dialog's list (each widget's dialog has one list at most) and picks its variable. */
async function addVariable(dialog: Locator, page: Page, field: string, device: string, variable: string) {
  await tap(dialog.getByRole('button', { name: 'Add item' }));
  await pickVariable(dialog, page, field, device, variable);
}

/** Chooses an energy label of the station in the dialog's label picker. */
async function pickLabel(dialog: Locator, page: Page, name: string) {
  await tap(dialog.getByRole('combobox', { name: 'Energy labels' }));
  await tap(page.locator(`.ant-select-tree-node-content-wrapper[title="${name}"]`));
  await page.keyboard.press('Escape');
}

/** A 1×1 PNG: the picture the image widget's journey uploads. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * How the journey configures each type beyond its defaults: the variables, labels, text or picture
 * a user gives it on the storage station. Types without an entry show the station's data as added
 * (its communication, alarms, energy, work orders, cameras, weather, map).
 */
const CONFIGURE: Record<string, (dialog: Locator, page: Page) => Promise<void>> = {
  dodAnalysis: (dialog, page) => pickVariable(dialog, page, 'SOC variable', 'BMS 主控', 'SOC (%)'),
  gauge: (dialog, page) => addVariable(dialog, page, 'Device variable', 'BMS 主控', 'SOC (%)'),
  histogram: (dialog, page) => addVariable(dialog, page, 'Device variable', '1# PCS', '累计放电量 (kWh)'),
  keyData: async (dialog, page) => {
    await dialog.getByRole('radio', { name: 'Device data' }).check();
    await pickVariable(dialog, page, 'Device variable', 'BMS 主控', 'SOC (%)');
  },
  multiKeyData: async (dialog, page) => {
    await tap(dialog.getByRole('button', { name: 'Add item' }));
    await dialog.getByRole('radio', { name: 'Device data' }).check();
    await pickVariable(dialog, page, 'Device variable', '关口电表', '正向有功电量 (kWh)');
  },
  proportion: (dialog, page) => addVariable(dialog, page, 'Device variable', '1# PCS', '有功功率 (kW)'),
  remoteControl: (dialog, page) => addVariable(dialog, page, 'Controllable variable', '1# PCS', '运行状态'),
  remoteSignalChange: (dialog, page) => addVariable(dialog, page, 'Signal variable', '1# PCS', '运行状态'),
  singleData: (dialog, page) => pickVariable(dialog, page, 'Device variable', '关口电表', '正向有功电量 (kWh)'),
  socialContribution: (dialog, page) => addVariable(dialog, page, 'Device variable', '1# PCS', '累计放电量 (kWh)'),
  trend: (dialog, page) => addVariable(dialog, page, 'Device variable', 'BMS 主控', 'SOC (%)'),
  multiEnergyConsumption: (dialog, page) => pickLabel(dialog, page, '关口购电'),
  multiEnergyProportion: (dialog, page) => pickLabel(dialog, page, '负荷用电'),
  multiEnergyTrend: (dialog, page) => pickLabel(dialog, page, '关口购电'),
  customText: (dialog) => dialog.locator('.ql-editor').fill('Shift handover at 08:00'),
  image: async (dialog) => {
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PIXEL });
    await dialog.getByRole('img', { name: 'Preview of the uploaded picture' }).waitFor();
  },
};

/** Each widget after the first `from` has answered with data: no spinner, no failure, no empty text. */
async function expectEveryNewWidgetShowsData(page: Page, from: number) {
  const widgets = widgetFrames(page);
  await expect.poll(() => page.getByLabel('Loading').count(), { timeout: 20_000 }).toBe(0);
  const count = await widgets.count();
  const blank: string[] = [];
  for (let index = from; index < count; index += 1) {
    const widget = widgets.nth(index);
    if ((await widget.locator('.ant-empty').count()) + (await widget.getByRole('alert').count()) > 0)
      blank.push(`${TYPES[index - from] ?? index}: ${(await widget.innerText()).replace(/\s+/g, ' ').slice(0, 120)}`);
  }
  expect(blank).toEqual([]);
}

/** The dashboard as a user builds it: real server, simulator on (two days of history), the built client. */
describe('site monitoring dashboard', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;

  async function signedInPage(context?: BrowserContext): Promise<Page> {
    const page = await (context ?? browser.context).newPage();
    await signInAsAdmin(page, server.url);
    return page;
  }

  async function storedWidgets(station = STATION): Promise<{ id: string; type: string; config: Record<string, unknown> }[]> {
    const answer = await call<{ widgets: { id: string; type: string; config: Record<string, unknown> }[] }>(server.app, admin, {
      method: 'GET',
      url: `/ems/api/main/siteKanban/${station}`,
    });
    return answer.body.data.widgets;
  }

  /** The storage station T2-ST1's stored dashboard on `page`: every widget, none loading or failed, its real-time SOC shown. */
  async function expectStorageDashboardShown(page: Page) {
    const stored = await storedWidgets('T2-ST1');
    await expect.poll(() => widgetsShown(page), { timeout: 20_000 }).toBe(stored.length);
    await expect.poll(() => page.getByLabel('Loading').count(), { timeout: 20_000 }).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('region', { name: '实时SOC' }).getByLabel('Value').textContent())
      .toMatch(/^\d+\.\d{2}\s*%$/);
  }

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

  test('key data: add from the catalogue, configure, save, see the real value, reload, still there', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}${DASHBOARD}`);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await tap(page.getByRole('button', { name: 'Add widget' }));
    const catalogue = page.getByRole('dialog', { name: 'Widget catalogue' });
    await catalogue.getByRole('searchbox', { name: 'Search widgets' }).fill('key data');
    const shown = await widgetsShown(page);
    await tap(catalogue.getByRole('button', { name: 'Add: Key data' }));

    const dialog = page.getByRole('dialog', { name: /^module configuration: / });
    await dialog.waitFor();
    // Not on the dashboard until its dialog is saved.
    expect(await widgetsShown(page)).toBe(shown);
    await dialog.getByLabel('Title', { exact: true }).fill('SOC now');
    expect(await dialog.getByRole('radio', { name: 'Sum' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'This year' }).isDisabled()).toBe(true);
    await tap(dialog.getByRole('combobox', { name: 'Device variable' }));
    await tap(page.getByRole('menuitemcheckbox', { name: '杭州综合能源站' }));
    await tap(page.getByRole('menuitemcheckbox', { name: 'BMS 主控' }));
    await tap(page.getByRole('menuitemcheckbox', { name: 'SOC (%)' }));
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');

    const widget = page.getByRole('region', { name: 'SOC now' });
    await expect.poll(() => widget.getByLabel('Value').textContent()).toMatch(/^\d+\.\d{2}\s*%$/);
    const soc = (await storedWidgets()).find((entry) => entry.config.titleName === 'SOC now');
    expect(soc?.config).toMatchObject({
      dataType: 'device_data',
      deviceValue: { deviceSn: `${STATION}-BMS`, varSn: `${STATION}-BMS.soc` },
    });

    await page.reload();
    await expect
      .poll(() => page.getByRole('region', { name: 'SOC now' }).getByLabel('Value').textContent())
      .toMatch(/^\d+\.\d{2}\s*%$/);
    await page.close();
  });

  test('every widget of a demo dashboard shows its data from the server; none fails', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=T2-ST1`);
    await expectStorageDashboardShown(page);

    // Another tenant's station (tenant 7's) is not the user's: said so, nothing shown of it.
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=T7-ST1`);
    await page.getByText('There is no station T7-ST1 among yours.').waitFor();
    expect(await widgetsShown(page)).toBe(0);
    await page.close();
  });

  // Each type goes through the catalogue and its dialog: longer than the project's 120 s on a busy machine.
  test(
    'every widget type: added from the catalogue, configured, saved, shows real data, and again after a reload',
    { timeout: 420_000 },
    async () => {
      const page = await signedInPage();
      const station = 'T2-ST1';
      await raiseOpenAlarm(server.app, admin, {
        deviceSn: `${station}-BMS`,
        code: 'soh',
        type: { name: 'Journey check', source: 'device' },
        info: 'journey check',
      });
      const before = (
        await call<{ widgets: unknown[] }>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${station}` })
      ).body.data.widgets.length;
      await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${station}`);
      await tap(page.getByRole('button', { name: 'Edit dashboard' }));
      const titles = en.widgets as unknown as Record<string, { title: string }>;
      for (const type of TYPES) {
        const title = titles[type]?.title ?? type;
        await tap(page.getByRole('button', { name: 'Add widget' }));
        const catalogue = page.getByRole('dialog', { name: 'Widget catalogue' });
        await catalogue.getByRole('searchbox', { name: 'Search widgets' }).fill(title);
        await tap(catalogue.getByRole('button', { name: `Add: ${title}`, exact: true }));
        const dialog = page.getByRole('dialog', { name: /^module configuration: / });
        await dialog.waitFor();
        await settled(page);
        await CONFIGURE[type]?.(dialog, page);
        await tap(dialog.getByRole('button', { name: 'Save' }));
        await dialog.waitFor({ state: 'detached' });
      }
      await tap(page.getByRole('button', { name: 'Save dashboard' }));
      await notice(page, 'Saved');
      const saved = await call<{ widgets: { type: string }[] }>(server.app, admin, {
        method: 'GET',
        url: `/ems/api/main/siteKanban/${station}`,
      });
      expect(saved.body.data.widgets.slice(before).map((widget) => widget.type)).toEqual(TYPES);
      await expectEveryNewWidgetShowsData(page, before);

      await page.reload();
      await expect.poll(() => widgetsShown(page), { timeout: 20_000 }).toBe(before + TYPES.length);
      await expectEveryNewWidgetShowsData(page, before);
      await page.close();
    },
  );

  test('refreshes every 20 seconds in one batch request, on the dashboard route only', async () => {
    const page = await signedInPage();
    await page.clock.install();
    const batches: string[] = [];
    const answered: string[] = [];
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(BATCH)) batches.push(request.url());
      calls.push(new URL(request.url()).pathname);
    });
    page.on('requestfinished', (request) => {
      if (request.url().includes(BATCH)) answered.push(request.url());
    });
    await page.goto(`${server.url}${DASHBOARD}`);
    await page.getByRole('region', { name: 'SOC now' }).getByLabel('Value').waitFor();
    // The widgets mount together: what they all need is asked for in one request, not one each.
    const first = batches.length;
    expect(first).toBe(1);
    // What the route's loaders start early (the user's menu, the station list, the document) is
    // taken by the shell and the screen, not asked for again.
    const early = [
      '/manager/user/userMenu',
      '/manager/user/getUserMenu',
      '/ems/api/device/station/list',
      `/ems/api/main/siteKanban/${STATION}`,
    ];
    expect(early.map((path) => calls.filter((call) => call === path).length)).toEqual([1, 1, 1, 1]);
    // A tick while the batch before is still in flight is skipped: each is let answer first.
    await page.clock.runFor(20_000);
    await expect.poll(() => batches.length).toBe(first + 1);
    await expect.poll(() => answered.length).toBe(first + 1);
    await page.clock.runFor(20_000);
    await expect.poll(() => batches.length).toBe(first + 2);

    await page.goto(`${server.url}/main/appliance/customer?lng=en`);
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    const left = batches.length;
    await page.clock.runFor(60_000);
    await page.waitForTimeout(200);
    expect(batches.length).toBe(left);
    await page.close();
  });

  test('the widgets’ data is asked for before the screen’s code has come: the loaders’ calls first, the data rules apart, the map’s land with the data', async () => {
    const page = await signedInPage();
    const requests: string[] = [];
    let dataAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (dataAsked = resolve));
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      requests.push(path);
      if (path === BATCH) dataAsked();
    });
    // How many requests had been made when the widgets' views had come.
    let viewsCame = Number.POSITIVE_INFINITY;
    page.on('requestfinished', (request) => {
      if (/\/assets\/widgets-[\w-]+\.js$/.test(new URL(request.url()).pathname)) viewsCame = Math.min(viewsCame, requests.length);
    });
    // The screen's code and the widgets' views are held until the data has been asked for.
    await page.route(/\/assets\/(DashboardPage|widgets)-[\w-]+\.js$/, async (route) => {
      await asked;
      await route.continue();
    });
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === BATCH);
    await page.goto(`${server.url}${DASHBOARD}`);
    await answered;
    await expect.poll(() => widgetsShown(page)).toBeGreaterThan(0);
    const first = (pattern: RegExp) => requests.findIndex((path) => pattern.test(path));
    const screenCode = first(/\/assets\/DashboardPage-/);
    // Both were asked for, so both were held.
    expect(Math.min(screenCode, first(/\/assets\/widgets-/))).toBeGreaterThanOrEqual(0);
    // Over HTTP/1.1 the browser takes six at a time, in the order asked for: the calls go first.
    for (const call of ['/manager/user/userMenu', '/ems/api/device/station/list', `/ems/api/main/siteKanban/${STATION}`]) {
      expect(first(new RegExp(`^${call}$`)), call).toBeGreaterThanOrEqual(0);
      expect(first(new RegExp(`^${call}$`)), call).toBeLessThan(screenCode);
    }
    expect(first(/\/assets\/dashboardData-/)).toBeLessThan(screenCode);
    expect(requests.filter((path) => path === BATCH)).toHaveLength(1);
    // What a view draws besides its data comes with the data: the map's land, before the map's view has come.
    expect(first(/\/assets\/land-/)).toBeGreaterThanOrEqual(0);
    expect(first(/\/assets\/land-/)).toBeLessThan(viewsCame);
    await page.close();
  });

  test('another station chosen: its dashboard is shown, and every request from then on, refreshes too, reads that station only', async () => {
    const page = await signedInPage();
    await page.clock.install();
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(BATCH)) bodies.push(request.postData() ?? '');
    });
    await page.goto(`${server.url}${DASHBOARD}`);
    await expect.poll(() => bodies.length).toBeGreaterThan(0);
    expect(bodies.every((body) => body.includes(STATION))).toBe(true);
    const stations = await call<{ sn: string; name: string }[]>(server.app, admin, {
      method: 'GET',
      url: '/ems/api/device/station/list',
    });
    const other = stations.body.data.find((station) => station.sn === 'T2-ST1') as { sn: string; name: string };
    /** Requests that do not name the chosen station, or name the one left. */
    const astray = (sent: string[]) => sent.filter((body) => !body.includes(other.sn) || body.includes(STATION));

    const before = bodies.length;
    await tap(page.getByRole('combobox', { name: 'Station' }));
    await tap(page.locator(`.ant-select-item-option[title="${other.name}"]`));
    await page.waitForURL(`**station=${other.sn}**`);
    // Its widgets answered, none failed, and its real-time SOC is shown (read from the requests below: this station's).
    await expectStorageDashboardShown(page);
    const after = bodies.slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(astray(after)).toEqual([]);

    await page.clock.runFor(20_000);
    await expect.poll(() => bodies.length).toBeGreaterThan(before + after.length);
    expect(astray(bodies.slice(before + after.length))).toEqual([]);
    await page.close();
  });

  test('in edit mode a widget moves by its title bar and resizes by its corner; saved, the layout stays after a reload', async () => {
    const page = await signedInPage();
    // Wide enough for the desktop layout (24 columns).
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=T2-ST1`);
    const stored = async () =>
      (
        await call<{
          widgets: { id: string }[];
          layouts: Record<string, { id: string; x: number; y: number; w: number; h: number }[]>;
        }>(server.app, admin, { method: 'GET', url: '/ems/api/main/siteKanban/T2-ST1' })
      ).body.data;
    const document = await stored();
    const id = document.widgets[0]?.id;
    const before = document.layouts.desktop?.find((item) => item.id === id);
    expect(before).toBeDefined();
    await expect.poll(() => widgetsShown(page)).toBe(document.widgets.length);
    const shown = await boxes(page);

    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    // The grid that moves and resizes widgets (loaded for editing) shows them where they were.
    const item = page.locator('.dashboard-grid-item.react-draggable').first();
    await item.waitFor();
    expect(await boxes(page)).toEqual(shown);
    const [, , width] = shown[0] as number[];
    const column = ((width as number) + 8) / (before?.w as number);
    await drag(page, item.locator('.react-resizable-handle-se'), 0, 3 * (30 + 8));
    await drag(page, item.locator('.widget-drag-handle'), 2 * column, 0);
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');
    const after = (await stored()).layouts.desktop?.find((entry) => entry.id === id);
    expect(after).toMatchObject({ x: (before?.x as number) + 2, w: before?.w, h: (before?.h as number) + 3 });

    const edited = await boxes(page);
    await page.reload();
    await expect.poll(() => widgetsShown(page)).toBe(document.widgets.length);
    expect(await boxes(page)).toEqual(edited);
    await page.close();
  });

  test('in edit mode, undo and redo by keyboard take back and make again a resize, a move, an added and a removed widget', async () => {
    const page = await signedInPage();
    await page.setViewportSize({ width: 1600, height: 1000 });
    const station = 'T2-PV1';
    const stored = await storedWidgets(station);
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${station}`);
    await expect.poll(() => widgetsShown(page)).toBe(stored.length);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    const item = page.locator('.dashboard-grid-item.react-draggable').first();
    await item.waitFor();
    const original = await boxes(page);
    const undo = () => page.keyboard.press('Control+Z');
    const redo = () => page.keyboard.press('Control+Shift+Z');
    /** An edit is taken back and made again, by keyboard, and taken back at last. */
    const undoneAndRedone = async <T>(read: () => Promise<T>, before: T) => {
      // The grid slides widgets to their places: the edit is read once they are there.
      await settled(page);
      const after = await read();
      expect(after).not.toEqual(before);
      await undo();
      await expect.poll(read).toEqual(before);
      await redo();
      await expect.poll(read).toEqual(after);
      await undo();
      await expect.poll(read).toEqual(before);
    };

    await drag(page, item.locator('.react-resizable-handle-se'), 0, 3 * (30 + 8));
    await undoneAndRedone(() => boxes(page), original);
    const [, , width = 0] = original[0] ?? [];
    await drag(page, item.locator('.widget-drag-handle'), width + 8, 0);
    await undoneAndRedone(() => boxes(page), original);

    const titles = () => widgetFrames(page).evaluateAll((frames) => frames.map((frame) => frame.getAttribute('aria-label')));
    const before = await titles();
    const addImage = async () => {
      await tap(page.getByRole('button', { name: 'Add widget' }));
      const catalogue = page.getByRole('dialog', { name: 'Widget catalogue' });
      await catalogue.getByRole('searchbox', { name: 'Search widgets' }).fill('Image');
      await tap(catalogue.getByRole('button', { name: 'Add: Image', exact: true }));
      const dialog = page.getByRole('dialog', { name: /^module configuration: / });
      await dialog.waitFor();
      return dialog;
    };
    // A new widget's dialog cancelled: the dashboard as it was, and nothing to undo.
    const cancelled = await addImage();
    await tap(cancelled.getByRole('button', { name: 'Cancel' }));
    await cancelled.waitFor({ state: 'detached' });
    expect(await titles()).toEqual(before);
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    // Saved, it joins the dashboard at its end, is brought into view and outlined.
    const saved = await addImage();
    await saved.getByLabel('Name', { exact: true }).fill('Site photo');
    await tap(saved.getByRole('button', { name: 'Save' }));
    await saved.waitFor({ state: 'detached' });
    const added = page.getByRole('region', { name: 'Site photo' });
    expect(await added.getAttribute('data-highlighted')).toBe('true');
    const inView = () =>
      added.evaluate((element) => {
        const { top, bottom } = element.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
    await expect.poll(inView).toBe(true);
    // It was placed below the fold: the view moved to it.
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBeGreaterThan(0);
    await expect.poll(() => added.getAttribute('data-highlighted')).toBeNull();
    await undoneAndRedone(titles, before);

    const removed = before[1] ?? '';
    await tap(page.getByRole('button', { name: `Delete: ${removed}`, exact: true }));
    await expect.poll(titles).not.toContain(removed);
    // The buttons do what the keys do.
    await tap(page.getByRole('button', { name: 'Undo' }));
    await expect.poll(titles).toEqual(before);
    await tap(page.getByRole('button', { name: 'Redo' }));
    await expect.poll(titles).not.toContain(removed);
    await undo();
    await expect.poll(titles).toEqual(before);
    expect(await boxes(page)).toEqual(original);

    // The edit toolbar stays in view while the dashboard scrolls under it.
    const toolbarTop = () =>
      page.getByRole('button', { name: 'Clear all' }).evaluate((element) => element.getBoundingClientRect().top);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    expect(await toolbarTop()).toBeGreaterThanOrEqual(0);
    expect(await toolbarTop()).toBeLessThan(100);
    // Clear all: a blank dashboard in one step, which one Undo takes back.
    await tap(page.getByRole('button', { name: 'Clear all' }));
    await expect.poll(titles).toEqual([]);
    await tap(page.getByRole('button', { name: 'Undo' }));
    await expect.poll(titles).toEqual(before);
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);

    await tap(page.getByRole('button', { name: 'Cancel' }));
    expect((await storedWidgets(station)).length).toBe(stored.length);
    await page.close();
  });

  test('two tabs edit the same dashboard: the second save is refused, offered a reload, nothing is lost', async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    for (const page of [first, second]) {
      await page.goto(`${server.url}${DASHBOARD}`);
      await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    }
    await tap(first.getByRole('button', { name: 'Delete: SOC now' }));
    await tap(first.getByRole('button', { name: 'Save dashboard' }));
    await notice(first, 'Saved');
    const afterFirst = await storedWidgets();
    expect(afterFirst.some((widget) => widget.config.titleName === 'SOC now')).toBe(false);

    await tap(second.getByRole('button', { name: 'Edit: SOC now' }));
    const dialog = second.getByRole('dialog', { name: 'module configuration: SOC now' });
    await dialog.getByLabel('Title', { exact: true }).fill('SOC from the second tab');
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await tap(second.getByRole('button', { name: 'Save dashboard' }));
    await second.getByRole('dialog', { name: 'This dashboard was saved elsewhere' }).waitFor();
    expect(await storedWidgets()).toEqual(afterFirst);
    await tap(second.getByRole('button', { name: 'Reload' }));
    await second.getByRole('button', { name: 'Edit dashboard' }).waitFor();
    expect(await second.getByRole('region', { name: 'SOC now' }).count()).toBe(0);
    expect(await second.getByRole('region', { name: 'SOC from the second tab' }).count()).toBe(0);
  });
});
