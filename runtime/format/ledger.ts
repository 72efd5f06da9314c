import { formatMoney, withDecimals } from './money';

const PRICES = new Set(['purchasePrice', 'salePrice']);
const SHARES = new Set(['coverage']);
const RATIOS = new Set(['cyclesPerDay']);
const ENERGIES = /Kwh$|Kw$/;

/**
 * A ledger figure as the money page, its widgets and the workbook write it: amounts of money in
 * the specification's money format (thousands separated, two decimals: 1,234.50), energies and
 * demand to the Wh (three decimals at most), prices to four decimals, cycles to three, coverage as
 * a percentage; a figure the data cannot give (nothing discharged, no closed interval) is '--'.
 */
export function shownFigure(field: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '--';
  if (SHARES.has(field)) return `${withDecimals(value * 100, 2)} %`;
  if (PRICES.has(field)) return withDecimals(value, 4, 4);
  if (RATIOS.has(field) || ENERGIES.test(field)) return withDecimals(value, 3);
  return formatMoney(value);
}

/** Whether a figure comes from partial data: some closed interval of its span lacks a complete reading. */
export const isPartial = (coverage: number | null | undefined) => typeof coverage === 'number' && coverage < 1;
