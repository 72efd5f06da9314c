import { describe, expect, test } from 'vitest';
import type { PageSchema } from '../../generated/meta';
import { initialListState, listQuery, nextSort, scopeFromSearch, tabFilters } from './listQuery';

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

  test('reads the scope from the query string with its declared type', () => {
    expect(scopeFromSearch(page, new URLSearchParams('customerId=12'), { customerId: 'integer' })).toEqual({ customerId: 12 });
    expect(scopeFromSearch(page, new URLSearchParams(''), { customerId: 'integer' })).toBeUndefined();
  });

  test("a search of the filter bar keeps what the page's tabs have chosen", () => {
    const tabbed = { ...page, tabs: [{ field: 'kind' }, { field: 'status' }] };
    const state = { ...initialListState(tabbed), filters: { kind: 'order', status: '', name: 'wang' } };
    expect(tabFilters(tabbed, state)).toEqual({ kind: 'order' });
  });
});
