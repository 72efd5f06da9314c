import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { contract, operation } from '../support/contract';
import { methodOf, operationFor, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/** The largest page a paged call answers, as the contract documents it. */
const MAXIMUM = Number(
  (operation(operationFor('customer', 'list') ?? '').query?.properties?.size as { maximum?: number }).maximum,
);

type Page = { records: Row[]; total: number; current: number; size: number };

/** Any page size from 1 to the documented maximum, whatever sizes the screens offer. */
describe.each(databases())('page sizes on $name', ({ start }) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await start();
    token = await signIn(server.app, 'admin', 'admin123');
  });
  afterAll(() => server?.stop());

  const list = operationFor('customer', 'list') ?? '';
  const page = (size: number) =>
    call<Page>(server.app, token, { method: methodOf(list), url: url(list), query: { size: String(size) } });

  test('every paged call documents sizes from 1 to the same maximum, above the screens’ largest size', () => {
    expect(MAXIMUM).toBe(500);
    // A paged call takes the page's number too (`size` alone is another thing: a picture's width).
    const paged = contract.operations.flatMap((op) => {
      const fields = op.query?.properties?.current ? op.query.properties : op.body?.properties?.current ? op.body.properties : {};
      return fields.size ? [[op.operationId, fields.size.minimum, fields.size.maximum]] : [];
    });
    expect(paged.length).toBeGreaterThan(150);
    expect(paged.filter(([, minimum, maximum]) => minimum !== 1 || maximum !== MAXIMUM)).toEqual([]);
  });

  test.each([1, 5, 100, 500])('a page of %i records is answered', async (size) => {
    const answer = await page(size);
    expect(answer.status).toBe(200);
    expect(answer.body.data.size).toBe(size);
    expect(answer.body.data.records).toHaveLength(Math.min(size, answer.body.data.total));
  });

  test.each([0, 501])('a page of %i records is refused with 400 and a message', async (size) => {
    const answer = await page(size);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: expect.any(Number) as number, msg: expect.stringContaining('size') as string });
  });

  test('the alarm summaries take any size from 1 to 500 in their body too', async () => {
    const summaries = (size: number) =>
      call<Page>(server.app, token, {
        method: 'POST',
        url: '/ems/api/device/alarm/get_alarm_summarys',
        payload: { current: 1, size, stationSn: 'T2-ST1', status: '0,1' },
      });
    const one = await summaries(1);
    expect(one.status).toBe(200);
    expect(one.body.data.records.length).toBeLessThanOrEqual(1);
    expect((await summaries(501)).status).toBe(400);
  });
});
