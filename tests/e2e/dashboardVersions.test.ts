import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, settled, signInAsAdmin, tap, tapDashboardAction } from '../support/browser';
import { createRecord } from '../support/records';
import { startServer, type TestServer } from '../support/server';
import { seriousFindings } from '../support/axe';

const ADMIN_NAME = '系统管理员';

interface Stored {
  version: number;
  schemaVersion: number;
  layouts: unknown;
  widgets: { id: string; type: string; config: Record<string, unknown> }[];
}

/**
 * The history of a station's dashboard as its user keeps it: each save a version with its note,
 * listed with who saved it and when; a version compared with the current names the widgets added
 * and changed, previews read-only, and is restored as a new version.
 */
describe('dashboard versions', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;
  /** A station made for this journey: no dashboard saved yet. */
  let station: string;

  const stored = async (path = '') =>
    (await call<Stored>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${station}${path}` })).body.data;

  /** Adds a widget from the catalogue, named `name` in its dialog. */
  async function addWidget(page: Page, catalogueTitle: string, field: string, name: string) {
    await tap(page.getByRole('button', { name: 'Add widget' }));
    const catalogue = page.getByRole('dialog', { name: 'Widget catalogue' });
    await catalogue.getByRole('searchbox', { name: 'Search widgets' }).fill(catalogueTitle);
    await tap(catalogue.getByRole('button', { name: `Add: ${catalogueTitle}`, exact: true }));
    await configure(page, field, name);
  }

  /** Fills the open widget dialog's name field and saves the dialog. */
  async function configure(page: Page, field: string, name: string) {
    const dialog = page.getByRole('dialog', { name: /^module configuration: / });
    await dialog.waitFor();
    await settled(page);
    await dialog.getByLabel(field, { exact: true }).first().fill(name);
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'detached' });
  }

  /** Saves the dashboard being edited, with a note when one is given. */
  async function saveDashboard(page: Page, note?: string) {
    const before = (await stored()).version;
    if (note) await page.getByRole('textbox', { name: 'Note on this save' }).fill(note);
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');
    // The notice of the save before may still be shown: this one is done once the stored version moved on.
    await expect.poll(async () => (await stored()).version).toBe(before + 1);
  }

  /** The entry of a version in the open history drawer. */
  const entry = (drawer: Locator, version: number) =>
    drawer.getByRole('listitem').filter({ has: drawer.page().getByText(`Version ${version}`, { exact: true }) });

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    station = String((await createRecord(server.app, admin, 'station')).sn);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('three saves make three versions; the comparison names the widgets changed; restoring the first makes a fourth equal to it', async () => {
    const page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${station}`);

    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await addWidget(page, 'Station communication', 'Name', 'Link state');
    await saveDashboard(page, 'First layout');
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await tap(page.getByRole('button', { name: 'Edit: Link state' }));
    await configure(page, 'Name', 'Communication');
    await saveDashboard(page);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await addWidget(page, 'Alarm list', 'Title', 'Open alarms');
    await saveDashboard(page, 'Alarms added');
    expect((await stored()).version).toBe(3);

    await tap(page.getByRole('button', { name: 'History' }));
    const drawer = page.getByRole('dialog', { name: 'Dashboard history' });
    await expect.poll(() => drawer.getByRole('listitem').allInnerTexts()).toHaveLength(3);
    const texts = await drawer.getByRole('listitem').allInnerTexts();
    expect(texts.map((text) => text.split('\n')[0])).toEqual(['Version 3', 'Version 2', 'Version 1']);
    expect(texts[0]).toContain('Current');
    expect(texts[0]).toContain('Alarms added');
    expect(texts[2]).toContain('First layout');
    for (const text of texts)
      expect(text).toMatch(new RegExp(`Saved by ${ADMIN_NAME} at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}`));
    expect(await seriousFindings(page)).toEqual([]);

    await tap(entry(drawer, 1).getByRole('button', { name: 'Compare version 1 with the current dashboard' }));
    const comparison = page.getByRole('dialog', { name: 'Changes since version 1' });
    await comparison.getByText('Compared with the current dashboard, version 3.').waitFor();
    expect(await comparison.getByRole('region', { name: 'Added' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Open alarms',
    ]);
    expect(await comparison.getByRole('region', { name: 'Changed' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Link state, now Communication (configuration)',
    ]);
    expect(await comparison.getByRole('region', { name: 'Removed' }).count()).toBe(0);
    await tap(comparison.getByRole('button', { name: 'Close' }));

    await tap(entry(drawer, 1).getByRole('button', { name: 'Preview version 1' }));
    const preview = page.getByRole('dialog', { name: 'Version 1', exact: true });
    await preview.getByText(new RegExp(`^Saved by ${ADMIN_NAME} at `)).waitFor();
    await preview.getByRole('region', { name: 'Link state' }).waitFor();
    expect(await preview.getByRole('region', { name: 'Open alarms' }).count()).toBe(0);
    // Read-only: nothing of the version can be edited there.
    expect(await preview.getByRole('button', { name: /^Edit: / }).count()).toBe(0);
    await tap(preview.getByRole('button', { name: 'Close', exact: true }).last());

    await tap(entry(drawer, 1).getByRole('button', { name: 'Restore version 1' }));
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    await tap(confirm.getByRole('button', { name: 'Restore' }));
    await notice(page, 'Version 1 restored as version 4');
    await expect.poll(() => drawer.getByRole('listitem').count()).toBe(4);
    expect(await entry(drawer, 4).innerText()).toContain('Restores version 1');
    await tap(drawer.getByRole('button', { name: 'Close' }));
    // The dashboard shows the restored version.
    await page.getByRole('region', { name: 'Link state' }).waitFor();
    expect(await page.getByRole('region', { name: 'Open alarms' }).count()).toBe(0);

    const [current, first] = [await stored(), await stored('/versions/1')];
    expect(current.version).toBe(4);
    const content = ({ schemaVersion, layouts, widgets }: Stored) => ({ schemaVersion, layouts, widgets });
    expect(content(current)).toEqual(content(first));
    await page.close();
  });

  // The station's history as the journey above left it: four versions.
  test('on a phone the history drawer takes the width of the screen, its entries and their actions within it', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${station}`);
    await tapDashboardAction(page, 'History');
    const drawer = page.getByRole('dialog', { name: 'Dashboard history' });
    await expect.poll(() => drawer.getByRole('listitem').count()).toBe(4);
    await settled(page);
    const restore = await entry(drawer, 1).getByRole('button', { name: 'Restore version 1' }).boundingBox();
    expect(restore && restore.x + restore.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousFindings(page)).toEqual([]);
    await page.close();
  });
});
