import { useRuntime } from '../RuntimeContext';
import { callKey, readCall } from './answers';
import { useKeyedAnswer } from './useAnswer';

/** A choice of a coded field: its code and its label. */
export interface CodeChoice {
  value: unknown;
  label: string;
}

/**
 * The choices of a coded field whose codes a call offers (`x-options`): those of `known` (the
 * schema's codes with their labels) that the call answers, in its order, named as it names them
 * (in the reader's language). Until the answer comes, when the call fails, and without a call,
 * `known`. Screens asking for the same call share one request and its answer.
 */
export function useCodeOptions<C extends CodeChoice>(operation: string | undefined, known: C[]): C[] {
  const { api } = useRuntime();
  const offered = useKeyedAnswer<{ code: string | number; name: string }[]>(
    callKey(operation ?? '', {}),
    operation ? (readCall(api, operation, {}) as () => Promise<{ code: string | number; name: string }[]>) : undefined,
  ).data;
  if (!offered) return known;
  return offered.flatMap(({ code, name }) => {
    const choice = known.find((option) => String(option.value) === String(code));
    return choice ? [{ ...choice, label: name }] : [];
  });
}
