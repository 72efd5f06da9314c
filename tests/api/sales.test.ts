import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { example } from '../support/contract';
import type { TestServer } from '../support/server';

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let unique = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now() % 100000}-${(unique += 1)}`;

describe.each(databases())('sales on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let customerId: number;
  let otherCustomerId: number;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    const customers = await as<Page>('GET', '/manager/customer/getCustomerList', { query: { size: '50' } });
    customerId = Number(customers.body.data.records[0]?.id);
    otherCustomerId = Number(customers.body.data.records[1]?.id);
  });
  afterAll(() => server.stop());

  const as = <T = Row>(method: Method, url: string, options: { query?: Record<string, string>; payload?: unknown } = {}) =>
    call<T>(app, admin, {
      method,
      url,
      ...(options.query ? { query: options.query } : {}),
      ...(options.payload !== undefined ? { payload: options.payload as Row } : {}),
    });
  const newOrder = async (values: Row = {}) => {
    const answer = await as('POST', '/manager/orderinfo/saveOrder', {
      payload: { ...example('salesOrder'), orderNo: fresh('SO'), customerId, ...values },
    });
    expect(answer.body.msg).toBe('success');
    return answer.body.data;
  };
  const getOrder = async (id: unknown) =>
    (await as('GET', '/manager/orderinfo/getById', { query: { id: String(id) } })).body.data;
  const employees = async () => (await as<Page>('GET', '/manager/user/page', { query: { size: '50' } })).body.data.records;

  describe('money fields: 2 decimals, from -9999999999.99 to 9999999999.99 (specification §5)', () => {
    test.each([
      ['the largest amount', 9999999999.99],
      ['the smallest amount (negatives are allowed)', -9999999999.99],
      ['zero', 0],
      ['two decimals', 1234.56],
      ['a million with cents', 1158000.15],
    ])('%s is accepted', async (_case, contractAmount) => {
      const order = await newOrder({ contractAmount });
      expect(order.contractAmount).toBe(contractAmount);
    });

    test.each([
      ['over 9999999999.99', 10000000000, 'The amount can have at most 10 digits and 2 decimals'],
      ['under -9999999999.99', -10000000000, 'The amount cannot be less than -9999999999.99'],
      ['not a number', 'abc', 'Please fill in a numeric amount'],
      ['with three decimals', 1158000.155, 'The amount can have at most 2 decimals'],
    ])('an amount %s is refused with 400 and its message, and nothing is written', async (_case, contractAmount, message) => {
      const orderNo = fresh('SO');
      const answer = await as('POST', '/manager/orderinfo/saveOrder', {
        payload: { ...example('salesOrder'), orderNo, customerId, contractAmount },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toContain(message);
      const found = await as<Page>('GET', '/manager/orderinfo/page', { query: { orderNo } });
      expect(found.body.data.total).toBe(0);
    });

    test('a payment may not exceed the cap either', async () => {
      const order = await newOrder();
      const answer = await as('POST', '/manager/orderPay', {
        payload: { orderId: order.id, amount: 99999999999, payDate: '2026-05-01' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toContain('at most 10 digits and 2 decimals');
    });
  });

  describe('order transfer', () => {
    test('hands an order to a colleague, who becomes its owner', async () => {
      const order = await newOrder();
      expect(order.ownerName).toBe('系统管理员');
      const colleague = (await employees()).find((e) => e.name !== '系统管理员' && e.accountActive !== false);
      const answer = await as('POST', '/manager/orderinfo/orderTransfer', { payload: { id: order.id, userId: colleague?.id } });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ id: order.id, ownerName: colleague?.name, ownerId: colleague?.userId });
      expect(await getOrder(order.id)).toMatchObject({ ownerName: colleague?.name, name: order.name });
    });

    test('hands several orders over at once; with a missing one none of them moves', async () => {
      const [first, second] = [await newOrder(), await newOrder()];
      const colleague = (await employees()).find((e) => e.name !== '系统管理员');
      const refused = await as('POST', '/manager/orderinfo/orderTransferBatch', {
        payload: { ids: [first?.id, 2147483600], userId: colleague?.id },
      });
      expect(refused.status).toBe(404);
      expect((await getOrder(first?.id)).ownerName).toBe('系统管理员');
      const answer = await as<Row[]>('POST', '/manager/orderinfo/orderTransferBatch', {
        payload: { ids: [first?.id, second?.id], userId: colleague?.id },
      });
      expect(answer.body.data.map((o) => o.ownerName)).toEqual([colleague?.name, colleague?.name]);
      expect((await getOrder(second?.id)).ownerName).toBe(colleague?.name);
    });

    test('refuses an employee who has left, and the order keeps its owner', async () => {
      const departments = await as<Page>('GET', '/manager/department/page', { query: { size: '50' } });
      const department = departments.body.data.records.find((d) => !d.endTime);
      const leaver = await as('POST', '/manager/user/save', {
        payload: {
          ...example('user'),
          username: fresh('leaver').replace(/-/g, '.'),
          name: '离职员工',
          departments: [{ departmentId: department?.id, positionType: 'member' }],
          isResigned: true,
          resignationDate: '2026-06-30',
        },
      });
      expect(leaver.body.msg).toBe('success');
      const order = await newOrder();
      const answer = await as('POST', '/manager/orderinfo/orderTransfer', {
        payload: { id: order.id, userId: leaver.body.data.id },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 42100, msg: '离职员工 has left or cannot sign in, and cannot own orders' });
      expect((await getOrder(order.id)).ownerName).toBe('系统管理员');
    });
  });

  test('adminUpdate corrects the figures of an order and keeps the rest; it is for administrators only', async () => {
    const order = await newOrder({ contractAmount: 1000 });
    const corrected = await as('PUT', '/manager/orderinfo/adminUpdate', { payload: { id: order.id, contractAmount: 1200.5 } });
    expect(corrected.body.data).toMatchObject({ contractAmount: 1200.5, name: order.name, orderNo: order.orderNo });
    const staff = await signIn(app, 'auditor', 'auditor123');
    const refused = await call(app, staff, {
      method: 'PUT',
      url: '/manager/orderinfo/adminUpdate',
      payload: { id: order.id, contractAmount: 1 },
    });
    expect(refused.status).toBe(403);
    expect((await getOrder(order.id)).contractAmount).toBe(1200.5);
  });

  test('getOrderTypeStat counts and sums the orders by kind', async () => {
    const stat = async () =>
      (
        await as<{ key: string; count: number; sum: number }[]>('GET', '/manager/orderinfo/getOrderTypeStat', {
          query: { signFrom: '2061-01-01', signTo: '2061-12-31' },
        })
      ).body.data;
    expect(await stat()).toEqual([]);
    await newOrder({ signDate: '2061-02-01', deliveryDate: undefined, orderType: 'service', contractAmount: 10.25 });
    await newOrder({ signDate: '2061-05-01', deliveryDate: undefined, orderType: 'service', contractAmount: 20 });
    await newOrder({ signDate: '2061-06-01', deliveryDate: undefined, orderType: 'product', contractAmount: 5 });
    expect(await stat()).toEqual([
      { key: 'service', count: 2, sum: 30.25 },
      { key: 'product', count: 1, sum: 5 },
    ]);
  });

  test('related orders are the other orders of the same customer', async () => {
    const first = await newOrder({ signDate: '2026-01-10' });
    const second = await newOrder({ signDate: '2026-02-10' });
    const elsewhere = await newOrder({ customerId: otherCustomerId });
    const answer = await as<Row[]>('GET', '/manager/orderinfo/getRelatedOrders', { query: { id: String(first.id) } });
    const ids = answer.body.data.map((o) => o.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(first.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(answer.body.data.every((o) => o.customerId === customerId)).toBe(true);
  });

  describe('receivables and invoices of an order', () => {
    let order: Row;
    beforeAll(async () => {
      order = await newOrder({ contractAmount: 1000, budgetCost: 600 });
      for (const amount of [300, 200.5]) {
        await as('POST', '/manager/orderPay', { payload: { orderId: order.id, amount, payDate: '2026-05-01' } });
      }
      await as('POST', '/manager/orderinvoicerecord', {
        payload: {
          orderId: order.id,
          invoiceNo: fresh('INV'),
          invoiceType: 'vatSpecial',
          invoiceDate: '2026-05-02',
          amount: 400,
        },
      });
      await as('POST', '/manager/orderinvoice', {
        payload: { orderId: order.id, invoiceType: 'vatSpecial', amount: 100, name: 'Buyer Ltd' },
      });
    });

    test('getPayInvoiceStat: received, invoiced, waiting for finance and outstanding', async () => {
      const answer = await as('GET', '/manager/orderinfo/getPayInvoiceStat', { query: { orderId: String(order.id) } });
      expect(answer.body.data).toEqual({
        orderId: order.id,
        contractAmount: 1000,
        receivedAmount: 500.5,
        invoicedAmount: 400,
        appliedAmount: 100,
        unreceivedAmount: 499.5,
        uninvoicedAmount: 600,
        receivedRate: 50.05,
        invoicedRate: 40,
        paymentCount: 2,
        invoiceCount: 1,
      });
    });

    test('getProjFinishCalcDtl: gross profit against the budgeted cost, and the receivable balance', async () => {
      const answer = await as('GET', '/manager/orderinfo/getProjFinishCalcDtl', { query: { orderId: String(order.id) } });
      expect(answer.body.data).toMatchObject({
        contractAmount: 1000,
        budgetCost: 600,
        grossProfit: 400,
        grossMargin: 40,
        receivedAmount: 500.5,
        invoicedAmount: 400,
        receivableBalance: -100.5,
      });
    });

    test('an order with payments cannot be deleted (409), and stays', async () => {
      const answer = await as('DELETE', `/manager/orderinfo/${String(order.id)}`);
      expect(answer.status).toBe(409);
      expect((await getOrder(order.id)).id).toBe(order.id);
    });

    test('the invoice flow: apply, invoicing by finance, replace (specification §4)', async () => {
      const applied = await as('POST', '/manager/orderinvoice', {
        payload: { orderId: order.id, invoiceType: 'vatOrdinary', amount: 50, name: 'Buyer Ltd', status: 'replaced' },
      });
      expect(applied.body.data.status).toBe('applied');
      const id = String(applied.body.data.id);
      const step = (name: string, payload?: Row) => as('PUT', `/manager/orderinvoice/${name}/${id}`, payload ? { payload } : {});
      expect((await step('replace')).status).toBe(409);
      expect((await step('invoice')).body.data.status).toBe('invoiced');
      const replacing = await step('applyReplace', { replaceReason: 'Wrong tax number' });
      expect(replacing.body.data).toMatchObject({ status: 'replacementApplied', replaceReason: 'Wrong tax number' });
      expect((await step('replace')).body.data.status).toBe('replaced');
      expect((await step('invoice')).status).toBe(409);
    });

    test('a rejected application records the reason and may be applied again', async () => {
      const applied = await as('POST', '/manager/orderinvoice', {
        payload: { orderId: order.id, invoiceType: 'vatOrdinary', amount: 50, name: 'Buyer Ltd' },
      });
      const id = String(applied.body.data.id);
      const rejected = await as('PUT', `/manager/orderinvoice/reject/${id}`, { payload: { rejectReason: 'Wrong title' } });
      expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Wrong title' });
      expect((await as('PUT', `/manager/orderinvoice/reapply/${id}`)).body.data.status).toBe('applied');
    });
  });

  test('deleting an order deletes its files and weekly reports', async () => {
    const order = await newOrder();
    const file = await as('POST', '/manager/orderfile', {
      payload: { orderId: order.id, fileName: '合同.pdf', fileUrl: '/admin/sys-file/tenant-2/x.pdf' },
    });
    const report = await as('POST', '/manager/orderinfo/weeklyReport', {
      payload: { orderId: order.id, weekStart: '2026-11-16', weekEnd: '2026-11-22', progress: '设备到货' },
    });
    expect((await as('DELETE', `/manager/orderinfo/${String(order.id)}`)).body.data).toBe(true);
    const files = await as('GET', '/manager/orderfile/getById', { query: { id: String(file.body.data.id) } });
    const reports = await as('GET', '/manager/orderinfo/weeklyReport/getById', { query: { id: String(report.body.data.id) } });
    expect([files.status, reports.status]).toEqual([404, 404]);
  });

  test('a weekly report cannot end before it starts', async () => {
    const order = await newOrder();
    const answer = await as('POST', '/manager/orderinfo/weeklyReport', {
      payload: { orderId: order.id, weekStart: '2026-11-16', weekEnd: '2026-11-10', progress: 'x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('The end cannot be earlier than the start');
  });

  test('getOrderYearStat: orders by signing month against the same month of the year before', async () => {
    await newOrder({ signDate: '2051-03-05', contractAmount: 300, deliveryDate: undefined });
    await newOrder({ signDate: '2051-03-20', contractAmount: 100.5, deliveryDate: undefined });
    await newOrder({ signDate: '2050-03-10', contractAmount: 200, deliveryDate: undefined });
    await newOrder({ signDate: '2050-07-10', contractAmount: 50, deliveryDate: undefined });
    const answer = await as<{ months: Row[] } & Row>('GET', '/manager/orderinfo/getOrderYearStat', { query: { year: '2051' } });
    expect(answer.body.data.months).toHaveLength(12);
    expect(answer.body.data.months[2]).toEqual({
      month: 3,
      count: 2,
      amount: 400.5,
      lastYearCount: 1,
      lastYearAmount: 200,
      amountChange: 100.25,
    });
    expect(answer.body.data.months[6]).toMatchObject({ count: 0, lastYearAmount: 50, amountChange: -100 });
    expect(answer.body.data.months[0]).toMatchObject({ count: 0, lastYearCount: 0, amountChange: null });
    expect(answer.body.data).toMatchObject({
      count: 2,
      amount: 400.5,
      lastYearCount: 2,
      lastYearAmount: 250,
      amountChange: 60.2,
    });
  });

  test('getBudgetForQuoteInfo: each line and the totals of a quotation', async () => {
    const quote = await as('POST', '/manager/quoteinfo/saveQuote', {
      payload: { ...example('quote'), quoteNo: fresh('QT'), customerId },
    });
    const answer = await as('GET', '/manager/quoteinfo/getBudgetForQuoteInfo', { query: { id: String(quote.body.data.id) } });
    expect(answer.body.data).toMatchObject({
      quoteId: quote.body.data.id,
      salesAmount: 1510001,
      costAmount: 1216000,
      grossProfit: 294001,
      grossMargin: 19.47,
    });
    expect((answer.body.data.lines as Row[])[1]).toMatchObject({
      quantity: 2,
      salesAmount: 330001,
      costAmount: 256000,
      profit: 74001,
    });
  });

  test('getQuoteForOrder answers the quotations of the order only', async () => {
    const order = await newOrder();
    const quote = await as('POST', '/manager/quoteinfo/saveQuote', {
      payload: { ...example('quote'), quoteNo: fresh('QT'), customerId, orderId: order.id },
    });
    await as('POST', '/manager/quoteinfo/saveQuote', { payload: { ...example('quote'), quoteNo: fresh('QT'), customerId } });
    const answer = await as<Row[]>('GET', '/manager/quoteinfo/getQuoteForOrder', { query: { orderId: String(order.id) } });
    expect(answer.body.data.map((q) => q.id)).toEqual([quote.body.data.id]);
    const missing = await as('GET', '/manager/quoteinfo/getQuoteForOrder', { query: { orderId: '2147483600' } });
    expect(missing.status).toBe(404);
  });

  test('a quotation is pending once submitted and replied once the customer answers', async () => {
    const quote = await as('POST', '/manager/quoteinfo/saveQuote', {
      payload: { ...example('quote'), quoteNo: fresh('QT'), customerId },
    });
    const id = String(quote.body.data.id);
    expect(quote.body.data.status).toBe('draft');
    expect((await as('PUT', `/manager/quoteinfo/replyQuote/${id}`, { payload: {} })).status).toBe(409);
    expect((await as('PUT', `/manager/quoteinfo/submitQuote/${id}`)).body.data.status).toBe('pending');
    const replied = await as('PUT', `/manager/quoteinfo/replyQuote/${id}`, { payload: { replyContent: 'Accepted' } });
    expect(replied.body.data).toMatchObject({ status: 'replied', replyContent: 'Accepted' });
  });

  test('a contract moves through the contract lists: pending signature, signed, completed, deleted (specification §4)', async () => {
    const order = await newOrder();
    const contractNo = fresh('HT');
    const saved = await as('POST', '/manager/contractfile', {
      payload: { ...example('contractFile'), contractNo, orderId: order.id },
    });
    const id = saved.body.data.id;
    const lists = ['pendingSignature', 'signed', 'completed', 'deleted'];
    const where = async () => {
      const found: string[] = [];
      for (const list of lists) {
        const page = await as<Page>('GET', `/manager/contractfile/${list}/page`, { query: { contractNo } });
        if (page.body.data.records.some((r) => r.id === id)) found.push(list);
      }
      return found;
    };
    expect(await where()).toEqual(['pendingSignature']);
    for (const [step, list] of [
      ['sign', 'signed'],
      ['complete', 'completed'],
      ['remove', 'deleted'],
      ['restore', 'pendingSignature'],
    ] as const) {
      expect((await as('PUT', `/manager/contractfile/${step}/${String(id)}`)).status).toBe(200);
      expect(await where()).toEqual([list]);
    }
    const ofOrder = await as<Page>('POST', '/manager/orderinfo/getContractFile', { query: { orderId: String(order.id) } });
    expect(ofOrder.body.data.records.map((r) => r.id)).toEqual([id]);
  });

  test('fetchContractExcel answers a workbook of the contracts the filter selects', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/manager/orderinfo/fetchContractExcel?status=signed',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const signed = await as<Page>('GET', '/manager/contractfile/signed/page', { query: { size: '10' } });
    expect((sheet?.actualRowCount ?? 1) - 1).toBe(signed.body.data.total);
    expect(sheet?.getRow(1).values).toContain('Contract number');
  });

  describe('the leaderboard: top 10 clients by contract value (specification §9)', () => {
    test('at most 10 clients, largest contract value first, ranked from 1', async () => {
      const answer = await as<Page>('GET', '/manager/ranking/contractTop', { query: { size: '50' } });
      const rows = answer.body.data.records;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(10);
      expect(rows.map((r) => r.rank)).toEqual(rows.map((_r, i) => i + 1));
      const amounts = rows.map((r) => Number(r.contractAmount));
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    });

    test("a client's orders are summed, and the new largest client comes first", async () => {
      await newOrder({ customerId: otherCustomerId, contractAmount: 9000000000 });
      await newOrder({ customerId: otherCustomerId, contractAmount: 900000000.5 });
      const answer = await as<Page>('GET', '/manager/ranking/contractTop');
      const first = answer.body.data.records[0];
      expect(first).toMatchObject({ rank: 1, customerId: otherCustomerId });
      expect(Number(first?.contractAmount)).toBeGreaterThanOrEqual(9900000000.5);
    });

    test('the administrator takes part in the rankings', async () => {
      const answer = await as('GET', '/manager/ranking/checkPartake');
      expect(answer.body.data).toEqual({ partake: true });
    });
  });

  test('the demo has orders, receivables, quotations and contracts in every list', async () => {
    const count = async (url: string) => (await as<Page>('GET', url, { query: { size: '10' } })).body.data.total;
    expect(await count('/manager/orderinfo/page')).toBeGreaterThanOrEqual(8);
    expect(await count('/manager/orderPay/page')).toBeGreaterThan(0);
    expect(await count('/manager/orderinvoicerecord/page')).toBeGreaterThan(0);
    for (const list of ['pendingSignature', 'signed', 'completed', 'deleted']) {
      expect(await count(`/manager/contractfile/${list}/page`), list).toBeGreaterThan(0);
    }
  });
});
