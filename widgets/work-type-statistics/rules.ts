import dayjs from 'dayjs';
import type { SiteopsGroupCount } from '../../generated/types';
import { stationTime, type Needs, type SlotState, type WidgetConfig, type WidgetContext } from '../../runtime/dashboard';

/** The kinds of work of a work order, in the order of the worksheet schema. */
export const WORK_TYPES = ['inspection', 'maintenance', 'repair', 'cleaning', 'test'] as const;
export type WorkType = (typeof WORK_TYPES)[number];

/** The states counted: revoked work orders were never done, so they are no work of a kind. */
export const COUNTED_STATUSES = 'toDo,inProgress,done';

export interface WorkTypeStatisticsConfig {
  [field: string]: unknown;
  title: string;
  period: 'month' | 'year';
  chart: 'pie' | 'bar';
}

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
export function workTypeStatisticsNeeds(config: WorkTypeStatisticsConfig, context: WidgetContext): Needs {
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

/** The statistics have no format 1 (they came with format 2): a stored configuration is current. */
export function migrateWorkTypeStatistics(config: WidgetConfig): WidgetConfig {
  return config;
}
