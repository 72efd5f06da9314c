import { cartesianOption, seriesColor, type ChartOption } from '../../runtime/dashboard';
import { legendBelow, linesOf, valueAxisOf } from '../charts/optionParts';
import { bandArea, limitAxis, limitLines } from './limitMarks';
import type { Band } from './qualityBands';

/** A measurement of a month day by day (`YYYY-MM-DD`), against the band of its limits. */
export interface DailyQuality extends Band {
  unit: string;
  days: { day: string; max: number | null; min: number | null }[];
}

/** The chart's words: its two lines and its two limits. */
export interface DailyQualityNames {
  max: string;
  min: string;
  upper: string;
  lower: string;
}

/**
 * A measurement's daily highest and lowest as two lines along the days of the month (a day is a
 * category: the month's days are read one by one), each day a dot and a day without a value a
 * gap; the band of its limits tinted behind them and each limit a labelled red line, the value
 * axis spanning the values and the limits (not from 0); the lines named in a legend below.
 */
export function dailyQualityOption(item: DailyQuality, names: DailyQualityNames, format: (value: number) => string): ChartOption {
  const base = cartesianOption({
    kind: 'line',
    categories: item.days.map((day) => day.day.slice(5)),
    series: [
      { name: names.max, data: item.days.map((day) => day.max), color: seriesColor(0) },
      { name: names.min, data: item.days.map((day) => day.min), color: seriesColor(1) },
    ],
    ...(item.unit ? { unit: item.unit } : {}),
    format,
  });
  const lines = limitLines([
    { value: item.upper, label: names.upper },
    { value: item.lower, label: names.lower },
  ]);
  const band = bandArea(item);
  return {
    ...base,
    ...legendBelow(base),
    // Measurements lie far from 0 (50 Hz, 230 V, 0.95): the axis spans them and the band, not 0 to them.
    yAxis: { ...valueAxisOf(base), scale: true, ...limitAxis([item.lower, item.upper]) },
    series: linesOf(base).map((series, index) => ({
      ...series,
      // A day without a value is a gap: a line across it would draw a day that was not measured.
      connectNulls: false,
      showSymbol: true,
      symbolSize: 4,
      // The band is of the measurement, not of one line: the first line carries it.
      ...(index === 0 && lines ? { markLine: lines } : {}),
      ...(index === 0 && band ? { markArea: band } : {}),
    })),
  };
}
