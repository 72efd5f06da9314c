import { QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { answerCaches } from './answerCaches';
import { EARLY_CALL_MS, type Api } from './client';

/** What a call of the contract is sent with. */
export interface CallParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * The answers a route started early (`prefetchCall`), until a screen that showed one stops showing
 * it: its screen takes it, and a screen shown again later asks again.
 */
const early = new WeakSet<Query>();

/**
 * A cache of answers that asks exactly when the hand-written reads did: once each time a screen is
 * shown (mounted, or a kept page shown again), again on the screen's own refresh, never on focus
 * or reconnection, and once per read (the API client renews a refused token and asks again by
 * itself). The one exception is a route's early answer: its screen takes it, answer or failure,
 * while it is younger than `EARLY_CALL_MS`.
 */
function createAnswers(): QueryClient {
  const answers = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: (query) => (early.has(query) ? EARLY_CALL_MS : 0),
        retryOnMount: (query) => !early.has(query),
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // A server that cannot be reached is the API client's to report, not a reason to wait.
        networkMode: 'always',
      },
    },
  });
  answers.getQueryCache().subscribe((event) => {
    if (event.type === 'observerRemoved') early.delete(event.query);
  });
  return answers;
}

/** The answers read through `api` (one cache per API client), made with the first read. */
export function answersOf(api: Api): QueryClient {
  let answers = answerCaches.get(api);
  if (!answers) {
    answers = createAnswers();
    answerCaches.set(api, answers);
  }
  return answers;
}

/** What identifies a call's answer: its operation, its input, and the version of the screen's data it was asked for. */
export function callKey(operationId: string, input: CallParts | undefined, version = 0): QueryKey {
  return ['call', operationId, input ?? null, version];
}

/** Sends a read call silently: the screen that reads it shows its failure. */
export const readCall = (api: Api, operationId: string, input: CallParts) => () =>
  api.callDynamic(operationId, input, { silent: true });

/**
 * Starts a call before the screen that reads it renders (a route's loader), under the key the
 * screen's `useCallAnswer` reads, so that the screen takes its answer rather than asking again.
 */
export function prefetchCall(api: Api, operationId: string, input: CallParts): void {
  const answers = answersOf(api);
  const queryKey = callKey(operationId, input);
  void answers.prefetchQuery({ queryKey, queryFn: readCall(api, operationId, input) });
  const query = answers.getQueryCache().find({ queryKey, exact: true });
  if (query) early.add(query);
}
