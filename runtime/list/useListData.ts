import { useMemo } from 'react';
import { prefetchCall } from '../api/answers';
import { REFRESH_INTERVAL_MS } from '../api/refresh';
import type { Api } from '../api/client';
import { initialListState, listQuery } from './listQuery';
import type { ListRecord } from './ListView';
import type { PageSchema } from '../../generated/meta';
import { pages } from './pages';
import { useCallAnswer } from './useCallAnswer';

interface ListData {
  records: ListRecord[];
  total: number;
  loading: boolean;
  error?: string;
}

/**
 * Loads one page of records from a list operation; loads again when the query or `version` changes.
 * Without a query (a list waiting for its period), no records: not those of the last query.
 */
export function useListData(operationId: string, query: Record<string, unknown> | undefined, version: number): ListData {
  const { data, loading, error } = useCallAnswer<{ records: ListRecord[]; total: number }>(
    operationId,
    query && { query },
    version,
  );
  if (!query) return { records: [], total: 0, loading: false };
  return { records: data?.records ?? [], total: data?.total ?? 0, loading, ...(error === undefined ? {} : { error }) };
}

/**
 * The latest values of the records a list shows (`latest` of the page schema), by key: one call for
 * them all, asked again with the list (`version`) and every 20 seconds. None until the first answer.
 */
export function useLatestValues(
  latest: PageSchema['latest'],
  records: ListRecord[],
  version: number,
): Map<string, unknown> | undefined {
  const keys = latest ? records.map((record) => String(record[latest.key])) : [];
  const { data } = useCallAnswer<{ records: ListRecord[] }>(
    latest?.call ?? '',
    keys.length ? { query: { current: 1, size: keys.length }, body: { sns: keys.join(',') } } : undefined,
    version,
    REFRESH_INTERVAL_MS,
  );
  return useMemo(
    () =>
      latest && data ? new Map(data.records.map((answer) => [String(answer[latest.key]), answer[latest.value]])) : undefined,
    [latest, data],
  );
}

/**
 * Starts the first call of a list page's route (its first page in the default order, no filter)
 * as the route starts, for the page's `useListData` to take: it is under way while the page's
 * code and entity schema load. A page scoped by its route's query is left to ask for itself: its
 * scope's values are typed by the entity schema, which has not loaded yet.
 */
export function prefetchListData(api: Api, pageName: string): void {
  const page = pages.find((candidate) => candidate.page === pageName);
  if (!page || page.scope?.length) return;
  prefetchCall(api, page.resource.list, { query: listQuery(initialListState(page), {}) });
}
