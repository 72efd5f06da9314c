import type { PageSchema } from '../../generated/meta';

/** A record of a list, as its call answers it. */
export type ListRecord = Record<string, unknown>;

/** What a list shows: which page, how many per page, in which order, filtered by what. */
export interface ListState {
  current: number;
  size: number;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  filters: Record<string, string>;
}

export function initialListState(page: PageSchema): ListState {
  return {
    current: 1,
    size: page.pageSizes[0] ?? 10,
    sortField: page.defaultSort.field,
    sortOrder: page.defaultSort.order,
    filters: {},
  };
}

/**
 * The query of the page's list call: paging, sort, the filters that have a value, and the
 * fields fixed by the route (the page's scope).
 */
export function listQuery(state: ListState, scope: Record<string, unknown>): Record<string, unknown> {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, value]) => value !== ''));
  return {
    ...filters,
    ...scope,
    current: state.current,
    size: state.size,
    sortField: state.sortField,
    sortOrder: state.sortOrder,
  };
}

/** The filters the page's tabs have set, which a search of the filter bar keeps. */
export function tabFilters(page: PageSchema, state: ListState): Record<string, string> {
  return Object.fromEntries(
    (page.tabs ?? []).flatMap(({ field }) => (state.filters[field] ? [[field, state.filters[field]]] : [])),
  );
}

/** A click on a sortable column header: ascending, then descending, then back to the page's default. */
export function nextSort(state: ListState, field: string, page: PageSchema): Pick<ListState, 'sortField' | 'sortOrder'> {
  if (state.sortField !== field) return { sortField: field, sortOrder: 'asc' };
  if (state.sortOrder === 'asc') return { sortField: field, sortOrder: 'desc' };
  return { sortField: page.defaultSort.field, sortOrder: page.defaultSort.order };
}

/**
 * Values of the page's scope taken from the route's query string, typed by the list call's
 * parameters (numbers stay numbers); undefined when one is missing.
 */
export function scopeFromSearch(
  page: PageSchema,
  search: URLSearchParams,
  types: Record<string, 'integer' | 'number' | 'string'>,
): Record<string, unknown> | undefined {
  const scope: Record<string, unknown> = {};
  for (const field of page.scope ?? []) {
    const raw = search.get(field);
    if (raw === null || raw === '') return undefined;
    scope[field] = types[field] === 'integer' || types[field] === 'number' ? Number(raw) : raw;
  }
  return scope;
}
