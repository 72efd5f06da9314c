import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DASHBOARD_SCHEMA_VERSION } from '../../runtime/dashboard/document';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, settled, signInAsAdmin, tap, tapDashboardAction } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { seriousFindings } from '../support/axe';

const SOURCE = 'T2-PV1';
const SOURCE_NAME = '苏州工业园屋顶光伏';
const TARGET = 'T2-EMS1';
const dashboardOf = (station: string) => `/main/ems/map/monitor/dashboard?lng=en&station=${station}`;

interface Stored {
  stationSn: string;
  version: number;
  schemaVersion: number;
  layouts: Record<string, unknown[]>;
  widgets: { id: string; type: string; config: Record<string, unknown> }[];
  updatedBy?: string;
  updateTime?: string;
}

/** What of a stored document travels in a file: all but its station, its version and who saved it when. */
function travelling(document: Stored): Omit<Stored, 'stationSn' | 'version' | 'updatedBy' | 'updateTime'> {
  const { stationSn: _station, version: _version, updatedBy: _by, updateTime: _time, ...rest } = document;
  return rest;
}

/** The variable serial numbers a dashboard binds. */
const varSns = (widgets: unknown): string[] =>
  [...JSON.stringify(widgets).matchAll(/"varSn":"([^"]+)"/g)].map((match) => match[1]!);

/** The title a widget shows: its own, else none (the demo's widgets all have one). */
const titleOf = (widget: Stored['widgets'][number]) =>
  [widget.config.titleName, widget.config.name, widget.config.title].find(
    (value) => typeof value === 'string' && value !== '',
  ) as string | undefined;

/**
 * A dashboard taken from one station to another as a JSON file: bound to the other station's own
 * devices, what it cannot bind listed before anything changes, never showing the first station's
 * data; a file of the station itself imports as it is; files that are no dashboard refused with what is wrong.
 */
describe('dashboard export and import', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  const stored = async (station: string) =>
    (await call<Stored>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${station}` })).body.data;

  /** Opens a station's dashboard once its widgets are shown. */
  async function open(station: string) {
    const count = (await stored(station)).widgets.length;
    await page.goto(`${server.url}${dashboardOf(station)}`);
    await expect.poll(() => page.locator('.dashboard-grid-item').count(), { timeout: 20_000 }).toBe(count);
  }

  /**
   * Whether the list of what the station cannot bind names it as its people read it: no variable code,
   * no serial number and no device of the station the file came from, as the server's plan has them.
   */
  async function expectNamedAsPeopleRead(list: Locator) {
    const { source, ...document } = JSON.parse(exported.toString('utf8')) as Stored & { source: unknown };
    const plan = await call<{ unbound: { name: string; detail?: string }[] }>(server.app, admin, {
      method: 'POST',
      url: `/ems/api/main/siteKanban/${TARGET}/importPlan`,
      payload: { document: { ...travelling(document), stationSn: TARGET, version: (await stored(TARGET)).version }, source },
    });
    expect(plan.status).toBe(200);
    const told = await list.innerText();
    expect(plan.body.data.unbound.length).toBeGreaterThan(0);
    expect(told).not.toMatch(/T2-|@/);
    for (const { name, detail } of plan.body.data.unbound) {
      if (!detail) continue;
      expect(told).not.toContain(detail.split(' · ')[1]!);
      expect(told).not.toContain(name.split(' / ')[0]!);
    }
  }

  /** Picks a file through Import dashboard, as a user does in the file dialog. */
  async function importFile(name: string, buffer: Buffer) {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      tap(page.getByRole('button', { name: 'Import dashboard' })),
    ]);
    await chooser.setFiles({ name, mimeType: 'application/json', buffer });
  }

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let exported: Buffer;

  test('exported, the file holds the dashboard and names the station it came from', async () => {
    await open(SOURCE);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tap(page.getByRole('button', { name: 'Export dashboard' })),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^dashboard-${SOURCE}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    exported = readFileSync(await download.path());
    const file = JSON.parse(exported.toString('utf8')) as Record<string, unknown>;
    expect(file).toEqual({ source: { stationSn: SOURCE, stationName: SOURCE_NAME }, ...travelling(await stored(SOURCE)) });
  });

  test("imported onto another station, it shows what cannot be bound first, then that station's own variables, never the first one's", async () => {
    const file = JSON.parse(exported.toString('utf8')) as Stored;
    const before = await stored(TARGET);
    await open(TARGET);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));

    // What cannot be bound is listed before anything changes, as Copy to stations words it; Cancel changes nothing.
    await importFile('from-pv.json', exported);
    let dialog = page.getByRole('dialog', { name: 'Import from-pv.json onto 杭州综合能源站' });
    await dialog.waitFor();
    await dialog.getByText(`The file was exported from ${SOURCE_NAME} (${SOURCE})`, { exact: false }).waitFor();
    const listed = await dialog.getByRole('list', { name: 'What each station takes' }).getByRole('listitem').allInnerTexts();
    expect(listed.length).toBeGreaterThan(0);
    // Named as EMS1's people read it: the variable's name and the model EMS1 has no device of, as a roll-out names it.
    expect(listed).toContainEqual(expect.stringMatching(/: No device of model SG500 on this station for 交流功率$/));
    await expectNamedAsPeopleRead(dialog.getByRole('list', { name: 'What each station takes' }));
    await tap(dialog.getByRole('button', { name: 'Cancel' }));
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    expect(await page.locator('.dashboard-grid-item').count()).toBe(before.widgets.length);

    // Imported without what cannot be bound: the station's own variables, as one step of undo.
    await importFile('from-pv.json', exported);
    dialog = page.getByRole('dialog', { name: 'Import from-pv.json onto 杭州综合能源站' });
    await tap(dialog.getByRole('button', { name: 'Import without what cannot be bound' }));
    await page
      .locator('.ant-message-notice')
      .getByText(/^from-pv\.json is on the dashboard now, bound to the devices of 杭州综合能源站 \(\d+ bindings\)/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    expect(await page.locator('main').innerText()).not.toContain(SOURCE);

    // The meter's variable field names the target's own meter, not PV1's.
    const metered = file.widgets.find((widget) => varSns(widget.config).includes(`${SOURCE}-MTR.exportEnergy`))!;
    await tap(page.getByRole('button', { name: `Edit: ${titleOf(metered)}` }));
    const config = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Save' }) });
    await config.waitFor();
    await expect.poll(() => config.innerText(), { timeout: 15_000 }).toContain('关口电表');
    expect(await config.innerText()).not.toContain(SOURCE);
    await tap(config.getByRole('button', { name: 'Cancel' }));
    await config.waitFor({ state: 'hidden' });

    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');
    const after = await stored(TARGET);
    expect(after.version).toBe(before.version + 1);
    expect(JSON.stringify(after)).not.toContain(SOURCE);
    expect(varSns(after.widgets)).toContain(`${TARGET}-MTR.exportEnergy`);
    for (const sn of varSns(after.widgets)) expect(sn.startsWith(`${TARGET}-`), sn).toBe(true);
  });

  test.each([
    ['default', 390, 844],
    ['dark', 390, 844],
    ['default', 1440, 900],
    ['dark', 1920, 1080],
  ])(
    'the list of what cannot be bound fits the screen, %s theme at %i px, with no serious accessibility finding',
    async (themeName, width, height) => {
      const other = await browser.context.newPage();
      await other.addInitScript((name) => localStorage.setItem('theme', name), themeName);
      await other.setViewportSize({ width, height });
      await signInAsAdmin(other, server.url);
      await other.goto(`${server.url}${dashboardOf(TARGET)}`);
      await tapDashboardAction(other, 'Edit dashboard');
      const [chooser] = await Promise.all([
        other.waitForEvent('filechooser'),
        tap(other.getByRole('button', { name: 'Import dashboard' })),
      ]);
      await chooser.setFiles({ name: 'from-pv.json', mimeType: 'application/json', buffer: exported });
      const dialog = other.getByRole('dialog', { name: 'Import from-pv.json onto 杭州综合能源站' });
      await dialog.waitFor();
      await settled(other);
      const button = await dialog.getByRole('button', { name: 'Import without what cannot be bound' }).boundingBox();
      expect(button && button.x + button.width).toBeLessThanOrEqual(width);
      expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await seriousFindings(other)).toEqual([]);
      await other.close();
    },
  );

  test('in Chinese, the list names what cannot be bound as EMS1’s people read it too', async () => {
    const other = await browser.context.newPage();
    await signInAsAdmin(other, server.url);
    await other.goto(`${server.url}${dashboardOf(TARGET).replace('lng=en', 'lng=zh')}`);
    await tap(other.getByRole('button', { name: '编辑看板' }));
    const [chooser] = await Promise.all([
      other.waitForEvent('filechooser'),
      tap(other.getByRole('button', { name: '导入看板' })),
    ]);
    await chooser.setFiles({ name: 'from-pv.json', mimeType: 'application/json', buffer: exported });
    const dialog = other.getByRole('dialog', { name: '将 from-pv.json 导入到 杭州综合能源站' });
    const list = dialog.getByRole('list', { name: '各电站的绑定结果' });
    await list.waitFor();
    expect(await list.getByRole('listitem').allInnerTexts()).toContainEqual(
      expect.stringMatching(/: 本站没有型号为 SG500 的设备，无法显示交流功率$/),
    );
    await expectNamedAsPeopleRead(list);
    await tap(dialog.getByRole('button', { name: '取消' }));
    await other.close();
  });

  test('imported onto the station it came from, it is stored there as it was exported', async () => {
    const file = JSON.parse(exported.toString('utf8')) as Stored & { source: unknown };
    const before = await stored(SOURCE);
    await open(SOURCE);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await importFile('own.json', exported);
    await notice(page, 'own.json is on the dashboard now: look it over, then save it (Undo takes it back).');
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');
    const after = await stored(SOURCE);
    expect(after.version).toBe(before.version + 1);
    const { source: _source, ...content } = file;
    expect(travelling(after)).toEqual(content);
  });

  test('files that are no dashboard are refused, each problem named with its path, and the stored dashboard is unchanged', async () => {
    const file = JSON.parse(exported.toString('utf8')) as {
      schemaVersion: number;
      layouts: { desktop: { x: number; w: number }[] };
      widgets: { type: string }[];
    };
    const variant = (change: (copy: typeof file) => void) => {
      const copy = structuredClone(file);
      change(copy);
      return Buffer.from(JSON.stringify(copy, null, 2));
    };
    const malformed: { name: string; buffer: Buffer; problems: [string, string][] }[] = [
      {
        name: 'not-json.json',
        buffer: Buffer.from('Dashboard of T2-ST1, exported by hand'),
        problems: [['the whole file', 'The file is not JSON text, as an export writes it']],
      },
      {
        name: 'newer.json',
        buffer: variant((copy) => (copy.schemaVersion = 99)),
        problems: [
          [
            'schemaVersion',
            `The file is of format 99, newer than this platform reads (formats 1 to ${DASHBOARD_SCHEMA_VERSION})`,
          ],
        ],
      },
      {
        name: 'clock.json',
        buffer: variant((copy) => ((copy.widgets[2] as { type: string }).type = 'clock')),
        problems: [['widgets.2.type', 'There is no widget type clock']],
      },
      {
        name: 'wide.json',
        buffer: variant((copy) => Object.assign(copy.layouts.desktop[0] ?? {}, { x: 20, w: 8 })),
        problems: [['layouts.desktop.0', 'reaches column 28, but the desktop layout has 24 columns']],
      },
      {
        name: 'large.json',
        buffer: Buffer.concat([exported, Buffer.alloc(1024 * 1024, ' ')]),
        problems: [['the whole file', 'a dashboard file can be at most 1 MB']],
      },
    ];

    const before = await stored(TARGET);
    await open(TARGET);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    for (const { name, buffer, problems } of malformed) {
      await importFile(name, buffer);
      const dialog = page.getByRole('dialog', { name: `${name} cannot be imported` });
      await dialog.waitFor();
      await dialog.getByText('Nothing was changed.', { exact: false }).waitFor();
      const listed = await dialog.getByRole('listitem').allInnerTexts();
      expect(listed, name).toHaveLength(problems.length);
      for (const [index, [path, reason]] of problems.entries()) {
        expect(listed[index], name).toContain(path);
        expect(listed[index], name).toContain(reason);
      }
      await tap(dialog.getByRole('button', { name: 'OK' }));
      await dialog.waitFor({ state: 'hidden' });
      // Nothing changed on the screen either: there is no edit to undo.
      expect(await page.getByRole('button', { name: 'Undo' }).isDisabled(), name).toBe(true);
    }
    await tap(page.getByRole('button', { name: 'Cancel' }));
    await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();
    expect(await stored(TARGET)).toEqual(before);
  });
});
