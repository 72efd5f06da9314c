import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Empty, theme } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface WidgetColumn<T> {
  key: string;
  title: ReactNode;
  render(row: T): ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Width in pixels; the columns without one share the rest. */
  width?: number;
  /** One line, cut with an ellipsis (the whole text in its tooltip). */
  ellipsis?: boolean;
}

export interface WidgetTableProps<T> {
  /** Accessible name of the table. */
  label?: string;
  columns: WidgetColumn<T>[];
  rows: T[];
  rowKey(row: T): string;
  /** The rows under a row (a tree of rows, all open at first; a parent's name closes and opens it). */
  childrenOf?(row: T): T[] | undefined;
}

/**
 * The few rows a widget lists (the latest alarms, work orders, devices, labels): a plain table in
 * the theme's colours, with what a widget needs of one — widths, alignment, one-line cells, a tree
 * of rows, 'no data' — and none of a list page's sorting, filtering, selection or paging.
 */
export function WidgetTable<T>({ label, columns, rows, rowKey, childrenOf }: WidgetTableProps<T>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const plain: CSSProperties = {
    border: 'none',
    background: 'none',
    padding: 0,
    cursor: 'pointer',
    color: 'inherit',
    font: 'inherit',
  };
  const cell: CSSProperties = {
    padding: '6px 8px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    overflowWrap: 'anywhere',
  };
  const visible: { row: T; key: string; depth: number; parent: boolean }[] = [];
  const walk = (list: T[], depth: number) => {
    for (const row of list) {
      const key = rowKey(row);
      const children = childrenOf?.(row) ?? [];
      visible.push({ row, key, depth, parent: children.length > 0 });
      if (children.length > 0 && !closed.has(key)) walk(children, depth + 1);
    }
  };
  walk(rows, 0);
  const toggle = (key: string) =>
    setClosed((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <table
      aria-label={label}
      style={{
        width: '100%',
        tableLayout: 'fixed',
        borderCollapse: 'collapse',
        fontSize: token.fontSize,
        color: token.colorText,
      }}
    >
      <colgroup>
        {columns.map((column) => (
          <col key={column.key} style={column.width ? { width: column.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              style={{
                ...cell,
                textAlign: column.align ?? 'left',
                fontWeight: token.fontWeightStrong,
                background: token.colorFillAlter,
              }}
            >
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {visible.length === 0 ? (
          <tr>
            <td colSpan={columns.length} style={cell}>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widgets.common.noData')} />
            </td>
          </tr>
        ) : (
          visible.map(({ row, key, depth, parent }) => (
            <tr key={key}>
              {columns.map((column, index) => {
                const content = column.render(row);
                const one = column.ellipsis
                  ? {
                      whiteSpace: 'nowrap' as const,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      overflowWrap: 'normal' as const,
                    }
                  : {};
                return (
                  <td
                    key={column.key}
                    title={column.ellipsis && typeof content === 'string' ? content : undefined}
                    style={{ ...cell, ...one, textAlign: column.align ?? 'left' }}
                  >
                    {index === 0 && childrenOf ? (
                      <span style={{ paddingLeft: depth * 16, display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                        {parent ? (
                          // The row's name opens and closes the rows under it.
                          <button
                            type="button"
                            aria-expanded={!closed.has(key)}
                            onClick={() => toggle(key)}
                            style={{ ...plain, display: 'inline-flex', alignItems: 'center', gap: 4 }}
                          >
                            {closed.has(key) ? <RightOutlined aria-hidden /> : <DownOutlined aria-hidden />}
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
  );
}
