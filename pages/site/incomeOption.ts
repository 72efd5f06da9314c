import { cartesianOption, seriesColor, type ChartOption } from '../../runtime/dashboard';
import { formatMoney } from '../../runtime/format/money';

/** The amounts the chart draws, in its order: what the discharge earned, what the charge cost, what remains. */
export const INCOME_AMOUNTS = ['dischargeIncome', 'chargeCost', 'revenue'] as const;

export type IncomeAmount = (typeof INCOME_AMOUNTS)[number];

/** The amounts of an hour of a day (`HH:00`), a day of a month (`MM-DD`) or a month of a year (`YYYY-MM`). */
export type IncomePoint = { time: string } & Record<IncomeAmount, number | null>;

/**
 * The income, cost and revenue of each hour, day or month as bars side by side (the hours of a
 * day, the days of a month and the months of a year are categories: each is read as a whole), each
 * amount in the palette's colour of its place, written as money in the tooltip.
 */
export function incomeOption(points: IncomePoint[], name: (amount: IncomeAmount) => string): ChartOption {
  return cartesianOption({
    kind: 'bar',
    categories: points.map((point) => point.time),
    series: INCOME_AMOUNTS.map((amount, index) => ({
      name: name(amount),
      data: points.map((point) => point[amount]),
      color: seriesColor(index),
    })),
    format: formatMoney,
  });
}
