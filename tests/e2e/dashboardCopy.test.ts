import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const SOURCE = 'T2-ST1';
const dashboardOf = (station: string) => `/main/ems/map/monitor/dashboard?lng=en&station=${station}`;

interface Stored {
  stationSn: string;
  version: number;
  layouts: Record<string, unknown[]>;
  widgets: { id: string; type: string; config: Record<string, unknown> }[];
}

/** The serial numbers of the variables a dashboard binds. */
const variablesOf = (document: Stored) =>
  [...JSON.stringify(document.widgets).matchAll(/"varSn":"([^"]+)"/g)].map((match) => match[1]!);

/**
 * Copy to stations, as a dashboard builder uses it: the storage dashboard goes to the tenant's
 * other storage stations (every variable rebound to their own devices) and to the EMS site (what
 * its devices cannot take is listed first, and copied without on the user's word); a station whose
 * dashboard was saved meanwhile refuses the copy until it is checked again.
 */
describe('dashboard copy to other stations', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  const stored = async (station: string) =>
    (await call<Stored>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${station}` })).body.data;

  /** Opens the copy dialog of the source's dashboard, chooses the stations and checks the bindings. */
  async function check(names: string[]): Promise<Locator> {
    const count = (await stored(SOURCE)).widgets.length;
    await page.goto(`${server.url}${dashboardOf(SOURCE)}`);
    await expect.poll(() => page.locator('.dashboard-grid-item').count(), { timeout: 20_000 }).toBe(count);
    await tap(page.getByRole('button', { name: 'Copy to stations' }));
    const dialog = page.getByRole('dialog', { name: /Copy the dashboard of 张江储能电站/ });
    await tap(dialog.getByRole('combobox', { name: 'Stations to copy to' }));
    for (const name of names) await tap(page.locator('.ant-select-item-option', { hasText: name }));
    await page.keyboard.press('Escape');
    await tap(dialog.getByRole('button', { name: 'Check the bindings' }));
    await dialog.getByRole('region', { name: 'What each station takes' }).waitFor();
    return dialog;
  }
  const entry = (dialog: Locator, station: string) => dialog.locator(`[data-station="${station}"]`);

  /**
   * Whether a station's entry names what it cannot take as its people read it: no variable code, no
   * serial number, and no device of the source station (its own devices, which may share a name's
   * part with the source's, as 嘉定 BMS 主控 does BMS 主控, taken out first), as the server's plan has them.
   */
  async function expectNamedAsPeopleRead(dialog: Locator, station: string) {
    const plan = await call<{ targets: { unbound: { name: string; detail?: string; device?: string }[] }[] }>(server.app, admin, {
      method: 'POST',
      url: `/ems/api/main/siteKanban/${SOURCE}/copyPlan`,
      payload: { targets: [station] },
    });
    const { unbound } = plan.body.data.targets[0]!;
    let told = await entry(dialog, station).innerText();
    for (const { device } of unbound) if (device) told = told.replaceAll(device, '');
    expect(told).not.toMatch(/T2-|@/);
    for (const { name, detail } of unbound) {
      const code = detail?.split(' · ')[1];
      if (code) expect(told).not.toContain(code);
      if (detail) expect(told).not.toContain(name.split(' / ')[0]!);
    }
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

  test('to stations of the same device models: every variable rebound; one lacking a variable names it and waits for the user', async () => {
    const source = await stored(SOURCE);
    const before = { second: await stored('T2-ST2'), third: await stored('T2-ST3') };
    const dialog = await check(['临港储能电站', '嘉定储能电站']);

    const second = entry(dialog, 'T2-ST2');
    await second.getByText(/^Every binding rebound \(\d+\)$/).waitFor();
    expect(await second.getByRole('checkbox', { name: 'Copy to this station' }).isChecked()).toBe(true);

    const third = entry(dialog, 'T2-ST3');
    await third.getByText(/^\d+ of \d+ bindings cannot be rebound$/).waitFor();
    const lines = await third.locator('li').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    // Named by the station's own BMS and the variable's name, as a roll-out names it.
    for (const line of lines) expect(line).toMatch(/: 嘉定 BMS 主控 on this station has no 最高单体温度$/);
    await expectNamedAsPeopleRead(dialog, 'T2-ST3');
    expect(await third.getByRole('checkbox', { name: 'Copy without what cannot be rebound' }).isChecked()).toBe(false);

    await tap(dialog.getByRole('button', { name: 'Copy to the stations ticked (1)' }));
    await notice(page, 'Dashboard copied: 1 saved');

    // Copied to the second storage station only, as its next version with a note naming the source.
    const copied = await stored('T2-ST2');
    expect(copied.version).toBe(before.second.version + 1);
    expect(copied.widgets.map((widget) => [widget.id, widget.type])).toEqual(
      source.widgets.map((widget) => [widget.id, widget.type]),
    );
    expect(copied.layouts).toEqual(source.layouts);
    const variables = variablesOf(copied);
    expect(variables.length).toBe(variablesOf(source).length);
    for (const sn of variables) expect(sn).toMatch(/^T2-ST2-/);
    expect(variables).toEqual(variablesOf(source).map((sn) => sn.replace(/^T2-ST1-/, 'T2-ST2-')));
    expect((await stored('T2-ST3')).version).toBe(before.third.version);
    const history = await call<{ records: { version: number; note: string | null }[] }>(server.app, admin, {
      method: 'GET',
      url: '/ems/api/main/siteKanban/T2-ST2/versions',
    });
    expect(history.body.data.records[0]).toMatchObject({ version: copied.version, note: 'Copied from 张江储能电站' });

    // The copy shows the second station's own data.
    await page.goto(`${server.url}${dashboardOf('T2-ST2')}`);
    await expect.poll(() => page.locator('.dashboard-grid-item').count(), { timeout: 20_000 }).toBe(copied.widgets.length);
  });

  test('to a station of other device models: what cannot be rebound is listed, and copied without it when the user says so', async () => {
    const before = await stored('T2-EMS1');
    const dialog = await check(['杭州综合能源站']);
    const ems = entry(dialog, 'T2-EMS1');
    await ems.getByText(/^\d+ of \d+ bindings cannot be rebound$/).waitFor();
    await ems.getByText(': No device of model PCS-500K on this station for 有功功率', { exact: false }).first().waitFor();
    await expectNamedAsPeopleRead(dialog, 'T2-EMS1');
    const copyButton = dialog.getByRole('button', { name: 'Copy to the stations ticked (0)' });
    expect(await copyButton.isDisabled()).toBe(true);
    await tap(ems.getByRole('checkbox', { name: 'Copy without what cannot be rebound' }));
    await tap(dialog.getByRole('button', { name: 'Copy to the stations ticked (1)' }));
    await notice(page, 'Dashboard copied: 1 saved');

    const copied = await stored('T2-EMS1');
    expect(copied.version).toBe(before.version + 1);
    const variables = variablesOf(copied);
    expect(variables.length).toBeGreaterThan(0);
    for (const sn of variables) expect(sn).toMatch(/^T2-EMS1-/);
    expect(variables).toContain('T2-EMS1-BMS.soc');
  });

  test('a station whose dashboard was saved meanwhile refuses the copy until it is checked again', async () => {
    const dialog = await check(['临港储能电站']);
    // Another tab saves the second storage station's dashboard after the check.
    const meanwhile = await stored('T2-ST2');
    const { stationSn, version, layouts, widgets } = meanwhile;
    const other = await call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/main/siteKanban/saveOrUpdate',
      payload: { stationSn, version, schemaVersion: 2, layouts, widgets },
    });
    expect(other.status).toBe(200);

    await tap(dialog.getByRole('button', { name: 'Copy to the stations ticked (1)' }));
    await entry(dialog, 'T2-ST2')
      .getByText('Its dashboard was saved meanwhile: check again to copy onto the newer version')
      .waitFor();
    expect((await stored('T2-ST2')).version).toBe(version + 1);

    await tap(dialog.getByRole('button', { name: 'Check again' }));
    await tap(dialog.getByRole('button', { name: 'Copy to the stations ticked (1)' }));
    await notice(page, 'Dashboard copied: 1 saved');
    expect((await stored('T2-ST2')).version).toBe(version + 2);
  });
});
