import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import dayjs from 'dayjs';
import type { SiteopsGroupCount } from '../../generated/types';
import type { WorkTypeStatisticsConfig } from '../../generated/widgetConfigs';
import { cartesianOption } from '../../runtime/charts/cartesian';
import type { ChartOption } from '../../runtime/charts/option';
import { seriesColor } from '../../runtime/charts/palette';
import { shareRing } from '../../runtime/charts/ring';
import type { WidgetConfig } from '../../runtime/dashboard/document';
import { formatFigure, stationTime } from '../../runtime/dashboard/figures';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';

/** The kinds of work of a work order, in the order of the worksheet schema. */
export const WORK_TYPES = ['inspection', 'maintenance', 'repair', 'cleaning', 'test'] as const;
export type WorkType = (typeof WORK_TYPES)[number];

/** The states counted: revoked work orders were never done, so they are no work of a kind. */
export const COUNTED_STATUSES = 'toDo,inProgress,done';

export type { WorkTypeStatisticsConfig };

/**
 * Work type statistics as they follow the dashboard's period: this month's or this year's work
 * orders; a day is not one of their periods, so today keeps the configured one.
 */
const workTypeStatisticsFollowPeriod = followOption<WorkTypeStatisticsConfig, 'period'>('period', {
  month: 'month',
  year: 'year',
});

/** The first and last day of this month (or this year) of the station at the context's instant. */
export function periodDays(
  period: WorkTypeStatisticsConfig['period'],
  context: WidgetContext,
): { startDate: string; endDate: string } {
  const unit = period === 'year' ? 'year' : 'month';
  // The station's calendar day, then plain calendar arithmetic (no zone is needed for it).
  const today = dayjs(stationTime(context, 'YYYY-MM-DD'));
  return { startDate: today.startOf(unit).format('YYYY-MM-DD'), endDate: today.endOf(unit).format('YYYY-MM-DD') };
}

/** One call: the station's work orders planned in the period, not revoked, counted per kind of work. */
function workTypeStatisticsNeeds(config: WorkTypeStatisticsConfig, context: WidgetContext): Needs {
  return {
    types: {
      operationId: 'getStationWorksheetTypeCount',
      query: { stationSn: context.station.sn, ...periodDays(config.period, context), statuses: COUNTED_STATUSES },
    },
  };
}

/** A kind of work as shown: its count and its share of all (percent; null when there is no work order). */
export interface TypeCount {
  type: WorkType;
  count: number;
  share: number | null;
}

/**
 * Every kind of work with its count from the answer (0 for a kind it lacks), in the schema's
 * order, and the total; nothing while there is no answer.
 */
export function typeCounts(slot: SlotState | undefined): { entries: TypeCount[]; total: number } | undefined {
  if (slot?.status !== 'ready' || !Array.isArray(slot.data)) return undefined;
  const groups = slot.data as SiteopsGroupCount[];
  const counts = WORK_TYPES.map((type) => groups.find((group) => group.key === type)?.count ?? 0);
  const total = counts.reduce((sum, count) => sum + count, 0);
  return {
    entries: WORK_TYPES.map((type, index) => {
      const count = counts[index] ?? 0;
      return { type, count, share: total > 0 ? (count / total) * 100 : null };
    }),
    total,
  };
}

/**
 * The chart of the kinds of work: bars of their counts (whole numbers), or a ring of the kinds that
 * have work orders, each slice reading its count (the names are in the list beside: outer labels do
 * not fit a widget's width). Each kind in the palette colour of its place.
 */
export function workTypeStatisticsOption(
  chart: WorkTypeStatisticsConfig['chart'],
  entries: TypeCount[],
  names: { kind(type: WorkType): string; total: string },
): ChartOption {
  const kinds = entries.map((entry, index) => ({ ...entry, name: names.kind(entry.type), color: seriesColor(index) }));
  if (chart === 'bar') {
    return cartesianOption({
      kind: 'bar',
      categories: kinds.map((kind) => kind.name),
      series: [{ name: names.total, data: kinds.map((kind) => kind.count), colors: kinds.map((kind) => kind.color) }],
      whole: true,
      min: 0,
      barMaxWidth: 24,
    });
  }
  return shareRing(
    kinds
      .filter((kind) => kind.count > 0)
      .map((kind) => ({ name: kind.name, value: kind.count, share: kind.share, color: kind.color })),
    { value: String, share: (share) => `${formatFigure(share, 1)}%`, inner: '45%', reads: 'value' },
  );
}

/** The statistics have no format 1 (they came with format 2): a stored configuration is current. */
export function migrateWorkTypeStatistics(config: WidgetConfig): WidgetConfig {
  return config;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<WorkTypeStatisticsConfig>({
  type: 'workTypeStatistics',
  needs: workTypeStatisticsNeeds,
  followPeriod: workTypeStatisticsFollowPeriod,
});
