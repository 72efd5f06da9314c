import { cartesianOption, seriesColor, type ChartOption } from '../../runtime/dashboard';
import { withUnit } from '../../runtime/format/units';

/** A period's curve of the series compared: this period, the period before, the same period a year before. */
export interface ComparedLine {
  name: string;
  data: (number | null)[];
}

/**
 * The place a period's key names along the axis, so that the periods compared share it: the hour of
 * a day (`08:00`), the day of a month (`11-05` → `05`), the month of a year (`2026-11` → `11`); its
 * number from 1 past the period's own keys (a previous month longer than this one).
 */
export function placeOf(key: string | undefined, index: number): string {
  if (key === undefined) return String(index + 1);
  const dash = key.lastIndexOf('-');
  return dash < 0 ? key : key.slice(dash + 1);
}

/**
 * The curves of one series over periods of the same kind, one line per period along the places of
 * the period (its hours, days or months), so that each hour, day or month lies over the same one
 * of the period before; as many places as the longest period; the series' unit on the value axis.
 */
export function comparisonOption(lines: ComparedLine[], keys: string[], unit: string): ChartOption {
  const places = Math.max(keys.length, ...lines.map((line) => line.data.length));
  const format = (value: number) => withUnit(String(Math.round(value * 100) / 100), unit);
  return cartesianOption({
    kind: 'line',
    categories: Array.from({ length: places }, (_, index) => placeOf(keys[index], index)),
    series: lines.map((line, index) => ({ name: line.name, data: line.data, color: seriesColor(index) })),
    ...(unit ? { unit } : {}),
    format,
  });
}
