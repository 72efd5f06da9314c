import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import dayjs from 'dayjs';
import type { TrendSeries } from '../../generated/types';
import type { DodAnalysisConfig } from '../../generated/widgetConfigs';
import { cartesianOption } from '../../runtime/charts/cartesian';
import { averageLine, averageOf } from '../../runtime/charts/marks';
import type { ChartOption } from '../../runtime/charts/option';
import { formatFigure, isDeviceVar, stationTime } from '../../runtime/dashboard/figures';
import type { DataNeed, Needs, SlotState } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';

export type DodPeriod = DodAnalysisConfig['period'];

export type { DodAnalysisConfig };

/**
 * DOD analysis as it follows the dashboard's period: the days of this month; it draws days, so today
 * (one day) and this year (not one of its periods) keep the configured days.
 */
const dodAnalysisFollowPeriod = followOption<DodAnalysisConfig, 'period'>('period', { month: 'currentMonth' });

/** The local days a period covers (`YYYY-MM-DD`, in order) and the times that ask for them. */
export interface DodRange {
  days: string[];
  /** First day, 00:00 of the station. */
  startTime: string;
  /** The day after the last, 00:00: the trend call counts the days before it. */
  endTime: string;
}

const DATE = 'YYYY-MM-DD';

/** The days of a period, counted in the station's local calendar at the context's instant. */
export function dodRange(period: DodPeriod, context: WidgetContext): DodRange {
  const today = dayjs(stationTime(context, DATE));
  const [first, after] =
    period === 'currentMonth'
      ? [today.startOf('month'), today.startOf('month').add(1, 'month')]
      : period === 'lastMonth'
        ? [today.startOf('month').subtract(1, 'month'), today.startOf('month')]
        : [today.subtract(period === 'last7Days' ? 6 : 29, 'day'), today.add(1, 'day')];
  const days: string[] = [];
  for (let day = first; day.isBefore(after); day = day.add(1, 'day')) days.push(day.format(DATE));
  return { days, startTime: first.format(DATE), endTime: after.format(DATE) };
}

/** The two statistics a DOD is made of: each day's highest and lowest SOC (daily rollups, not samples). */
function dodNeeds(config: DodAnalysisConfig, context: WidgetContext): Needs {
  if (!isDeviceVar(config.socVar)) return {};
  const { startTime, endTime } = dodRange(config.period, context);
  const need = (calcmethod: 'MAX' | 'MIN'): DataNeed => ({
    operationId: 'getHistoryTrend',
    query: { sns: config.socVar?.varSn ?? '', calcmethod, queryPeriod: 'DAY', startTime, endTime },
  });
  return { max: need('MAX'), min: need('MIN') };
}

/** The depth of discharge of a day: its highest SOC minus its lowest; null without both. */
export function depthOfDischarge(max: number | null | undefined, min: number | null | undefined): number | null {
  if (typeof max !== 'number' || typeof min !== 'number') return null;
  return Math.max(0, max - min);
}

/** The values of a variable by local day, from a daily trend answer. */
export function valuesByDay(slot: SlotState | undefined, sn: string): { values: Map<string, number>; unit: string } {
  if (slot?.status !== 'ready' || !Array.isArray(slot.data)) return { values: new Map(), unit: '' };
  const series = (slot.data as TrendSeries[]).find((entry) => entry.sn === sn);
  return {
    values: new Map((series?.datas ?? []).map((point) => [point.time.slice(0, 10), point.value])),
    unit: series?.unit ?? '',
  };
}

/** Each day's DOD, the average and the deepest day. */
export interface DodFigures {
  days: string[];
  dods: (number | null)[];
  average: number | null;
  deepest: { day: string; dod: number } | null;
  unit: string;
}

export function dodFigures(days: string[], max: SlotState | undefined, min: SlotState | undefined, sn: string): DodFigures {
  const highs = valuesByDay(max, sn);
  const lows = valuesByDay(min, sn);
  const dods = days.map((day) => depthOfDischarge(highs.values.get(day), lows.values.get(day)));
  let deepest: DodFigures['deepest'] = null;
  dods.forEach((dod, index) => {
    if (dod !== null && (deepest === null || dod > deepest.dod)) deepest = { day: days[index] ?? '', dod };
  });
  return { days, dods, average: averageOf(dods), deepest, unit: highs.unit || lows.unit || '%' };
}

/**
 * The chart of the depths: a bar per day (`MM-DD`) from 0, in the widget's colour, with the
 * period's average as a dashed line labelled with its figure.
 */
export function dodOption(
  figures: DodFigures,
  color: string,
  decimals: number,
  names: { series: string; average: string },
): ChartOption {
  const { average } = figures;
  return cartesianOption({
    kind: 'bar',
    categories: figures.days.map((day) => day.slice(5)),
    series: [
      {
        name: names.series,
        data: figures.dods,
        color,
        unit: figures.unit,
        ...(average === null
          ? {}
          : { marks: { markLine: averageLine(average, `${names.average} ${formatFigure(average, decimals)}`, color) } }),
      },
    ],
    unit: figures.unit,
    min: 0,
    format: (value) => formatFigure(value, decimals),
    barMaxWidth: 20,
  });
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<DodAnalysisConfig>({
  type: 'dodAnalysis',
  needs: dodNeeds,
  followPeriod: dodAnalysisFollowPeriod,
});
