import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../generated/registry';
import type { ProjForecasts } from '../../generated/types';
import { formatMoney } from '../../runtime/format/money';
import { DataTable, type TableColumn, type TableSort } from '../../runtime/table/DataTable';
import { indexText, signedMoney } from './earnedValueReading';

/** One open project of the forecasts, as the call answers it. */
export type ProjectForecastRow = ProjForecasts['projects'][number];

/** The columns the table sorts by: the variance at completion and the days late. */
export type ForecastSortKey = 'vac' | 'daysLate';

const STATUS_COLOURS: Record<ProjectForecastRow['status'], string> = { onTrack: 'success', atRisk: 'warning', late: 'error' };

/** Where an order's earned value opens (the route of the earned-value screen). */
const EARNED_VALUE_PATH = routes.find((route) => route.name === 'OrderEarnedValue')?.path ?? '';

/** The value a row is sorted by: a row without days late (no forecast finish) after every other, whichever way. */
function sortValue(row: ProjectForecastRow, key: ForecastSortKey): number | undefined {
  return key === 'vac' ? row.varianceAtCompletion : (row.daysLate ?? undefined);
}

/** The rows in the order asked, ties by order number. */
export function sortedForecasts(rows: ProjectForecastRow[], sort: TableSort): ProjectForecastRow[] {
  const key = sort.key as ForecastSortKey;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === undefined || y === undefined) return x === y ? a.orderNo.localeCompare(b.orderNo) : x === undefined ? 1 : -1;
    return (sort.desc ? y - x : x - y) || a.orderNo.localeCompare(b.orderNo);
  });
}

export interface ProjectForecastsTableProps {
  rows: ProjectForecastRow[];
  sort: TableSort;
  onSort(key: string): void;
}

/**
 * The open projects, one row each: the order (a link to its earned value), its budget and the
 * forecasts of its cost (EAC, ETC, VAC with its sign), the indices (two decimals), the planned and
 * forecast finish, the days late and a status. Abbreviated headers carry their full names.
 */
export function ProjectForecastsTable({ rows, sort, onSort }: ProjectForecastsTableProps) {
  const { t } = useTranslation();
  const words = (key: string) => t(`projects.forecasts.${key}`);
  const short = (key: string) => (
    <abbr title={words(key.toLowerCase())} style={{ textDecoration: 'none' }}>
      {key}
    </abbr>
  );
  const money = (key: string, value: (row: ProjectForecastRow) => number): TableColumn<ProjectForecastRow> => ({
    key,
    title: short(key.toUpperCase()),
    align: 'right',
    render: (row) => formatMoney(value(row)),
  });
  const ratio = (key: 'cpi' | 'spi' | 'tcpi'): TableColumn<ProjectForecastRow> => ({
    key,
    title: short(key.toUpperCase()),
    align: 'right',
    render: (row) => indexText(row[key]),
  });
  const columns: TableColumn<ProjectForecastRow>[] = [
    {
      key: 'order',
      title: words('order'),
      fixed: true,
      width: 100,
      render: (row) => <Link to={`${EARNED_VALUE_PATH}?orderId=${String(row.orderId)}`}>{row.orderNo}</Link>,
    },
    { key: 'name', title: words('name'), ellipsis: true, width: 120, render: (row) => row.name },
    money('bac', (row) => row.budgetAtCompletion),
    money('eac', (row) => row.estimateAtCompletion),
    money('etc', (row) => row.estimateToComplete),
    { key: 'vac', title: short('VAC'), align: 'right', sortable: true, render: (row) => signedMoney(row.varianceAtCompletion) },
    ratio('cpi'),
    ratio('spi'),
    ratio('tcpi'),
    { key: 'plannedFinish', title: words('plannedFinish'), render: (row) => row.plannedFinish ?? '--' },
    { key: 'forecastFinish', title: words('forecastFinish'), render: (row) => row.forecastFinish ?? '--' },
    {
      key: 'daysLate',
      title: words('daysLate'),
      align: 'right',
      sortable: true,
      render: (row) => (row.daysLate === null ? '--' : String(row.daysLate)),
    },
    {
      key: 'status',
      title: words('status'),
      render: (row) => <Tag color={STATUS_COLOURS[row.status]}>{words(row.status)}</Tag>,
    },
  ];
  return (
    <DataTable<ProjectForecastRow>
      label={words('table')}
      density="middle"
      columns={columns}
      rows={sortedForecasts(rows, sort)}
      rowKey={(row) => String(row.orderId)}
      sort={sort}
      onSort={onSort}
      empty={words('none')}
    />
  );
}
