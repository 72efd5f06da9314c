import type { AnnotationOptions } from 'chartjs-plugin-annotation';

/** Which marks a series carries. */
export interface MarkChoice {
  max?: boolean;
  min?: boolean;
  average?: boolean;
}

/** The names the marks are labelled with (the widget's own words for them). */
export interface MarkNames {
  max: string;
  min: string;
  average: string;
}

/** A horizontal line across the chart at a value, labelled at its end. */
export function averageLine(value: number, text: string, color: string): AnnotationOptions<'line'> {
  return {
    type: 'line',
    yMin: value,
    yMax: value,
    borderColor: color,
    borderWidth: 1,
    borderDash: [6, 4],
    label: {
      display: true,
      content: text,
      position: 'end',
      backgroundColor: 'transparent',
      color,
      font: { size: 11 },
      yAdjust: -8,
    },
  };
}

/** The point of a series' highest and lowest values (the first of equals), or none when it has no value. */
export function extremes(values: (number | null)[]): { max: number; min: number } | null {
  let max = -1;
  let min = -1;
  values.forEach((value, index) => {
    if (value === null) return;
    if (max < 0 || value > (values[max] as number)) max = index;
    if (min < 0 || value < (values[min] as number)) min = index;
  });
  return max < 0 ? null : { max, min };
}

/** The average of a series' values; null when it has none. */
export function averageOf(values: (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : null;
}

/**
 * The marks of a series, keyed by `id`: its highest and lowest points, each a dot with its value
 * above or below it, and its average as a dashed line — the values written with `format`.
 */
export function seriesMarks(
  id: string,
  values: (number | null)[],
  color: string,
  choice: MarkChoice,
  names: MarkNames,
  format: (value: number) => string,
): Record<string, AnnotationOptions> {
  const marks: Record<string, AnnotationOptions> = {};
  const found = extremes(values);
  const point = (index: number, name: string, above: boolean): AnnotationOptions<'label'> => {
    const value = values[index] as number;
    return {
      type: 'label',
      xValue: index,
      yValue: value,
      content: `${name} ${format(value)}`,
      color,
      font: { size: 11 },
      yAdjust: above ? -10 : 10,
      backgroundColor: 'transparent',
      callout: { display: false },
    };
  };
  if (found && choice.max) marks[`${id}-max`] = point(found.max, names.max, true);
  if (found && choice.min) marks[`${id}-min`] = point(found.min, names.min, false);
  const average = averageOf(values);
  if (average !== null && choice.average)
    marks[`${id}-average`] = averageLine(average, `${names.average} ${format(average)}`, color);
  return marks;
}
