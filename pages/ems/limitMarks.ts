import type { LineSeriesOption } from 'echarts/charts';
import { averageLine } from '../../runtime/dashboard';
import type { Band } from './qualityBands';

/** The colour of a limit drawn across a chart: a warning's red, whatever the series' colour. */
export const LIMIT_COLOR = '#F5222D';
/** The tint of the band a value should stay in: the palette's green, faint enough to read the lines through. */
export const BAND_COLOR = 'rgba(41, 187, 154, 0.12)';

/** A limit a series is judged against; a limit without a value is not drawn. */
export interface Limit {
  value: number | undefined;
  label: string;
}

type MarkLine = NonNullable<LineSeriesOption['markLine']>;
type MarkArea = NonNullable<LineSeriesOption['markArea']>;

/**
 * Dashed red lines across the chart at the limits that have a value, each labelled at its end:
 * the marks of the series the limits judge. None without a limit.
 */
export function limitLines(limits: Limit[]): MarkLine | undefined {
  const lines = limits.flatMap(({ value, label }) => (value === undefined ? [] : [averageLine(value, label, LIMIT_COLOR)]));
  const [first] = lines;
  return first ? { ...first, data: lines.flatMap((line) => line?.data ?? []) } : undefined;
}

/**
 * The band between a lower and an upper limit, tinted behind the series; a band with one limit
 * reaches the edge of the chart on its open side. None without a limit.
 */
export function bandArea({ lower, upper }: Band): MarkArea | undefined {
  if (lower === undefined && upper === undefined) return undefined;
  return {
    silent: true,
    itemStyle: { color: BAND_COLOR },
    label: { show: false },
    data: [[{ yAxis: lower ?? -Infinity }, { yAxis: upper ?? Infinity }]],
  };
}

/** Room beyond the data and the limits, so that a limit at the edge is not drawn over the axis or the chart's border. */
const ROOM: [string, string] = ['10%', '10%'];

/**
 * What the value axis must reach besides the data, so that every limit is drawn: ECharts, unlike
 * the annotations of Chart.js, does not widen an axis for its marks, and a limit beyond the data
 * would lie outside the chart. Nothing to add without a limit.
 */
export function limitAxis(limits: (number | undefined)[]): {
  dataMin?: number;
  dataMax?: number;
  boundaryGap?: [string, string];
} {
  const values = limits.filter((value): value is number => value !== undefined && Number.isFinite(value));
  return values.length ? { dataMin: Math.min(...values), dataMax: Math.max(...values), boundaryGap: ROOM } : {};
}
