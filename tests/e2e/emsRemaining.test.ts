import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { url } from '../support/records';
import { startServer, type TestServer } from '../support/server';
import { choose, rowAction } from '../support/ui';

/** The figure shown under a caption in a region (its text as laid out: caption, then value). */
const figureAfter = async (page: Page, region: string, caption: string) => {
  const text = await page.getByRole('region', { name: region, exact: true }).innerText();
  const match = new RegExp(`${caption}\\s*\\n\\s*([-\\d,.%]+)`).exec(text);
  return match?.[1]?.replace(/,/g, '');
};

/** Waits for what the screen shows (its calls and charts take a few seconds on a busy machine). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const money = (value: number | null) => (value === null ? '--' : value.toFixed(2));

describe('mobile storage, topology, detection, income, vehicle and "me" screens', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: string;
  let page: Page;

  const get = async <T>(path: string, query: Record<string, string> = {}) => {
    const answer = await call<T>(server.app, admin, { method: 'GET', url: path, query });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const open = async (path: string) => {
    await page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lng=en`);
  };

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 2 });
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

  test('vehicle overview: the counts by state are the server’s', async () => {
    const overview = await get<Record<string, number>>(url('getVehicleOverview'));
    await open('/main/ems/map/carOverview/carView');
    await poll(() => figureAfter(page, 'Vehicles', 'In use')).toBe(String(overview.inUse));
    expect(await figureAfter(page, 'Vehicles', 'Insurance due \\(30 days\\)')).toBe(String(overview.insuranceDue));
  });

  test('peak-shaving revenue: the month’s revenue is the server’s; a day picked shows that day’s', async () => {
    type Income = { revenue: number | null; discharge: number | null };
    // Live samples move the month's figures (down while the batteries charge, up while they
    // discharge): the one shown is the server's as read between just before the page asked and
    // just after it showed it.
    // The period the screen opens with: the browser's today, and its month. (In the first hours of
    // the stations' month the server's own today is already the next day.)
    const time = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    const month = async () => (await get<Income>(url('getStorageIncome'), { type: 'MONTH', time })).revenue;
    const before = await month();
    await open('/main/ems/map/storageOverview/incomeView');
    await poll(async () => (await figureAfter(page, 'Income of the period', 'Revenue')) ?? '--').not.toBe('--');
    const revenue = Number(await figureAfter(page, 'Income of the period', 'Revenue'));
    const after = await month();
    if (before === null || after === null) throw new Error('the month has no revenue');
    expect(revenue).toBeGreaterThanOrEqual(Number(money(Math.min(before, after))));
    expect(revenue).toBeLessThanOrEqual(Number(money(Math.max(before, after))));
    await poll(async () => (await get<Income>(url('getStorageIncome'), { type: 'DAY', time })).discharge !== null).toBe(true);
    // Read before the page asks: live samples keep adding energy, so what the page is answered
    // after this is at least this (read after the click, the page's answer could be the older one).
    const today = await get<Income>(url('getStorageIncome'), { type: 'DAY', time });
    await tap(page.getByRole('radiogroup', { name: 'Period kind' }).getByText('Day', { exact: true }));
    const shown = async () => Number(await figureAfter(page, 'Income of the period', 'Discharged \\(kWh\\)'));
    await poll(shown).toBeGreaterThanOrEqual(Number(today.discharge ?? 0));
  });

  test('my profit: only the stations of my departments are listed', async () => {
    const mine = await get<{ stations: { stationName: string }[] }>(url('getStorageIncome'), { mine: 'true' });
    const all = await get<{ stations: { stationName: string }[] }>(url('getStorageIncome'));
    expect(mine.stations.length).toBeLessThan(all.stations.length);
    await open('/main/ems/map/me/meProfit');
    const table = page.getByRole('table');
    await poll(() => table.getByRole('row').count()).toBe(mine.stations.length + 1);
    for (const station of mine.stations) await poll(() => table.innerText()).toContain(station.stationName);
  });

  test('device detection: every device of the station with its communication; another station picked', async () => {
    type Health = { deviceName: string; online: boolean };
    const stations = await get<{ sn: string; name: string }[]>(url('listStations'));
    const [first, other] = stations as [{ sn: string; name: string }, { sn: string; name: string }];
    const health = await get<Health[]>(url('getDeviceDetection'), { stationSn: first.sn });
    await open('/main/ems/map/monitor/detection');
    await poll(() => page.getByRole('row').count()).toBe(health.length + 1);
    await poll(() => figureAfter(page, 'Devices', 'Online')).toBe(String(health.filter((h) => h.online).length));
    await choose(page, 'Station', other.name);
    await page.waitForURL(`**station=${other.sn}`);
    const otherHealth = await get<Health[]>(url('getDeviceDetection'), { stationSn: other.sn });
    await poll(() => page.getByRole('row').count()).toBe(otherHealth.length + 1);
  });

  test('my device status: the devices of my stations only', async () => {
    const mine = await get<{ stationName: string }[]>(url('getDeviceDetection'), { mine: 'true' });
    expect(mine.length).toBeGreaterThan(0);
    await open('/main/ems/map/me/deviceStatus');
    await poll(() => figureAfter(page, 'Devices', 'Devices')).toBe(String(mine.length));
  });
  describe('mobile storage and wiring diagrams, with the simulator stopped so that the values hold still', () => {
    type Station = { sn: string; name: string; stationType: string };
    type Detail = {
      device: { sn: string; name: string; kind: string };
      variables: { sn: string; data: number | null; unit: string }[];
    };
    beforeAll(async () => {
      await server.app.simulator?.stop();
    });

    test('mobile storage: the units of each state are the server’s; a unit’s SOC is its BMS’s latest', async () => {
      type Unit = { id: number; sn: string; batteryDeviceId?: number };
      const byState = await get<{ key: string; count: number }[]>(url('countMobileStorageByState'));
      const deployed = byState.find((group) => group.key === 'deployed')?.count ?? 0;
      expect(deployed).toBeGreaterThan(0);
      await open('/main/ems/mobileEnergy');
      await page.getByRole('region', { name: 'Units by state' }).locator('canvas').waitFor();
      await tap(page.getByRole('tab', { name: 'Deployed', exact: true }));
      await poll(() => page.getByText(`${deployed} in total`, { exact: true }).count()).toBe(1);
      const units = await get<{ records: Unit[] }>(url('getMobileStoragePage'), { state: 'deployed' });
      const unit = units.records.find((u) => u.batteryDeviceId !== undefined);
      const device = (await get<{ id: number; sn: string; stationSn: string }[]>(url('getAllDevices'))).find(
        (d) => d.id === unit?.batteryDeviceId,
      );
      if (!unit || !device) throw new Error('the demo deploys a unit with its BMS');
      const soc = (
        await get<{ sn: string; code?: string; deviceSn: string }[]>(url('getVars'), { stationSn: device.stationSn })
      ).find((v) => v.deviceSn === device.sn && v.code === 'soc');
      const serverSoc = async () => {
        const details = await get<{ device: { sn: string }; variables: { sn: string; data: number | null }[] }[]>(
          url('getDeviceDetailsWithStatus'),
          { stationSn: device.stationSn },
        );
        const value = details.find((d) => d.device.sn === device.sn)?.variables.find((v) => v.sn === soc?.sn)?.data;
        return value === null || value === undefined ? '--' : String(Number(value));
      };
      const row = page.getByRole('row').filter({ hasText: unit.sn });
      await rowAction(row, 'Mobile storage details');
      await page.waitForURL(`**/main/ems/mobileEnergyDetail?id=${unit.id}`);
      await poll(
        async () => (await figureAfter(page, 'Battery readings', 'State of charge'))?.replace('%', '') === (await serverSoc()),
      ).toBe(true);
    });

    test('wiring diagram: the saved diagram with each node’s latest value from the server', async () => {
      const [first] = await get<Station[]>(url('listStations'));
      const [diagram] = await get<{ id: number; name: string; nodes: { id: string; label: string }[] }[]>(
        url('getDeviceDiagram'),
        {
          stationSn: (first as Station).sn,
        },
      );
      if (!diagram) throw new Error('the demo saves a diagram for the first station');
      const values = await get<{ nodeId: string; value: number | null; unit: string }[]>(
        url('getDeviceDiagramData', { id: diagram.id }),
      );
      await open('/main/ems/map/monitor/topology');
      const drawing = page.getByRole('img', { name: `One-line diagram ${diagram.name}` });
      for (const node of diagram.nodes) await poll(() => drawing.textContent()).toContain(node.label);
      const measured = values.filter((v) => v.value !== null);
      expect(measured.length).toBeGreaterThan(0);
      for (const value of measured) await poll(() => drawing.textContent()).toContain(`${value.value} ${value.unit}`);
    });

    test('PV topology: a PV station without a saved diagram is drawn from its devices, inverters with their power', async () => {
      const pv = (await get<Station[]>(url('listStations'))).find((s) => s.stationType === 'photovoltaic') as Station;
      const details = await get<Detail[]>(url('getDeviceDetailsWithStatus'), { stationSn: pv.sn });
      await open(`/main/ems/map/photovoltaic/photovoltaic-topology?station=${pv.sn}`);
      const drawing = page.getByRole('img', { name: /^One-line diagram/ });
      const inverters = details.filter((d) => d.device.kind === 'pvInverter');
      expect(inverters.length).toBeGreaterThan(0);
      for (const { device, variables } of inverters) {
        const power = variables.find((v) => v.sn === `${device.sn}.activePower`);
        await poll(() => drawing.textContent()).toContain(device.name);
        await poll(() => drawing.textContent()).toContain(`${power?.data} ${power?.unit}`);
      }
    });

    test('topology analysis: each branch’s power and the busbar’s balance, from the values drawn', async () => {
      const ems = (await get<Station[]>(url('listStations'))).find((s) => s.stationType === 'ems') as Station;
      const details = await get<Detail[]>(url('getDeviceDetailsWithStatus'), { stationSn: ems.sn });
      const power = (kind: string, code: string) =>
        details
          .filter((d) => d.device.kind === kind)
          .flatMap((d) => d.variables.filter((v) => v.sn === `${d.device.sn}.${code}`))
          .map((v) => v.data ?? 0);
      const [grid] = details.filter(
        (d) => d.device.kind === 'meter' && d.variables.some((v) => v.sn === `${d.device.sn}.activePower`),
      );
      const inflow = grid?.variables.find((v) => v.sn === `${grid.device.sn}.activePower`)?.data ?? 0;
      const drawn =
        [...power('meter', 'loadPower')].reduce((a, b) => a + b, 0) -
        [...power('pcs', 'activePower'), ...power('pvInverter', 'activePower')].reduce((a, b) => a + b, 0);
      const unaccounted = Math.round((inflow - Math.round(drawn * 100) / 100) * 100) / 100;
      await open(`/main/ems/map/monitor/topologica?station=${ems.sn}`);
      const balance = page.getByRole('table', { name: 'Balance of each busbar' });
      await poll(() => balance.innerText()).toContain(`${unaccounted.toLocaleString('en-US', { maximumFractionDigits: 2 })} kW`);
      const branches = page.getByRole('table', { name: 'Power through each branch' });
      await poll(() => branches.getByRole('row').count()).toBe(
        power('meter', 'loadPower').length + power('pcs', 'activePower').length + power('pvInverter', 'activePower').length + 1,
      );
    });
  });
});
