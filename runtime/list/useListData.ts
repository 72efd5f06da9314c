import { useEffect, useState } from 'react';
import { ApiCallError } from '../api/client';
import { useRuntime } from '../RuntimeContext';
import type { ListRecord } from './ListView';

interface ListData {
  records: ListRecord[];
  total: number;
  loading: boolean;
  error?: string;
}

/** Loads one page of records from a list operation; loads again when the query or `version` changes. */
export function useListData(operationId: string, query: Record<string, unknown> | undefined, version: number): ListData {
  const { api } = useRuntime();
  const [data, setData] = useState<ListData>({ records: [], total: 0, loading: true });
  const key = JSON.stringify(query);
  useEffect(() => {
    if (!query) return;
    let current = true;
    setData((before) => ({ ...before, loading: true, error: undefined }));
    api
      .callDynamic(operationId, { query }, { silent: true })
      .then((page) => {
        const { records, total } = page as { records: ListRecord[]; total: number };
        if (current) setData({ records, total, loading: false });
      })
      .catch((error: unknown) => {
        if (current)
          setData({
            records: [],
            total: 0,
            loading: false,
            error: error instanceof ApiCallError ? error.message : String(error),
          });
      });
    return () => {
      current = false;
    };
    // The query is compared by value (key), not by identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, operationId, key, version]);
  return data;
}
