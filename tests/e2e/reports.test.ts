import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReportDefinition, ReportRun } from '../../generated/types';
import { call, emsTokenOf, signIn } from '../support/api';
import { seriousFindings } from '../support/axe';
import { launchBrowser, notice, settled, signInAsAdmin, tap } from '../support/browser';
import { readPdf } from '../support/pdf';
import { startServer, type TestServer } from '../support/server';
import { choose, rowAction, rowWith } from '../support/ui';

const DEFINITIONS = '/main/ems/reports/definitions';
const INBOX = '/main/ems/reports/runs';
const POLICY = '/main/ems/reports/policy';
const NAME = 'Monthly report of the storage station';

/** The texts a control's description points at (the messages shown beside a field). */
const descriptions = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .filter(Boolean),
  );

/**
 * Scheduled reports in the browser, on the demo: a monthly report defined for a station from the
 * definitions page (a zone the IANA database lacks and a station report without stations refused
 * beside their fields), run now from its row, found in the inbox from its row, and both its files
 * downloaded and read back: the PDF names the station, the workbook opens. Titles in Chinese; the
 * outside-recipients rule switched by the administrator; both screens in both themes at 1440 and
 * 390 px without sideways scroll or a serious accessibility finding.
 */
describe('scheduled reports in the browser', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;
  let station = { id: 0, name: '' };

  const definitions = async () =>
    (
      await call<{ records: ReportDefinition[] }>(server.app, admin, {
        method: 'GET',
        url: '/manager/report/definition/page?current=1&size=50',
      })
    ).body.data.records;
  const runsOf = async (definitionId: number) =>
    (
      await call<{ records: ReportRun[] }>(server.app, admin, {
        method: 'GET',
        url: `/manager/report/run/page?current=1&size=50&definitionId=${String(definitionId)}`,
      })
    ).body.data.records;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    const stations = await call<{ id: number; name: string }[]>(server.app, await emsTokenOf(server.app, admin), {
      method: 'GET',
      url: '/ems/api/device/station/options',
    });
    // The demo's first station of tenant 2, the storage station.
    const found = stations.body.data[0];
    station = { id: Number(found?.id), name: String(found?.name) };
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a monthly report defined for a station, refused at its fields first; run now; found in the inbox; both files downloaded', async () => {
    expect(station.id).toBeGreaterThan(0);
    await page.goto(`${server.url}${DEFINITIONS}?lng=en`);
    await page.getByRole('heading', { name: 'Report definitions' }).waitFor();
    // The menu has the page under Reports.
    await page.getByRole('menu', { name: 'Navigation' }).getByRole('menuitem', { name: 'Report definitions' }).waitFor();

    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(NAME);
    await choose(dialog, '* Report', 'Station monthly');
    await choose(dialog, '* Frequency', 'Monthly');
    await dialog.getByLabel('Day of month', { exact: true }).fill('1');
    await choose(dialog, '* Language', 'English');
    const zone = dialog.getByLabel('Time zone', { exact: true });
    // The zone offers the IANA zones as it is typed, and takes free text.
    expect(await zone.getAttribute('list')).toBeTruthy();
    await zone.fill('Mars/Olympus');
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await expect.poll(() => descriptions(zone)).toContain('Time zone must be a time zone such as Asia/Shanghai');
    await zone.fill('Asia/Shanghai');
    // A station report without a station: the server's refusal, beside Stations; nothing stored.
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    // (The station picker shows its field's message under it, but does not point its description at it.)
    await dialog.getByText('Stations: name at least one station', { exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'name at least one station' }).count()).toBe(0);
    expect(await definitions()).toEqual([]);

    await choose(dialog, 'Stations', station.name);
    await page.keyboard.press('Escape');
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await notice(page, 'Saved');
    const [stored] = await definitions();
    expect(stored).toMatchObject({
      name: NAME,
      kind: 'stationMonthly',
      stationIds: [station.id],
      frequency: 'monthly',
      dayOfMonth: 1,
      zone: 'Asia/Shanghai',
      language: 'en',
      format: 'both',
    });
    const id = Number(stored?.id);

    await rowAction(rowWith(page, NAME), 'Run now');
    await notice(page, 'Done');
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ trigger: 'manual', status: 'kept' });

    await rowAction(rowWith(page, NAME), 'Report runs');
    await page.waitForURL((url) => url.pathname === INBOX && url.search === `?definitionId=${String(id)}`);
    await page.getByRole('heading', { name: `Report runs of ${NAME}` }).waitFor();
    const row = rowWith(page, NAME);
    await row.getByText('Kept, not mailed', { exact: true }).waitFor();
    await row.getByText('not mailed: no SMTP server set').waitFor();
    await row.getByText(`${String(run?.firstDay)} – ${String(run?.lastDay)}`).waitFor();

    const period = `${String(run?.firstDay)} – ${String(run?.lastDay)}`;
    let downloading = page.waitForEvent('download');
    await tap(row.getByRole('button', { name: `Download the PDF of ${NAME}, ${period}` }));
    const pdf = await downloading;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const text = (await readPdf(await readFile(await pdf.path()))).map((p) => p.text).join(' ');
    expect(text).toContain(station.name);

    downloading = page.waitForEvent('download');
    await tap(row.getByRole('button', { name: `Download the Excel workbook of ${NAME}, ${period}` }));
    const xlsx = await downloading;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await xlsx.path())) as unknown as ArrayBuffer);
    expect(workbook.worksheets.length).toBeGreaterThan(0);
    const cells = workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().flat().map(String));
    expect(cells.some((cell) => cell.includes(station.name))).toBe(true);

    // The inbox from the menu lists every report's runs.
    await tap(page.getByRole('link', { name: "All reports' runs" }));
    await page.getByRole('heading', { name: 'Report runs', exact: true }).waitFor();
    await rowWith(page, NAME).waitFor();
  });

  test('in Chinese, the screens’ titles', async () => {
    await page.goto(`${server.url}${DEFINITIONS}?lng=zh`);
    await page.getByRole('heading', { name: '报表定义' }).waitFor();
    await page.getByRole('columnheader', { name: '报表类型' }).waitFor();
    await page.goto(`${server.url}${INBOX}?lng=zh`);
    await page.getByRole('heading', { name: '报表运行记录' }).waitFor();
    await page.getByRole('columnheader', { name: '期间' }).waitFor();
  });

  test('the administrator allows recipients outside the tenant from the definitions page', async () => {
    await page.goto(`${server.url}${DEFINITIONS}?lng=en`);
    await tap(page.getByRole('link', { name: 'Outside recipients' }));
    await page.waitForURL((url) => url.pathname === POLICY);
    const outside = page.getByRole('switch', { name: 'Allow recipients outside the tenant' });
    expect(await outside.isChecked()).toBe(false);
    await tap(outside);
    await tap(page.getByRole('button', { name: 'Save', exact: true }));
    await notice(page, 'Saved');
    const policy = await call<{ allowOutside: boolean }>(server.app, admin, { method: 'GET', url: '/manager/report/policy' });
    expect(policy.body.data).toEqual({ allowOutside: true });
    await call(server.app, admin, { method: 'PUT', url: '/manager/report/policy', payload: { allowOutside: false } });
  });

  test('both screens in the light and dark themes at 1440 and 390 px: no sideways scroll, no serious accessibility finding', async () => {
    for (const theme of ['default', 'dark']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const [address, ready] of [
          [DEFINITIONS, NAME],
          [INBOX, NAME],
        ] as const) {
          await page.goto(`${server.url}${address}?lng=en`);
          await page.getByText(ready).first().waitFor();
          await settled(page);
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect([theme, width, address, sideways]).toEqual([theme, width, address, 0]);
          expect(await seriousFindings(page), `${address} ${theme} at ${String(width)} px`).toEqual([]);
        }
      }
    }
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
