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
 * What a list call takes: its query parameters, those it needs, the fields its `sortField` offers,
 * and the values a page always calls it with (`fixed`: no filter or tab sets those).
 */
export interface ListParameters {
  query: readonly string[];
  required: readonly string[];
  sorts: readonly string[];
  fixed?: Readonly<Record<string, string | number | boolean>>;
}

type Filter = NonNullable<PageSchema['filters']>[number];

/** The query parameters a filter sets: its field, or the two ends of its range. */
const filterParams = (filter: Filter): string[] => filter.range ?? [filter.field];

/**
 * The filters of the page a list needs and the user has yet to choose (a period the call lists
 * within): the list waits for them rather than asking without.
 */
export function filtersToChoose(page: PageSchema, query: Record<string, unknown>, takes: ListParameters | undefined): string[] {
  const missing = (takes?.required ?? []).filter((param) => query[param] === undefined);
  return (page.filters ?? [])
    .filter((filter) => filterParams(filter).some((param) => missing.includes(param)))
    .map((filter) => filter.field);
}

/**
 * The query of the page's list call: paging, sort, the filters that have a value, and the
 * fields fixed by the route (the page's scope), and the values the list is always called with. Given
 * what the call takes, only that: a sort
 * the call does not offer is left to the call's default order.
 */
export function listQuery(state: ListState, scope: Record<string, unknown>, takes?: ListParameters): Record<string, unknown> {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, value]) => value !== ''));
  const query: Record<string, unknown> = {
    ...filters,
    ...scope,
    ...takes?.fixed,
    current: state.current,
    size: state.size,
    sortField: state.sortField,
    sortOrder: state.sortOrder,
  };
  if (!takes) return query;
  const sorted = takes.query.includes('sortField') && takes.sorts.includes(state.sortField);
  return Object.fromEntries(
    Object.entries(query).filter(
      ([name]) => takes.query.includes(name) && (sorted || (name !== 'sortField' && name !== 'sortOrder')),
    ),
  );
}

/**
 * The page as it shows one of its lists (its own, or one of `lists`, given what that list takes):
 * that list's call, with the filters, tabs and column sorts it takes. The page's exports go with its
 * own list only. A page of one list shows it as it is.
 */
export function pageShowing(page: PageSchema, operation: string, takes: ListParameters | undefined): PageSchema {
  if (!takes) return page;
  const { export: _xlsx, exportPdf: _pdf, ...others } = page;
  const taken = (...params: string[]) => params.every((param) => takes.query.includes(param) && !(param in (takes.fixed ?? {})));
  return {
    ...(operation === page.resource.list ? page : others),
    resource: { ...page.resource, list: operation },
    columns: page.columns.map((column) => ({
      ...column,
      sortable: column.sortable === true && takes.sorts.includes(column.field),
    })) as PageSchema['columns'],
    filters: (page.filters ?? []).filter((filter) => taken(...filterParams(filter))),
    tabs: (page.tabs ?? []).filter((tab) => taken(tab.field)),
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

/** The page's scope as its list call takes it: each field under its query parameter (`scopeParams`). */
export function scopeQuery<T>(page: PageSchema, scope: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(scope).map(([field, value]) => [page.scopeParams?.[field] ?? field, value]));
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
