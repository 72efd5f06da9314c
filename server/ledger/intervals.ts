import { formatLocal, periodOf, wallClock, type PeriodType } from '../telemetry/calendar';

/** Lengths of settlement intervals a station may have, in minutes. */
export const SETTLEMENT_MINUTES = [15, 30, 60] as const;
export type SettlementMinutes = (typeof SETTLEMENT_MINUTES)[number];

/** One settlement interval of a station, in its zone. */
export interface SettlementInterval {
  /** First instant (ms since the epoch) and the first after it. */
  start: number;
  end: number;
  /** The local day (`YYYY-MM-DD`) and month (`YYYY-MM`) it lies in. */
  day: string;
  month: string;
  /** Local clock of its start, `HH:mm`; an hour that a 25-hour day repeats gives two intervals the same clock. */
  clock: string;
  /** Local hour (0–23) and month (1–12) of its start, which the time-of-use periods are read by. */
  hour: number;
  monthOfYear: number;
}

/** The settlement length of a station: its own, else an hour. */
export function settlementMinutesOf(value: unknown): SettlementMinutes {
  return (SETTLEMENT_MINUTES as readonly number[]).includes(Number(value)) ? (Number(value) as SettlementMinutes) : 60;
}

/**
 * The settlement intervals from `from` to `to` (instants on local midnights of `zone`). They are
 * stepped in real time from each local midnight, so a day whose clocks go forward has 23 hours of
 * them and one whose clocks go back 25 (the repeated hour twice), and no interval spans a midnight,
 * where a dated price list may change. (Clocks change by whole hours, which every length divides.)
 */
export function intervalsBetween(zone: string, minutes: SettlementMinutes, from: number, to: number): SettlementInterval[] {
  const step = minutes * 60_000;
  const result: SettlementInterval[] = [];
  for (let dayStart = from; dayStart < to;) {
    const offset = offsetOf(dayStart, zone);
    const next = nextMidnight(dayStart, offset, zone);
    const dayEnd = Math.min(next, to);
    // A day without a change of the clocks (all but two a year, at most) is labelled by arithmetic.
    const steady = next - dayStart === 86_400_000;
    for (let start = dayStart; start < dayEnd; start += step) {
      const parts = localParts(start, steady ? offset : offsetOf(start, zone));
      result.push({ start, end: Math.min(start + step, dayEnd), ...parts });
    }
    dayStart = next;
  }
  return result;
}

const offsetOf = (ts: number, zone: string) => wallClock(ts, zone).getTime() - ts;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The local day, month, clock, hour and month of the year of an instant at a known offset. */
function localParts(ts: number, offset: number) {
  const d = new Date(ts + offset);
  const year = d.getUTCFullYear();
  const monthOfYear = d.getUTCMonth() + 1;
  const hour = d.getUTCHours();
  const month = `${year}-${two(monthOfYear)}`;
  return { day: `${month}-${two(d.getUTCDate())}`, month, clock: `${two(hour)}:${two(d.getUTCMinutes())}`, hour, monthOfYear };
}

/**
 * The local midnight after the one at `midnight`: a day later, less the change of the zone's offset
 * in between (a 23-hour day when the clocks go forward, 25 when they go back). Where a zone changes
 * its clocks at midnight itself, the calendar's own (slower) reckoning answers.
 */
function nextMidnight(midnight: number, offset: number, zone: string): number {
  const later = midnight + 86_400_000;
  const next = later - (offsetOf(later, zone) - offset);
  return formatLocal(next, zone, 'HH:mm') === '00:00' ? next : periodOf('DAY', midnight, zone).end;
}

/** The settlement intervals of a day, month or year (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`) of the station's zone. */
export function intervalsOf(zone: string, minutes: SettlementMinutes, type: PeriodType, time: string | number) {
  const period = periodOf(type, time, zone);
  return { period, intervals: intervalsBetween(zone, minutes, period.start, period.end) };
}
