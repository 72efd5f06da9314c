import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { example } from '../support/contract';
import type { TestServer } from '../support/server';

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };

describe.each(databases())('customers on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(() => server.stop());

  const list = async (token: string, query: Record<string, string> = {}) =>
    (await call<Page>(app, token, { method: 'GET', url: '/manager/customer/getCustomerList', query: { size: '50', ...query } }))
      .body.data;
  const save = (payload: unknown, headers: Record<string, string> = {}) =>
    call<Row>(app, admin, { method: 'POST', url: '/manager/customer', payload: payload as Row, headers });

  test('a user sees the demo customers of their own tenant only', async () => {
    const ofTenant2 = await list(admin);
    const operator = await signIn(app, 'operator', 'operator123');
    const ofTenant7 = await list(operator);
    expect(ofTenant2.total).toBe(24);
    expect(ofTenant7.total).toBe(24);
    const names2 = new Set(ofTenant2.records.map((r) => r.name));
    expect(ofTenant7.records.some((r) => names2.has(r.name))).toBe(false);
    // The demo customers have the administrator as owner, but for those in the pool (no owner).
    const owned = ofTenant2.records.filter((r) => r.ownerName !== undefined && r.ownerName !== null);
    expect(owned.length).toBeGreaterThan(0);
    expect(owned.length).toBeLessThan(ofTenant2.records.length);
    expect(owned.every((r) => r.ownerName === '系统管理员')).toBe(true);
  });

  // Each field named by its label, saying what is expected, in `msg` and field by field in `data`.
  test.each([
    ['a wrong type', { name: 42 }, 'name', 'Name must be text'],
    ['an unknown code', { name: 'Acme', level: 'GOLD' }, 'level', 'Level: choose one of the values offered'],
    ['an unknown field', { name: 'Acme', rating: 5 }, 'rating', 'rating is not a field of this form'],
    ['no name', { city: 'Suzhou' }, 'name', 'Name is required'],
    ['a 10,000-character name', { name: 'x'.repeat(10_000) }, 'name', 'Name can have at most 100 characters'],
  ])('%s is refused with 400 and a message, and nothing is written', async (_case, payload, path, message) => {
    const before = (await list(admin)).total;
    const answer = await save(payload);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40001);
    expect(answer.body.msg).toBe(`Invalid request: ${message}`);
    expect(answer.body.data).toEqual([{ path, message }]);
    expect((await list(admin)).total).toBe(before);
  });

  test('every wrong field is answered at once, in the language of the request', async () => {
    const answer = await call<{ path: string; message: string }[]>(app, admin, {
      method: 'POST',
      url: '/manager/customer',
      payload: { phone: '12ab-phone', taxNumber: 'ABC', level: 'GOLD' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toHaveLength(4);
    expect(answer.body.data).toEqual(
      expect.arrayContaining([
        { path: 'name', message: '请填写客户名称' },
        { path: 'taxNumber', message: '请输入 18 位统一社会信用代码：数字和除 I、O、S、V、Z 外的大写字母，最后一位为校验码' },
        { path: 'level', message: expect.stringContaining('请选择提供的选项之一') },
        { path: 'phone', message: '请输入 7 到 15 位数字的电话号码，例如 021-58880001' },
      ]),
    );
    expect(answer.body.msg).not.toMatch(/must|taxNumber|phone/);
  });

  test('a missing body, a body that is not JSON and a body of the wrong type are refused with 400', async () => {
    const before = (await list(admin)).total;
    const empty = await app.inject({ method: 'POST', url: '/manager/customer', headers: { authorization: `Bearer ${admin}` } });
    const broken = await app.inject({
      method: 'POST',
      url: '/manager/customer',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    const array = await save([{ name: 'Acme' }]);
    for (const answer of [empty, broken]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: expect.any(Number) as number, msg: expect.any(String) as string });
    }
    expect(array.status).toBe(400);
    expect((await list(admin)).total).toBe(before);
  });

  test("a tenantId that is not the token's is refused with 403, in the body or the query, and nothing is written", async () => {
    const before = (await list(admin)).total;
    const inBody = await save({ name: 'Acme', tenantId: 10 });
    expect(inBody.status).toBe(403);
    const inQuery = await call(app, admin, {
      method: 'GET',
      url: '/manager/customer/getCustomerList',
      query: { tenantId: '10' },
    });
    expect(inQuery.status).toBe(403);
    expect((await list(admin)).total).toBe(before);
  });

  test('the message follows the language of the request', async () => {
    const answer = await save({ name: 42 }, { 'accept-language': 'zh-CN' });
    expect(answer.body.msg).toBe('请求参数错误：客户名称必须是文字');
  });

  test.each([
    ['SQL', "Robert'); DROP TABLE customer;--"],
    ['HTML', '<img src=x onerror="alert(1)"><b>bold</b>'],
  ])('a name with %s in it is stored and found literally', async (_case, name) => {
    const created = await save({ ...example('customer'), name: name.slice(0, 100) });
    expect(created.body.data.name).toBe(name);
    const found = await list(admin, { name: name.slice(0, 12) });
    expect(found.records.map((r) => r.name)).toContain(name);
    expect((await list(admin)).total).toBeGreaterThan(24);
  });

  test('a percent sign or underscore in a filter matches itself, not anything', async () => {
    await save({ name: '100% Solar_Park' });
    expect((await list(admin, { name: '0% S' })).records.map((r) => r.name)).toEqual(['100% Solar_Park']);
    expect((await list(admin, { name: 'r_P' })).records.map((r) => r.name)).toEqual(['100% Solar_Park']);
    expect((await list(admin, { name: '%' })).records.map((r) => r.name)).toEqual(['100% Solar_Park']);
  });

  test('level sorts from PP to SVIP, not alphabetically', async () => {
    const levels = (await list(admin, { sortField: 'level', sortOrder: 'asc' })).records.map((r) => r.level).filter(Boolean);
    const order = ['PP', 'NP', 'VIP', 'SVIP'];
    expect(levels.map((l) => order.indexOf(String(l)))).toEqual(
      [...levels.map((l) => order.indexOf(String(l)))].sort((a, b) => a - b),
    );
  });

  test('deleting a customer deletes its contacts with it', async () => {
    const customer = (await save({ name: 'Short-lived Ltd' })).body.data;
    const contact = await call<Row>(app, admin, {
      method: 'POST',
      url: '/manager/customerContacts',
      payload: { customerId: customer.id, name: 'Li Ming' },
    });
    expect(contact.body.code).toBe(0);
    await call(app, admin, { method: 'DELETE', url: `/manager/customer/${String(customer.id)}` });
    const contacts = await call<Page>(app, admin, {
      method: 'GET',
      url: '/manager/customerContacts/getByCustomerId',
      query: { customerId: String(customer.id) },
    });
    expect(contacts.body.data.total).toBe(0);
  });

  test("a contact cannot be attached to another tenant's customer", async () => {
    const operator = await signIn(app, 'operator', 'operator123');
    const foreign = (await list(admin)).records[0];
    const answer = await call(app, operator, {
      method: 'POST',
      url: '/manager/customerContacts',
      payload: { customerId: foreign?.id, name: 'Intruder' },
    });
    expect(answer.status).toBe(400);
    // Named by its label, and answered at the field.
    expect(answer.body.msg).toBe('Customer: no such record; choose another');
    expect(answer.body.data).toEqual([{ path: 'customerId', message: 'Customer: no such record; choose another' }]);
  });

  test("listByName answers ids and names for a picker; getOwnerCustomerList the caller's own", async () => {
    const options = await call<{ id: number; name: string }[]>(app, admin, {
      method: 'GET',
      url: '/manager/customer/listByName',
      query: { name: 'Short' },
    });
    expect(options.body.data.every((o) => Object.keys(o).sort().join() === 'id,name')).toBe(true);
    const own = await call<Page>(app, admin, {
      method: 'POST',
      url: '/manager/customer/getOwnerCustomerList',
      query: { size: '50' },
    });
    const all = await list(admin);
    expect(all.total).toBeLessThanOrEqual(50);
    expect(own.body.data.total).toBe(all.records.filter((r) => r.ownerName === '系统管理员').length);
  });
});
