import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { methodOf, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * The upload rules of issue 5 as the server enforces them, with the specification's literals:
 * picture types, a name of at most 200 characters (请将文件名长度控制在200字数以内！), at most
 * 50 MB by default, at most 30 files, and the original name kept as data. Answers are read in
 * Chinese, the language the messages are quoted in.
 */
const MB = 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
const zh = { 'accept-language': 'zh' };

async function upload(app: FastifyInstance, token: string, fileName: string, bytes: Buffer, kind = 'any') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const encoded = new Response(form);
  return call<Row>(app, token, {
    method: 'POST',
    url: '/admin/sys-file/upload',
    query: { kind },
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '', ...zh },
  });
}

describe.each(databases())('upload rules on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let orderId: number;

  const saveOrderFiles = (payload: Row, token = admin) =>
    call<Row[]>(app, token, { method: 'POST', url: url('saveOrderFiles'), payload, headers: zh });
  const filesOfOrder = async () =>
    (
      await call<{ records: Row[]; total: number }>(app, admin, {
        method: methodOf('getOrderFilePage'),
        url: url('getOrderFilePage'),
        query: { orderId: String(orderId), size: '50' },
      })
    ).body.data;

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    const orders = await call<{ records: Row[] }>(app, admin, { method: methodOf('getOrderPage'), url: url('getOrderPage') });
    orderId = Number(orders.body.data.records[0]?.id);
  });
  afterAll(async () => server.stop());

  test.each([
    ['a name of 201 characters', `${'名'.repeat(197)}.pdf`, 10, 'any', '请将文件名长度控制在200字数以内！'],
    ['50 MB and one byte', 'big.pdf', 50 * MB + 1, 'any', '文件大小不能超过 50MB'],
    ['a text file where a picture is asked', 'notes.txt', 10, 'image', '请选择图片'],
  ])('an upload of %s is refused', async (_case, fileName, size, kind, message) => {
    const answer = await upload(app, admin, fileName, Buffer.alloc(size, 1), kind);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 40010, msg: message });
  });

  test.each([
    ['a name of exactly 200 characters', `${'名'.repeat(196)}.pdf`, 10, 'any'],
    ['exactly 50 MB', 'fifty.pdf', 50 * MB, 'any'],
    ['a PNG picture', 'scan.png', PNG.length, 'image'],
  ])('an upload of %s is taken under its original name', async (_case, fileName, size, kind) => {
    const bytes = kind === 'image' ? PNG : Buffer.alloc(size, 1);
    const answer = await upload(app, admin, fileName, bytes, kind);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ originalFilename: fileName, size: bytes.length });
  });

  test('30 files uploaded together become files of the order under their original names and sizes', async () => {
    const before = (await filesOfOrder()).total;
    const names = Array.from({ length: 30 }, (_v, i) => `合同附件 ${i + 1}.pdf`);
    const addresses: string[] = [];
    for (const [i, name] of names.entries()) {
      addresses.push(String((await upload(app, admin, name, Buffer.alloc(i + 1, 1))).body.data.url));
    }
    const saved = await saveOrderFiles({ orderId, files: addresses, remark: '一次上传' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.map((file) => [file.fileName, file.fileSize])).toEqual(names.map((name, i) => [name, i + 1]));
    const listed = await filesOfOrder();
    expect(listed.total).toBe(before + 30);
    expect(listed.records.filter((file) => file.remark === '一次上传').map((file) => file.fileName)).toEqual(
      expect.arrayContaining(names),
    );

    // A 31st file in the same upload: none is taken.
    const extra = String((await upload(app, admin, 'extra.pdf', Buffer.alloc(1, 1))).body.data.url);
    const tooMany = await saveOrderFiles({ orderId, files: [...addresses.slice(0, 30), extra].slice(0, 31) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 40001, msg: expect.stringContaining('最多上传 30 个文件') });
    expect((await filesOfOrder()).total).toBe(before + 30);
  });

  test.each([
    ['an address no upload answered', () => '/admin/sys-file/tenant-2/notUploaded123.pdf', 400],
    ['a text that is no address', () => 'not an address', 400],
  ])('%s is refused (%s) and nothing is attached', async (_case, address, status) => {
    const before = (await filesOfOrder()).total;
    const answer = await saveOrderFiles({ orderId, files: [address()] });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code: 40010 });
    expect((await filesOfOrder()).total).toBe(before);
  });

  test("another tenant's file, and another tenant's order, are not attached", async () => {
    const operator = await signIn(app, 'operator', 'operator123');
    const foreign = String((await upload(app, operator, 'foreign.pdf', Buffer.alloc(4, 1))).body.data.url);
    const own = String((await upload(app, admin, 'own.pdf', Buffer.alloc(4, 1))).body.data.url);
    expect((await saveOrderFiles({ orderId, files: [foreign] })).status).toBe(400);
    // The operator's tenant has no such order.
    expect((await saveOrderFiles({ orderId, files: [own] }, operator)).status).toBe(404);
  });
});
