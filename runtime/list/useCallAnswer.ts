import { useEffect, useState } from 'react';
import { ApiCallError } from '../api/client';
import { useRuntime } from '../RuntimeContext';

/** What a read call answered: the last answer is kept while the next loads; a failure has none. */
export interface CallAnswer<T> {
  data?: T;
  loading: boolean;
  error?: string;
}

/**
 * Sends a read call with `query` (silently: the screen shows the failure) and keeps its answer;
 * sends it again when the query (by value) or `version` changes. No query, no call yet.
 */
export function useCallAnswer<T>(
  operationId: string,
  query: Record<string, unknown> | undefined,
  version: number,
): CallAnswer<T> {
  const { api } = useRuntime();
  const [answer, setAnswer] = useState<CallAnswer<T>>({ loading: true });
  const key = JSON.stringify(query);
  useEffect(() => {
    if (!query) return;
    let current = true;
    setAnswer((before) => ({ ...before, loading: true, error: undefined }));
    api
      .callDynamic(operationId, { query }, { silent: true })
      .then((data) => {
        if (current) setAnswer({ data: data as T, loading: false });
      })
      .catch((error: unknown) => {
        if (current) setAnswer({ loading: false, error: error instanceof ApiCallError ? error.message : String(error) });
      });
    return () => {
      current = false;
    };
    // The query is compared by value (key), not by identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, operationId, key, version]);
  return answer;
}
