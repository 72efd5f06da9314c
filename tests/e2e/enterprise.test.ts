import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PageSchema } from '../../generated/meta';
import { routes } from '../../generated/registry';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { methodOf, openingList, url, type Row } from '../support/records';
import center from '../../schemas/constants/managementCenter.json';
import { pages } from '../support/contract';
import { startServer, type TestServer } from '../support/server';
import { text } from '../support/english';

const MB = 1024 * 1024;

const pageNamed = (name: string) => pages.find((candidate) => candidate.page === name) as PageSchema;

/** Journeys of the enterprise side that are not a list's smoke: uploads, the bottom navigation, exports. */
describe('enterprise journeys', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;
  let folder: string;

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(10_000);
    folder = mkdtempSync(join(tmpdir(), 'enterprise-e2e-'));
    admin = await signIn(server.app, 'admin', 'admin123');
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('files are uploaded to an order together: each rule refuses its file with its message, a failed one is deleted, 30 are kept under their names', async () => {
    const orders = await call<{ records: Row[] }>(server.app, admin, {
      method: methodOf('getOrderPage'),
      url: url('getOrderPage'),
    });
    const orderId = Number(orders.body.data.records[0]?.id);
    const filesOfOrder = async () =>
      (
        await call<{ records: Row[]; total: number }>(server.app, admin, {
          method: 'GET',
          url: url('getOrderFilePage'),
          query: { orderId: String(orderId), size: '50' },
        })
      ).body.data;
    const before = await filesOfOrder();
    await page.goto(`${server.url}/main/appliance/sales/files?orderId=${orderId}&lng=en`);
    await page.getByText(`${before.total} in total`, { exact: true }).waitFor();
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    const choose = async (files: Parameters<FileChooser['setFiles']>[0]) => {
      const chooser = page.waitForEvent('filechooser');
      await tap(dialog.getByRole('button', { name: '* Files', exact: true }));
      await (await chooser).setFiles(files);
    };
    const small = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF ${name}`) });

    // The browser refuses before sending: a name over 200 characters, a file over 50 MB.
    const big = join(folder, 'survey-scan.pdf');
    writeFileSync(big, Buffer.alloc(50 * MB + 1, 1));
    await choose(small(`${'n'.repeat(197)}.pdf`));
    await page.getByText('Please keep the file name within 200 characters!', { exact: true }).waitFor();
    await choose(big);
    await page.getByText('The file size must stay within 50 MB', { exact: true }).waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(0);

    // An upload that fails stays listed with the message until the user deletes it.
    await page.route('**/admin/sys-file/upload**', (route) =>
      route.request().postDataBuffer()?.includes('broken.pdf') ? route.abort() : route.fallback(),
    );
    await choose(small('broken.pdf'));
    await dialog.getByText('broken.pdf: upload failed, please delete this file', { exact: true }).waitFor();
    await tap(dialog.getByRole('button', { name: 'Remove file' }));
    await dialog.getByText('broken.pdf', { exact: true }).waitFor({ state: 'detached' });
    await page.unroute('**/admin/sys-file/upload**');

    // 31 chosen at once: 30 are uploaded, the 31st is refused.
    const names = Array.from({ length: 31 }, (_v, i) => `现场照片说明 ${i + 1}.pdf`);
    // Looked for from before the choice: the message shows for 3 s, while 30 uploads keep a loaded machine busy.
    const refused = page.getByText('At most 30 files', { exact: true }).waitFor();
    await choose(names.map(small));
    await refused;
    for (const name of names.slice(0, 30)) await dialog.getByRole('link', { name, exact: true }).waitFor();
    expect(await dialog.getByText(names[30] ?? '', { exact: true }).count()).toBe(0);
    await tap(dialog.getByRole('button', { name: 'Save', exact: true }));
    await dialog.waitFor({ state: 'hidden' });

    // The server holds the 30 under the names they were chosen with, and the list shows its total.
    const after = await filesOfOrder();
    expect(after.total).toBe(before.total + 30);
    await page.getByText(`${after.total} in total`, { exact: true }).waitFor();
    const stored = after.records.map((file) => file.fileName);
    expect(stored).toEqual(expect.arrayContaining(names.slice(0, 30)));
    expect(stored).not.toContain(names[30]);
  });

  test('a picture field refuses a file that is not a picture', async () => {
    await page.goto(`${server.url}/main/operation/banner?lng=en`);
    await tap(page.getByRole('button', { name: 'New', exact: true }));
    const chooser = page.waitForEvent('filechooser');
    await tap(page.getByRole('dialog').getByRole('button', { name: 'Picture', exact: true }));
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByText('Please choose a picture', { exact: true }).waitFor();
    await tap(page.getByRole('dialog').getByRole('button', { name: 'Close' }));
  });

  /** The total a list page's call answers for the list as it opens (its tabs and fixed conditions). */
  async function totalOf(schema: PageSchema): Promise<number> {
    return (await openingList(server.app, admin, schema)).total;
  }

  test('each entry of the bottom navigation opens its screen with the server’s data', async () => {
    const bottom = routes.filter((route) => route.navigation === 'bottom');
    // The specification's six: messages, my tasks, approvals, reports, management center, me.
    expect(bottom.map((route) => route.name)).toEqual(['Messages', 'MyTasks', 'Approvals', 'Report', 'ManagementCenter', 'Me']);
    await page.goto(`${server.url}/main/appliance/customer?lng=en`);
    const principal = await call<{ employee?: { name?: string } }>(server.app, admin, {
      method: 'GET',
      url: '/manager/user/getPrincipal',
    });
    for (const entry of bottom) {
      const navigation = page.getByRole('navigation', { name: 'Workbench' });
      await tap(navigation.getByRole('button', { name: text(`routes.${entry.name}.title`), exact: true }));
      const landing = routes.find((route) => route.path === (entry.redirect ?? entry.path));
      await page.waitForURL(`**${String(landing?.path)}**`);
      if (landing?.page) {
        const schema = pageNamed(landing.page);
        // Screens left stay alive, hidden: the one shown is the visible one.
        await page
          .getByRole('heading', { name: text(`pages.${schema.page}.title`), exact: true })
          .filter({ visible: true })
          .waitFor();
        await page
          .getByText(`${await totalOf(schema)} in total`, { exact: true })
          .filter({ visible: true })
          .waitFor();
      } else if (landing?.screen === 'managementCenter') {
        await page.getByRole('heading', { name: 'Management center', exact: true }).filter({ visible: true }).waitFor();
      } else {
        // Me opens one's own information, as the server has it.
        expect(landing?.screen).toBe('personalInfo');
        await expect
          .poll(() => page.getByLabel('Name', { exact: true }).filter({ visible: true }).inputValue())
          .toBe(principal.body.data.employee?.name);
      }
    }
  });

  test('an export from a list shows its progress and downloads the workbook of the list', async () => {
    const schema = pageNamed('customer');
    await page.goto(`${server.url}${schema.route}?lng=en`);
    const total = await totalOf(schema);
    await page.getByText(`${total} in total`, { exact: true }).waitFor();
    // What the export button reads while the workbook streams in, every change of it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { exportTexts: string[] }).exportTexts = seen;
      new MutationObserver(() => {
        for (const button of document.querySelectorAll('button')) {
          const shown = button.textContent ?? '';
          if (shown.startsWith('Exporting') && !seen.includes(shown)) seen.push(shown);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const download = page.waitForEvent('download');
    await tap(page.getByRole('button', { name: 'Export', exact: true }));
    const file = await download;
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
    const progress = await page.evaluate(() => (window as unknown as { exportTexts: string[] }).exportTexts);
    expect(progress.length).toBeGreaterThan(0);
    for (const shown of progress) expect(shown).toMatch(/^Exporting… \d+ KB$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(
      schema.columns.map((column) => text(`entities.customer.fields.${column.field}`)),
    );
    expect((sheet?.actualRowCount ?? 0) - 1).toBe(total);
    // The workbook's first rows are the list's first page, in the same order (the newest first).
    const rows = page.getByRole('row');
    const pageSize = Number(schema.pageSizes?.[0] ?? 10);
    for (let i = 0; i < Math.min(pageSize, total); i += 1) {
      const name = String(sheet?.getRow(i + 2).getCell(1).value);
      await rows
        .nth(i + 1)
        .getByRole('cell', { name, exact: true })
        .waitFor();
    }
  });

  test('the management center links every list the specification names for it, each with the server’s total', async () => {
    await page.goto(`${server.url}/main/operation?lng=en`);
    const tiles = page.getByRole('list').filter({ visible: true });
    // A tile is named by what it shows: the list's title, then its count ('--' until it is known).
    const tileOf = (name: string) => {
      const title = text(`routes.${name}.title`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return tiles.getByRole('link', { name: new RegExp(`^${title} ([\\d,]+|--)$`) });
    };
    for (const { route: name } of center.entries) {
      const route = routes.find((candidate) => candidate.name === name);
      const tile = tileOf(name);
      expect(await tile.getAttribute('href')).toBe(route?.path);
      const total = await totalOf(pageNamed(String(route?.page)));
      await tile.getByText(total.toLocaleString('en-US'), { exact: true }).waitFor();
    }
    // A list that lives elsewhere in the route tree opens where it lives.
    await tap(tileOf('EmsSettingDeviceModel'));
    await page.waitForURL('**/main/ems/setting/deviceModel');
    await page
      .getByRole('heading', { name: text('pages.emsDeviceModel.title'), exact: true })
      .filter({ visible: true })
      .waitFor();
  });
});
