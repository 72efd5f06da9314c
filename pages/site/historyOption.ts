import type { Alarm } from '../../generated/types';
import {
  alarmBands,
  type AlarmBand,
  cartesianOption,
  seriesColor,
  wallClock,
  type ChartOption,
  type SeriesPoint,
} from '../../runtime/dashboard';
import { valueAxisOf } from '../charts/optionParts';
import { variableLabel } from '../../runtime/charts/seriesName';

/** A variable's stored samples (or their averages) over the period, as getHistoryTrend answers them. */
export interface HistorySeries {
  sn: string;
  unit: string;
  /** Times in the station's clock (`YYYY-MM-DD HH:mm:ss`). */
  datas: { time: string; value: number }[];
}

/** The period asked for, in the station's clock (`YYYY-MM-DD HH:mm`). */
export interface HistoryPeriod {
  startTime: string;
  endTime: string;
}

/** Past this span, the time axis writes months and days rather than hours (a tick is then a day or more). */
const HOURS_UP_TO = 31 * 86_400_000;

/** A value as the tooltip writes it: two decimals at most, as the table under the chart. */
export const historyValue = (value: number): string => String(Math.round(value * 100) / 100);

/** A series' name: its variable's (its number without one), with its unit, as several units share one axis. */
export function historyName(series: HistorySeries, variables: { sn: string; name: string }[]): string {
  const name = variables.find((variable) => variable.sn === series.sn)?.name ?? series.sn;
  return variableLabel({ name, unit: series.unit });
}

/**
 * The curves of variables over a period: a line per variable on one time axis spanning the period
 * asked for, in the station's clock, so that samples lie as far apart as their times (an hour
 * without samples as wide as any other hour); each in the palette's colour of its place; the value
 * axis spanning the values (not from 0); zoom along the time, with a slider for long series.
 */
export function historyOption(
  answer: HistorySeries[],
  variables: { sn: string; name: string }[],
  period: HistoryPeriod,
): ChartOption {
  const span = { min: wallClock(period.startTime), max: wallClock(period.endTime) };
  const base = cartesianOption({
    kind: 'line',
    span,
    timeLabels: span.max - span.min > HOURS_UP_TO ? 'days' : 'day',
    series: answer.map((series, index) => ({
      name: historyName(series, variables),
      data: series.datas.map((point): SeriesPoint => [wallClock(point.time), point.value]),
      color: seriesColor(index),
    })),
    format: historyValue,
    zoom: true,
  });
  // Variables lie far from 0 (a voltage of 230 V, a temperature of 25 °C): the axis spans their
  // values, as the curves did before, rather than flattening them against 0.
  return { ...base, yAxis: { ...valueAxisOf(base), scale: true } };
}

/** The bands of a station's alarms (in its zone) over the period of the curves. */
export const historyAlarmBands = (alarms: Alarm[], zone: string, period: HistoryPeriod): AlarmBand[] =>
  alarmBands(alarms, zone, { min: wallClock(period.startTime), max: wallClock(period.endTime) });
