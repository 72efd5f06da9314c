import { formatMoney } from '../../runtime/format/money';

/** How a cost performance index reads: below 1 the work cost more than it earned. */
export type CostReading = 'overBudget' | 'underBudget' | 'onBudget' | 'notYet';
/** How a schedule performance index reads: below 1 less was earned than planned. */
export type ScheduleReading = 'behind' | 'ahead' | 'onSchedule' | 'notYet';

/** CPI in plain words (`notYet` while there is no cost to compare with). */
export function costReading(cpi: number | null): CostReading {
  if (cpi === null) return 'notYet';
  return cpi < 1 ? 'overBudget' : cpi > 1 ? 'underBudget' : 'onBudget';
}

/** SPI in plain words (`notYet` while nothing was planned yet). */
export function scheduleReading(spi: number | null): ScheduleReading {
  if (spi === null) return 'notYet';
  return spi < 1 ? 'behind' : spi > 1 ? 'ahead' : 'onSchedule';
}

/** A variance as money with its sign: +1,250.00, -80.50, 0.00. */
export function signedMoney(value: number): string {
  return value > 0 ? `+${formatMoney(value)}` : formatMoney(value);
}

/** An index to two decimals ('--' while there is none). */
export function indexText(value: number | null): string {
  return value === null ? '--' : value.toFixed(2);
}
