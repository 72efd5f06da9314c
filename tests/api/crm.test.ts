import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { createRecord, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/** Behaviour of the customer relations calls beyond CRUD, as a caller notices it. */
describe.each(databases())('customer relations on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  /** A staff member of tenant 2 (not an administrator), with a sign-in of their own. */
  let staff: { token: string; employee: Row };
  let colleagues: Row[];

  const get = <T = unknown>(token: string, id: string, query: Record<string, string> = {}) =>
    call<T>(app, token, { method: 'GET', url: url(id), query });
  const post = <T = unknown>(token: string, id: string, payload: Row) =>
    call<T>(app, token, { method: 'POST', url: url(id), payload });
  const customer = async (id: unknown) => (await get<Row>(admin, 'getCustomerInfoById', { id: String(id) })).body.data;

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    const employee = await createRecord(app, admin, 'user');
    await post(admin, 'saveUserPermissions', { id: employee.id, permissions: ['customer'] });
    staff = { employee, token: await signIn(app, String(employee.username), 'secret123') };
    const page = await get<{ records: Row[] }>(admin, 'getUserPage', { size: '50' });
    colleagues = page.body.data.records.filter((e) => e.username !== 'admin' && e.id !== employee.id);
  });
  afterAll(() => server.stop());

  describe('the customer pool', () => {
    test('lists only the customers nobody owns, and taking one makes the caller its owner', async () => {
      const pool = await get<{ records: Row[]; total: number }>(admin, 'youyouCustomerList', { size: '50' });
      expect(pool.body.data.total).toBeGreaterThan(0);
      expect(pool.body.data.records.every((c) => c.ownerId === undefined || c.ownerId === null)).toBe(true);
      const taken = pool.body.data.records[0];
      const answer = await post<Row>(staff.token, 'intoCustomer', { id: taken?.id });
      expect(answer.status).toBe(200);
      expect(answer.body.data.ownerName).toBe(staff.employee.name);
      const after = await get<{ records: Row[]; total: number }>(admin, 'youyouCustomerList', { size: '50' });
      expect(after.body.data.total).toBe(pool.body.data.total - 1);
      const mine = await call<{ records: Row[] }>(app, staff.token, { method: 'POST', url: url('getOwnerCustomerList') });
      expect(mine.body.data.records.map((c) => c.id)).toContain(taken?.id);
    });

    test('a customer with an owner cannot be taken (409), and stays with its owner', async () => {
      const owned = await createRecord(app, admin, 'customer');
      const answer = await post(staff.token, 'intoCustomer', { id: owned.id });
      expect(answer.status).toBe(409);
      expect(answer.body.msg).toBe('This customer already has an owner and cannot be taken');
      expect((await customer(owned.id)).ownerName).toBe(owned.ownerName);
    });

    test('the pool is searched by part of the name', async () => {
      const pool = await get<{ records: Row[] }>(admin, 'youyouCustomerList', { size: '50' });
      const name = String(pool.body.data.records[0]?.name);
      const found = await get<{ records: Row[] }>(admin, 'youyouCustomerList', { name: name.slice(2, 6) });
      expect(found.body.data.records.map((c) => c.name)).toContain(name);
    });
  });

  describe('handing customers over', () => {
    test('the owner hands a customer to a colleague, who becomes its owner', async () => {
      const record = await createRecord(app, admin, 'customer');
      const colleague = colleagues[0] ?? {};
      const answer = await post<Row>(admin, 'customerTrans', { id: record.id, userId: colleague.id });
      expect(answer.status).toBe(200);
      expect(answer.body.data.ownerName).toBe(colleague.name);
      const mine = await call<{ records: Row[] }>(app, admin, {
        method: 'POST',
        url: url('getOwnerCustomerList'),
        query: { size: '50' },
      });
      expect(mine.body.data.records.map((c) => c.id)).not.toContain(record.id);
    });

    test('someone who neither owns the customer nor administers the tenant may not hand it over (403)', async () => {
      const record = await createRecord(app, admin, 'customer');
      const answer = await post(staff.token, 'customerTrans', { id: record.id, userId: staff.employee.id });
      expect(answer.status).toBe(403);
      expect((await customer(record.id)).ownerName).toBe(record.ownerName);
    });

    test('a batch moves all of its customers, or none when one of them does not exist', async () => {
      const first = await createRecord(app, admin, 'customer');
      const second = await createRecord(app, admin, 'customer');
      const colleague = colleagues[1] ?? {};
      const refused = await post(admin, 'customerTransBatch', { ids: [first.id, second.id, 2147483000], userId: colleague.id });
      expect(refused.status).toBe(404);
      expect((await customer(first.id)).ownerName).toBe(first.ownerName);
      const moved = await post<Row[]>(admin, 'customerTransBatch', { ids: [first.id, second.id], userId: colleague.id });
      expect(moved.body.data.map((c) => c.ownerName)).toEqual([colleague.name, colleague.name]);
    });

    test('to an employee the tenant does not have: 404, nothing moves', async () => {
      const record = await createRecord(app, admin, 'customer');
      const answer = await post(admin, 'customerTrans', { id: record.id, userId: 2147483000 });
      expect(answer.status).toBe(404);
      expect((await customer(record.id)).ownerName).toBe(record.ownerName);
    });
  });

  test('sharing with colleagues adds each of them once', async () => {
    const record = await createRecord(app, admin, 'customer');
    const ids = colleagues.slice(0, 2).map((c) => c.id);
    const first = await post<Row[]>(admin, 'customerShare', { customerId: record.id, userIds: ids });
    expect(first.body.data.map((s) => s.userId)).toEqual(ids);
    const again = await post<Row[]>(admin, 'customerShare', { customerId: record.id, userIds: ids, role: 'viewer' });
    expect(again.body.data).toEqual(first.body.data);
    const listed = await get<{ total: number }>(admin, 'getCustomerOwnerList', { customerId: String(record.id) });
    expect(listed.body.data.total).toBe(2);
  });

  describe('tax number lookup', () => {
    test('a registered company: its registry entry, and the customer the tenant has with that number', async () => {
      const record = await createRecord(app, admin, 'customer');
      const answer = await post<Row>(admin, 'youyouCustomerInfo', { taxNumber: String(record.taxNumber).toLowerCase() });
      expect(answer.body.data).toMatchObject({ found: true, name: '华东精密制造有限公司', legalPerson: '陈建国', city: '上海' });
      expect(answer.body.data.customerId).toEqual(expect.any(Number));
    });

    test('a number the registry does not know: found false, nothing else', async () => {
      const answer = await post<Row>(admin, 'youyouCustomerInfo', { taxNumber: '91110000000000000X' });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ found: false, name: null, customerId: null });
    });

    test.each(['123', '9131-0000-MA1F-L0X1'])('a malformed number (%s) is refused with 400', async (taxNumber) => {
      expect((await post(admin, 'youyouCustomerInfo', { taxNumber })).status).toBe(400);
    });
  });

  test.each([
    ['上海市浦东新区张江路 88 号', '上海', '上海'],
    ['广东省深圳市南山区科技园', '深圳', '广东'],
    ['江苏省苏州市工业园区星湖街', '苏州', '江苏'],
    ['浙江省某县工业区', '杭州', '浙江'],
  ])('the address %s is in %s', async (address, city, province) => {
    const answer = await get<Row>(admin, 'getLocationByAddress', { address });
    expect(answer.body.data).toMatchObject({ found: true, city, province });
    expect(answer.body.data.longitude).toEqual(expect.any(Number));
  });

  test('an address naming no known city is not located', async () => {
    const answer = await get<Row>(admin, 'getLocationByAddress', { address: '1 Main Street' });
    expect(answer.body.data).toMatchObject({ found: false, city: null, longitude: null });
  });

  test('the city table lists the cities of a province', async () => {
    const answer = await get<Row[]>(admin, 'getCityList', { province: '广东' });
    expect(answer.body.data.map((c) => c.name)).toEqual(expect.arrayContaining(['广州', '深圳']));
    expect(answer.body.data.every((c) => c.province === '广东')).toBe(true);
  });

  test.each([
    ['en', ['Name', 'Nature', 'Industry']],
    ['zh', ['客户名称']],
  ])('the Excel export of the customers is labelled in the caller language (%s)', async (language, headers) => {
    const answer = await app.inject({
      method: 'POST',
      url: url('fetchPcExcel'),
      query: { state: 'deal' },
      headers: { authorization: `Bearer ${admin}`, 'accept-language': language },
    });
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, headers.length)).toEqual(headers);
    const deals = await get<{ total: number }>(admin, 'getCustomerList', { state: 'deal' });
    expect((sheet?.actualRowCount ?? 0) - 1).toBe(deals.body.data.total);
  });

  test('customer plans: completed once, then neither completed nor canceled again (409)', async () => {
    const plan = await createRecord(app, admin, 'customerPlan');
    expect(plan.status).toBe('planning');
    const complete = await call<Row>(app, admin, { method: 'PUT', url: url('completeCustomerPlan', { id: plan.id }) });
    expect(complete.body.data.status).toBe('completed');
    for (const id of ['completeCustomerPlan', 'cancelCustomerPlan']) {
      expect((await call(app, admin, { method: 'PUT', url: url(id, { id: plan.id }) })).status).toBe(409);
    }
  });

  test('the real-time positions leave out scrapped vehicles and tell which are online', async () => {
    const vehicle = await createRecord(app, admin, 'vehicle');
    await call(app, admin, {
      method: 'PUT',
      url: url('updateVehicle'),
      payload: { ...withoutReadOnly(vehicle), status: 'scrapped' },
    });
    const answer = await get<Row[]>(admin, 'getRealTimeVehicle');
    expect(answer.body.data.length).toBeGreaterThan(0);
    expect(answer.body.data.map((v) => v.id)).not.toContain(vehicle.id);
    expect(answer.body.data.some((v) => v.online === true)).toBe(true);
    const idle = await get<Row[]>(admin, 'getRealTimeVehicle', { status: 'idle' });
    expect(idle.body.data.every((v) => v.status === 'idle')).toBe(true);
  });
});

function withoutReadOnly(record: Row): Row {
  const { createTime: _c, updateTime: _u, ...rest } = record;
  return rest;
}
