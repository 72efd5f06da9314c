import { cartesianOption, seriesColor, shareRing, type ChartOption } from '../../runtime/dashboard';
import type { SeriesFigures } from './seriesData';
import { withUnit } from '../../runtime/format/units';

/** The series that shares and stacks are made of: those not divided further (a label's sub-labels, not the label too). */
export const partsOf = (series: SeriesFigures[]): SeriesFigures[] => series.filter((entry) => !entry.divided);

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Each part's figure per hour, day or month as bars stacked along the period's hours, days or
 * months (categories, as the call labels them), each part in the palette's colour of its place, as
 * in the ring of shares; the first series' unit on the value axis.
 */
export function perPeriodOption(series: SeriesFigures[]): ChartOption {
  const unit = series[0]?.unit ?? '';
  return cartesianOption({
    kind: 'bar',
    categories: series[0]?.timeKeys ?? [],
    series: partsOf(series).map((entry, index) => ({
      name: entry.name,
      data: entry.datas,
      color: seriesColor(index),
      stack: 'parts',
    })),
    ...(unit ? { unit } : {}),
    format: (value) => withUnit(String(round(value)), unit),
  });
}

/**
 * The parts' totals as a ring, each slice reading its share of the parts' sum (a negative total
 * counts as none), in the palette's colour of its place.
 */
export function sharesOption(series: SeriesFigures[]): ChartOption {
  const parts = partsOf(series);
  const unit = series[0]?.unit ?? '';
  const all = parts.reduce((sum, entry) => sum + (entry.value ?? 0), 0);
  return shareRing(
    parts.map((entry, index) => {
      const value = Math.max(0, entry.value ?? 0);
      return { name: entry.name, value, share: all > 0 ? (value / all) * 100 : null, color: seriesColor(index) };
    }),
    {
      value: (value) => withUnit(String(round(value)), unit),
      share: (share) => (share === null ? '--' : `${Math.round(share * 10) / 10}%`),
    },
  );
}
