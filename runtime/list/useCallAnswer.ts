import { useEffect, useState } from 'react';
import { ApiCallError } from '../api/client';
import { useRuntime } from '../RuntimeContext';

/** What a call of the contract is sent with. */
export interface CallParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** What a read call answered: the last answer is kept while the next loads; a failure has none. */
export interface CallAnswer<T> {
  data?: T;
  loading: boolean;
  error?: string;
}

/**
 * Sends a read call (silently: the screen shows its failure) and keeps its answer; again when the
 * input changes (by value), when `version` moves, and every `refreshMs` while the screen is shown
 * (a screen kept alive but hidden runs no effects, so it asks nothing). No input, no call yet.
 */
export function useCallAnswer<T>(
  operationId: string,
  input: CallParts | undefined,
  version = 0,
  refreshMs?: number,
): CallAnswer<T> {
  const { api } = useRuntime();
  const [answer, setAnswer] = useState<CallAnswer<T>>({ loading: true });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(input);
  useEffect(() => {
    if (!refreshMs) return;
    const timer = setInterval(() => setTick((n) => n + 1), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  useEffect(() => {
    if (!input) return;
    let current = true;
    setAnswer((before) => ({ ...before, loading: true, error: undefined }));
    api
      .callDynamic(operationId, input, { silent: true })
      .then((data) => {
        if (current) setAnswer({ data: data as T, loading: false });
      })
      .catch((error: unknown) => {
        if (current) setAnswer({ loading: false, error: error instanceof ApiCallError ? error.message : String(error) });
      });
    return () => {
      current = false;
    };
    // The input is compared by value (key), not by identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, operationId, key, version, tick]);
  return answer;
}
