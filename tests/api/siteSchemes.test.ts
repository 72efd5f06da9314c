import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import type { TestServer } from '../support/server';

interface Entry {
  id: number;
  orderId: number;
  orderName: string;
  sn: string;
  name: string;
}
interface Page<T> {
  records: T[];
  total: number;
}

/**
 * Site-scheme entries (enterprise §3: "Site-scheme entries carry orderId, sn, name"): a station
 * of the tenant by its serial number, once per sales order, refused at the field otherwise with
 * nothing stored; another tenant's entries are not reached.
 */
describe.each(databases())('site-scheme entries on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let orderId: number;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    operator = await signIn(app, 'operator', 'operator123');
    const orders = await call<Page<{ id: number }>>(app, admin, {
      method: 'GET',
      url: '/manager/orderinfo/page?current=1&size=50&sortField=createTime&sortOrder=asc',
    });
    // An order of the demo whose scheme has no entry of T2-PV1 yet.
    const last = orders.body.data.records.at(-1);
    orderId = last!.id;
  });
  afterAll(() => server.stop());

  const list = (token: string, id = orderId) =>
    call<Page<Entry>>(app, token, { method: 'GET', url: `/manager/orderinfo/siteScheme/page?orderId=${id}&current=1&size=50` });
  const save = (token: string, payload: Record<string, unknown>) =>
    call<Entry>(app, token, { method: 'POST', url: '/manager/orderinfo/siteScheme', payload });
  const update = (token: string, payload: Record<string, unknown>) =>
    call<Entry>(app, token, { method: 'PUT', url: '/manager/orderinfo/siteScheme', payload });

  test('the demo has entries on its orders, naming its stations', async () => {
    const orders = await call<Page<{ id: number }>>(app, admin, {
      method: 'GET',
      url: '/manager/orderinfo/page?current=1&size=50&sortField=createTime&sortOrder=asc',
    });
    let entries = 0;
    for (const order of orders.body.data.records) entries += (await list(admin, order.id)).body.data.total;
    expect(entries).toBeGreaterThan(0);
  });

  test('creates, reads, updates and deletes an entry', async () => {
    const before = (await list(admin)).body.data.total;
    const created = await save(admin, { orderId, sn: 'T2-PV1', name: 'Rooftop array' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ orderId, sn: 'T2-PV1', name: 'Rooftop array' });
    expect(created.body.data.orderName).toBeTruthy();
    const id = created.body.data.id;
    const got = await call<Entry>(app, admin, { method: 'GET', url: `/manager/orderinfo/siteScheme/getById?id=${id}` });
    expect(got.body.data.sn).toBe('T2-PV1');
    const found = await call<Page<Entry>>(app, admin, {
      method: 'GET',
      url: `/manager/orderinfo/siteScheme/page?orderId=${orderId}&sn=PV1&current=1&size=10`,
    });
    expect(found.body.data.records.map((entry) => entry.id)).toContain(id);
    const changed = await update(admin, { id, orderId, sn: 'T2-PV1', name: 'Rooftop array, phase 2' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.name).toBe('Rooftop array, phase 2');
    const removed = await call(app, admin, { method: 'DELETE', url: `/manager/orderinfo/siteScheme/${id}` });
    expect(removed.status).toBe(200);
    expect((await list(admin)).body.data.total).toBe(before);
  });

  test('an unknown serial number, or another tenant’s station: 400 at the field sn, nothing stored', async () => {
    const before = (await list(admin)).body.data.total;
    for (const sn of ['NO-SUCH-STATION', 'T7-ST1']) {
      const answer = await save(admin, { orderId, sn, name: 'Nowhere' });
      expect(answer.status, sn).toBe(400);
      const body = answer.body as unknown as { code: number; msg: string; data: { path: string; message: string }[] };
      expect(body.code).not.toBe(0);
      expect(body.data.map((field) => field.path)).toEqual(['sn']);
      expect(body.msg).toContain(sn);
    }
    expect((await list(admin)).body.data.total).toBe(before);
  });

  test('a station already in the order’s scheme: 400 at the field sn, on adding and on editing, nothing stored', async () => {
    const first = await save(admin, { orderId, sn: 'T2-ST2', name: 'Storage A' });
    expect(first.status).toBe(200);
    const before = (await list(admin)).body.data.total;
    const again = await save(admin, { orderId, sn: 'T2-ST2', name: 'Storage A again' });
    expect(again.status).toBe(400);
    const body = again.body as unknown as { msg: string; data: { path: string }[] };
    expect(body.data.map((field) => field.path)).toEqual(['sn']);
    expect(body.msg).toMatch(/already in this order/);
    expect((await list(admin)).body.data.total).toBe(before);
    // Editing another entry onto the same station is refused the same way, and leaves it as it was.
    const other = await save(admin, { orderId, sn: 'T2-ST3', name: 'Storage B' });
    const moved = await update(admin, { id: other.body.data.id, orderId, sn: 'T2-ST2', name: 'Storage B' });
    expect(moved.status).toBe(400);
    const kept = await call<Entry>(app, admin, {
      method: 'GET',
      url: `/manager/orderinfo/siteScheme/getById?id=${other.body.data.id}`,
    });
    expect(kept.body.data.sn).toBe('T2-ST3');
    // Editing an entry without changing its station is no duplicate of itself.
    expect((await update(admin, { id: first.body.data.id, orderId, sn: 'T2-ST2', name: 'Storage A1' })).status).toBe(200);
  });

  test('another tenant neither sees nor changes the entries', async () => {
    const [entry] = (await list(admin)).body.data.records;
    expect(entry).toBeDefined();
    const got = await call(app, operator, { method: 'GET', url: `/manager/orderinfo/siteScheme/getById?id=${entry!.id}` });
    expect(got.status).toBe(404);
    const changed = await update(operator, { id: entry!.id, orderId, sn: 'T7-ST1', name: 'Taken' });
    expect(changed.status).not.toBe(200);
    const removed = await call(app, operator, { method: 'DELETE', url: `/manager/orderinfo/siteScheme/${entry!.id}` });
    expect(removed.status).toBe(404);
    // Its order is not the operator's either: nothing of it is listed, and nothing can be added to it.
    expect((await list(operator)).body.data?.total ?? 0).toBe(0);
    expect((await save(operator, { orderId, sn: 'T7-ST1', name: 'Taken' })).status).toBe(400);
    const after = await call<Entry>(app, admin, { method: 'GET', url: `/manager/orderinfo/siteScheme/getById?id=${entry!.id}` });
    expect(after.body.data).toEqual(entry);
  });
});
