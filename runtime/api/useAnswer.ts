import { hashKey, keepPreviousData, skipToken, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useRuntime } from '../RuntimeContext';
import { answersOf } from './answers';
import { useRefreshTick } from './useRefreshTick';

/** What a read answered: the last answer is kept while it is asked again. */
export interface Answer<T> {
  data?: T;
  loading: boolean;
  error?: string;
}

export interface AnswerOptions {
  /**
   * Asks again this often (milliseconds) while the screen is shown: not while the page is hidden (and
   * at once when it is shown again), nor while the screen is kept alive but hidden (it runs no effects).
   */
  refreshMs?: number;
  /** Keeps the last answer while another key's loads (a list keeps its rows while the next page comes); else there is none until it has come. */
  keep?: boolean;
}

/**
 * The answer of `read` kept under `queryKey` in the runtime's answers (shared by every screen that
 * reads the same key); see `useAnswer`.
 */
export function useKeyedAnswer<T>(
  queryKey: QueryKey,
  read: (() => Promise<T>) | undefined,
  { refreshMs, keep = false }: AnswerOptions = {},
): Answer<T> & { setData(data: T): void } {
  const answers = answersOf(useRuntime().api);
  const query = useQuery(
    { queryKey, queryFn: read ?? skipToken, ...(keep ? { placeholderData: keepPreviousData } : {}) },
    answers,
  );
  const tick = useRefreshTick(refreshMs);
  const { refetch } = query;
  const reading = read !== undefined;
  useEffect(() => {
    // A refresh joins a read under way rather than starting another.
    if (tick && reading) void refetch({ cancelRefetch: false });
  }, [tick, reading, refetch]);
  // A read that failed before any answer came is asked again as a first read (the cache forgets
  // its failure): the failure stays shown until an answer comes, as it is kept while asked again.
  const hash = hashKey(queryKey);
  const failure = query.error ? messageOf(query.error) : undefined;
  const [failed, setFailed] = useState<{ hash: string; message: string }>();
  if (failure !== undefined && (failed?.hash !== hash || failed.message !== failure)) setFailed({ hash, message: failure });
  const error = failure ?? (query.isPending && failed?.hash === hash ? failed.message : undefined);
  return {
    // As before, a failed read shows its failure alone.
    ...(query.isError ? {} : { data: query.data }),
    loading: query.isFetching || query.isPending,
    ...(error === undefined ? {} : { error }),
    setData: (data: T) => answers.setQueryData(queryKey, data),
  };
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * The answer of `read`, asked for again when `key` (what it reads) changes and every `refreshMs`;
 * no `read` (what it needs is not chosen yet), no answer. The failure is the screen's to show: its
 * message is `error`. `setData` takes the answer of a later step (what a form sent back). The
 * answer is this component's own (`read` is any function, `key` names it only here).
 */
export function useAnswer<T>(
  read: (() => Promise<T>) | undefined,
  key: string,
  options: AnswerOptions = {},
): Answer<T> & { setData(data: T): void } {
  return useKeyedAnswer(['answer', useId(), key], read, options);
}
