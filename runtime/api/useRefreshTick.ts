import { useEffect, useState } from 'react';
import { everyWhileVisible } from './refresh';

/**
 * A count that moves every `intervalMs` while the page is shown (and once when it is shown again
 * after missing a turn): an effect that depends on it reads again. No interval, no moves. A screen
 * kept alive but hidden by the shell runs no effects, so it does not count either.
 */
export function useRefreshTick(intervalMs: number | undefined): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!intervalMs) return;
    return everyWhileVisible(intervalMs, () => setTick((count) => count + 1));
  }, [intervalMs]);
  return tick;
}
