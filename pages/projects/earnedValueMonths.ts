/** The most months the chart of an order's earned value draws (the last ones when its plan is longer). */
export const MOST_MONTHS = 24;

/** A point of the chart: a month (`YYYY-MM`) and the day its figures are taken on, the month's last or today. */
export interface MonthPoint {
  month: string;
  /** `YYYY-MM-DD`; today's point is asked without a day (the call's default). */
  day: string;
  today: boolean;
}

export interface MonthPoints {
  points: MonthPoint[];
  /** Months left out at the start (more than `most` from the first planned month to today). */
  cut: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The last day of a month (`month` from 1). */
function lastDay(year: number, month: number): string {
  return `${String(year)}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

/**
 * The days the earned value is drawn on: the end of each month from the order's first planned
 * month to the month before today's, then today (for this month, not over yet); at most `most`,
 * the last ones. Without a planned day, or with a plan that starts after today, today alone.
 */
export function monthPoints(firstPlanned: string | null | undefined, today: string, most = MOST_MONTHS): MonthPoints {
  const todayPoint: MonthPoint = { month: today.slice(0, 7), day: today, today: true };
  if (!firstPlanned || firstPlanned > today) return { points: [todayPoint], cut: false };
  let year = Number(firstPlanned.slice(0, 4));
  let month = Number(firstPlanned.slice(5, 7));
  const points: MonthPoint[] = [];
  while (`${String(year)}-${pad(month)}` < todayPoint.month) {
    points.push({ month: `${String(year)}-${pad(month)}`, day: lastDay(year, month), today: false });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  points.push(todayPoint);
  return { points: points.slice(-most), cut: points.length > most };
}
