import { Card, Descriptions, Empty, Flex, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from '../table/DataTable';
import type { ListState } from './listQuery';
import type { ListRecord } from './listQuery';

export interface ListCardsProps {
  /** Accessible name of the list (the page's title). */
  label: string;
  records: ListRecord[];
  /** The page's columns: the first names a card, the others are listed in it by their headers. */
  columns: TableColumn<ListRecord>[];
  rowKey(record: ListRecord): string;
  /** The order of the records, which the sortable columns offer to change. */
  sort: Pick<ListState, 'sortField' | 'sortOrder'>;
  onSort(field: string, order: ListState['sortOrder']): void;
  /** What the list says when it has no records; `false` says nothing (they are loading). */
  empty: ReactNode | false;
  /** The record's check box for the page's bulk actions. */
  selectOf?(record: ListRecord): ReactNode;
  /** The check box of every record of the page, beside the choice of order. */
  selectAll?: ReactNode;
  /** The record's actions. */
  actionsOf?(record: ListRecord): ReactNode;
}

const ARROWS = { asc: '↑', desc: '↓' } as const;

/**
 * A list page's records on a phone: a card per record, named by its first column, with the other
 * columns that have a value under their headers and its actions below them; a choice of order
 * stands in for the table's sortable headers.
 */
export function ListCards({
  label,
  records,
  columns,
  rowKey,
  sort,
  onSort,
  empty,
  selectOf,
  selectAll,
  actionsOf,
}: ListCardsProps) {
  const { t } = useTranslation();
  const [first, ...others] = columns;
  const sortable = columns.filter((column) => column.sortable);
  const orders = sortable.flatMap((column) =>
    (['asc', 'desc'] as const).map((order) => ({
      value: `${column.key}:${order}`,
      label: (
        <>
          {column.title} {ARROWS[order]}
        </>
      ),
    })),
  );
  const current = `${sort.sortField}:${sort.sortOrder}`;
  return (
    <Flex vertical gap="small">
      {sortable.length || selectAll ? (
        <Flex gap="small" align="center">
          {sortable.length ? (
            <Select
              aria-label={t('common.sortBy')}
              prefix={t('common.sortBy')}
              style={{ flex: 1, minWidth: 0 }}
              value={orders.some((order) => order.value === current) ? current : undefined}
              options={orders}
              onChange={(value: string) => {
                const [field = '', order] = value.split(':');
                onSort(field, order === 'desc' ? 'desc' : 'asc');
              }}
            />
          ) : null}
          {selectAll}
        </Flex>
      ) : null}
      {records.length === 0 ? (
        empty === false ? null : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
        )
      ) : (
        <Flex vertical gap="small" role="list" aria-label={label}>
          {records.map((record) => (
            <Card key={rowKey(record)} role="listitem" size="small" title={first?.render(record)} extra={selectOf?.(record)}>
              <Descriptions
                size="small"
                column={1}
                items={others.flatMap((column) => {
                  const value = column.render(record);
                  // A card lists what the record has: an empty column is left out, not shown as an empty line.
                  return value === '' ? [] : [{ key: column.key, label: column.title, children: value }];
                })}
              />
              {actionsOf ? <div style={{ marginTop: 8 }}>{actionsOf(record)}</div> : null}
            </Card>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
