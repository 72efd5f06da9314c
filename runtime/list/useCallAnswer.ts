import { useAnswer, type Answer } from '../api/useAnswer';
import { useRuntime } from '../RuntimeContext';

/** What a call of the contract is sent with. */
export interface CallParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * Sends a read call (silently: the screen shows its failure) and keeps its answer, the last one
 * while the next loads; again when the input changes (by value), when `version` moves, and every
 * `refreshMs` while the screen is shown. No input, no call yet.
 */
export function useCallAnswer<T>(
  operationId: string,
  input: CallParts | undefined,
  version = 0,
  refreshMs?: number,
): Answer<T> & { setData(data: T): void } {
  const { api } = useRuntime();
  return useAnswer<T>(
    input ? () => api.callDynamic(operationId, input, { silent: true }) as Promise<T> : undefined,
    `${operationId} ${JSON.stringify(input)} ${version}`,
    { ...(refreshMs ? { refreshMs } : {}), keep: true },
  );
}
