import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { Api } from '../../api/client';
import { RuntimeProvider, type Runtime } from '../../RuntimeContext';
import { useRecordNames } from './useRecordOptions';

afterEach(cleanup);

const USERS: Record<number, string> = { 3: 'Li Ming', 7: 'Wang Fang' };

test("a chart's ids are named as the entity's pickers name the records: each id asked for once, the same names while they stay the same", async () => {
  const calls: [string, unknown][] = [];
  const api = {
    callDynamic: vi.fn((operation: string, input: { query: { id: number } }) => {
      calls.push([operation, input.query]);
      const name = USERS[input.query.id];
      return Promise.resolve(name ? [{ id: input.query.id, name }] : []);
    }),
  } as unknown as Api;
  const seen: Map<number, string>[] = [];
  function Names({ ids }: { ids: number[] }) {
    const names = useRecordNames('user', ids);
    seen.push(names);
    return <p aria-label="names">{ids.map((id) => names.get(id) ?? `#${id}`).join(', ')}</p>;
  }
  const view = (ids: number[]) => (
    <RuntimeProvider runtime={{ api } as Runtime}>
      <Names ids={ids} />
    </RuntimeProvider>
  );
  const { rerender } = render(view([3, 7, 3, 9]));
  await waitFor(() => expect(screen.getByLabelText('names').textContent).toBe('Li Ming, Wang Fang, Li Ming, #9'));
  expect(calls.map(([operation, query]) => [operation, query]).sort()).toEqual([
    ['listUserOptions', { id: 3 }],
    ['listUserOptions', { id: 7 }],
    ['listUserOptions', { id: 9 }],
  ]);
  const settled = seen.at(-1);
  rerender(view([3, 7, 3, 9]));
  expect(seen.at(-1)).toBe(settled);
  expect(calls).toHaveLength(3);
});
