import { useEffect, useState } from 'react';

/** What a read answered: the last answer is kept while the next loads. */
export interface Answer<T> {
  data?: T;
  loading: boolean;
  error?: string;
}

/**
 * The answer of `read`, asked again when `key` changes (and every `refreshMs` when given); no
 * `read` (what it needs is not chosen yet), no answer.
 */
export function useAnswer<T>(read: (() => Promise<T>) | undefined, key: string, refreshMs?: number): Answer<T> {
  const [answer, setAnswer] = useState<Answer<T> & { key?: string }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!refreshMs) return;
    const timer = setInterval(() => setTick((count) => count + 1), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  useEffect(() => {
    if (!read) return;
    let live = true;
    setAnswer((before) => ({ ...(before.key === key ? before : {}), key, loading: true }));
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
  return answer.key === key ? answer : { loading: true };
}
