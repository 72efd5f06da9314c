import type { ListRecord } from './ListView';
import { useCallAnswer } from './useCallAnswer';

interface ListData {
  records: ListRecord[];
  total: number;
  loading: boolean;
  error?: string;
}

/** Loads one page of records from a list operation; loads again when the query or `version` changes. */
export function useListData(operationId: string, query: Record<string, unknown> | undefined, version: number): ListData {
  const { data, loading, error } = useCallAnswer<{ records: ListRecord[]; total: number }>(
    operationId,
    query && { query },
    version,
  );
  return { records: data?.records ?? [], total: data?.total ?? 0, loading, ...(error === undefined ? {} : { error }) };
}
