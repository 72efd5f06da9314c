import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { methodOf, operationFor, recordBody, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * The named checks of what people type (`x-format`: telephone, mobile, unified social credit code,
 * identity card number; e-mail) and the cross-field rules of a minimum below its maximum (`x-below`)
 * and an end not before its start (`x-not-before`): the server refuses a value that breaks one with
 * 400, `{ code, msg }` saying what is expected and the field with its message in `data`, and writes
 * nothing.
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

  const PHONE = 'Enter a telephone number of 7 to 15 digits, such as 021-58880001';
  const CREDIT_CODE =
    'Enter the 18-character unified social credit code: digits and capital letters other than I, O, S, V and Z, the last its check character';
  const ID_CARD = 'Enter the 18-character identity card number: 17 digits with the date of birth, then its check digit or X';
  test.each([
    ['customer', { phone: '12ab-phone' }, 'phone', PHONE],
    ['customerContact', { phone: '12345' }, 'phone', PHONE],
    ['customerContact', { email: 'not-an-address' }, 'email', 'Enter an e-mail address such as name@example.com'],
    ['customer', { taxNumber: 'ABC' }, 'taxNumber', CREDIT_CODE],
    // Its check character would be J.
    ['customer', { taxNumber: '91310000MA1FL0X12K' }, 'taxNumber', CREDIT_CODE],
    ['user', { phone: '021-58880001' }, 'phone', 'Enter a mobile number of 11 digits from 13 to 19, such as 13800138000'],
    // Its check character would be X; and a date of birth that does not exist.
    ['user', { idCardNumber: '110105194912310021' }, 'idCardNumber', ID_CARD],
    ['user', { idCardNumber: '110105194902310026' }, 'idCardNumber', ID_CARD],
    // A start after its end.
    [
      'leaveApplication',
      { startDate: '2026-12-23', endDate: '2026-12-21' },
      'endDate',
      'The end cannot be earlier than the start',
    ],
    // A variable's valid range whose lowest value is above its highest.
    ['deviceVariable', { minValue: 100, maxValue: 0 }, 'minValue', 'The minimum must be below the maximum'],
  ] as const)(
    'a %s with %o is refused with its message beside the field, and nothing is stored',
    async (entity, fields, path, message) => {
      const body = { ...(await recordBody(app, admin, entity)), ...fields };
      const before = await total(entity, body);
      const answer = await create(entity, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(40001);
      expect(answer.body.msg).toContain(message);
      expect(answer.body.data).toEqual([{ path, message }]);
      expect(await total(entity, body)).toBe(before);
    },
  );

  test.each([
    ['customer', { phone: '(0755) 8888 6666', taxNumber: '91310000MA1FL0X12J' }],
    ['customerContact', { phone: '+86 138 0013 8000' }],
    ['user', { phone: '13800138000', idCardNumber: '11010519491231002X' }],
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
    for (const [config, path] of [
      [{ name: 'SOC', defaultMinScale: 70, defaultMaxScale: 60 }, 'defaultMinScale'],
      [{ name: 'SOC', defaultMinScale: 60, defaultMaxScale: 60 }, 'defaultMinScale'],
      [{ name: 'SOC', monitorVars: [{ deviceVar: variable, minScale: 100, maxScale: 0 }] }, 'monitorVars.0.minScale'],
    ] as const) {
      const refused = await save(config);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(40001);
      expect(refused.body.msg).toContain('The minimum must be below the maximum');
      expect(refused.body.data).toEqual([
        { path: `widgets.0.config.${path}`, message: expect.stringContaining('The minimum must be below the maximum') },
      ]);
    }
    expect((await call<Row>(app, admin, { method: 'GET', url: dashboard })).body.data).toEqual(stored);
    const saved = await save({ name: 'SOC', defaultMinScale: 0, defaultMaxScale: 100, monitorVars: [{ deviceVar: variable }] });
    expect(saved.status).toBe(200);
  });
});
