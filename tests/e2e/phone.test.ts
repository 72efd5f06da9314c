import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, PHONE, settled, signInAs, widgetsShowing } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { sideways } from '../support/sideways';
import { audit, describeFindings } from '../support/axe';

type Row = Record<string, unknown>;
type Records = { records: Row[]; total: number };

/** The operator's storage station (tenant 7, 成都天府储能电站) and the demo's rule on its BMS's highest cell temperature. */
const STATION = 'T7-ST1';
const CELL_TEMP = `${STATION}-BMS.maxCellTemp`;
/** What the alarm records read themselves again after (the specification's 20 s), with room for the call. */
const ONE_REFRESH_MS = 20_000 + 5_000;

/**
 * The operator's phone (390 × 844, touch): an alarm raised through the real ingest path while the
 * alarm records are open appears within one refresh without a reload, is confirmed with a tap, and
 * says so; nothing on the screens an operator uses on a phone is wider than the phone.
 */
describe("the operator's phone", () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let operator: string;

  const send = (sn: string, value: number) =>
    call(server.app, operator, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples: [{ sn, ts: Date.now(), value }] },
    });
  /** A rule of the operator's own on the BMS's highest cell temperature, with a text of its own. */
  const rule = async (threshold: number, info: string): Promise<Row> => {
    const rules = await call<Records>(server.app, operator, {
      method: 'GET',
      url: '/ems/api/device/alarmgenerater/list',
      query: { stationSn: STATION, size: '50' },
    });
    const demo = rules.body.data.records.find((entry) => entry.variableName === '最高单体温度');
    expect(demo).toBeDefined();
    const added = await call<Row>(server.app, operator, {
      method: 'POST',
      url: '/ems/api/device/alarmgenerater/add_alarm_generater',
      payload: { name: info, variableId: demo?.variableId, typeId: demo?.typeId, comparison: 'gt', threshold, info },
    });
    expect(added.body).toMatchObject({ code: 0 });
    return added.body.data;
  };
  const openAlarmOf = async (generatorId: unknown): Promise<Row | undefined> => {
    const open = await call<Records>(server.app, operator, {
      method: 'GET',
      url: '/ems/api/device/alarm/page',
      query: { stationSn: STATION, status: '1', current: '1', size: '50' },
    });
    return open.body.data.records.find((alarm) => alarm.generatorId === generatorId);
  };
  const cardOf = (info: string) =>
    page.getByRole('list', { name: 'Alarm records' }).getByRole('listitem').filter({ hasText: info });

  beforeAll(async () => {
    // No simulator: no live sample recovers the alarms the test raises.
    server = await startServer({ listen: true, sqliteDemo: true });
    operator = await signIn(server.app, 'operator', 'operator123');
    browser = await launchBrowser(PHONE);
    page = await browser.context.newPage();
    page.setDefaultTimeout(10_000);
    await signInAs(page, server.url, 'operator', 'operator123');
    await page.waitForURL('**/main/**');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('an alarm raised while the records are open appears within one refresh, without a reload, and is confirmed with a tap', async () => {
    const info = 'Cell above 60 °C (phone check)';
    const generator = await rule(60, info);
    await page.goto(`${server.url}/main/ems/map/warning/record?lng=en&station=${STATION}`);
    await page.getByText(/\d+ in total/).waitFor();
    expect(await sideways(page)).toEqual([]);
    // A page that reloads loses this mark.
    await page.evaluate(() => Object.assign(window, { phoneCheck: 'not reloaded' }));
    expect(await cardOf(info).count()).toBe(0);

    expect((await send(CELL_TEMP, 65)).body).toMatchObject({ code: 0 });
    await expect.poll(() => openAlarmOf(generator.id)).toMatchObject({ status: 1, info });
    const raised = await openAlarmOf(generator.id);
    const card = cardOf(info);
    await card.waitFor({ timeout: ONE_REFRESH_MS });
    expect(await page.evaluate(() => (window as { phoneCheck?: string }).phoneCheck)).toBe('not reloaded');
    await card.getByText('Major', { exact: true }).waitFor();
    await card.getByText('BMS 主控', { exact: true }).waitFor();
    await card.getByText('65', { exact: true }).waitFor();
    expect(await sideways(page)).toEqual([]);

    await settled(page);
    await card.getByRole('button', { name: `Confirm alarm: ${info}` }).tap();
    const dialog = page.getByRole('dialog', { name: 'confirm alarm' });
    await dialog.getByLabel('please enter confirmation info').fill('Fans restarted');
    await settled(page);
    await dialog.getByRole('button', { name: 'OK' }).tap();
    await notice(page, 'Alarm confirmed');
    await dialog.waitFor({ state: 'hidden' });
    const confirmed = (
      await call<Row>(server.app, operator, { method: 'GET', url: `/ems/api/device/alarm/get_alarm/${String(raised?.id)}` })
    ).body.data;
    expect(confirmed).toMatchObject({ status: 0, checkInfo: 'Fans restarted' });
    await card.getByText(`confirmed -- ${String(confirmed.checker)}`).waitFor();
    await card.getByText('Fans restarted').waitFor();
    expect(await card.getByRole('button', { name: /^Confirm alarm/ }).count()).toBe(0);
    expect(await sideways(page)).toEqual([]);
  });

  test("a confirmation the server refuses (confirmed meanwhile elsewhere) shows the server's message, and the card its state", async () => {
    const info = 'Cell above 70 °C (phone check)';
    const generator = await rule(70, info);
    expect((await send(CELL_TEMP, 75)).body).toMatchObject({ code: 0 });
    await expect.poll(() => openAlarmOf(generator.id)).toMatchObject({ status: 1, info });
    const raised = await openAlarmOf(generator.id);
    await page.goto(`${server.url}/main/ems/map/warning/record?lng=en&station=${STATION}`);
    const card = cardOf(info);
    await settled(page);
    await card.getByRole('button', { name: `Confirm alarm: ${info}` }).tap();
    const dialog = page.getByRole('dialog', { name: 'confirm alarm' });
    await dialog.waitFor();
    // Someone else confirms it first.
    const elsewhere = await call(server.app, operator, {
      method: 'PUT',
      url: `/ems/api/device/alarm/update_alarm/${String(raised?.id)}`,
      payload: { checkInfo: 'From the control room', status: 0 },
    });
    expect(elsewhere.status).toBe(200);
    await settled(page);
    await dialog.getByRole('button', { name: 'OK' }).tap();
    await notice(page, 'The alarm has already been handled');
    await card.getByText('From the control room').waitFor();
    expect(await card.getByRole('button', { name: /^Confirm alarm/ }).count()).toBe(0);
    expect(await sideways(page)).toEqual([]);
  });

  test("equipment monitoring: each device's communication and values in view", async () => {
    // A reading as long as a meter's can be.
    expect((await send(`${STATION}-PCS1.activePower`, 123456.789)).body).toMatchObject({ code: 0 });
    await page.goto(`${server.url}/main/ems/map/monitor/equipment?lng=en&station=${STATION}`);
    const devices = page.getByRole('list', { name: 'Device' });
    const pcs = devices.getByRole('listitem').filter({ hasText: '1# PCS' });
    await pcs.getByText('123456.789 kW').waitFor();
    await pcs.getByText('online').waitFor();
    expect(await devices.getByRole('listitem').count()).toBeGreaterThan(3);
    expect(await sideways(page)).toEqual([]);
  });

  test("the dashboard's latest alarms and key figures fit the phone", async () => {
    const info = 'Cell above 80 °C (phone check)';
    const generator = await rule(80, info);
    expect((await send(CELL_TEMP, 85)).body).toMatchObject({ code: 0 });
    await expect.poll(() => openAlarmOf(generator.id)).toMatchObject({ status: 1, info });
    // The key figures' real-time power: a figure of nine digits.
    expect((await send(`${STATION}-PCS1.activePower`, 123456789.12)).body).toMatchObject({ code: 0 });
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=${STATION}`);
    await widgetsShowing(page);
    const alarms = page.getByRole('list', { name: 'Latest alarms' });
    await alarms.scrollIntoViewIfNeeded();
    // Listed one under another with their state, not in a table wider than the phone.
    await alarms
      .getByRole('listitem')
      .filter({ hasText: info })
      .getByRole('button', { name: `Confirm alarm: ${info}` })
      .waitFor();
    expect(await alarms.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await sideways(page, alarms)).toEqual([]);
    const figures = page.getByRole('list', { name: 'Key figures' });
    await figures.scrollIntoViewIfNeeded();
    await figures.getByText('123456789.12').waitFor();
    expect(await sideways(page, figures)).toEqual([]);
    // Each figure reads whole on one line with its unit (not broken after its decimal point), inside its own box.
    const broken = await figures.locator('strong').evaluateAll((values) =>
      values.flatMap((value) => {
        const box = value.closest('li')?.getBoundingClientRect();
        const lines = value.getClientRects().length;
        return lines > 1 || !box || value.getBoundingClientRect().right > box.right + 0.5
          ? [`${value.textContent} (${lines} lines)`]
          : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  test('the cards, an open alarm and its Confirm among them, and the devices pass axe-core in both themes', async () => {
    const info = 'Cell above 90 °C (phone check)';
    const generator = await rule(90, info);
    expect((await send(CELL_TEMP, 95)).body).toMatchObject({ code: 0 });
    await expect.poll(() => openAlarmOf(generator.id)).toMatchObject({ status: 1, info });
    for (const theme of ['default', 'dark']) {
      await page.evaluate((name) => localStorage.setItem('theme', name), theme);
      await page.goto(`${server.url}/main/ems/map/warning/record?lng=en&station=${STATION}`);
      await cardOf(info)
        .getByRole('button', { name: `Confirm alarm: ${info}` })
        .waitFor();
      await settled(page);
      expect(describeFindings(await audit(page, `alarm records (${theme})`))).toBe('');
      await page.goto(`${server.url}/main/ems/map/monitor/equipment?lng=en&station=${STATION}`);
      await page.getByRole('list', { name: 'Device' }).getByRole('listitem').first().waitFor();
      await settled(page);
      expect(describeFindings(await audit(page, `equipment monitoring (${theme})`))).toBe('');
    }
    await page.evaluate(() => localStorage.setItem('theme', 'default'));
  });
});
