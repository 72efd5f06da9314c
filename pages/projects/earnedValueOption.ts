import { cartesianOption, seriesColor, type ChartOption } from '../../runtime/dashboard';
import { formatMoney } from '../../runtime/format/money';

/** The three curves of earned value, in the chart's order. */
export const CURVES = ['plannedValue', 'earnedValue', 'actualCost'] as const;

export type Curve = (typeof CURVES)[number];

/** The figures of one month of the chart. */
export type CurvePoint = { month: string } & Record<Curve, number>;

/** PV, EV and AC at each month's end as lines over the months, in yuan, written as money in the tooltip. */
export function earnedValueOption(points: CurvePoint[], name: (curve: Curve) => string): ChartOption {
  return cartesianOption({
    kind: 'line',
    categories: points.map((point) => point.month),
    series: CURVES.map((curve, index) => ({
      name: name(curve),
      data: points.map((point) => point[curve]),
      color: seriesColor(index),
    })),
    format: formatMoney,
    min: 0,
  });
}
