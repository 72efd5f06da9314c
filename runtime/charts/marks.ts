import averages from '../../schemas/constants/averages.json';
import type { LineSeriesOption } from './option';

/** Which marks a series carries. */
export interface MarkChoice {
  max?: boolean;
  min?: boolean;
  average?: boolean;
  /**
   * The points are samples at their times (not one figure per hour, day or month): the average
   * is weighted by time, each sample counting for the time since the one before, as the server's
   * averages are.
   */
  samples?: boolean;
}

/** The names the marks are labelled with (the widget's own words for them). */
export interface MarkNames {
  max: string;
  min: string;
  average: string;
}

/** The marks of a series, as ECharts draws them on a line or bar series. */
export type SeriesMarks = Pick<LineSeriesOption, 'markPoint' | 'markLine'>;

/** A point of a series: where it lies along the x axis (a time or a category) and its value, if any. */
export type SeriesPoint = [x: number | string, y: number | null];

/** A horizontal dashed line across the chart at a value, labelled at its end. */
export function averageLine(value: number, text: string, color: string): SeriesMarks['markLine'] {
  return {
    symbol: 'none',
    silent: true,
    lineStyle: { type: 'dashed', color, width: 1 },
    label: { position: 'insideEndTop', color, fontSize: 11 },
    data: [{ name: text, yAxis: value, label: { formatter: text } }],
  };
}

/** The indexes of a series' highest and lowest values (the first of equals), or none when it has no value. */
export function extremes(values: (number | null)[]): { max: number; min: number } | null {
  let max = -1;
  let min = -1;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] ?? null;
    if (value === null) continue;
    if (max < 0 || value > (values[max] as number)) max = index;
    if (min < 0 || value < (values[min] as number)) min = index;
  }
  return max < 0 ? null : { max, min };
}

/** The average of a series' values; null when it has none. */
export function averageOf(values: (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : null;
}

/**
 * The time-weighted average of samples: each counts for the time since the sample before it (at
 * most the hold of `schemas/constants/averages.json`); points without a value are left out. Null
 * when there is none; the plain average when no sample counts for any time (a single one).
 */
export function timeAverageOf(points: SeriesPoint[]): number | null {
  let area = 0;
  let span = 0;
  let previous: number | undefined;
  // Points read by index, not destructured: a year's series is thousands of them, read once as the
  // chart is drawn, before the engine has optimised this code, and destructuring each one walks an
  // array iterator (the marks of a year of four series took twice as long).
  for (let index = 0; index < points.length; index += 1) {
    const point = points[index] as SeriesPoint;
    const y = point[1];
    if (y === null) continue;
    const at = Number(point[0]);
    const held = previous === undefined ? 0 : Math.min(at - previous, averages.holdMs);
    previous = at;
    area += y * held;
    span += held;
  }
  return span > 0 ? area / span : averageOf(points.map((point) => point[1]));
}

/**
 * The marks of a series: its highest and lowest points, each a dot with its value above or below
 * it, and its average as a dashed line, the values written with `format`. None for a series
 * without values.
 */
export function seriesMarks(
  points: SeriesPoint[],
  color: string,
  choice: MarkChoice,
  names: MarkNames,
  format: (value: number) => string,
): SeriesMarks {
  const values = points.map((entry) => entry[1]);
  const found = extremes(values);
  const point = (index: number, name: string, above: boolean) => {
    const [x, y] = points[index] as [number | string, number];
    const text = `${name} ${format(y)}`;
    return {
      name: text,
      coord: [x, y],
      value: y,
      label: { formatter: text, position: above ? ('top' as const) : ('bottom' as const) },
    };
  };
  const dots = found
    ? [...(choice.max ? [point(found.max, names.max, true)] : []), ...(choice.min ? [point(found.min, names.min, false)] : [])]
    : [];
  const average = !choice.average ? null : choice.samples ? timeAverageOf(points) : averageOf(values);
  return {
    ...(dots.length
      ? {
          markPoint: {
            symbol: 'circle',
            symbolSize: 6,
            itemStyle: { color },
            label: { color, fontSize: 11 },
            data: dots,
          },
        }
      : {}),
    ...(average === null ? {} : { markLine: averageLine(average, `${names.average} ${format(average)}`, color) }),
  };
}
