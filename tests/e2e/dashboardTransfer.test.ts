import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const SOURCE = 'T2-ST1';
const TARGET = 'T2-PV1';
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

/** A dashboard taken from one station to another as a JSON file, and files that are no dashboard refused with what is wrong. */
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

  /** Picks a file through Import dashboard, as a user does in the file dialog. */
  async function importFile(name: string, buffer: Buffer) {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      tap(page.getByRole('button', { name: 'Import dashboard' })),
    ]);
    await chooser.setFiles({ name, mimeType: 'application/json', buffer });
  }

  beforeAll(async () => {
    if (!existsSync(join(process.env.CLIENT_DIR ?? 'dist/client', 'index.html')))
      throw new Error('build the client first (vite build)');
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

  test('exported from one station and imported onto another, it is stored there as it was exported', async () => {
    await open(SOURCE);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tap(page.getByRole('button', { name: 'Export dashboard' })),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^dashboard-${SOURCE}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    exported = readFileSync(await download.path());
    const file = JSON.parse(exported.toString('utf8')) as Record<string, unknown>;
    expect(file).toEqual(travelling(await stored(SOURCE)));
    expect(file.schemaVersion).toBe(2);

    const before = await stored(TARGET);
    await open(TARGET);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await importFile('from-storage.json', exported);
    await notice(page, 'from-storage.json is on the dashboard now: look it over, then save it (Undo takes it back).');
    await expect.poll(() => page.locator('.dashboard-grid-item').count()).toBe((file.widgets as unknown[]).length);
    // One step: Undo would take the whole import back.
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');

    const after = await stored(TARGET);
    expect(after.stationSn).toBe(TARGET);
    expect(after.version).toBe(before.version + 1);
    expect(travelling(after)).toEqual(file);
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
        problems: [['schemaVersion', 'The file is of format 99, newer than this platform reads (formats 1 to 2)']],
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
