import { variableLabel } from '../../runtime/charts/seriesName';
import {
  type InspectCell,
  type InspectHeadings,
  type InspectTable,
  type SlotState,
  wallClockText,
} from '../../runtime/dashboard';
import { trendAnswer, trendSeries, type TrendConfig } from './rules';

/**
 * The trend's figures as its chart shows them: one row per time (in the station's clock), one
 * column per series, headed as the legend names it, with its values as the chart draws them
 * (rounded); a series without a point at a time has no value there.
 */
export function trendTable(config: TrendConfig, data: Record<string, SlotState>, headings: InspectHeadings): InspectTable {
  const series = trendSeries(config, trendAnswer(data.trend), data.names);
  const values = series.map((entry) => new Map(entry.points.map(([time, value]) => [Number(time), value])));
  const times = [...new Set(values.flatMap((points) => [...points.keys()]))].sort((a, b) => a - b);
  return {
    columns: [headings.time, ...series.map(variableLabel)],
    rows: times.map((time): InspectCell[] => [wallClockText(time), ...values.map((points) => points.get(time) ?? null)]),
  };
}
