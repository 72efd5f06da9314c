import { describe, expect, test } from 'vitest';
import type { PageSchema } from '../../generated/meta';
import {
  filtersToChoose,
  initialListState,
  listQuery,
  nextSort,
  pageShowing,
  scopeFromSearch,
  scopeQuery,
  tabFilters,
} from './listQuery';

const page: PageSchema = {
  page: 'customerContacts',
  route: '/main/appliance/customer/contacts',
  entity: 'customerContact',
  scope: ['customerId'],
  resource: { list: 'getContactsByCustomerId' },
  columns: [{ field: 'name', sortable: true }],
  defaultSort: { field: 'createTime', order: 'desc' },
  pageSizes: [15, 30],
};

describe('list query', () => {
  test('starts on page 1 with the first page size and the default sort', () => {
    expect(initialListState(page)).toEqual({ current: 1, size: 15, sortField: 'createTime', sortOrder: 'desc', filters: {} });
  });

  test('sends only filters with a value, and the scope over any filter of the same name', () => {
    const state = { ...initialListState(page), filters: { name: 'wang', phone: '', customerId: '9' } };
    expect(listQuery(state, { customerId: 3 })).toEqual({
      name: 'wang',
      customerId: 3,
      current: 1,
      size: 15,
      sortField: 'createTime',
      sortOrder: 'desc',
    });
  });

  test.each([
    ['another column', { sortField: 'createTime', sortOrder: 'desc' }, { sortField: 'name', sortOrder: 'asc' }],
    ['ascending', { sortField: 'name', sortOrder: 'asc' }, { sortField: 'name', sortOrder: 'desc' }],
    ['descending', { sortField: 'name', sortOrder: 'desc' }, { sortField: 'createTime', sortOrder: 'desc' }],
  ] as const)('a click on a sortable header after %s', (_case, before, after) => {
    expect(nextSort({ ...initialListState(page), ...before }, 'name', page)).toEqual(after);
  });

  test("passes a scope field under the query parameter its list takes it by (a worksheet's items by sheetId)", () => {
    const items = { ...page, scope: ['worksheetId'], scopeParams: { worksheetId: 'sheetId' } } as PageSchema;
    expect(scopeQuery(items, { worksheetId: 7 })).toEqual({ sheetId: 7 });
    expect(scopeQuery(page, { customerId: 7 })).toEqual({ customerId: 7 });
  });

  test('reads the scope from the query string with its declared type', () => {
    expect(scopeFromSearch(page, new URLSearchParams('customerId=12'), { customerId: 'integer' })).toEqual({ customerId: 12 });
    expect(scopeFromSearch(page, new URLSearchParams(''), { customerId: 'integer' })).toBeUndefined();
  });

  test("a search of the filter bar keeps what the page's tabs have chosen", () => {
    const tabbed = { ...page, tabs: [{ field: 'kind' }, { field: 'status' }] };
    const state = { ...initialListState(tabbed), filters: { kind: 'order', status: '', name: 'wang' } };
    expect(tabFilters(tabbed, state)).toEqual({ kind: 'order' });
  });

  test('sends a list only what it takes, and no sort it does not offer', () => {
    const state = { ...initialListState(page), filters: { name: 'wang', level: 'VIP' } };
    const mine = { query: ['current', 'size', 'name', 'sortField', 'sortOrder'], required: [], sorts: ['name'] };
    // The default sort (createTime) is not offered: the call's own order is left.
    expect(listQuery(state, {}, mine)).toEqual({ name: 'wang', current: 1, size: 15 });
    expect(listQuery({ ...state, sortField: 'name', sortOrder: 'asc' }, {}, mine)).toEqual({
      name: 'wang',
      current: 1,
      size: 15,
      sortField: 'name',
      sortOrder: 'asc',
    });
  });

  test('a list always asked for some values (the done worksheets) sends them, over any filter or tab, and offers neither for them', () => {
    const worksheets: PageSchema = {
      ...page,
      scope: [],
      resource: { list: 'getSiteTaskList' },
      lists: [{ operation: 'getSiteTaskReportList', query: { status: 'done' } }],
      filters: [{ field: 'name' }, { field: 'status' }],
      tabs: [{ field: 'status' }],
    };
    const done = {
      query: ['current', 'size', 'name', 'status', 'sortField', 'sortOrder'],
      required: [],
      sorts: ['name'],
      fixed: { status: 'done' },
    };
    const state = { ...initialListState(worksheets), filters: { name: 'filter', status: 'toDo' } };
    expect(listQuery(state, {}, done)).toEqual({ name: 'filter', status: 'done', current: 1, size: 15 });
    const shown = pageShowing(worksheets, 'getSiteTaskReportList', done);
    expect(shown.filters?.map((f) => f.field)).toEqual(['name']);
    expect(shown.tabs).toEqual([]);
  });

  test('a page shows, with each of its lists, the filters, tabs and sorts that list takes, and its exports with its own', () => {
    const offering: PageSchema = {
      ...page,
      scope: [],
      resource: { list: 'getCustomerList' },
      lists: [{ operation: 'getOwnerCustomerList' }],
      columns: [
        { field: 'name', sortable: true },
        { field: 'level', sortable: true },
      ],
      filters: [{ field: 'name' }, { field: 'level' }, { field: 'createTime', range: ['from', 'to'] }],
      tabs: [{ field: 'state' }],
      export: 'fetchPcExcel',
    };
    const own = { query: ['name', 'level', 'state', 'sortField'], required: [], sorts: ['name', 'level'] };
    const mine = { query: ['name', 'from', 'to', 'sortField'], required: ['from', 'to'], sorts: ['name'] };
    const shownOwn = pageShowing(offering, 'getCustomerList', own);
    expect(shownOwn.filters?.map((f) => f.field)).toEqual(['name', 'level']);
    expect(shownOwn.tabs).toEqual([{ field: 'state' }]);
    expect(shownOwn.export).toBe('fetchPcExcel');
    const shownMine = pageShowing(offering, 'getOwnerCustomerList', mine);
    expect(shownMine.resource.list).toBe('getOwnerCustomerList');
    expect(shownMine.filters?.map((f) => f.field)).toEqual(['name', 'createTime']);
    expect(shownMine.tabs).toEqual([]);
    expect(shownMine.columns.map((c) => c.sortable)).toEqual([true, false]);
    expect(shownMine.export).toBeUndefined();
    // The list needs its period: it waits for the range filter until both ends are chosen.
    expect(filtersToChoose(shownMine, { name: 'wang' }, mine)).toEqual(['createTime']);
    expect(filtersToChoose(shownMine, { from: '2026-11-01' }, mine)).toEqual(['createTime']);
    expect(filtersToChoose(shownMine, { from: '2026-11-01', to: '2026-11-30' }, mine)).toEqual([]);
    expect(filtersToChoose(shownOwn, {}, own)).toEqual([]);
    // A page of one list is shown as it is.
    expect(pageShowing(page, page.resource.list, undefined)).toBe(page);
  });
});
