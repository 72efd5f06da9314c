import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { example } from '../support/contract';
import type { TestServer } from '../support/server';

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };

const labels = (lng: string) =>
  JSON.parse(readFileSync(`generated/i18n/${lng}.json`, 'utf8')) as Record<string, Record<string, unknown>>;
const label = (lng: string, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], labels(lng));

describe('the specification’s texts', () => {
  test("the tender page asks 'Are you sure you want to delete this tender information ?' before deleting", () => {
    const page = JSON.parse(readFileSync('schemas/pages/tender.json', 'utf8')) as {
      rowActions: { action: string; confirm?: string }[];
    };
    const confirm = page.rowActions.find((a) => a.action === 'delete')?.confirm ?? '';
    expect(label('en', confirm)).toBe('Are you sure you want to delete this tender information ?');
    expect(label('zh', confirm)).toBe('确定要删除该投标信息吗？');
  });

  test.each([
    ['toBeProcured', 'To be procured'],
    ['beingProcured', 'Being procured'],
    ['onHold', 'Purchase on hold'],
    ['completed', 'Procurement completed'],
  ])('procurement status %s reads %s', (code, text) => {
    expect(label('en', `enums.procurementStatus.${code}`)).toBe(text);
  });

  test.each([
    ['ongoing', 'Ongoing'],
    ['won', 'Won'],
    ['failed', 'Failed'],
    ['unawarded', 'Unawarded'],
  ])('bid status %s reads %s', (code, text) => {
    expect(label('en', `enums.tenderStatus.${code}`)).toBe(text);
  });
});

describe.each(databases())('tenders, stock and bills of materials on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(() => server.stop());

  let unique = 0;
  const get = <T>(url: string, query: Record<string, string> = {}) => call<T>(app, admin, { method: 'GET', url, query });
  const saveTender = (values: Row) =>
    call<Row>(app, admin, {
      method: 'POST',
      url: '/manager/busBiddingInfo',
      payload: { ...example('tender'), tenderNo: `T-${Date.now()}-${(unique += 1)}`, ...values },
    });
  const step = (transition: string, id: unknown) =>
    call<Row>(app, admin, { method: 'PUT', url: `/manager/busBiddingInfo/${transition}/${String(id)}` });

  describe('tender numbers', () => {
    test('the generated number is TB, today and the next sequence of the day; a number is used once', async () => {
      const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      const first = (await get<string>('/manager/busBiddingInfo/generateNumber')).body.data;
      expect(first).toMatch(new RegExp(`^TB${today}\\d{3}$`));
      expect((await saveTender({ tenderNo: first })).status).toBe(200);
      const second = (await get<string>('/manager/busBiddingInfo/generateNumber')).body.data;
      expect(Number(second.slice(-3))).toBe(Number(first.slice(-3)) + 1);
      const again = await saveTender({ tenderNo: first });
      expect(again.status).toBe(409);
    });
  });

  describe('bidding statistics of a year', () => {
    // A year of its own, so the demo's tenders do not count.
    const year = 2031;
    beforeAll(async () => {
      const plan = [
        { month: '03', bidAmount: 1000000, outcome: 'win', bid: true },
        { month: '03', bidAmount: 500000, outcome: 'lose', bid: true },
        { month: '05', bidAmount: 300000, outcome: 'unaward', bid: true },
        { month: '07', bidAmount: 200000, outcome: undefined, bid: false },
      ];
      for (const { month, bidAmount, outcome, bid } of plan) {
        const tender = await saveTender({
          planBidDate: `${year}-${month}-10`,
          bidAmount,
          budgetAmount: bidAmount * 2,
          ...(bid
            ? { bidDate: `${year}-${month === '05' ? '06' : month}-09`, openDate: `${year}-12-01` }
            : { bidDate: undefined, openDate: undefined }),
        });
        expect(tender.body.data.status).toBe('ongoing');
        if (outcome) expect((await step(outcome, tender.body.data.id)).body.data.status).not.toBe('ongoing');
      }
    });
    const query = { year: String(year) };

    test('statistics count each bid status, sum the amounts and give the win rate of the decided tenders', async () => {
      const figures = (await get<Row>('/manager/busBiddingInfo/statistics', query)).body.data;
      expect(figures).toEqual({
        year,
        total: 4,
        ongoing: 1,
        won: 1,
        failed: 1,
        unawarded: 1,
        budgetAmount: 4000000,
        bidAmount: 2000000,
        wonAmount: 1000000,
        winRate: 33.33,
      });
    });

    test('the win rate is won in percent of won, failed and unawarded', async () => {
      expect((await get<Row>('/manager/busBiddingInfo/winRate', query)).body.data).toEqual({
        year,
        decided: 3,
        won: 1,
        failed: 1,
        unawarded: 1,
        winRate: 33.33,
      });
    });

    test('the trend has every month, with tenders, tenders won and the amount won', async () => {
      const trend = (await get<Row[]>('/manager/busBiddingInfo/trend', query)).body.data;
      expect(trend).toHaveLength(12);
      expect(trend[2]).toEqual({ month: `${year}-03`, total: 2, won: 1, wonAmount: 1000000 });
      expect(trend[0]).toEqual({ month: `${year}-01`, total: 0, won: 0, wonAmount: 0 });
    });

    test('plan versus actual counts planned bid dates against actual bid dates, month by month', async () => {
      const months = (await get<Row[]>('/manager/busBiddingInfo/planVsActual', query)).body.data;
      expect(months.filter((m) => m.planned !== 0 || m.actual !== 0)).toEqual([
        { month: `${year}-03`, planned: 2, actual: 2 },
        { month: `${year}-05`, planned: 1, actual: 0 },
        { month: `${year}-06`, planned: 0, actual: 1 },
        { month: `${year}-07`, planned: 1, actual: 0 },
      ]);
    });

    test('the funnel narrows from tracked to submitted, decided and won', async () => {
      expect((await get<Row[]>('/manager/busBiddingInfo/funnel', query)).body.data).toEqual([
        { stage: 'tracked', count: 4 },
        { stage: 'submitted', count: 3 },
        { stage: 'decided', count: 3 },
        { stage: 'won', count: 1 },
      ]);
    });

    test('the ranking puts the responsible user first by amount won', async () => {
      const ranking = (await get<Row[]>('/manager/busBiddingInfo/ranking', query)).body.data;
      expect(ranking[0]).toMatchObject({
        rank: 1,
        ownerName: '系统管理员',
        total: 4,
        won: 1,
        wonAmount: 1000000,
        winRate: 33.33,
      });
    });

    test('the kanban counts every tender of the tenant by bid status', async () => {
      const groups = (await get<{ key: string; count: number }[]>('/manager/busBiddingInfo/kanban')).body.data;
      const total = (await get<Page>('/manager/busBiddingInfo/page', { size: '10' })).body.data.total;
      expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(total);
      expect(groups.map((g) => g.key).sort()).toEqual(['failed', 'ongoing', 'unawarded', 'won']);
    });

    test('a won tender cannot be marked failed (409), and stays won', async () => {
      const tender = (await saveTender({ planBidDate: '2032-01-10' })).body.data;
      await step('win', tender.id);
      const refused = await step('lose', tender.id);
      expect(refused.status).toBe(409);
      expect((await get<Row>('/manager/busBiddingInfo/getById', { id: String(tender.id) })).body.data.status).toBe('won');
    });
  });

  describe('stock movements', () => {
    const move = (materialId: unknown, direction: string, quantity: number) =>
      call<Row>(app, admin, {
        method: 'POST',
        url: '/manager/materialStoreDetail',
        payload: { materialId, direction, quantity, movementDate: '2026-03-01' },
      });
    const stockOf = async (id: unknown) => (await get<Row>('/manager/materialStore/getById', { id: String(id) })).body.data.stock;
    const movementsOf = async (id: unknown) =>
      (await get<Page>('/manager/materialStoreDetail/page', { materialId: String(id), size: '50' })).body.data.total;

    test('in and out change the stock and record the balance; taking more than the stock is refused with 409 and nothing is written', async () => {
      const material = (
        await call<Row>(app, admin, {
          method: 'POST',
          url: '/manager/materialStore',
          payload: { ...example('material'), code: `M-${(unique += 1)}` },
        })
      ).body.data;
      expect((await move(material.id, 'in', 10)).body.data.balance).toBe(10);
      expect((await move(material.id, 'out', 3.5)).body.data.balance).toBe(6.5);
      expect(await stockOf(material.id)).toBe(6.5);
      const refused = await move(material.id, 'out', 7);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe(42400);
      expect(refused.body.msg).toContain('Not enough stock');
      expect(await stockOf(material.id)).toBe(6.5);
      expect(await movementsOf(material.id)).toBe(2);
      expect((await move(material.id, 'out', 6.5)).body.data.balance).toBe(0);
      expect(await stockOf(material.id)).toBe(0);
    });

    test('movements at the same moment never take more than the stock: each is written whole or refused', async () => {
      const material = (
        await call<Row>(app, admin, {
          method: 'POST',
          url: '/manager/materialStore',
          payload: { ...example('material'), code: `M-${(unique += 1)}` },
        })
      ).body.data;
      await move(material.id, 'in', 5);
      const answers = await Promise.all(Array.from({ length: 10 }, () => move(material.id, 'out', 1)));
      const taken = answers.filter((answer) => answer.status === 200).length;
      expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.status === 409)).toBe(true);
      expect(taken).toBeLessThanOrEqual(5);
      expect(await stockOf(material.id)).toBe(5 - taken);
      expect(await movementsOf(material.id)).toBe(1 + taken);
    });

    test.each([
      ['no quantity', { direction: 'in', movementDate: '2026-03-01' }],
      ['a quantity of 0', { direction: 'in', quantity: 0, movementDate: '2026-03-01' }],
      ['an unknown direction', { direction: 'sideways', quantity: 1, movementDate: '2026-03-01' }],
    ])('%s is refused with 400', async (_case, payload) => {
      const material = (await get<Page>('/manager/materialStore/page')).body.data.records[0];
      const answer = await call(app, admin, {
        method: 'POST',
        url: '/manager/materialStoreDetail',
        payload: { materialId: material?.id, ...payload },
      });
      expect(answer.status).toBe(400);
    });
  });

  describe('bills of materials', () => {
    const workbook = async (rows: unknown[][]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('BOM');
      sheet.addRow(['产品名称', '物料编码', '物料名称', '规格型号', '单位', '单套用量', '备注']);
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const upload = (bytes: Buffer) => {
      const boundary = `----tender${(unique += 1)}`;
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bom.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
      return call<Row>(app, admin, {
        method: 'POST',
        url: '/manager/materialbom/import',
        payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const linesOf = async (productName: string) =>
      (await get<Page>('/manager/materialbom/page', { productName, size: '50' })).body.data.records;

    test('a workbook is imported line by line, then matched with the store', async () => {
      const product = `测试产品${(unique += 1)}`;
      const code = `BOM-${unique}`;
      const material = (
        await call<Row>(app, admin, { method: 'POST', url: '/manager/materialStore', payload: { ...example('material'), code } })
      ).body.data;
      await call(app, admin, {
        method: 'POST',
        url: '/manager/materialStoreDetail',
        payload: { materialId: material.id, direction: 'in', quantity: 6, movementDate: '2026-03-01' },
      });
      const answer = await upload(
        await workbook([
          [product, code, '直流熔断器', '1000V 63A', '个', 4, ''],
          [product, '', '不存在的物料', '', '个', 2.5, '无库存'],
        ]),
      );
      expect(answer.body).toEqual({ code: 0, msg: 'success', data: { imported: 2 } });
      expect(await linesOf(product)).toHaveLength(2);
      const matched = await call<Row[]>(app, admin, {
        method: 'POST',
        url: '/manager/materialbom/matchData',
        payload: { productName: product, sets: 2 },
      });
      expect(matched.body.data.map(({ bomId: _id, ...line }) => line)).toEqual([
        {
          materialCode: code,
          materialName: '直流熔断器',
          matched: true,
          materialId: material.id,
          unit: '个',
          needed: 8,
          stock: 6,
          shortage: 2,
        },
        { materialName: '不存在的物料', matched: false, needed: 5, stock: 0, shortage: 5 },
      ]);
    });

    test.each([
      ['a file that is not a workbook', async () => Buffer.from('product,material\nA,B\n'), 'not an Excel workbook'],
      ['a workbook without lines', () => workbook([]), 'no line below the header row'],
      [
        'a workbook with a bad quantity in row 3',
        () =>
          workbook([
            ['坏工作簿产品', 'WL-0001', '直流熔断器', '', '个', 2, ''],
            ['坏工作簿产品', 'WL-0002', '交流断路器', '', '台', 'many', ''],
          ]),
        'row 3',
      ],
      [
        'a workbook with a line without material name',
        () => workbook([['坏工作簿产品', 'WL-0001', '', '', '个', 2, '']]),
        'row 2',
      ],
    ])('%s is refused with 400 and a message, and nothing is imported', async (_case, make, message) => {
      const before = (await get<Page>('/manager/materialbom/page', { size: '10' })).body.data.total;
      const answer = await upload(await make());
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(42401);
      expect(answer.body.msg).toContain(message);
      expect((await get<Page>('/manager/materialbom/page', { size: '10' })).body.data.total).toBe(before);
    });

    test('a batch of lines is deleted at once; a batch naming a missing line deletes none', async () => {
      const product = `批量删除产品${(unique += 1)}`;
      await upload(
        await workbook([
          [product, '', '物料甲', '', '个', 1, ''],
          [product, '', '物料乙', '', '个', 1, ''],
        ]),
      );
      const ids = (await linesOf(product)).map((line) => line.id);
      const refused = await call(app, admin, {
        method: 'DELETE',
        url: '/manager/materialbom/batch',
        query: { ids: [...ids, 2147483000].join(',') },
      });
      expect(refused.status).toBe(404);
      expect(await linesOf(product)).toHaveLength(2);
      const done = await call(app, admin, { method: 'DELETE', url: '/manager/materialbom/batch', query: { ids: ids.join(',') } });
      expect(done.status).toBe(200);
      expect(await linesOf(product)).toEqual([]);
    });
  });
});
