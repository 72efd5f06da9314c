import { fireEvent, render, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import { i18nFor } from '../i18n/i18n';
import { DataTable, type TableColumn } from './DataTable';

interface Row {
  id: string;
  name: string;
  value: number;
  children?: Row[];
}

const columns: TableColumn<Row>[] = [
  { key: 'name', title: 'Label', ellipsis: true, render: (row) => row.name },
  { key: 'value', title: 'Energy', align: 'right', render: (row) => `${row.value} kWh` },
];
const tree: Row[] = [
  {
    id: '1',
    name: 'Grid purchase',
    value: 30,
    children: [
      { id: '2', name: 'Storage charge', value: 20 },
      { id: '3', name: 'Load', value: 10 },
    ],
  },
  { id: '4', name: 'PV yield', value: 7 },
];

describe('the table of widgets and list pages', () => {
  test('lists its rows under their column headers, a tree open at first; a parent’s name closes and opens it', () => {
    const view = render(
      <DataTable label="Labels" columns={columns} rows={tree} rowKey={(row) => row.id} childrenOf={(row) => row.children} />,
    );
    const table = view.getByRole('table', { name: 'Labels' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Label', 'Energy']);
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(names()).toEqual(['Grid purchase30 kWh', 'Storage charge20 kWh', 'Load10 kWh', 'PV yield7 kWh']);

    const parent = within(table).getByRole('button', { name: 'Grid purchase' });
    expect(parent.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(parent);
    expect(names()).toEqual(['Grid purchase30 kWh', 'PV yield7 kWh']);
    expect(parent.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(parent);
    expect(names()).toHaveLength(4);
    // A one-line cell carries its whole text as its tooltip.
    expect(within(table).getByRole('cell', { name: 'PV yield' }).getAttribute('title')).toBe('PV yield');
  });

  test('no rows: "no data" under the headers', () => {
    const view = render(
      <I18nextProvider i18n={i18nFor('en')}>
        <DataTable label="Alarms" columns={columns} rows={[]} rowKey={(row) => row.id} />
      </I18nextProvider>,
    );
    expect(within(view.getByRole('table', { name: 'Alarms' })).getByText('no data')).toBeTruthy();
  });

  test('a sortable header says how the rows are sorted and asks for a sort; the others are plain', () => {
    const onSort = vi.fn();
    const sortable: TableColumn<Row>[] = [{ ...columns[0], sortable: true } as TableColumn<Row>, columns[1] as TableColumn<Row>];
    const view = render(
      <I18nextProvider i18n={i18nFor('en')}>
        <DataTable columns={sortable} rows={tree} rowKey={(row) => row.id} sort={{ key: 'name', desc: true }} onSort={onSort} />
      </I18nextProvider>,
    );
    const [name, energy] = view.getAllByRole('columnheader');
    expect(name?.getAttribute('aria-sort')).toBe('descending');
    expect(energy?.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(name as HTMLElement).getByRole('button', { name: 'Label ↓' }));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(within(energy as HTMLElement).queryByRole('button')).toBeNull();
  });

  test('paging: the total, the page, and a new size starting from the first page', async () => {
    const onChange = vi.fn();
    const view = render(
      <I18nextProvider i18n={i18nFor('en')}>
        <DataTable
          columns={columns}
          rows={tree.slice(1)}
          rowKey={(row) => row.id}
          paging={{ current: 2, size: 10, total: 24, sizes: [10, 20], showTotal: (total) => `${total} in all`, onChange }}
        />
      </I18nextProvider>,
    );
    // The pager's code loads with the first table that pages.
    expect(await view.findByText('24 in all')).toBeTruthy();
    fireEvent.click(view.getByRole('listitem', { name: '3' }));
    expect(onChange).toHaveBeenCalledWith(3, 10);
  });
});
