import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import type { TestServer } from '../support/server';

type Row = Record<string, unknown>;
type Figure = { key: string; count: number; sum?: number };

/** The figures of a list counted (and summed) by a field, as the data hub's calls should answer them. */
function grouped(rows: Row[], field: string, sum?: string): Figure[] {
  const byKey = new Map<string, Figure>();
  for (const row of rows) {
    const key = String(row[field]);
    const figure = byKey.get(key) ?? { key, count: 0, ...(sum ? { sum: 0 } : {}) };
    figure.count += 1;
    if (sum) figure.sum = (figure.sum ?? 0) + Number(row[sum] ?? 0);
    byKey.set(key, figure);
  }
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}

const sorted = (figures: Figure[]) =>
  figures
    .filter((figure) => figure.count > 0)
    .map((figure) => ({ ...figure, ...(figure.sum !== undefined ? { sum: Math.round(figure.sum * 100) / 100 } : {}) }))
    .sort((a, b) => a.key.localeCompare(b.key));

describe.each(databases())('data hub statistics on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    server = await start();
    app = server.app;
  });
  afterAll(() => server.stop());

  const get = async <T>(token: string, url: string, query: Record<string, string> = {}) => {
    const answer = await call<T>(app, token, { method: 'GET', url, query });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  test.each([
    ['admin', 'admin123'],
    ['auditor', 'auditor123'],
  ])('customers by state and contracts by list are those of the tenant of %s', async (username, password) => {
    const token = await signIn(app, username, password);
    const customers = await get<{ records: Row[]; total: number }>(token, '/manager/customer/getCustomerList', { size: '50' });
    expect(customers.records).toHaveLength(customers.total);
    const states = await get<Figure[]>(token, '/manager/customer/getCustomerStateStat');
    expect(sorted(states)).toEqual(grouped(customers.records, 'state'));
    const contracts = await get<{ records: Row[]; total: number }>(token, '/manager/contractfile/page', { size: '50' });
    expect(contracts.records).toHaveLength(contracts.total);
    const lists = await get<Figure[]>(token, '/manager/contractfile/getContractStatusStat');
    const expected = grouped(contracts.records, 'status', 'amount').map((figure) => ({
      ...figure,
      sum: Math.round((figure.sum ?? 0) * 100) / 100,
    }));
    expect(sorted(lists)).toEqual(expected);
  });
});
