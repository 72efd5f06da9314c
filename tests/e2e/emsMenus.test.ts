import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, notice, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { seriousFindings } from '../support/axe';
import { rowAction, rowWith } from '../support/ui';

const FUNCTIONS = '/main/ems/setting/functionManage';
const ENERGY = ['energyManagement', 'energyComparison', 'energyReport', 'electricCost'];
const STORAGE = ['storageView', 'incomeView', 'strategyConf', 'strategyRecord'];

/**
 * The EMS screens a station shows: ticked in the groups of the EMS menu from a row of the
 * functions page (loaded from what the station shows, saved for it), and offered by the menu of
 * the station's screens beside the station picker, whose entries open a screen for the same
 * station; in English and in Chinese, with a message beside the field when nothing is ticked.
 */
describe('the EMS screens of a station in the browser', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  /** The keys of the screens the station shows, as the server answers them. */
  const shown = async (stationSn: string) => {
    const answer = await call<{ key: string }[]>(server.app, admin, {
      method: 'GET',
      url: '/ems/api/executeems/getSiteEmsMenu',
      query: { stationSn },
    });
    expect(answer.status).toBe(200);
    return answer.body.data.map((screen) => screen.key);
  };
  const open = (path: string, lng: string) => page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
  /** The dialog of the station's screens, opened from its row of the functions page. */
  const screensDialog = async (station: string, action: string, lng: string): Promise<Locator> => {
    await open(FUNCTIONS, lng);
    await rowAction(rowWith(page, station), action);
    const dialog = page.getByRole('dialog', { name: action });
    await dialog.getByRole('group').first().waitFor();
    return dialog;
  };
  const tick = (scope: Locator, name: string) => scope.getByRole('checkbox', { name, exact: true });
  const checked = (box: Locator) => box.evaluate((input) => (input as HTMLInputElement).checked);
  /** The menu of the station's screens, opened from its button. */
  const screensMenu = async (button: string): Promise<Locator> => {
    await tap(page.getByRole('button', { name: button }));
    const menu = page
      .getByRole('menu')
      .filter({ has: page.getByRole('menuitem') })
      .last();
    await menu.waitFor();
    return menu;
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

  test('English: a station without a configuration has every screen ticked; a group and a screen unticked are saved, and its menu no longer offers them', async () => {
    const every = await shown('T2-ST1');
    expect(every).toHaveLength(24);
    const dialog = await screensDialog('张江储能电站', 'EMS screens', 'en');
    const energy = dialog.getByRole('group', { name: 'Energy', exact: true });
    for (const name of ['Consumption statistics', 'Comparison', 'Energy report', 'Electricity cost'])
      expect(await checked(tick(energy, name))).toBe(true);
    expect(await checked(tick(dialog, 'Energy'))).toBe(true);
    expect(await seriousFindings(page)).toEqual([]);

    // The group's tick takes all its screens away; one screen of another group leaves it half-ticked.
    await tap(tick(dialog, 'Energy'));
    expect(await checked(tick(energy, 'Comparison'))).toBe(false);
    await tap(tick(dialog, 'Video'));
    await expect.poll(() => tick(dialog, 'Monitoring').getAttribute('aria-checked')).toBe('mixed');
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await notice(page, 'Saved');
    expect(await shown('T2-ST1')).toEqual(every.filter((key) => !ENERGY.includes(key) && key !== 'video'));

    await open('/main/ems/map/info?station=T2-ST1', 'en');
    const menu = await screensMenu('Station screens');
    await menu.getByRole('menuitem', { name: 'Equipment', exact: true }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Video', exact: true }).count()).toBe(0);
    expect(await menu.getByText('Energy', { exact: true }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Consumption statistics', exact: true }).count()).toBe(0);
    await tap(menu.getByRole('menuitem', { name: 'Equipment', exact: true }));
    await page.waitForURL(
      (url) => url.pathname === '/main/ems/map/monitor/equipment' && url.searchParams.get('station') === 'T2-ST1',
    );
    await page.getByRole('heading', { name: 'Equipment monitoring', exact: true }).waitFor();
    // The same station, chosen in the screen's picker.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Station', exact: true }).locator('..').textContent())
      .toContain('张江储能电站');
  });

  test('Chinese: a configured station’s screens are ticked as saved; a group ticked is saved and its screens offered', async () => {
    const before = await shown('T2-EMS1');
    expect(before).toHaveLength(10);
    const dialog = await screensDialog('杭州综合能源站', 'EMS 功能', 'zh');
    expect(await checked(tick(dialog, '视频监控'))).toBe(true);
    expect(await checked(tick(dialog, '能耗对比'))).toBe(false);
    await expect.poll(() => tick(dialog, '能耗管理').getAttribute('aria-checked')).toBe('mixed');
    expect(await checked(tick(dialog, '储能管理'))).toBe(false);

    await tap(tick(dialog, '储能管理'));
    await tap(dialog.getByRole('button', { name: '保存', exact: true }));
    await notice(page, '保存成功');
    expect((await shown('T2-EMS1')).sort()).toEqual([...before, ...STORAGE].sort());

    await open('/main/ems/map/info?station=T2-EMS1', 'zh');
    const menu = await screensMenu('站点功能');
    await menu.getByText('储能管理', { exact: true }).waitFor();
    await menu.getByRole('menuitem', { name: '储能总览', exact: true }).waitFor();
    expect(await menu.getByRole('menuitem', { name: '能耗对比', exact: true }).count()).toBe(0);
    expect(await seriousFindings(page)).toEqual([]);
  });

  test('nothing ticked: the message is beside the field, and the station keeps what it showed', async () => {
    const before = await shown('T2-PV1');
    const dialog = await screensDialog('苏州工业园屋顶光伏', 'EMS screens', 'en');
    for (const group of ['Monitoring', 'Energy', 'Storage', 'Alarms', 'Operation and maintenance', 'Configuration'])
      await tap(tick(dialog, group));
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await dialog.getByText('Screens shown needs at least one entry').waitFor();
    expect(await shown('T2-PV1')).toEqual(before);
  });
});
