import { callKey, readCall, type CallParts } from '../api/answers';
import { useKeyedAnswer, type Answer } from '../api/useAnswer';
import { useRuntime } from '../RuntimeContext';

/**
 * Sends a read call (silently: the screen shows its failure) and keeps its answer, the last one
 * while the next loads; again when the input changes (by value), when `version` moves, and every
 * `refreshMs` while the screen is shown. No input, no call yet. Screens reading the same call
 * (operation, input, version) share one request and its answer.
 */
export function useCallAnswer<T>(
  operationId: string,
  input: CallParts | undefined,
  version = 0,
  refreshMs?: number,
): Answer<T> & { setData(data: T): void } {
  const { api } = useRuntime();
  return useKeyedAnswer<T>(
    callKey(operationId, input, version),
    input ? (readCall(api, operationId, input) as () => Promise<T>) : undefined,
    { ...(refreshMs ? { refreshMs } : {}), keep: true },
  );
}
