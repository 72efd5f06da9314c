import { useEffect, useState } from 'react';
import { ApiCallError, useRuntime } from '../../runtime';

/** What an open link's call answered, or why it could not (the server's message: not valid, expired, not sent). */
export interface OpenAnswer<T> {
  data?: T;
  error?: string;
  loading: boolean;
}

/**
 * Reads what the link's `token` names through an open call, again when `version` changes; the
 * failure is the screen's to show (silent call). `setData` takes the answer of a later step.
 */
export function useOpenAnswer<T>(operationId: string, token: string, version = 0) {
  const { api } = useRuntime();
  const [answer, setAnswer] = useState<OpenAnswer<T>>({ loading: true });
  useEffect(() => {
    let current = true;
    api
      .callDynamic(operationId, { query: { token } }, { silent: true })
      .then((data) => current && setAnswer({ data: data as T, loading: false }))
      .catch(
        (error: unknown) =>
          current && setAnswer({ loading: false, error: error instanceof ApiCallError ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [api, operationId, token, version]);
  return { ...answer, setData: (data: T) => setAnswer({ data, loading: false }) };
}
