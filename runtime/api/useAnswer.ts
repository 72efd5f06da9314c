import { useEffect, useState } from 'react';
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
 * The answer of `read`, asked for again when `key` (what it reads) changes and every `refreshMs`;
 * no `read` (what it needs is not chosen yet), no answer. The failure is the screen's to show: its
 * message is `error`. `setData` takes the answer of a later step (what a form sent back).
 */
export function useAnswer<T>(
  read: (() => Promise<T>) | undefined,
  key: string,
  { refreshMs, keep = false }: AnswerOptions = {},
): Answer<T> & { setData(data: T): void } {
  const [answer, setAnswer] = useState<Answer<T> & { key?: string }>({ loading: true });
  const tick = useRefreshTick(refreshMs);
  useEffect(() => {
    if (!read) return;
    let live = true;
    setAnswer((before) =>
      before.key === key ? { ...before, loading: true } : { ...(keep ? { data: before.data } : {}), key, loading: true },
    );
    read().then(
      (data) => live && setAnswer({ key, data, loading: false }),
      (failure: unknown) =>
        live && setAnswer({ key, loading: false, error: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      live = false;
    };
    // `read` is made anew at each render; what it asks for is in `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick, Boolean(read)]);
  const setData = (data: T) => setAnswer({ key, data, loading: false });
  return { ...(answer.key === key || keep ? answer : { loading: true }), setData };
}
