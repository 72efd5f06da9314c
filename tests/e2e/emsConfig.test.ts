import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { choose, rowWith } from '../support/ui';
import { text } from '../support/english';

type Row = Record<string, unknown>;

const STORAGE = 'T2-ST1';
const STORAGE_NAME = '张江储能电站';

/**
 * Journeys of the EMS configuration, storage and power-quality screens that are not lists (the
 * lists get the generated page smoke): a converter switched off the grid until it has applied it,
 * then — the simulator stopped, readings of our own stored — the equipment board, power quality
 * now, the month report and the three-phase unbalance, the device overview opening a device's
 * details, the site topology, a station's energy settings saved, the limits reset to the GB/T
 * defaults, and an alarm phone's number validated. Each screen is checked against the server.
 */
describe('EMS configuration, storage and power quality in the browser', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true, simulator: true, historyDays: 1 });
    await server.app.simulator?.ready;
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const ems = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { query?: Record<string, string>; payload?: unknown } = {},
  ) =>
    (
      await call<T>(server.app, admin, {
        method,
        url: `/ems/api/${path}`,
        ...(options.query ? { query: options.query } : {}),
        ...(options.payload !== undefined ? { payload: options.payload as Row } : {}),
      })
    ).body.data;
  const open = (path: string) => page.goto(`${server.url}/main/ems/map/${path}${path.includes('?') ? '&' : '?'}lng=en`);

  test('on/off-grid: a converter switched off the grid after a confirmation is recorded, applied by it, and shown so', async () => {
    try {
      await open(`storeEnergy/connectManage?station=${STORAGE}`);
      const row = rowWith(page, '1# PCS');
      await row.getByText(text('emsScreens.states.onGrid'), { exact: true }).waitFor();
      await tap(row.getByRole('button', { name: text('emsScreens.grid.toOff') }));
      const dialog = page.getByRole('dialog', {
        name: text('emsScreens.grid.confirmOff', { unit: '1# PCS', station: STORAGE_NAME }),
      });
      await tap(dialog.getByRole('button', { name: text('emsScreens.grid.switch') }));
      // The collector writes it at its next poll, the converter (the simulator) applies it at its
      // next step, a poll after that reads it, and the screen reads again every 3 s: 5 + 5 + 5 + 3 s
      // at worst, which the screen follows for 30 s.
      const applied = 25_000;
      await row.getByText(new RegExp(`· ${text('emsScreens.grid.status.done')}$`)).waitFor({ timeout: applied });
      await row.getByText(text('emsScreens.states.offGrid'), { exact: true }).first().waitFor({ timeout: applied });
      const [state] = await ems<Row[]>('GET', 'yk/status', { query: { sns: `${STORAGE}-PCS1.gridMode` } });
      expect(state).toMatchObject({ value: 0, command: { value: 0, status: 'done', userName: expect.any(String) } });
      await row.getByRole('button', { name: text('emsScreens.grid.toOn') }).waitFor();
    } finally {
      // From here on the readings are the test's own, whatever became of this one.
      await server.app.simulator?.stop();
    }
  });

  /** Stores readings of tenant 2's devices, newer than any the simulator wrote. */
  const store = (values: Record<string, number>) =>
    ems('POST', 'collector/samples', {
      payload: { samples: Object.entries(values).map(([sn, value]) => ({ sn, ts: Date.now(), value })) },
    });

  test('equipment board: the converters together, the state of charge and each device card show the stored readings', async () => {
    await store({ [`${STORAGE}-PCS1.activePower`]: 120.5, [`${STORAGE}-PCS2.activePower`]: 80, [`${STORAGE}-BMS.soc`]: 63.5 });
    await open(`storeEnergy/equipmentBoard?station=${STORAGE}`);
    await page.getByText('200.5 kW', { exact: true }).waitFor();
    const bms = page.getByRole('region', { name: 'BMS 主控' });
    await bms.getByText('63.5 %', { exact: true }).waitFor();
    const devices = await ems<{ device: { kind: string; status: number } }[]>('GET', 'device/monitordevice/detailsWithStatus', {
      query: { stationSn: STORAGE },
    });
    const shown = devices.filter((d) => ['pcs', 'bms', 'batteryCluster', 'meter'].includes(d.device.kind));
    await page.getByText(`${shown.filter((d) => d.device.status === 1).length} / ${shown.length}`, { exact: true }).waitFor();
    // A card opens its device's details.
    await tap(page.getByRole('region', { name: '1# PCS' }).getByRole('link', { name: text('emsScreens.details') }));
    await page.waitForURL(`**/equipDetail?deviceSn=${STORAGE}-PCS1`);
    await rowWith(page, `${STORAGE}-PCS1.activePower`).getByText('120.5 kW').waitFor();
  });

  test('power quality now, the month report and the three-phase unbalance judge the stored phases against the limits', async () => {
    await store({
      [`${STORAGE}-MTR.frequency`]: 50.3,
      [`${STORAGE}-MTR.voltageA`]: 230,
      [`${STORAGE}-MTR.voltageB`]: 230,
      [`${STORAGE}-MTR.voltageC`]: 224.25,
      [`${STORAGE}-MTR.currentA`]: 100,
      [`${STORAGE}-MTR.currentB`]: 100,
      [`${STORAGE}-MTR.currentC`]: 80,
    });
    await open(`powerQuality/realtimeData?station=${STORAGE}`);
    await rowWith(page, '频率').getByText(text('emsScreens.quality.out'), { exact: true }).waitFor();
    const judged = await ems<{ exceeded?: boolean }[]>('POST', 'powerquality/datascreening/variables/data/realtime', {
      payload: { deviceSn: `${STORAGE}-MTR` },
    });
    const out = judged.filter((v) => v.exceeded).length;
    await expect
      .poll(() =>
        page
          .locator('.ant-statistic')
          .filter({ hasText: text('emsScreens.quality.count.out') })
          .innerText(),
      )
      .toContain(String(out));

    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const report = await ems<{ code?: string; exceededDays?: number }[]>('GET', 'powerquality/monthly_report/report_data', {
      query: { deviceSn: `${STORAGE}-MTR`, month },
    });
    const frequency = report.find((r) => r.code === 'frequency');
    expect(frequency?.exceededDays).toBeGreaterThan(0);
    await open(`powerQuality/monthReport?station=${STORAGE}`);
    await expect.poll(() => rowWith(page, '频率').first().locator('td').last().innerText()).toBe(String(frequency?.exceededDays));

    const unbalance = await ems<{ latest: { voltageUnbalance: number; currentUnbalance: number } }>(
      'GET',
      'powerquality/threephase/unbalance',
      { query: { deviceSn: `${STORAGE}-MTR`, type: 'DAY', time: `${month}-01` } },
    );
    expect(unbalance.latest).toEqual(expect.objectContaining({ voltageUnbalance: 1.68, currentUnbalance: 14.29 }));
    await open(`powerQuality/threePhaseUnbalance?station=${STORAGE}`);
    const current = page.getByRole('region', { name: text('emsScreens.unbalance.current') });
    await current.getByText('14.29 %').waitFor();
    await current.getByText(text('emsScreens.quality.within'), { exact: true }).waitFor();
    await page
      .getByRole('region', { name: text('emsScreens.unbalance.voltage') })
      .getByText('1.68 %')
      .waitFor();
  });

  test('device overview: the devices counted as the server answers them, one station filtered, a device opened', async () => {
    const devices = await ems<{ sn: string; stationSn: string }[]>('GET', 'device/producedevice/get_all_devices');
    await open('deviceManagement/overview');
    await expect
      .poll(() =>
        page
          .locator('.ant-statistic')
          .filter({ hasText: text('emsScreens.overview.total') })
          .innerText(),
      )
      .toContain(String(devices.length));
    await choose(page, text('emsScreens.station'), STORAGE_NAME);
    const own = devices.filter((d) => d.stationSn === STORAGE).length;
    await page.getByText(text('emsScreens.inTotal', { count: own }), { exact: true }).waitFor();
    await tap(page.getByRole('link', { name: '2# PCS', exact: true }));
    await page.waitForURL(`**/equipDetail?deviceSn=${STORAGE}-PCS2`);
    await page.getByRole('heading', { name: '2# PCS' }).waitFor();
    await rowWith(page, `${STORAGE}-PCS2.activePower`).getByText('80 kW').waitFor();
    await page.getByRole('region', { name: text('emsScreens.detail.alarms') }).waitFor();
  });

  test('storage devices: the list holds what the server counts, and a device opens its details', async () => {
    const listed = await ems<{ total: number }>('GET', 'storeEnergy/device/page', { query: { size: '10' } });
    await open('storeEnergy/energyDevice');
    await page.getByText(`${listed.total} in total`, { exact: true }).waitFor();
    // The station's own devices (the tenant's newer stations' come first).
    const station = await ems<Row>('GET', `device/station/get_station_by_sn/${STORAGE}`);
    const own = await ems<{ total: number }>('GET', 'storeEnergy/device/page', {
      query: { size: '10', stationId: String(station.id) },
    });
    await choose(page.getByRole('search'), 'Station', STORAGE_NAME);
    await tap(page.getByRole('search').getByRole('button', { name: 'Search', exact: true }));
    await page.getByText(`${own.total} in total`, { exact: true }).waitFor();
    await tap(rowWith(page, `${STORAGE}-BMS`).getByRole('button', { name: text('routes.EmsEquipDetail.title') }));
    await page.waitForURL(`**/equipDetail?deviceSn=${STORAGE}-BMS`);
    await rowWith(page, `${STORAGE}-BMS.soc`).getByText('63.5 %').waitFor();
  });

  test("site topology: the station's one-line diagram and its devices by part, as many as the server has", async () => {
    await open(`configuration/siteTopo?station=${STORAGE}`);
    await page.getByRole('img', { name: text('emsScreens.topology.diagram', { name: '一次系统图' }) }).waitFor();
    const devices = await ems<{ kind: string }[]>('GET', `device/monitordevice/get_devices_by_station/${STORAGE}`);
    const storage = devices.filter((d) => ['pcs', 'bms', 'batteryCluster'].includes(d.kind)).length;
    await page.getByText(`${text('emsScreens.topology.parts.storage')} (${storage})`, { exact: true }).waitFor();
  });

  test('energy settings: a station without saved settings shows the suggested ones; saving keeps them, a bad SOC band is refused', async () => {
    await open('configuration/energySetting?station=T2-EMS1');
    await page.getByText(text('emsScreens.energySetting.suggested')).waitFor();
    const lower = page.getByLabel(text('entities.energySetting.fields.socLower'));
    await lower.fill('96');
    await tap(page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText(text('errors.socBand'), { exact: false }).waitFor();
    expect((await ems<Row>('GET', 'configuration/energySetting/T2-EMS1')).id).toBeUndefined();
    await lower.fill('20');
    await tap(page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText(text('emsScreens.energySetting.suggested')).waitFor({ state: 'hidden' });
    expect(await ems<Row>('GET', 'configuration/energySetting/T2-EMS1')).toMatchObject({ id: expect.any(Number), socLower: 20 });
  });

  test('power-quality limits: Reset puts a station back to the GB/T defaults after a confirmation', async () => {
    const station = await ems<Row>('GET', `device/station/get_station_by_sn/${STORAGE}`);
    await ems('PUT', 'powerquality/qualitythresholdsetting', { payload: { stationId: station.id, voltageUpper: 9 } });
    await open('configuration/powerQuality');
    const row = rowWith(page, STORAGE_NAME);
    await row.getByText('9', { exact: true }).waitFor();
    await tap(row.getByRole('button', { name: text('actions.resetQualityThresholdSetting') }));
    await page.getByText(text('emsDevices.confirmResetQuality')).waitFor();
    await tap(page.getByRole('button', { name: 'OK', exact: true }));
    await row.getByText('9', { exact: true }).waitFor({ state: 'hidden' });
    expect(await ems<Row>('GET', `powerquality/qualitythresholdsetting/getSetting/${String(station.id)}`)).toMatchObject({
      voltageUpper: 7,
      voltageLower: 7,
    });
  });

  test('alarm phones: a number that is no phone number is refused in the form, a mobile number is saved', async () => {
    await open('configuration/emsPhone');
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    await choose(dialog, `* ${text('entities.alarmPhone.fields.stationId')}`, STORAGE_NAME);
    await dialog.getByLabel(text('entities.alarmPhone.fields.name'), { exact: true }).fill('Night shift');
    await dialog.getByLabel(text('entities.alarmPhone.fields.phone'), { exact: true }).fill('12345');
    await choose(dialog, `* ${text('entities.alarmPhone.fields.minLevel')}`, text('enums.alarmLevel.critical'));
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await dialog.getByText(text('errors.phoneInvalid')).waitFor();
    await dialog.getByLabel(text('entities.alarmPhone.fields.phone'), { exact: true }).fill('13912345678');
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await dialog.waitFor({ state: 'hidden' });
    const phones = await ems<{ records: Row[] }>('GET', 'configuration/alarmPhone/page', {
      query: { name: 'Night shift', size: '10' },
    });
    expect(phones.records).toEqual([expect.objectContaining({ phone: '13912345678', minLevel: 'critical' })]);
  });
});
