import { useMemo } from 'react';
import { prefetchCall, type CallParts } from '../api/answers';
import { REFRESH_INTERVAL_MS } from '../api/refresh';
import type { Api } from '../api/client';
import { initialListState, listQuery } from './listQuery';
import type { ListRecord } from './ListView';
import type { PageSchema } from '../../generated/meta';
import { operations, type OperationId } from '../../generated/registry';
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
 * What the page's lookup column (`lookupColumn`) shows of the records a list shows, by key: one call
 * for them all (given their keys, or answering every record), asked again with the list
 * (`version`) and, when live, every 20 seconds. None until the first answer.
 */
export function useLookupValues(
  lookup: PageSchema['lookupColumn'],
  records: ListRecord[],
  version: number,
): Map<string, unknown> | undefined {
  const keys = lookup ? records.map((record) => String(record[lookup.key])) : [];
  const takesBody = lookup !== undefined && 'body' in (operations[lookup.call as OperationId] ?? {});
  const input: CallParts | undefined =
    !lookup || !keys.length
      ? undefined
      : lookup.keys
        ? { query: { current: 1, size: keys.length }, body: { [lookup.keys]: keys.join(',') } }
        : takesBody
          ? { body: {} }
          : {};
  const { data } = useCallAnswer<ListRecord[] | { records: ListRecord[] }>(
    lookup?.call ?? '',
    input,
    version,
    lookup?.live ? REFRESH_INTERVAL_MS : undefined,
  );
  return useMemo(() => {
    if (!lookup || !data) return undefined;
    const answered = Array.isArray(data) ? data : data.records;
    return new Map(answered.map((answer) => [String(answer[lookup.key]), answer[lookup.value]]));
  }, [lookup, data]);
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
