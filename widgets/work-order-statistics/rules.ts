import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import dayjs from 'dayjs';
import type { SiteopsPeriodStatus } from '../../generated/types';
import type { WorkOrderStatisticsConfig } from '../../generated/widgetConfigs';
import { cartesianOption } from '../../runtime/charts/cartesian';
import type { ChartOption } from '../../runtime/charts/option';
import type { WidgetConfig } from '../../runtime/dashboard/document';
import { stationTime } from '../../runtime/dashboard/figures';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';
import { STATUS_CHART_COLORS, WORKSHEET_STATUSES, type WorksheetStatus } from '../work-order-list/rules';

export type WorkOrderPeriod = WorkOrderStatisticsConfig['period'];

export type { WorkOrderStatisticsConfig };

/**
 * Work order statistics as they follow the dashboard's period: this month's or this year's work
 * orders; a day is not one of their periods, so today keeps the configured one.
 */
const workOrderStatisticsFollowPeriod = followOption<WorkOrderStatisticsConfig, 'period'>('period', {
  month: 'month',
  year: 'year',
});

/** The period of a configuration: this month unless it says this year. */
export const periodOf = (config: Pick<WorkOrderStatisticsConfig, 'period'>): WorkOrderPeriod =>
  config.period === 'year' ? 'year' : 'month';

/** The month (`YYYY-MM`) or year (`YYYY`) of the station at the context's instant. */
export function periodKey(period: WorkOrderPeriod, context: WidgetContext): string {
  return stationTime(context, period === 'year' ? 'YYYY' : 'YYYY-MM');
}

/** One call: the station's work orders of this month per day (or of this year per month), counted by state. */
function workOrderStatisticsNeeds(config: WorkOrderStatisticsConfig, context: WidgetContext): Needs {
  return {
    counts: {
      operationId: 'getStationWorksheetStatus',
      query: { stationSn: context.station.sn, period: periodKey(periodOf(config), context) },
    },
  };
}

/** The bars as drawn: a label per day of the month (`MM-DD`) or month of the year (`YYYY-MM`), a series per state. */
export interface StatusBars {
  labels: string[];
  series: Record<WorksheetStatus, number[]>;
  totals: Record<WorksheetStatus, number>;
  total: number;
}

/** Every day of the month, or month of the year, as the answer keys them (`YYYY-MM-DD`, `YYYY-MM`). */
function periodKeys(period: WorkOrderPeriod, key: string): string[] {
  if (period === 'year') return Array.from({ length: 12 }, (_, month) => `${key}-${String(month + 1).padStart(2, '0')}`);
  const days = dayjs(`${key}-01`).daysInMonth();
  return Array.from({ length: days }, (_, day) => `${key}-${String(day + 1).padStart(2, '0')}`);
}

/**
 * The counts of the answer on every day of the month (or month of the year), those without work
 * orders at 0, with the totals of each state; nothing while there is no answer.
 */
export function statusBars(
  config: WorkOrderStatisticsConfig,
  context: WidgetContext,
  slot: SlotState | undefined,
): StatusBars | undefined {
  if (slot?.status !== 'ready' || !Array.isArray(slot.data)) return undefined;
  const period = periodOf(config);
  const keys = periodKeys(period, periodKey(period, context));
  const byKey = new Map((slot.data as SiteopsPeriodStatus[]).map((row) => [row.key, row]));
  const series = Object.fromEntries(
    WORKSHEET_STATUSES.map((status) => [status, keys.map((key) => byKey.get(key)?.[status] ?? 0)]),
  ) as Record<WorksheetStatus, number[]>;
  const totals = Object.fromEntries(
    WORKSHEET_STATUSES.map((status) => [status, series[status].reduce((sum, count) => sum + count, 0)]),
  ) as Record<WorksheetStatus, number>;
  return {
    labels: keys.map((key) => (period === 'year' ? key : key.slice(5))),
    series,
    totals,
    total: WORKSHEET_STATUSES.reduce((sum, status) => sum + totals[status], 0),
  };
}

/** The chart of the counts: each day (or month) a pile of the states, each in its colour; whole numbers from 0. */
export function workOrderStatisticsOption(
  bars: StatusBars | undefined,
  statusName: (status: WorksheetStatus) => string,
): ChartOption {
  return cartesianOption({
    kind: 'bar',
    categories: bars?.labels ?? [],
    series: WORKSHEET_STATUSES.map((status) => ({
      name: statusName(status),
      data: bars?.series[status] ?? [],
      color: STATUS_CHART_COLORS[status],
      stack: 'status',
    })),
    whole: true,
    min: 0,
    barMaxWidth: 16,
  });
}

/** The statistics have no format 1 (they came with format 2): a stored configuration is current. */
export function migrateWorkOrderStatistics(config: WidgetConfig): WidgetConfig {
  return config;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<WorkOrderStatisticsConfig>({
  type: 'workOrderStatistics',
  needs: workOrderStatisticsNeeds,
  followPeriod: workOrderStatisticsFollowPeriod,
});
