import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { rowWith } from '../support/ui';

type Row = Record<string, unknown>;
type Records = { records: Row[]; total: number };

/**
 * Journeys of the screens that are not list pages among the alarm records, robots and mobile
 * storage: each loads with the server's data and its characteristic action reaches the server.
 * Tenant 2 (`admin`, 系统管理员), station T2-ST1 (张江储能电站).
 */
describe('alarm records, robots and mobile storage in the browser', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  const get = async <T>(url: string, query: Record<string, string> = {}): Promise<T> =>
    (await call<T>(server.app, admin, { method: 'GET', url, query })).body.data;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(8_000);
    admin = await signIn(server.app, 'admin', 'admin123');
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("the station-warning widget opens the station's alarm records; an open alarm is confirmed with the specification's dialog", async () => {
    // The demo's rule on the BMS's highest cell temperature (over 45 °C) raises an alarm from a sample,
    // and a rule of the user's own over 46 °C another.
    const rules = await get<Records>('/ems/api/device/alarmgenerater/list', { stationSn: 'T2-ST1', size: '50' });
    const demo = rules.records.find((entry) => entry.variableName === '最高单体温度');
    const added = await call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/device/alarmgenerater/add_alarm_generater',
      payload: {
        name: 'Cell above 46 °C',
        variableId: demo?.variableId,
        typeId: demo?.typeId,
        comparison: 'gt',
        threshold: 46,
        info: 'Cell above 46 °C',
      },
    });
    expect(added.status).toBe(200);
    const sent = await call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples: [{ sn: 'T2-ST1-BMS.maxCellTemp', ts: Date.now(), value: 47.5 }] },
    });
    expect(sent.status).toBe(200);
    const open = await get<Records>('/ems/api/device/alarm/page', { stationSn: 'T2-ST1', status: '1', current: '1', size: '20' });
    expect(open.total).toBeGreaterThan(1);
    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=en&station=T2-ST1`);
    await tap(page.getByRole('button', { name: /has alarm/ }));
    await page.waitForURL('**/main/ems/map/warning/record?station=T2-ST1');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Station' }).locator('..').textContent())
      .toContain('张江储能电站');

    const all = await get<Records>('/ems/api/device/alarm/page', { stationSn: 'T2-ST1', current: '1', size: '20' });
    await page.getByText(`${all.total} in total`).waitFor();
    const newestOpen = open.records[0] as Row;
    const info = String(newestOpen.info);
    const confirm = page.getByRole('button', { name: `Confirm alarm: ${info}` }).first();
    // Cancel sends nothing.
    await tap(confirm);
    const dialog = page.getByRole('dialog', { name: 'confirm alarm' });
    await tap(dialog.getByRole('button', { name: 'Cancel' }));
    await page.getByText('confirmation cancelled').waitFor();
    expect((await get<Row>(`/ems/api/device/alarm/get_alarm/${String(newestOpen.id)}`)).status).toBe(1);

    await tap(confirm);
    await dialog.getByLabel('please enter confirmation info').fill('Checked on site');
    await tap(dialog.getByRole('button', { name: 'OK' }));
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => get<Row>(`/ems/api/device/alarm/get_alarm/${String(newestOpen.id)}`))
      .toMatchObject({ status: 0, checker: '系统管理员', checkInfo: 'Checked on site' });
    await page.getByText('confirmed -- 系统管理员').first().waitFor();

    // Confirmed with no info typed, the alarm is confirmed as it is, through the call that takes none.
    const next = open.records[1] as Row;
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(`/confirmAlarm/${String(next.id)}`));
    await tap(page.getByRole('button', { name: `Confirm alarm: ${String(next.info)}` }).first());
    await tap(dialog.getByRole('button', { name: 'OK' }));
    await asked;
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => get<Row>(`/ems/api/device/alarm/get_alarm/${String(next.id)}`))
      .toMatchObject({ status: 0, checker: '系统管理员' });
    expect((await get<Row>(`/ems/api/device/alarm/get_alarm/${String(next.id)}`)).checkInfo).toBeUndefined();
  });

  test('the robot console starts an idle robot on its next planned task: the server has it inspecting, and the log the command by the user', async () => {
    const robots = await get<Records>('/ems/api/robot/page', { state: 'idle', current: '1', size: '10' });
    const robot = robots.records[0] as Row;
    const tasks = await get<Records>('/ems/api/robot/task/page', {
      robotId: String(robot.id),
      status: 'planned',
      sortField: 'planTime',
      sortOrder: 'asc',
      current: '1',
      size: '10',
    });
    await page.goto(`${server.url}/main/ems/map/robot/console?lng=en`);
    const row = rowWith(page, String(robot.name));
    await row.getByText('Idle').waitFor();
    await tap(row.getByRole('button', { name: 'Start task' }));
    await tap(page.getByRole('button', { name: 'OK', exact: true }));
    await row.getByText('Inspecting').waitFor();
    expect(await get<Row>(`/ems/api/robot/${String(robot.id)}`)).toMatchObject({
      state: 'inspecting',
      currentTask: tasks.records[0]?.name,
    });
    const log = await get<Records>('/ems/api/robot/event/page', { robotId: String(robot.id), current: '1', size: '10' });
    expect(log.records[0]).toMatchObject({ kind: 'command', command: 'start', userName: '系统管理员' });
    await row.getByText(String(tasks.records[0]?.name)).waitFor();
  });
});
