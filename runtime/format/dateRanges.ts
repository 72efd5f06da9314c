import dayjs, { type Dayjs } from 'dayjs';

/** The date ranges the specification offers (§9), in its order. */
export const DATE_RANGES = [
  'today',
  'yesterday',
  'past1Week',
  'past2Weeks',
  'past30Days',
  'past90Days',
  'past182Days',
  'past365Days',
  'thisMonth',
  'thisQuarter',
  'thisYear',
  'lastMonth',
] as const;

export type DateRange = (typeof DATE_RANGES)[number];

/** Dates and times as the specification writes them. */
export const DATE_TIME_MS_FORMAT = 'YYYY-MM-DD HH:mm:ss.SSS';

/** Days back from today (today included) of the "past N" ranges. */
const PAST_DAYS: Partial<Record<DateRange, number>> = {
  past1Week: 7,
  past2Weeks: 14,
  past30Days: 30,
  past90Days: 90,
  past182Days: 182,
  past365Days: 365,
};

/** The first and last day of a range, seen from `now`; both whole days (start and end of day). */
export function rangeOf(range: DateRange, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const today = now.startOf('day');
  const days = PAST_DAYS[range];
  if (days) return [today.subtract(days - 1, 'day'), now.endOf('day')];
  switch (range) {
    case 'yesterday':
      return [today.subtract(1, 'day'), today.subtract(1, 'day').endOf('day')];
    case 'thisMonth':
      return [now.startOf('month'), now.endOf('day')];
    case 'thisQuarter': {
      const first = now.startOf('month').subtract(now.month() % 3, 'month');
      return [first, now.endOf('day')];
    }
    case 'thisYear':
      return [now.startOf('year'), now.endOf('day')];
    case 'lastMonth': {
      const last = now.startOf('month').subtract(1, 'month');
      return [last, last.endOf('month')];
    }
    default:
      return [today, now.endOf('day')];
  }
}
