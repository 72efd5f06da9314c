import { widgetDataRules, type DashboardPeriod, type WidgetContext } from '../../runtime/dashboard/widget';
import type { UiSchema } from '@rjsf/utils';
import dayjs from 'dayjs';
import type { TrendConfig } from '../../generated/widgetConfigs';
import { namesNeeds, seriesName } from '../../runtime/charts/seriesName';
import { disabledBecause } from '../../runtime/forms/disabledReason';
import { cartesianOption } from '../../runtime/charts/cartesian';
import { type MarkNames, seriesMarks, type SeriesPoint } from '../../runtime/charts/marks';
import type { ChartOption } from '../../runtime/charts/option';
import { seriesColor } from '../../runtime/charts/palette';
import { wallClock } from '../../runtime/charts/time';
import { type DeviceVar, isDeviceVar, migrateEntries, stationTime } from '../../runtime/dashboard/figures';
import type { DataNeed, SlotState } from '../../runtime/dashboard/needs';
import { DATE_TIME_MS_FORMAT } from '../../runtime/format/dateRanges';
import { RAW_POINTS } from './points';

export type TrendInterval = TrendConfig['queryInterval'];
export type TrendMethod = TrendConfig['calcMethod'];

/** One series: a variable with its name and colour. */
export type TrendNode = TrendConfig['nodeInfo'][number];

export type { TrendConfig };

/** The period each interval covers, the resolution of its points and a method it imposes. */
export const INTERVAL: Record<
  TrendInterval,
  { period: 'day' | 'month' | 'year'; queryPeriod: 'RAW' | 'HOUR' | 'DAY' | 'MONTH'; method?: TrendMethod }
> = {
  NORMAL: { period: 'day', queryPeriod: 'RAW' },
  DAY: { period: 'day', queryPeriod: 'HOUR' },
  MONTH: { period: 'month', queryPeriod: 'DAY' },
  YEAR: { period: 'year', queryPeriod: 'MONTH' },
  DAY_SUM: { period: 'day', queryPeriod: 'HOUR', method: 'SUM' },
};

/** The interval a trend takes to follow a period it does not show already: hourly, daily, monthly values. */
const FOLLOWED: Record<DashboardPeriod, TrendInterval> = { day: 'DAY', month: 'MONTH', year: 'YEAR' };

/**
 * The trend as it follows the dashboard's period: an interval of that period is kept (all values,
 * hourly values or hourly sums of today), another becomes the period's own; and the current period
 * is shown, not the one of a past day chosen in the configuration.
 */
export function trendFollowPeriod(config: TrendConfig, period: DashboardPeriod): TrendConfig {
  const queryInterval = INTERVAL[config.queryInterval].period === period ? config.queryInterval : FOLLOWED[period];
  if (queryInterval === config.queryInterval && !config.queryTime) return config;
  const { queryTime: _past, ...current } = config;
  return { ...current, queryInterval };
}

/** The intervals of a day: their axis shows hours and minutes. */
export const DAY_TYPES: readonly TrendInterval[] = ['NORMAL', 'DAY', 'DAY_SUM'];

/** The colour the schema gives a new series. */
export const DEFAULT_NODE_COLOR = '#409EFF';

/** Why the intervals that fix the calculation method do: all values (NORMAL) are as measured, DAY_SUM sums. */
const METHOD_FIXED: Partial<Record<TrendInterval, string>> = {
  NORMAL: 'widgets.trend.reasons.allValues',
  DAY_SUM: 'widgets.trend.reasons.daySum',
};

/** The calculation method means nothing for all values (NORMAL) and is the sum for DAY_SUM: disabled, saying why. */
export function trendUi(config: TrendConfig): UiSchema {
  return { calcMethod: disabledBecause(METHOD_FIXED[config.queryInterval] ?? false) };
}

/** The series that name a device variable, in their order. */
export function configuredNodes(config: TrendConfig): (TrendNode & { deviceVar: DeviceVar })[] {
  return (config.nodeInfo ?? []).filter((node): node is TrendNode & { deviceVar: DeviceVar } => isDeviceVar(node.deviceVar));
}

/** The day, month or year containing the query day (the station's today when empty), as the call's start and end (exclusive). */
export function periodOf(config: TrendConfig, context: WidgetContext): { startTime: string; endTime: string } {
  const day = config.queryTime || stationTime(context, 'YYYY-MM-DD');
  const { period } = INTERVAL[config.queryInterval];
  const start = dayjs(day).startOf(period);
  // In the specification's date format (§9).
  return { startTime: start.format(DATE_TIME_MS_FORMAT), endTime: start.add(1, period).format(DATE_TIME_MS_FORMAT) };
}

/**
 * One history call for all the series, the names of the variables of the series without a name of
 * their own, and the station's alarms of the period (marked on the chart).
 */
export function trendNeeds(config: TrendConfig, context: WidgetContext): Record<string, DataNeed> {
  const nodes = configuredNodes(config);
  if (nodes.length === 0) return {};
  const { queryPeriod, method } = INTERVAL[config.queryInterval];
  return {
    ...namesNeeds(nodes),
    trend: {
      operationId: 'getHistoryTrend',
      query: {
        sns: [...new Set(nodes.map((node) => node.deviceVar.varSn))].join(','),
        calcmethod: method ?? config.calcMethod,
        queryPeriod,
        ...periodOf(config, context),
        points: String(RAW_POINTS),
      },
    },
    alarms: { operationId: 'getPeriodAlarms', query: { stationSn: context.station.sn, ...periodOf(config, context) } },
  };
}

/** Values are shown rounded to 1 decimal. */
export const roundValue = (value: number): number => Math.round(value * 10) / 10;

/** The history call's answer: each variable's points, in the station's clock. */
export type TrendAnswer = { sn: string; unit: string; datas: { time: string; value: number }[] }[];

/** The answer of the history call, or none while it is not there. */
export const trendAnswer = (slot: SlotState | undefined): TrendAnswer =>
  slot?.status === 'ready' && Array.isArray(slot.data) ? (slot.data as TrendAnswer) : [];

/** A series as the chart draws it: its name, its points on the time axis (values rounded) and its unit. */
export interface TrendSeries {
  node: TrendNode & { deviceVar: DeviceVar };
  name: string;
  points: SeriesPoint[];
  unit: string;
}

/**
 * Each configured series with its points from the answer (none where the answer has none), named
 * by its own name or else by its device and variable (`names`, the answer of `namesNeeds`).
 */
export function trendSeries(config: TrendConfig, answer: TrendAnswer, names?: SlotState): TrendSeries[] {
  return configuredNodes(config).map((node) => {
    const entry = answer.find((item) => item.sn === node.deviceVar.varSn);
    return {
      node,
      name: seriesName(node, names),
      points: (entry?.datas ?? []).map((point): SeriesPoint => [wallClock(point.time), roundValue(point.value)]),
      unit: entry?.unit ?? '',
    };
  });
}

/**
 * The chart of a trend: its series as lines (or bars) on a time axis spanning the period asked
 * for, so that points lie as far apart as their times; each series in its colour with the marks
 * chosen; zoom along the time.
 */
export function trendOption(config: TrendConfig, series: TrendSeries[], context: WidgetContext, names: MarkNames): ChartOption {
  const { maxChecked, minChecked, avgChecked } = config.selChecked ?? {};
  const { startTime, endTime } = periodOf(config, context);
  const format = (value: number) => String(roundValue(value));
  return cartesianOption({
    kind: config.showType === 'bar' ? 'bar' : 'line',
    span: { min: wallClock(startTime), max: wallClock(endTime) },
    timeLabels: DAY_TYPES.includes(config.queryInterval) ? 'day' : 'days',
    series: series.map(({ node, name, points }) => ({
      name,
      data: points,
      color: node.color,
      marks: seriesMarks(
        points,
        node.color,
        { max: maxChecked, min: minChecked, average: avgChecked, samples: config.queryInterval === 'NORMAL' },
        names,
        format,
      ),
    })),
    format,
    // The day's samples as bars: thin ones.
    ...(config.showType === 'bar' ? { barMaxWidth: config.queryInterval === 'NORMAL' ? 4 : 20 } : {}),
    zoom: true,
  });
}

/**
 * The configuration after a change in the form: a series without a creation time gets one and,
 * if it was just added and still has the default colour, the palette colour of its place.
 */
export function stampNodes(previous: TrendConfig, next: TrendConfig, now: number): TrendConfig {
  const before = (previous.nodeInfo ?? []).length;
  const nodeInfo = (next.nodeInfo ?? []).map((node, index) => {
    if (node.timestamp !== undefined) return node;
    const added = index >= before && (!node.color || node.color === DEFAULT_NODE_COLOR);
    return { ...node, timestamp: now, ...(added ? { color: seriesColor(index) } : {}) };
  });
  return { ...next, nodeInfo };
}

/** A configuration of format 1 (variables as `[deviceSn, varSn]` pairs) in the current format. */
export function migrateTrend(config: Record<string, unknown>, fromVersion: number): Record<string, unknown> {
  const nodeInfo = fromVersion >= 2 ? undefined : migrateEntries(config.nodeInfo);
  return nodeInfo ? { ...config, nodeInfo } : config;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<TrendConfig>({
  type: 'trend',
  needs: trendNeeds,
  followPeriod: trendFollowPeriod,
});
