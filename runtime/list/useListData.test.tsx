import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EARLY_CALL_MS, type Api } from '../api/client';
import { RuntimeProvider, type Runtime } from '../RuntimeContext';
import { initialListState, listQuery } from './listQuery';
import { pages } from './pages';
import { prefetchListData, useListData } from './useListData';

/** A runtime whose server answers every list call with one record, numbered by the call. */
function server() {
  const calls: unknown[] = [];
  const api = {
    callDynamic: vi.fn((id: string, input: unknown) => {
      calls.push([id, input]);
      return Promise.resolve({ records: [{ id: calls.length }], total: 1 });
    }),
  } as unknown as Api;
  const wrap = ({ children }: { children: ReactNode }) => (
    <RuntimeProvider runtime={{ api } as Runtime}>{children}</RuntimeProvider>
  );
  return { api, calls, wrap };
}

/** A list of `operationId` as a screen shows it: its total and the number of its record. */
function Records({
  name,
  operationId,
  query,
}: {
  name: string;
  operationId: string;
  query: Record<string, unknown> | undefined;
}) {
  const { records, loading } = useListData(operationId, query, 0);
  return <p aria-label={name}>{loading ? 'loading' : records.map((record) => String(record.id)).join(',')}</p>;
}

const customers = pages.find((page) => page.page === 'customer');
if (!customers) throw new Error('no customer page schema');
/** The customer page's first call, as its screen asks for it. */
const firstQuery = listQuery(initialListState(customers), {});

/** The customer list shown by a screen named `name`. */
const showCustomers = (Wrap: ReturnType<typeof server>['wrap'], name = 'customers') =>
  render(
    <Wrap>
      <Records name={name} operationId={customers.resource.list} query={firstQuery} />
    </Wrap>,
  );

/** The customer route's loader starting its first call, its request sent. */
async function startEarly(api: Api): Promise<void> {
  prefetchListData(api, 'customer');
  await act(() => Promise.resolve());
}

describe('list answers', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  test('two screens asking for the same list share one request and its answer', async () => {
    const { calls, wrap: Wrap } = server();
    render(
      <Wrap>
        <Records name="first" operationId="getCustomerPage" query={{ current: 1, size: 10 }} />
        <Records name="second" operationId="getCustomerPage" query={{ size: 10, current: 1 }} />
      </Wrap>,
    );
    expect(await screen.findByText('1', { selector: '[aria-label=first]' })).toBeTruthy();
    expect(screen.getByLabelText('second').textContent).toBe('1');
    expect(calls).toHaveLength(1);
  });

  test("a list page's first call started by its route is the one its screen takes", async () => {
    const { api, calls, wrap } = server();
    await startEarly(api);
    showCustomers(wrap);
    expect(await screen.findByText('1')).toBeTruthy();
    expect(calls).toEqual([[customers.resource.list, { query: firstQuery }]]);
  });

  test(`an early answer older than ${EARLY_CALL_MS} ms, or one a screen has shown already, is asked for again`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, calls, wrap } = server();
    await startEarly(api);
    vi.setSystemTime(Date.now() + EARLY_CALL_MS);
    const shown = showCustomers(wrap);
    expect(await screen.findByText('2')).toBeTruthy();
    shown.unmount();
    // Started early again, taken by the screen shown next; shown once more after that, asked again.
    await startEarly(api);
    showCustomers(wrap);
    expect(await screen.findByText('3')).toBeTruthy();
    expect(calls).toHaveLength(3);
    cleanup();
    showCustomers(wrap, 'again');
    expect(await screen.findByText('4')).toBeTruthy();
  });

  test('a list left without a query (waiting for a filter) shows no records, not those of its last query, and asks nothing', async () => {
    const { calls, wrap: Wrap } = server();
    const shown = render(
      <Wrap>
        <Records name="during" operationId="getSheetsDuring" query={{ startDate: '2026-11-01', endDate: '2026-11-30' }} />
      </Wrap>,
    );
    expect(await screen.findByText('1')).toBeTruthy();
    shown.rerender(
      <Wrap>
        <Records name="during" operationId="getSheetsDuring" query={undefined} />
      </Wrap>,
    );
    expect(screen.getByLabelText('during').textContent).toBe('');
    expect(calls).toHaveLength(1);
  });
});
