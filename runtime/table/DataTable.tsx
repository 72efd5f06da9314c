import { DownOutlined, RightOutlined } from '@ant-design/icons';
import {
  createExpandedRowModel,
  rowExpandingFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ExpandedState,
  type RowData,
} from '@tanstack/react-table';
import { Button, Empty, Pagination, theme } from 'antd';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A column of a table: its header, how a row's cell reads, and how it is laid out. */
export interface TableColumn<T> {
  key: string;
  title: ReactNode;
  render(row: T): ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Width in pixels: exactly that in a table of fixed layout, at least that otherwise. */
  width?: number;
  /** One line, cut with an ellipsis (the whole text in its tooltip). */
  ellipsis?: boolean;
  /** The header sorts by this column (the caller sorts, as a list page asks its call). */
  sortable?: boolean;
}

/** The column a table is sorted by, and which way. */
export interface TableSort {
  key: string;
  desc: boolean;
}

/** The page of a paged table: where it is, and the sizes the user may choose. */
export interface TablePaging {
  current: number;
  size: number;
  total: number;
  sizes: number[];
  /** The total as the page writes it ("24 in all"). */
  showTotal?(total: number): ReactNode;
  onChange(current: number, size: number): void;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label?: string;
  columns: TableColumn<T>[];
  rows: T[];
  rowKey(row: T): string;
  /** The rows under a row (a tree of rows, all open at first; a parent's first cell closes and opens it). */
  childrenOf?(row: T): T[] | undefined;
  sort?: TableSort;
  /** Asked for when a sortable header is pressed. */
  onSort?(key: string): void;
  paging?: TablePaging;
  /** What the table says when it has no rows (a widget's 'no data' by default); `false` says nothing (rows are loading). */
  empty?: ReactNode | false;
  /** A widget's few rows in a fixed layout and compact cells, or a list page's columns at their widths. */
  density?: 'compact' | 'middle';
}

type Meta = { column: TableColumn<unknown> };
const features = tableFeatures({
  rowSortingFeature,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
  columnMeta: {} as Meta,
});

const plain: CSSProperties = {
  border: 'none',
  background: 'none',
  padding: 0,
  cursor: 'pointer',
  color: 'inherit',
  font: 'inherit',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
};
const oneLine: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', overflowWrap: 'normal' };

/**
 * The one table of the platform (TanStack Table, in the theme's colours): the few rows a widget
 * lists and the records of a list page alike — columns with widths, alignment and one-line cells,
 * a tree of rows, sorting by the headers (the caller sorts), paging, and what to say when empty.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { label, columns, rows, rowKey, childrenOf, sort, onSort, paging, empty, density = 'compact' } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  const definitions = useMemo(
    () =>
      columns.map((column): ColumnDef<typeof features, T> => ({
        id: column.key,
        header: () => column.title,
        enableSorting: column.sortable === true,
        meta: { column: column as TableColumn<unknown> },
      })),
    [columns],
  );
  const table = useTable({
    features,
    columns: definitions,
    data: rows,
    getRowId: (row) => rowKey(row),
    getSubRows: childrenOf ? (row) => childrenOf(row) : undefined,
    manualSorting: true,
    state: { sorting: sort ? [{ id: sort.key, desc: sort.desc }] : [], expanded },
    onExpandedChange: setExpanded,
  });

  const compact = density === 'compact';
  const cell: CSSProperties = {
    padding: compact ? '6px 8px' : '8px 12px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    overflowWrap: 'anywhere',
    textAlign: 'left',
  };
  const visible = table.getRowModel().rows;
  return (
    <div>
      <div style={{ overflowX: 'auto' }}>
        <table
          aria-label={label}
          style={{
            width: '100%',
            tableLayout: compact ? 'fixed' : 'auto',
            borderCollapse: 'collapse',
            fontSize: token.fontSize,
            color: token.colorText,
          }}
        >
          {compact ? (
            <colgroup>
              {columns.map((column) => (
                <col key={column.key} style={column.width ? { width: column.width } : undefined} />
              ))}
            </colgroup>
          ) : null}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column.columnDef.meta?.column as TableColumn<T>;
                  const direction = header.column.getIsSorted();
                  const sorted = direction === 'desc' ? 'descending' : direction === 'asc' ? 'ascending' : undefined;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted}
                      style={{
                        ...cell,
                        textAlign: column.align ?? 'left',
                        fontWeight: token.fontWeightStrong,
                        background: token.colorFillAlter,
                        ...(compact ? {} : { minWidth: column.width }),
                      }}
                    >
                      {column.sortable && onSort ? (
                        <Button
                          type="text"
                          size="small"
                          style={{ fontWeight: token.fontWeightStrong, padding: 0 }}
                          onClick={() => onSort(column.key)}
                        >
                          {column.title}
                          {sorted === 'ascending' ? ' ↑' : sorted === 'descending' ? ' ↓' : ''}
                        </Button>
                      ) : (
                        column.title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length} style={cell}>
                  {empty === false ? null : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t('widgets.common.noData')} />
                  )}
                </td>
              </tr>
            ) : (
              visible.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((entry, index) => {
                    const column = entry.column.columnDef.meta?.column as TableColumn<T>;
                    const content = column.render(row.original);
                    const parent = row.getCanExpand();
                    return (
                      <td
                        key={entry.id}
                        title={column.ellipsis && typeof content === 'string' ? content : undefined}
                        style={{ ...cell, ...(column.ellipsis ? oneLine : {}), textAlign: column.align ?? 'left' }}
                      >
                        {index === 0 && childrenOf ? (
                          <span style={{ paddingLeft: row.depth * 16, display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                            {parent ? (
                              // The row's name opens and closes the rows under it.
                              <button
                                type="button"
                                aria-expanded={row.getIsExpanded()}
                                onClick={() => row.toggleExpanded()}
                                style={plain}
                              >
                                {row.getIsExpanded() ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
                                {content}
                              </button>
                            ) : (
                              <>
                                <span style={{ width: 14 }} />
                                {content}
                              </>
                            )}
                          </span>
                        ) : (
                          content
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {paging ? (
        <Pagination
          align="end"
          style={{ marginTop: 16 }}
          current={paging.current}
          pageSize={paging.size}
          total={paging.total}
          showSizeChanger
          pageSizeOptions={paging.sizes.map(String)}
          showTotal={paging.showTotal}
          onChange={(current, size) => paging.onChange(size === paging.size ? current : 1, size)}
        />
      ) : null}
    </div>
  );
}
