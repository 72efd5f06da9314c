import type { LineSeriesOption } from 'echarts/charts';
import type { ChartOption } from '../../runtime/dashboard';

type YAxis = Exclude<NonNullable<ChartOption['yAxis']>, unknown[]>;

/** A value axis, as a screen adds to what `cartesianOption` made of it. */
export type ValueAxis = Extract<YAxis, { type?: 'value' }>;

/** The first of a component that an option may give as one or as a list (the only one, in a chart of one grid). */
export function single<T>(part: T | T[] | undefined): T | undefined {
  return Array.isArray(part) ? part[0] : part;
}

/** Room under the plot for a legend of one line. */
const LEGEND_ROOM = 32;

/** A legend of the series under the plot, and the room the plot leaves it (`cartesianOption` leaves none). */
export function legendBelow(option: ChartOption): Pick<ChartOption, 'grid' | 'legend'> {
  return { grid: { ...single(option.grid), bottom: LEGEND_ROOM }, legend: { bottom: 0 } };
}

/** The value axis of a chart of bars or lines (`cartesianOption` makes one, along y). */
export function valueAxisOf(option: ChartOption): ValueAxis {
  const axis = single(option.yAxis);
  return axis?.type === 'value' ? axis : { type: 'value' };
}

/** The line series of an option (as `cartesianOption` made them), to add what a screen's chart draws beside. */
export function linesOf(option: ChartOption): LineSeriesOption[] {
  const series = option.series === undefined ? [] : Array.isArray(option.series) ? option.series : [option.series];
  return series.filter((entry): entry is LineSeriesOption => entry.type === 'line');
}
