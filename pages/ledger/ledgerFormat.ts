import dayjs from 'dayjs';
import type { Period } from '../site/seriesData';

/** The figures of a span the money page shows first, and the fleet ranking's columns, in this order. */
export const HEADLINE = [
  'earned',
  'savings',
  'arbitrage',
  'pvValue',
  'spreadPerMwh',
  'cyclesPerDay',
  'demandCharge',
  'coverage',
] as const;

/** The columns of the table of a span's parts (intervals of a day, days of a month, months of a year). */
export const PART_COLUMNS = [
  'earned',
  'savings',
  'baselineCost',
  'actualCost',
  'arbitrage',
  'pvValue',
  'dischargeKwh',
  'chargeKwh',
  'maxDemandKw',
  'demandCharge',
  'coverage',
] as const;

/** The columns of a day's intervals: what priced each and what it came to. */
export const INTERVAL_COLUMNS = [
  'purchasePrice',
  'salePrice',
  'importKwh',
  'exportKwh',
  'chargeKwh',
  'dischargeKwh',
  'pvKwh',
  'demandKw',
  'importCost',
  'exportRevenue',
  'actualCost',
  'baselineCost',
  'savings',
] as const;

const TYPES = new Set<Period['type']>(['DAY', 'MONTH', 'YEAR']);

/** The period an address names (`?type=MONTH&time=2026-10`), else this month. */
export function periodOfAddress(search: URLSearchParams): Period {
  const type = search.get('type') as Period['type'] | null;
  const time = search.get('time');
  const parsed = time && /^\d{4}(-\d{2}(-\d{2})?)?$/.test(time) ? dayjs(time) : undefined;
  return { type: type && TYPES.has(type) ? type : 'MONTH', time: parsed?.isValid() ? parsed : dayjs() };
}

/** The period a part of a span opens: a day of a month, a month of a year (a day's parts are its intervals, shown beside). */
export function partPeriod(type: Period['type'], label: string): Period | undefined {
  if (type === 'MONTH') return { type: 'DAY', time: dayjs(label) };
  if (type === 'YEAR') return { type: 'MONTH', time: dayjs(label) };
  return undefined;
}
