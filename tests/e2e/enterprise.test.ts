import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, tap } from '../support/browser';
import { methodOf, url, type Row } from '../support/records';
import { startServer, type TestServer } from '../support/server';

const MB = 1024 * 1024;

/** Journeys of the enterprise side that are not a list's smoke: uploads, the bottom navigation, exports. */
describe('enterprise journeys', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;
  let folder: string;

  beforeAll(async () => {
    if (!existsSync('dist/client/index.html')) throw new Error('build the client first (vite build)');
    server = await startServer({ listen: true });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(10_000);
    folder = mkdtempSync(join(tmpdir(), 'enterprise-e2e-'));
    admin = await signIn(server.app, 'admin', 'admin123');
    await page.goto(`${server.url}/login?lng=en`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('admin123');
    await tap(page.getByRole('button', { name: 'Sign in' }));
    await page.waitForURL('**/main/appliance/customer');
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
    await choose(names.map(small));
    await page.getByText('At most 30 files', { exact: true }).waitFor();
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
});
