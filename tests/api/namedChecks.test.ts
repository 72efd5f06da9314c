import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { methodOf, operationFor, recordBody, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * The named checks of what people type (`x-format`: telephone, mobile, unified social credit code)
 * and the cross-field rule of a minimum below its maximum (`x-below`): the server refuses a value
 * that breaks one with 400, `{ code, msg }` saying what is expected, and writes nothing.
 */
describe.each(databases())('named checks on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(() => server.stop());

  /** The records of an entity, of the customer of `body` for a customer's contacts (their list is a customer's). */
  const total = async (entity: string, body: Row) => {
    const list = operationFor(entity, 'list') ?? '';
    const query: Record<string, string> = entity === 'customerContact' ? { customerId: String(body.customerId) } : {};
    return (await call<{ total: number }>(app, admin, { method: methodOf(list), url: url(list), query })).body.data.total;
  };
  const create = (entity: string, body: Row) => {
    const operation = operationFor(entity, 'create') ?? '';
    return call<Row>(app, admin, { method: methodOf(operation), url: url(operation), payload: body });
  };

  test.each([
    ['customer', { phone: '12ab-phone' }, 'Enter a telephone number of 7 to 15 digits, such as 021-58880001'],
    ['customerContact', { phone: '12345' }, 'Enter a telephone number of 7 to 15 digits, such as 021-58880001'],
    ['customer', { taxNumber: 'ABC' }, 'Enter the 18-character unified social credit code'],
    // Its check character would be J.
    ['customer', { taxNumber: '91310000MA1FL0X12K' }, 'Enter the 18-character unified social credit code'],
    ['user', { phone: '021-58880001' }, 'Enter a mobile number of 11 digits from 13 to 19, such as 13800138000'],
  ] as const)('a %s with %o is refused with its message, and nothing is stored', async (entity, fields, message) => {
    const body = { ...(await recordBody(app, admin, entity)), ...fields };
    const before = await total(entity, body);
    const answer = await create(entity, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).not.toBe(0);
    expect(answer.body.msg).toContain(message);
    expect(await total(entity, body)).toBe(before);
  });

  test.each([
    ['customer', { phone: '(0755) 8888 6666', taxNumber: '91310000MA1FL0X12J' }],
    ['customerContact', { phone: '+86 138 0013 8000' }],
    ['user', { phone: '13800138000' }],
    // An optional field left empty is no wrong value.
    ['customer', { phone: '', taxNumber: '' }],
  ] as const)('a %s with %o is stored', async (entity, fields) => {
    const answer = await create(entity, { ...(await recordBody(app, admin, entity)), ...fields });
    expect(answer.body.msg).toBe('success');
    expect(answer.body.data).toMatchObject(fields);
  });

  test('a gauge whose minimum is not below its maximum is refused, and the dashboard is left as it was', async () => {
    const dashboard = '/ems/api/main/siteKanban/T2-ST1';
    const stored = (await call<Row>(app, admin, { method: 'GET', url: dashboard })).body.data;
    const gauge = (config: Row) => ({
      stationSn: 'T2-ST1',
      version: stored.version,
      schemaVersion: stored.schemaVersion,
      layouts: { desktop: [{ id: 'g1', x: 0, y: 0, w: 6, h: 4 }], tablet: [], phone: [] },
      widgets: [{ id: 'g1', type: 'gauge', config }],
    });
    const save = (config: Row) =>
      call(app, admin, { method: 'POST', url: '/ems/api/main/siteKanban/saveOrUpdate', payload: gauge(config) });
    const variable = { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' };
    for (const config of [
      { name: 'SOC', defaultMinScale: 70, defaultMaxScale: 60 },
      { name: 'SOC', defaultMinScale: 60, defaultMaxScale: 60 },
      { name: 'SOC', monitorVars: [{ deviceVar: variable, minScale: 100, maxScale: 0 }] },
    ]) {
      const refused = await save(config);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('The minimum must be below the maximum');
    }
    expect((await call<Row>(app, admin, { method: 'GET', url: dashboard })).body.data).toEqual(stored);
    const saved = await save({ name: 'SOC', defaultMinScale: 0, defaultMaxScale: 100, monitorVars: [{ deviceVar: variable }] });
    expect(saved.status).toBe(200);
  });
});
