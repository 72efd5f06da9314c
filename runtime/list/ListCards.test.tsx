import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import { i18nFor } from '../i18n/i18n';
import type { TableColumn } from '../table/DataTable';
import { ListCards } from './ListCards';
import type { ListRecord } from './ListView';

const columns: TableColumn<ListRecord>[] = [
  { key: 'name', title: 'Name', sortable: true, render: (row) => String(row.name) },
  { key: 'city', title: 'City', sortable: true, render: (row) => String(row.city) },
  { key: 'owner', title: 'Owner', render: (row) => String(row.owner ?? '') },
];
const records = [
  { id: 1, name: 'Hangzhou Machinery', city: 'Hangzhou', owner: 'Admin' },
  { id: 2, name: 'Ningbo Textiles', city: 'Ningbo' },
];

function cards(onSort = vi.fn(), empty: string | false = 'No data', shown = records) {
  return render(
    <I18nextProvider i18n={i18nFor('en')}>
      <ListCards
        label="Customers"
        records={shown}
        columns={columns}
        rowKey={(record) => String(record.id)}
        sort={{ sortField: 'createTime', sortOrder: 'desc' }}
        onSort={onSort}
        empty={empty}
        actionsOf={(record) => <Button aria-label={`Edit ${String(record.name)}`}>Edit</Button>}
      />
    </I18nextProvider>,
  );
}

describe('a list page on a phone', () => {
  test('a card per record, named by its first column, listing the other columns it has a value for, with its actions', () => {
    cards();
    const [first, second] = within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem');
    expect(first?.textContent).toContain('Hangzhou Machinery');
    expect(within(first as HTMLElement).getByText('Owner')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Admin')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Ningbo')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText('Owner')).toBeNull();
    expect(within(second as HTMLElement).getByRole('button', { name: 'Edit Ningbo Textiles' })).toBeTruthy();
  });

  test('the order is chosen among the sortable columns, either way', async () => {
    const onSort = vi.fn();
    cards(onSort);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) => node.textContent === 'City ↓');
      if (!found) throw new Error('no option City ↓');
      return found;
    });
    expect([...document.querySelectorAll('.ant-select-item-option')].map((node) => node.textContent)).toEqual([
      'Name ↑',
      'Name ↓',
      'City ↑',
      'City ↓',
    ]);
    fireEvent.click(option);
    expect(onSort).toHaveBeenCalledWith('city', 'desc');
  });

  test('no records: the empty text, or nothing while they load', () => {
    cards(vi.fn(), 'No data', []);
    // Written under the empty picture, and as its title.
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
    cleanup();
    cards(vi.fn(), false, []);
    expect(screen.queryAllByText('No data')).toHaveLength(0);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
