import type { QueryClient } from '@tanstack/react-query';
import type { Api } from './client';

/**
 * The answers of reads kept for each API client (made by `answersOf` with the first read): one
 * cache for the app, one for each story or test with its own client. Apart from `answers.ts`, so
 * that what forgets them (the sign-in route, in the first chunk) does not load the query library.
 */
export const answerCaches = new WeakMap<Api, QueryClient>();

/**
 * Forgets every answer read through `api`, and the reads under way: whoever signs in next (another
 * user, another tenant) is never shown an answer of the session before.
 */
export function forgetAnswers(api: Api): void {
  answerCaches.get(api)?.clear();
}
