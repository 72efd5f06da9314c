import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import type { Database } from '../../server/db/database';
import { call, connectedDatabases, signIn } from '../support/api';
import { url, type Row } from '../support/records';
import { operation } from '../support/contract';

/**
 * The open routes' calls: a quotation's customer link and an asset's QR code, answered without any
 * sign-in through the link's token, which reaches the one record it names and nothing else.
 * Tenant 2 is `admin`'s, tenant 44 `auditor`'s.
 */

type Page = { records: Row[]; total: number };

/** A call with no Authorization header at all, as a customer's browser or a phone scanning a code makes it. */
async function open<T = Row>(
  app: FastifyInstance,
  options: { method?: 'GET' | 'POST'; url: string; query?: Row; payload?: Row },
) {
  return call<T>(app, undefined, {
    method: options.method ?? 'GET',
    url: options.url,
    ...(options.query ? { query: Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

/** The same token with one character changed. */
const tampered = (token: string) => `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;

let unique = 0;

describe.each(connectedDatabases())('open routes on $name', ({ start }) => {
  let app: FastifyInstance;
  let database: Database;
  let stop: () => Promise<void>;
  let admin: string;
  let auditor: string;

  const ok = async <T = Row>(token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, query?: Row) => {
    const answer = await call<T>(app, token, {
      method,
      url: path,
      ...(payload !== undefined ? { payload: payload as Row } : {}),
      ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
    });
    expect(answer.body.msg, `${method} ${path}`).toBe('success');
    return answer.body.data;
  };

  /** A quotation of the signed-in user's tenant, with budgeted costs on its lines; submitted unless `draft`. */
  async function newQuote(token: string, draft = false): Promise<Row> {
    const customers = await ok<Page>(token, 'GET', url('getCustomerList'), undefined, { size: 10 });
    const quote = await ok(token, 'POST', url('saveQuote'), {
      quoteNo: `QT-OPEN-${(unique += 1)}-${Date.now() % 100000}`,
      name: '500 kWh 储能系统报价',
      customerId: customers.records[0]?.id,
      items: [
        { productName: '储能电池舱', model: 'LFP-500kWh', unit: '套', quantity: 1, unitPrice: 590000, costPrice: 481234.56 },
        { productName: '储能变流器', unit: '台', quantity: 3, unitPrice: 82500.33, costPrice: 64321.09 },
      ],
      totalAmount: 837500.99,
      remark: '内部：按 18% 毛利报价',
    });
    if (!draft) await ok(token, 'PUT', url('submitQuote', { id: quote.id }));
    return quote;
  }

  const linkOf = async (token: string, operationId: 'createQuoteLink' | 'createAssetLink', id: unknown) =>
    (await ok<{ token: string; expiresAt: number }>(token, 'POST', url(operationId, { id }))).token;

  beforeAll(async () => {
    ({ app, database, stop } = await start());
    admin = await signIn(app, 'admin', 'admin123');
    auditor = await signIn(app, 'auditor', 'auditor123');
  });
  afterAll(() => stop());

  describe('quotation', () => {
    test('a valid link shows the quotation as the customer reads it, without costs, margins or internal notes', async () => {
      const quote = await newQuote(admin);
      const made = await ok<{ token: string; expiresAt: number }>(admin, 'POST', url('createQuoteLink', { id: quote.id }));
      expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Random, not made of the quotation: a second link of the same quotation has another token.
      const again = await ok<{ token: string }>(admin, 'POST', url('createQuoteLink', { id: quote.id }));
      expect(again.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(again.token).not.toBe(made.token);
      const days = (made.expiresAt - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);

      const answer = await open(app, { url: url('getOpenQuotation'), query: { token: made.token } });
      expect(answer.status).toBe(200);
      const tenant = await database.db.selectFrom('tenant').select('name').where('id', '=', 2).executeTakeFirstOrThrow();
      expect(answer.body.data).toEqual({
        company: tenant.name,
        quoteNo: quote.quoteNo,
        name: quote.name,
        customerName: quote.customerName,
        quoteDate: String(quote.createTime).slice(0, 10),
        status: 'pending',
        items: [
          { productName: '储能电池舱', model: 'LFP-500kWh', unit: '套', quantity: 1, unitPrice: 590000, amount: 590000 },
          { productName: '储能变流器', unit: '台', quantity: 3, unitPrice: 82500.33, amount: 247500.99 },
        ],
        totalAmount: 837500.99,
      });
      const text = JSON.stringify(answer.body);
      for (const secret of ['costPrice', '481234.56', '64321.09', '毛利', 'owner']) expect(text).not.toContain(secret);
    });

    test('a tampered, malformed or foreign-kind token shows nothing of any quotation', async () => {
      const quote = await newQuote(admin);
      const token = await linkOf(admin, 'createQuoteLink', quote.id);
      const bad = await open(app, { url: url('getOpenQuotation'), query: { token: tampered(token) } });
      expect(bad.status).toBe(404);
      expect(bad.body).toEqual({ code: 40400, msg: expect.stringContaining('This link is not valid') as string });
      const malformed = await open(app, { url: url('getOpenQuotation'), query: { token: `${token}x` } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe(40001);
      const missing = await open(app, { url: url('getOpenQuotation') });
      expect(missing.status).toBe(400);
      const assets = await ok<Page>(admin, 'GET', url('getAssetPage'), undefined, { size: 10 });
      const assetToken = await linkOf(admin, 'createAssetLink', assets.records[0]?.id);
      const wrongKind = await open(app, { url: url('getOpenQuotation'), query: { token: assetToken } });
      expect(wrongKind.status).toBe(404);
      const reply = await open(app, {
        method: 'POST',
        url: url('replyOpenQuotation'),
        payload: { token: tampered(token), decision: 'accepted' },
      });
      expect(reply.status).toBe(404);
      expect((await ok(admin, 'GET', url('getQuoteById'), undefined, { id: quote.id })).status).toBe('pending');
    });

    test("another tenant's staff cannot make a link to the quotation, and a link of theirs shows only their own", async () => {
      const quote = await newQuote(admin);
      const refused = await call(app, auditor, { method: 'POST', url: url('createQuoteLink', { id: quote.id }) });
      expect(refused.status).toBe(404);
      const theirs = await newQuote(auditor);
      const answer = await open(app, {
        url: url('getOpenQuotation'),
        query: { token: await linkOf(auditor, 'createQuoteLink', theirs.id) },
      });
      const tenant = await database.db.selectFrom('tenant').select('name').where('id', '=', 44).executeTakeFirstOrThrow();
      expect(answer.body.data).toMatchObject({
        company: tenant.name,
        quoteNo: theirs.quoteNo,
        customerName: theirs.customerName,
      });
    });

    test('an expired link says so, and shows nothing', async () => {
      const quote = await newQuote(admin);
      const token = await linkOf(admin, 'createQuoteLink', quote.id);
      await database.db
        .updateTable('openLink')
        .set({ expiresAt: Date.now() - 1000 })
        .where('tokenHash', '=', hashToken(token))
        .execute();
      const answer = await open(app, { url: url('getOpenQuotation'), query: { token } });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 40400, msg: expect.stringContaining('expired') as string });
    });

    test('a draft (or a quotation taken back) is not shown to the customer, nor can it be replied to', async () => {
      const quote = await newQuote(admin, true);
      const token = await linkOf(admin, 'createQuoteLink', quote.id);
      const answer = await open(app, { url: url('getOpenQuotation'), query: { token } });
      expect(answer.status).toBe(404);
      expect(answer.body.msg).toContain('has not been sent yet');
      const reply = await open(app, { method: 'POST', url: url('replyOpenQuotation'), payload: { token, decision: 'accepted' } });
      expect(reply.status).toBe(404);
      await ok(admin, 'PUT', url('submitQuote', { id: quote.id }));
      expect((await open(app, { url: url('getOpenQuotation'), query: { token } })).status).toBe(200);
      await ok(admin, 'PUT', url('withdrawQuote', { id: quote.id }));
      expect((await open(app, { url: url('getOpenQuotation'), query: { token } })).status).toBe(404);
    });

    test('the customer replies once: the quotation moves to replied with the decision and comment; a second reply is 409', async () => {
      const quote = await newQuote(admin);
      const token = await linkOf(admin, 'createQuoteLink', quote.id);
      const first = await open(app, {
        method: 'POST',
        url: url('replyOpenQuotation'),
        payload: { token, decision: 'declined', comment: '  价格偏高，请重新报价  ' },
      });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        status: 'replied',
        replyDecision: 'declined',
        replyContent: '价格偏高，请重新报价',
      });
      const staff = await ok(admin, 'GET', url('getQuoteById'), undefined, { id: quote.id });
      expect(staff).toMatchObject({ status: 'replied', replyDecision: 'declined', replyContent: '价格偏高，请重新报价' });

      const second = await open(app, {
        method: 'POST',
        url: url('replyOpenQuotation'),
        payload: { token, decision: 'accepted', comment: '改为接受' },
      });
      expect(second.status).toBe(409);
      expect(second.body.code).toBe(40904);
      expect(await ok(admin, 'GET', url('getQuoteById'), undefined, { id: quote.id })).toMatchObject({
        replyDecision: 'declined',
        replyContent: '价格偏高，请重新报价',
      });
      const read = await open(app, { url: url('getOpenQuotation'), query: { token } });
      expect(read.body.data).toMatchObject({ status: 'replied', replyDecision: 'declined' });
    });

    test('a reply is validated: a decision is required, and the comment has a length limit', async () => {
      const token = await linkOf(admin, 'createQuoteLink', (await newQuote(admin)).id);
      for (const payload of [
        { token },
        { token, decision: 'maybe' },
        { token, decision: 'accepted', comment: 'x'.repeat(1001) },
      ]) {
        const answer = await open(app, { method: 'POST', url: url('replyOpenQuotation'), payload });
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe(40001);
      }
    });

    test('the staff calls still need a sign-in', async () => {
      const answer = await open(app, { method: 'POST', url: url('createQuoteLink', { id: 1 }) });
      expect(answer.status).toBe(401);
    });
  });

  describe('device documents', () => {
    async function upload(token: string, name: string, data: Buffer): Promise<{ bucketName: string; fileName: string }> {
      const boundary = '----openRoutes';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const answer = await call<{ bucketName: string; fileName: string }>(app, token, {
        method: 'POST',
        url: '/admin/sys-file/upload',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(answer.status).toBe(200);
      return answer.body.data;
    }

    /** A document with a file of its own on an asset. */
    async function documentOn(token: string, asset: Row, title: string): Promise<{ doc: Row; bytes: Buffer }> {
      const bytes = Buffer.from(`${title} of ${String(asset.name)} ${(unique += 1)}`);
      const file = await upload(token, `${title}.txt`, bytes);
      const doc = await ok(token, 'POST', url('addAssetDocument'), {
        assetId: asset.id,
        name: title,
        docType: 'manual',
        bucketName: file.bucketName,
        fileName: file.fileName,
        originalFilename: `${title}.txt`,
      });
      return { doc, bytes };
    }

    test("the QR code's link shows the asset and its documents, and serves its documents only", async () => {
      const assets = (await ok<Page>(admin, 'GET', url('getAssetPage'), undefined, { size: 10 })).records;
      const [asset, other] = assets;
      if (!asset || !other) throw new Error('the demo tenant 2 should have assets');
      const manual = await documentOn(admin, asset, 'Operating manual');
      const foreign = await documentOn(admin, other, 'Other manual');
      const made = await ok<{ token: string; expiresAt: number }>(admin, 'POST', url('createAssetLink', { id: asset.id }));
      expect((made.expiresAt - Date.now()) / 86_400_000).toBeGreaterThan(5 * 365 - 1);

      const page = await open(app, { url: url('getOpenDeviceDocuments'), query: { token: made.token } });
      expect(page.status).toBe(200);
      expect(page.body.data).toMatchObject({
        name: asset.name,
        code: asset.code,
        model: asset.model,
        stationName: asset.stationName,
        location: asset.location,
      });
      const documents = (page.body.data as { documents: Row[] }).documents;
      expect(documents.map((d) => d.id)).toContain(manual.doc.id);
      expect(documents.map((d) => d.id)).not.toContain(foreign.doc.id);
      expect(JSON.stringify(documents)).not.toContain('fileName');

      const file = await app.inject({
        method: 'GET',
        url: url('getOpenDeviceDocumentFile'),
        query: { token: made.token, documentId: String(manual.doc.id) },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(manual.bytes)).toBe(true);
      expect(file.headers['content-disposition']).toContain('attachment');

      for (const [token, documentId] of [
        [made.token, foreign.doc.id],
        [made.token, 2147483647],
        [tampered(made.token), manual.doc.id],
      ]) {
        const refused = await open(app, { url: url('getOpenDeviceDocumentFile'), query: { token, documentId } });
        expect(refused.status).toBe(404);
        expect(refused.body.code).toBe(40400);
      }
    });

    test("a demo asset's QR code opens its data sheet, a PDF", async () => {
      const assets = (await ok<Page>(admin, 'GET', url('getAssetPage'), undefined, { size: 50 })).records;
      const asset = assets.find((a) => a.code === 'ZC-2-0101');
      const token = await linkOf(admin, 'createAssetLink', asset?.id);
      const page = await open<{ documents: Row[] }>(app, { url: url('getOpenDeviceDocuments'), query: { token } });
      const sheet = page.body.data.documents.find((d) => d.docType === 'manual');
      expect(sheet).toMatchObject({ name: '设备资料', originalFilename: 'ZC-2-0101-设备资料.pdf' });
      const file = await app.inject({
        method: 'GET',
        url: url('getOpenDeviceDocumentFile'),
        query: { token, documentId: String(sheet?.id) },
      });
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(operation('getOpenDeviceDocumentFile').mediaTypes).toContain('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    test("another tenant's staff cannot make a QR code of the asset; a quotation's token opens no asset; an expired code says so", async () => {
      const asset = (await ok<Page>(admin, 'GET', url('getAssetPage'), undefined, { size: 10 })).records[0];
      const refused = await call(app, auditor, { method: 'POST', url: url('createAssetLink', { id: asset?.id }) });
      expect(refused.status).toBe(404);
      const quoteToken = await linkOf(admin, 'createQuoteLink', (await newQuote(admin)).id);
      expect((await open(app, { url: url('getOpenDeviceDocuments'), query: { token: quoteToken } })).status).toBe(404);
      const token = await linkOf(admin, 'createAssetLink', asset?.id);
      await database.db
        .updateTable('openLink')
        .set({ expiresAt: Date.now() - 1 })
        .where('tokenHash', '=', hashToken(token))
        .execute();
      const expired = await open(app, { url: url('getOpenDeviceDocuments'), query: { token } });
      expect(expired.status).toBe(404);
      expect(expired.body.msg).toContain('expired');
    });
  });
});
