import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatMoney } from '../../runtime/format/money';
import { call, signIn } from '../support/api';
import { launchBrowser, signInAsAdmin, tap } from '../support/browser';
import { url, type Row } from '../support/records';
import { startServer, type TestServer } from '../support/server';
import { rowAction, rowWith } from '../support/ui';
import { text } from '../support/english';

/**
 * The two routes open without sign-in, each reached the way its reader reaches it: staff take the
 * link from the record's row (signed in), and a fresh browser with no session opens it — the
 * customer reads a quotation and replies to it, whoever scans an asset's QR code reads the asset
 * and downloads one of its documents. Each figure is compared with the server's.
 */
describe('open routes in the browser', () => {
  let server: TestServer;
  let staffBrowser: Awaited<ReturnType<typeof launchBrowser>>;
  let visitorBrowser: Awaited<ReturnType<typeof launchBrowser>>;
  let staff: Page;
  let admin: string;

  const ok = async <T = Row>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, query?: Record<string, string>) => {
    const answer = await call<T>(server.app, admin, {
      method,
      url: path,
      ...(payload !== undefined ? { payload: payload as Row } : {}),
      ...(query ? { query } : {}),
    });
    expect(answer.body.msg, `${method} ${path}`).toBe('success');
    return answer.body.data;
  };

  /** The address the staff screen shows in its link field, once it is made. */
  const shownLink = async () => {
    const field = staff.getByRole('textbox', { name: text('openLinks.staff.link') });
    await expect.poll(() => field.inputValue()).toMatch(/token=[A-Za-z0-9_-]{43}$/);
    return field.inputValue();
  };

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    [staffBrowser, visitorBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
    staff = await staffBrowser.context.newPage();
    staff.setDefaultTimeout(10_000);
    await signInAsAdmin(staff, server.url);
  });
  afterAll(async () => {
    await staffBrowser?.close();
    await visitorBrowser?.close();
    await server?.stop();
  });

  test('quotation: staff copy the customer link, the customer reads the figures and replies once, the list shows replied', async () => {
    const customers = await ok<{ records: Row[] }>('GET', url('getCustomerList'), undefined, { size: '10' });
    const quote = await ok('POST', url('saveQuote'), {
      quoteNo: `QT-E2E-${Date.now() % 1_000_000}`,
      name: '2 MWh 储能系统报价',
      customerId: customers.records[0]?.id,
      items: [
        { productName: '储能电池舱', unit: '套', quantity: 2, unitPrice: 1_180_000.5, costPrice: 960_000 },
        { productName: 'EMS 能量管理系统', unit: '套', quantity: 1, unitPrice: 86_000, costPrice: 51_000 },
      ],
      totalAmount: 2_446_001,
    });
    await ok('PUT', url('submitQuote', { id: quote.id }));
    const quoteNo = String(quote.quoteNo);

    await staff.goto(`${server.url}/main/appliance/sales/quotes?lng=en`);
    await rowAction(rowWith(staff, quoteNo), text('routes.QuoteCustomerLink.title'));
    await staff.waitForURL(`**/sales/quotes/customerLink?id=${String(quote.id)}`);
    const link = await shownLink();

    // Two tabs of the customer's, opened before the reply: the second one's reply comes too late.
    const customer = await visitorBrowser.context.newPage();
    const late = await visitorBrowser.context.newPage();
    for (const page of [customer, late]) {
      page.setDefaultTimeout(10_000);
      await page.goto(`${link}&lng=en`);
      await page.getByText(text('openLinks.quotation.title', { quoteNo }), { exact: true }).waitFor();
    }
    const held = await ok<Row>('GET', url('getQuoteById'), undefined, { id: String(quote.id) });
    expect(await customer.getByLabel(text('openLinks.quotation.total'), { exact: true }).innerText()).toBe(
      formatMoney(Number(held.totalAmount)),
    );
    await rowWith(customer, '储能电池舱')
      .getByText(formatMoney(2 * 1_180_000.5), { exact: true })
      .waitFor();
    expect(await customer.getByText(formatMoney(960_000)).count()).toBe(0);

    await tap(customer.getByRole('radio', { name: text('enums.salesQuoteReplyDecision.accepted') }));
    await customer.getByRole('textbox', { name: text('openLinks.quotation.comment') }).fill('请安排下月交付');
    await tap(customer.getByRole('button', { name: text('openLinks.quotation.send') }));
    await customer.getByText(text('openLinks.quotation.sent')).waitFor();
    expect(await ok<Row>('GET', url('getQuoteById'), undefined, { id: String(quote.id) })).toMatchObject({
      status: 'replied',
      replyDecision: 'accepted',
      replyContent: '请安排下月交付',
    });

    await tap(late.getByRole('radio', { name: text('enums.salesQuoteReplyDecision.declined') }));
    await tap(late.getByRole('button', { name: text('openLinks.quotation.send') }));
    await late.getByText(/is not possible while the record is Replied/).waitFor();
    await late
      .getByText(text('openLinks.quotation.repliedWith', { decision: text('enums.salesQuoteReplyDecision.accepted') }))
      .waitFor();
    expect((await ok<Row>('GET', url('getQuoteById'), undefined, { id: String(quote.id) })).replyDecision).toBe('accepted');

    await staff.goto(`${server.url}/main/appliance/sales/quotes?lng=en`);
    const row = rowWith(staff, quoteNo);
    await row.getByText(text('enums.salesQuoteStatus.replied'), { exact: true }).waitFor();
    await row.getByText(text('enums.salesQuoteReplyDecision.accepted'), { exact: true }).waitFor();
  });

  test("device QR code: staff print the asset's code, its reader sees the asset and downloads a document; a tampered code shows nothing", async () => {
    const asset = (await ok<{ records: Row[] }>('GET', url('getAssetPage'), undefined, { size: '10' })).records[0];
    if (!asset) throw new Error('the demo tenant 2 should have assets');
    const bytes = Buffer.from(`Operating manual of ${String(asset.name)} — ${Date.now()}`);
    const boundary = '----openRoutesE2e';
    const uploaded = await call<{ bucketName: string; fileName: string }>(server.app, admin, {
      method: 'POST',
      url: '/admin/sys-file/upload',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="manual.txt"\r\nContent-Type: text/plain\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const { bucketName, fileName } = uploaded.body.data;
    await ok('POST', url('addAssetDocument'), {
      assetId: asset.id,
      name: 'Operating manual',
      docType: 'manual',
      bucketName,
      fileName,
      originalFilename: 'manual.txt',
    });

    await staff.goto(`${server.url}/main/ems/map/securityManage/asset?lng=en`);
    await tap(rowWith(staff, String(asset.code)).getByRole('button', { name: text('routes.EmsAssetQrcode.title') }));
    await staff.waitForURL(`**/securityManage/asset/qrcode?id=${String(asset.id)}`);
    const picture = staff.getByRole('img', { name: text('openLinks.staff.qrAlt', { name: String(asset.name) }) });
    expect(await picture.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await staff.getByRole('button', { name: text('openLinks.staff.print') }).waitFor();
    const link = await shownLink();

    const reader = await visitorBrowser.context.newPage();
    reader.setDefaultTimeout(10_000);
    await reader.goto(`${link}&lng=en`);
    await reader.getByText(String(asset.name), { exact: true }).first().waitFor();
    for (const value of [asset.code, asset.model, asset.stationName, asset.location]) {
      await reader.getByText(String(value), { exact: true }).waitFor();
    }
    const [download] = await Promise.all([
      reader.waitForEvent('download'),
      tap(reader.getByRole('link', { name: text('openLinks.device.download', { name: 'Operating manual' }) })),
    ]);
    expect(download.suggestedFilename()).toBe('manual.txt');
    expect(readFileSync(await download.path()).equals(bytes)).toBe(true);

    const token = new URL(link).searchParams.get('token') ?? '';
    await reader.goto(`${server.url}/deviceDocumentsQrcode?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}&lng=en`);
    await reader.getByText(text('errors.openLinkInvalid')).waitFor();
    expect(await reader.getByText(String(asset.name), { exact: true }).count()).toBe(0);
  });
});
