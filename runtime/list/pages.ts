import type { PageSchema } from '../../generated/meta';
import pageList from '../../generated/pages.json';
import pageLists from '../../generated/pageLists.json';
import type { ListParameters } from './listQuery';

/** Every page schema of `schemas/pages/`: loaded with the list screens, not with the app's first screen. */
export const pages = pageList as PageSchema[];

/** What each list of the pages offering several takes, and each call counting a page's tabs, by operation id (see codegen's `pageListParameters`). */
const listParameters: Record<string, ListParameters> = pageLists;

/**
 * What one of a page's lists takes, when the page offers several (`lists`), with the values it is
 * always called with (its `query`); a page of one list sends its whole query.
 */
export function listTakes(page: PageSchema, operation: string): ListParameters | undefined {
  const takes = page.lists ? listParameters[operation] : undefined;
  const fixed = page.lists?.find((list) => list.operation === operation)?.query;
  return takes && fixed ? { ...takes, fixed } : takes;
}

/** The parameters of the list's query that a call counting the page's records for its tabs (`counts`) is sent: those it takes. */
export function countQuery(operation: string, query: Record<string, unknown>): Record<string, unknown> {
  const takes = listParameters[operation]?.query ?? [];
  return Object.fromEntries(Object.entries(query).filter(([name]) => takes.includes(name)));
}
