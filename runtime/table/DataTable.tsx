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
import { Button, Empty, theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollRegion } from '../a11y/scrollRegion';
import type { TablePaging } from './Pager';

export type { TablePaging } from './Pager';

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
  /**
   * Stays in view when a list page's table scrolls sideways: `true` for the leading columns of a
   * `middle` table (its check box and its first field; a fixed column followed by another is exactly
   * its width), `'end'` for its last column (the row's actions), held at the right edge.
   */
  fixed?: boolean | 'end';
}

/** The column a table is sorted by, and which way. */
export interface TableSort {
  key: string;
  desc: boolean;
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
  /**
   * A widget's few rows in a fixed layout and compact cells; or a list page's records in rows of
   * Ant Design's middle size, one line each, under a header that stays in view, the leading
   * `fixed` columns staying in view when the table scrolls sideways.
   */
  density?: 'compact' | 'middle';
}

type Meta = { column: TableColumn<unknown> };
/**
 * The pager, loaded with the first table that pages: the dashboard's tables (alarms, work orders,
 * devices) show a few rows and no pager, and do not load Ant Design's pagination for it.
 */
const Pager = lazy(() => import('./Pager').then((module) => ({ default: module.Pager })));
/** The pager's height with its margin (a middle-sized control and 16 px above it). */
const PAGER_HEIGHT = 48;

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
 * The text of a one-line cell of a `middle` table, which lays its columns out by their content: it
 * asks for no width of its own (so a long text does not widen its column) and fills the cell.
 */
const clipped: CSSProperties = { ...oneLine, width: 0, minWidth: '100%' };

/**
 * Room a `middle` table leaves under it in the window: its pager and the bottom navigation, so that
 * a list scrolled to its end shows its header, its last rows and its pager at once.
 */
const ROOM_BELOW = 120;

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
  const [scrolledSideways, setScrolledSideways] = useState(false);
  /** Whether columns lie beyond the right edge (under a column held there). */
  const [moreOnRight, setMoreOnRight] = useState(false);
  const [scrollBox, scrolling] = useScrollRegion<HTMLDivElement>(label);
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
  /** How many leading columns stay in view when a `middle` table scrolls sideways. */
  const leading = columns.findIndex((column) => column.fixed !== true);
  const fixedCount = compact ? 0 : leading === -1 ? columns.length : leading;
  /** The last column, held at the right edge when a `middle` table scrolls sideways. */
  const endFixed = !compact && columns.length > fixedCount && columns[columns.length - 1]?.fixed === 'end';
  const cell: CSSProperties = {
    padding: compact ? '6px 8px' : `${token.paddingSM}px ${token.paddingXS}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    overflowWrap: 'anywhere',
    textAlign: 'left',
    ...(compact ? {} : { whiteSpace: 'nowrap' }),
  };
  /** Where a cell of a fixed column stays: past the fixed columns before it, above the cells that scroll under it. */
  const fixedAt = (index: number, background: string): CSSProperties => {
    if (endFixed && index === columns.length - 1)
      return {
        position: 'sticky',
        right: 0,
        zIndex: 1,
        background,
        ...(moreOnRight ? { boxShadow: `-10px 0 8px -8px ${token.colorSplit}` } : {}),
      };
    if (index >= fixedCount) return {};
    const left = columns.slice(0, index).reduce((sum, column) => sum + (column.width ?? 0), 0);
    const edge = index === fixedCount - 1 && scrolledSideways;
    return {
      position: 'sticky',
      left,
      zIndex: 1,
      background,
      ...(edge ? { boxShadow: `10px 0 8px -8px ${token.colorSplit}` } : {}),
    };
  };
  // Before any scroll, and as the rows or the window change: whether the table is wider than its box.
  useEffect(() => {
    const box = scrollBox.current;
    if (!endFixed || !box) return undefined;
    const measure = () => setMoreOnRight(box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [endFixed, rows, columns, scrollBox]);
  /** The header's own colour laid over the table's, so that the rows scrolling under it do not show through. */
  const headerBackground = `linear-gradient(${token.colorFillAlter}, ${token.colorFillAlter}), ${token.colorBgContainer}`;
  const visible = table.getRowModel().rows;
  return (
    <div>
      <div
        style={
          compact
            ? { overflowX: 'auto' }
            : {
                overflow: 'auto',
                maxHeight: `calc(100dvh - ${ROOM_BELOW}px)`,
                background: token.colorBgContainer,
                borderRadius: token.borderRadiusLG,
              }
        }
        onScroll={
          compact
            ? undefined
            : (event) => {
                const box = event.currentTarget;
                setScrolledSideways(box.scrollLeft > 0);
                setMoreOnRight(box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
              }
        }
        // The table scrolls inside this box: once it overflows, the box takes the keyboard's arrows.
        ref={scrollBox}
        {...scrolling}
      >
        <table
          aria-label={label}
          style={{
            width: '100%',
            tableLayout: compact ? 'fixed' : 'auto',
            // Separate borders move with the cells that stay in view; collapsed ones stay with the table.
            borderCollapse: 'separate',
            borderSpacing: 0,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
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
                {group.headers.map((header, index) => {
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
                        color: token.colorTextHeading,
                        background: compact ? token.colorFillAlter : headerBackground,
                        ...(compact
                          ? {}
                          : {
                              position: 'sticky',
                              top: 0,
                              zIndex: 2,
                              // A fixed column before another holds exactly its width, which the next one is placed after.
                              ...(index < fixedCount - 1
                                ? { width: column.width, minWidth: column.width }
                                : { minWidth: column.width }),
                              ...fixedAt(index, headerBackground),
                              ...(index < fixedCount || (endFixed && index === columns.length - 1) ? { zIndex: 3 } : {}),
                            }),
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
                    const shown =
                      index === 0 && childrenOf ? (
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
                      );
                    return (
                      <td
                        key={entry.id}
                        title={column.ellipsis && typeof content === 'string' ? content : undefined}
                        style={{
                          ...cell,
                          ...(compact && column.ellipsis ? oneLine : {}),
                          textAlign: column.align ?? 'left',
                          ...fixedAt(index, token.colorBgContainer),
                        }}
                      >
                        {!compact && column.ellipsis ? <div style={clipped}>{shown}</div> : shown}
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
        // Its height kept while its code loads (the table's first paged use), so that nothing under it moves.
        <Suspense fallback={<div style={{ height: PAGER_HEIGHT }} />}>
          <Pager paging={paging} />
        </Suspense>
      ) : null}
    </div>
  );
}
