import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, settled, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const STATION = 'T2-ST1';
const DASHBOARD = `/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`;
/** The storage station T2-ST1, by its name in the device-variable cascader. */
const STORAGE_STATION = '张江储能电站';

/** The text that describes a control to a screen reader: what its `aria-describedby` names. */
const description = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

/** Picks station → device → variable in the device-variable cascader of a list item. */
async function pickVariable(item: Locator, device: string, variable: string) {
  const page = item.page();
  await tap(item.getByRole('combobox', { name: 'Device variable' }));
  await tap(page.getByRole('menuitemcheckbox', { name: STORAGE_STATION }));
  await tap(page.getByRole('menuitemcheckbox', { name: device }));
  await tap(page.getByRole('menuitemcheckbox', { name: variable }));
}

/**
 * A widget's dialog as a user meets it, with titles in English and a real server: demo data,
 * the simulator on, the built client.
 */
describe('names people read in the widget dialogs', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;

  /** The stored configurations of T2-ST1's dashboard, by widget title. */
  async function storedConfig(field: string, title: string): Promise<Record<string, unknown> | undefined> {
    const answer = await call<{ widgets: { config: Record<string, unknown> }[] }>(server.app, admin, {
      method: 'GET',
      url: `/ems/api/main/siteKanban/${STATION}`,
    });
    return answer.body.data.widgets.find((widget) => widget.config[field] === title)?.config;
  }

  /** Signs in, opens the dashboard in edit mode and adds a widget of the catalogue: its dialog. */
  async function addWidget(catalogueTitle: string): Promise<{ page: Page; dialog: Locator }> {
    const page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}${DASHBOARD}`);
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await tap(page.getByRole('button', { name: 'Add widget' }));
    const catalogue = page.getByRole('dialog', { name: 'Widget catalogue' });
    await catalogue.getByRole('searchbox', { name: 'Search widgets' }).fill(catalogueTitle);
    await tap(catalogue.getByRole('button', { name: `Add: ${catalogueTitle}`, exact: true }));
    const dialog = page.getByRole('dialog', { name: /^module configuration: / });
    await dialog.waitFor();
    await settled(page);
    return { page, dialog };
  }

  /**
   * Adds an item to the dialog's list by its labelled add control: titled `before` by its place,
   * then by the device and variable chosen, as the picker shows them; its remove control named.
   */
  async function addItem(dialog: Locator, before: string, device: string, variable: string) {
    const add = dialog.getByRole('button', { name: 'Add item', exact: true });
    expect(await add.innerText()).toBe('Add item');
    await tap(add);
    const item = dialog.getByRole('group', { name: before, exact: true });
    await item.waitFor();
    await pickVariable(item, device, variable);
    const chosen = dialog.getByRole('group', { name: `${device} / ${variable}`, exact: true });
    await chosen.waitFor();
    expect(await dialog.getByRole('group', { name: before, exact: true }).count()).toBe(0);
    expect(await dialog.getByText(/nodeInfo-|monitorVars-/).count()).toBe(0);
    const remove = chosen.getByRole('button', { name: 'Remove', exact: true });
    await remove.hover();
    await dialog.page().getByRole('tooltip', { name: 'Remove' }).waitFor();
  }

  /** Saves the dialog and the dashboard. */
  async function save(page: Page, dialog: Locator) {
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'detached' });
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');
  }

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 1 });
    await server.app.simulator?.ready;
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('trend: series titled "Series 1", then by device and variable; the calculation method says why it is off; the legend names the variable', async () => {
    const { page, dialog } = await addWidget('Trend analysis');
    await dialog.getByLabel('Name', { exact: true }).first().fill('Names: trend');
    // Today's values as measured (the default interval) have no calculation method, and say so.
    expect(await dialog.getByRole('radio', { name: 'Average' }).isDisabled()).toBe(true);
    const method = dialog.getByRole('radiogroup').filter({ has: page.getByRole('radio', { name: 'Average' }) });
    expect(await description(method)).toBe('All values of the day are shown as measured: there is nothing to calculate.');
    await dialog.getByRole('radio', { name: 'This month' }).check();
    await expect.poll(() => description(method)).toBe('Not offered yet: Maximum');
    expect(await dialog.getByRole('radio', { name: 'Maximum' }).isDisabled()).toBe(true);

    await addItem(dialog, 'Series 1', '1# PCS', '有功功率 (kW)');
    await save(page, dialog);
    const legend = page.getByRole('region', { name: 'Names: trend' }).getByRole('list', { name: 'Series' });
    await legend.getByRole('listitem', { name: '1# PCS / 有功功率 (kW)' }).waitFor();
    expect(await legend.innerText()).not.toMatch(/T2-ST1-PCS1/);
    // No name was typed: the legend's names come from the server's devices and variables.
    expect(await storedConfig('name', 'Names: trend')).toMatchObject({
      nodeInfo: [{ deviceVar: { deviceSn: `${STATION}-PCS1`, varSn: `${STATION}-PCS1.activePower` }, name: '' }],
    });
    await page.close();
  });

  test('gauge: minimum above maximum is refused beside the field and nothing is saved; then the gauge is named by device and variable', async () => {
    const { page, dialog } = await addWidget('Gauge');
    await dialog.getByLabel('Name', { exact: true }).first().fill('Names: gauge');
    await addItem(dialog, 'Gauge 1', 'BMS 主控', 'SOC (%)');

    const minimum = dialog.getByRole('spinbutton', { name: 'Default minimum scale' });
    await minimum.fill('70');
    await dialog.getByRole('spinbutton', { name: 'Default maximum scale' }).fill('60');
    await tap(dialog.getByRole('button', { name: 'Save' }));
    // The message the schema's rule (x-below) names for a range: the server words it the same.
    await expect.poll(() => description(minimum)).toBe('The minimum must be below the maximum');
    expect(await dialog.isVisible()).toBe(true);

    await minimum.fill('0');
    await save(page, dialog);
    // The refused minimum never reached the dashboard: only the corrected range is stored.
    expect(await storedConfig('name', 'Names: gauge')).toMatchObject({ defaultMinScale: 0, defaultMaxScale: 60 });
    const gauges = page.getByRole('region', { name: 'Names: gauge' }).getByRole('list', { name: 'Gauge readings' });
    await expect.poll(() => gauges.innerText()).toMatch(/^BMS 主控 \/ SOC: \d+/);
    await page.close();
  });

  test('proportion: parts titled "Part 1", then by device and variable; "This year" says why it is off; the slices name the variable', async () => {
    const { page, dialog } = await addWidget('Proportion');
    await dialog.getByLabel('Name', { exact: true }).first().fill('Names: proportion');
    const interval = dialog.getByRole('radiogroup').filter({ has: page.getByRole('radio', { name: 'Real time' }) });
    expect(await dialog.getByRole('radio', { name: 'This year' }).isDisabled()).toBe(true);
    expect(await description(interval)).toBe('Not offered yet: This year');
    const method = dialog.getByRole('radiogroup').filter({ has: page.getByRole('radio', { name: 'Difference' }) });
    expect(await description(method)).toBe('A real-time value is the latest reading: there is nothing to calculate.');

    await addItem(dialog, 'Part 1', '1# PCS', '有功功率 (kW)');
    await save(page, dialog);
    const slices = page.getByRole('region', { name: 'Names: proportion' }).getByRole('list', { name: 'Share of each part' });
    await expect.poll(() => slices.innerText()).toMatch(/^1# PCS \/ 有功功率/);
    await page.close();
  });
});
