import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { sideways } from '../support/sideways';
import { rowWith } from '../support/ui';
import { seriousFindings } from '../support/axe';

interface SwitchState {
  deviceSn: string;
  deviceName: string;
  opened: boolean;
  changedBy?: string;
}
interface Rule {
  id: number;
  enabled: boolean;
}

/** Tenant 2 (`admin`, 系统管理员), station T2-ST1 (张江储能电站): devices, each with alarm rules. */
const STATION = 'T2-ST1';
const STATION_NAME = '张江储能电站';
const PATH = `/main/ems/map/warning/switch?station=${STATION}`;

/**
 * The alarm switches screen of a station: each device's switch, every device's at once and every
 * rule of the station at once, each change seen by the server (through the API) and read back on
 * the screen; in English and Chinese, on a phone without sideways scroll, free of serious axe findings.
 */
describe('the alarm switches of a station in the browser', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  const get = async <T>(url: string, query: Record<string, string> = {}): Promise<T> => {
    const answer = await call<T>(server.app, admin, { method: 'GET', url, query });
    expect(answer.status, url).toBe(200);
    return answer.body.data;
  };
  const switches = () => get<SwitchState[]>('/ems/api/device/station/alarm_switcher', { stationSn: STATION });
  const openedOf = async (sn: string) => (await switches()).find((entry) => entry.deviceSn === sn)?.opened;
  const rules = async () =>
    (
      await get<{ records: Rule[]; total: number }>('/ems/api/device/alarmgenerater/list', {
        stationSn: STATION,
        current: '1',
        size: '500',
      })
    ).records;
  const open = (path: string, lng = 'en') => page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
  const switchOf = (name: string) => page.getByRole('switch', { name: `Alarm switch of ${name}`, exact: true });
  const confirm = async (button: string, question: string, ok: string | RegExp = 'OK') => {
    await tap(page.getByRole('button', { name: button, exact: true }));
    await page.getByText(question).waitFor();
    await tap(page.getByRole('button', { name: ok, exact: true }));
  };

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

  test('the station area’s menu leads from the alarm rules to the switches, headed by what a closed switch means', async () => {
    await open(`/main/ems/map/warning/rule?station=${STATION}`);
    await tap(page.getByRole('menu', { name: 'Navigation' }).getByRole('menuitem', { name: 'Alarm switches', exact: true }));
    await page.waitForURL((url) => url.pathname === '/main/ems/map/warning/switch');
    await page.getByRole('heading', { name: 'Alarm switches', exact: true }).waitFor();
    await page
      .getByText("A closed switch silences its device: the device's alarm rules raise nothing until the switch is opened again.")
      .waitFor();
  });

  test("a device's switch is closed from its row, the server has it closed, and it is opened again", async () => {
    const before = await switches();
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((entry) => entry.opened)).toBe(true);
    const device = before[0] as SwitchState;
    await open(PATH);
    const control = switchOf(device.deviceName);
    await expect.poll(() => control.getAttribute('aria-checked')).toBe('true');
    const rows = await page.getByRole('table', { name: 'Devices and their alarm switches' }).getByRole('row').count();
    expect(rows).toBe(before.length + 1);

    await tap(control);
    await notice(page, `Alarm switch of ${device.deviceName} closed`);
    expect(await openedOf(device.deviceSn)).toBe(false);
    await expect.poll(() => control.getAttribute('aria-checked')).toBe('false');
    const row = rowWith(page, device.deviceName).first();
    await row.getByText('Closed', { exact: true }).waitFor();
    await row.getByText(/by 系统管理员$/).waitFor();
    // The others are as they were.
    expect((await switches()).filter((entry) => entry.opened).length).toBe(before.length - 1);

    await tap(control);
    await notice(page, `Alarm switch of ${device.deviceName} opened`);
    expect(await openedOf(device.deviceSn)).toBe(true);
    await expect.poll(() => control.getAttribute('aria-checked')).toBe('true');
  });

  test('every switch of the station is closed and opened at once, after a confirmation naming the station and the count', async () => {
    const devices = await switches();
    await open(PATH);
    await switchOf(devices[0]?.deviceName ?? '').waitFor();
    // Cancel sends nothing.
    await tap(page.getByRole('button', { name: 'Close all', exact: true }));
    await page.getByText(`Close the alarm switches of all devices of ${STATION_NAME} (${devices.length})?`).waitFor();
    await tap(page.getByRole('button', { name: 'Cancel', exact: true }));
    expect((await switches()).every((entry) => entry.opened)).toBe(true);

    await confirm('Close all', `Close the alarm switches of all devices of ${STATION_NAME} (${devices.length})?`);
    await notice(page, `Alarm switches closed: ${devices.length}`);
    expect((await switches()).map((entry) => entry.opened)).toEqual(devices.map(() => false));
    for (const device of devices) await expect.poll(() => switchOf(device.deviceName).getAttribute('aria-checked')).toBe('false');
    await page.getByText(`Open: 0 · Closed: ${devices.length}`).waitFor();

    await confirm('Open all', `Open the alarm switches of all devices of ${STATION_NAME} (${devices.length})?`);
    await notice(page, `Alarm switches opened: ${devices.length}`);
    expect((await switches()).map((entry) => entry.opened)).toEqual(devices.map(() => true));
    for (const device of devices) await expect.poll(() => switchOf(device.deviceName).getAttribute('aria-checked')).toBe('true');
  });

  test('every alarm rule of the station is disabled, the server has none enabled, and all are enabled again', async () => {
    const before = await rules();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((rule) => rule.enabled)).toBe(true);
    await open(PATH);
    await page.getByText(`Enabled: ${before.length} of ${before.length}`).waitFor();

    await confirm('Disable all alarm rules', `Disable all alarm rules of ${STATION_NAME}?`);
    await notice(page, `Alarm rules disabled: ${before.length}`);
    expect((await rules()).filter((rule) => rule.enabled)).toEqual([]);
    await page.getByText(`Enabled: 0 of ${before.length}`).waitFor();

    await confirm('Enable all alarm rules', `Enable all alarm rules of ${STATION_NAME}?`);
    await notice(page, `Alarm rules enabled: ${before.length}`);
    expect((await rules()).every((rule) => rule.enabled)).toBe(true);
    await page.getByText(`Enabled: ${before.length} of ${before.length}`).waitFor();
  });

  test('in Chinese: a device’s switch and the station’s rules, each change seen by the server', async () => {
    const device = (await switches())[1] as SwitchState;
    const total = (await rules()).length;
    await open(PATH, 'zh');
    await page.getByRole('heading', { name: '告警开关', exact: true }).waitFor();
    await page.getByText('关闭告警开关后，该设备的告警规则不再产生告警，直到重新打开开关。').waitFor();
    const control = page.getByRole('switch', { name: `${device.deviceName}的告警开关`, exact: true });
    await tap(control);
    await notice(page, `已关闭${device.deviceName}的告警开关`);
    expect(await openedOf(device.deviceSn)).toBe(false);
    await rowWith(page, device.deviceName).first().getByText('已关闭', { exact: true }).waitFor();
    await tap(control);
    await notice(page, `已打开${device.deviceName}的告警开关`);
    expect(await openedOf(device.deviceSn)).toBe(true);

    await confirm('停用全部告警规则', `停用${STATION_NAME}的全部告警规则？`, /^确\s?定$/);
    await notice(page, `已停用告警规则：${total} 条`);
    expect((await rules()).some((rule) => rule.enabled)).toBe(false);
    await confirm('启用全部告警规则', `启用${STATION_NAME}的全部告警规则？`, /^确\s?定$/);
    await notice(page, `已启用告警规则：${total} 条`);
    expect((await rules()).every((rule) => rule.enabled)).toBe(true);
  });

  test('at 390 px nothing scrolls sideways, and the screen has no serious axe finding in the light and dark themes at either width', async () => {
    try {
      for (const theme of ['default', 'dark']) {
        await page.evaluate((name) => localStorage.setItem('theme', name), theme);
        for (const width of [1440, 390]) {
          await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
          await open(PATH);
          const first = (await switches())[0] as SwitchState;
          await expect.poll(() => switchOf(first.deviceName).getAttribute('aria-checked')).toBe('true');
          await page.getByText(/^Enabled: \d+ of \d+$/).waitFor();
          expect(await sideways(page), `${theme} at ${width} px`).toEqual([]);
          expect(await seriousFindings(page), `${theme} at ${width} px`).toEqual([]);
        }
      }
    } finally {
      await page.evaluate(() => localStorage.setItem('theme', 'default'));
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  test("a change the server refuses shows the server's message, and the screen shows what is stored", async () => {
    await open(PATH);
    const devices = await switches();
    const gone = devices.at(-1) as SwitchState;
    const control = switchOf(gone.deviceName);
    await expect.poll(() => control.getAttribute('aria-checked')).toBe('true');
    // The device is deleted behind the screen's back (another user, another tab): its switch is no longer the station's.
    const deleted = await call(server.app, admin, {
      method: 'DELETE',
      url: `/ems/api/device/monitordevice/device/${gone.deviceSn}`,
    });
    expect(deleted.status).toBe(200);
    await tap(control);
    const alert = page.getByRole('alert').filter({ hasText: 'Not changed' });
    await alert.getByText(`deviceSns: ${gone.deviceSn} is not a device of the station`).waitFor();
    // Read again from the server: the deleted device's row is gone, the others as stored, nothing closed.
    await expect.poll(() => control.count()).toBe(0);
    expect((await switches()).every((entry) => entry.opened)).toBe(true);
    for (const device of devices.slice(0, -1))
      expect(await switchOf(device.deviceName).getAttribute('aria-checked')).toBe('true');
    await page.getByText(`Open: ${devices.length - 1} · Closed: 0`).waitFor();
  });
});
