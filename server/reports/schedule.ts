import { periodOf, wallClock } from '../telemetry/calendar';

/** How often a report is made. */
export type Frequency = 'daily' | 'weekly' | 'monthly';

/** When a report is made, in the wall clock of its zone. */
export interface Schedule {
  frequency: Frequency;
  /** `HH:mm`, 24-hour. */
  timeOfDay: string;
  /** ISO weekday of a weekly report: 1 Monday … 7 Sunday. */
  weekday?: number | undefined;
  /**
   * Day of the month of a monthly report, 1 to 31. A month shorter than the day is made on its
   * last day (31 is the month's end, every month), so no monthly schedule fails to fire.
   */
  dayOfMonth?: number | undefined;
}

const DAY_MS = 86_400_000;
/** A schedule that finds no day within this many days never fires (a year and a little more covers every monthly and weekly one). */
const SEARCH_DAYS = 400;

/** The offset of a zone from UTC at an instant, in ms. */
const offsetAt = (ts: number, zone: string) => wallClock(ts, zone).getTime() - ts;

/**
 * The instant a wall-clock time of a zone stands for. A time that a zone skips as its clocks go
 * forward (02:30 in Berlin on the last Sunday of March) is read with the offset before the change,
 * which moves it on by the gap (03:30 summer time), as java.time does; a time that happens twice as
 * clocks go back is its earlier occurrence. Either way the day's report is made once.
 */
export function instantOf(wall: number, zone: string): number {
  const before = offsetAt(wall - DAY_MS / 2, zone);
  const after = offsetAt(wall + DAY_MS / 2, zone);
  const valid = [wall - before, wall - after].filter((ts) => ts + offsetAt(ts, zone) === wall);
  return valid.length ? Math.min(...valid) : wall - before;
}

/** The wall-clock midnight (as a UTC date) of the local day of an instant in a zone. */
function localMidnight(ts: number, zone: string): number {
  const wall = wallClock(ts, zone).getTime();
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

const daysInMonth = (day: Date) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();

/** Whether a schedule fires on a local date (given as the UTC midnight of that date). */
function firesOn(schedule: Schedule, day: number): boolean {
  const date = new Date(day);
  if (schedule.frequency === 'daily') return true;
  if (schedule.frequency === 'weekly') return (date.getUTCDay() || 7) === schedule.weekday;
  const wanted = schedule.dayOfMonth ?? 0;
  return wanted >= 1 && date.getUTCDate() === Math.min(wanted, daysInMonth(date));
}

/** Minutes after midnight of `HH:mm`, or undefined when it is no time of day. */
export function minutesOf(timeOfDay: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(timeOfDay);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/**
 * The first instant after `after` at which the schedule fires in the zone, or undefined when it
 * never does (a weekly schedule without its weekday, a monthly one without its day, a time of day
 * that is none).
 */
export function nextRun(schedule: Schedule, zone: string, after: number): number | undefined {
  const minutes = minutesOf(schedule.timeOfDay);
  if (minutes === undefined) return undefined;
  const first = localMidnight(after, zone);
  for (let index = 0; index <= SEARCH_DAYS; index += 1) {
    const day = first + index * DAY_MS;
    if (!firesOn(schedule, day)) continue;
    const at = instantOf(day + minutes * 60_000, zone);
    if (at > after) return at;
  }
  return undefined;
}

/** The latest instant not after `now` at which the schedule fired since `after` (undefined when none). */
export function latestDue(schedule: Schedule, zone: string, after: number, now: number): number | undefined {
  let due: number | undefined;
  for (let next = nextRun(schedule, zone, after); next !== undefined && next <= now; next = nextRun(schedule, zone, next)) {
    due = next;
  }
  return due;
}

/** The span a report covers: days of the zone, the last one included. */
export interface ReportPeriod {
  unit: 'day' | 'week' | 'month';
  /** `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
  /** The first instant of the first day, and the first after the last day. */
  start: number;
  end: number;
}

const isoDate = (day: number) => new Date(day).toISOString().slice(0, 10);

/**
 * The last complete period of `unit` before the local day of `at`: for a run on 2026-11-02 the day
 * 2026-11-01, the week 2026-10-26 to 2026-11-01 (Monday to Sunday), the month 2026-10.
 */
export function periodBefore(unit: ReportPeriod['unit'], at: number, zone: string): ReportPeriod {
  const today = localMidnight(at, zone);
  let first: number;
  let last: number;
  if (unit === 'day') {
    first = today - DAY_MS;
    last = first;
  } else if (unit === 'week') {
    const weekday = new Date(today).getUTCDay() || 7;
    first = today - (weekday - 1 + 7) * DAY_MS;
    last = first + 6 * DAY_MS;
  } else {
    const date = new Date(today);
    first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
    last = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 0);
  }
  const firstDay = isoDate(first);
  const lastDay = isoDate(last);
  return {
    unit,
    firstDay,
    lastDay,
    start: periodOf('DAY', firstDay, zone).start,
    end: periodOf('DAY', lastDay, zone).end,
  };
}
