import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { ApiError } from '../errors';
import type { Point } from './counters';

dayjs.extend(utc);
dayjs.extend(timezone);

export const HOUR_MS = 3_600_000;

/** Periods a statistic is asked for (the specification's statistical types). */
export type PeriodType = 'DAY' | 'MONTH' | 'YEAR';

/** A calendar period of a station, in its time zone. */
export interface Period {
  type: PeriodType;
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
  key: string;
  /** First instant, in milliseconds since the epoch. */
  start: number;
  /** First instant after the period. */
  end: number;
  /** First local day of the period, and the first after it (`YYYY-MM-DD`). */
  firstDay: string;
  dayAfter: string;
}

const FORMATS: Record<PeriodType, string> = { DAY: 'YYYY-MM-DD', MONTH: 'YYYY-MM', YEAR: 'YYYY' };
const UNITS: Record<PeriodType, 'day' | 'month' | 'year'> = { DAY: 'day', MONTH: 'month', YEAR: 'year' };

/** Formats of the local times a call may give, by length. */
const INPUT_FORMATS: Record<number, string> = {
  4: 'YYYY',
  7: 'YYYY-MM',
  10: 'YYYY-MM-DD',
  16: 'YYYY-MM-DD HH:mm',
  19: 'YYYY-MM-DD HH:mm:ss',
  // The specification's date format (§9), as the platform's own widgets send their ranges.
  23: 'YYYY-MM-DD HH:mm:ss.SSS',
};

/**
 * A local time of the zone as given in a call; one that does not exist (2026-02-30, 25:00, or
 * the hour skipped when clocks go forward) is refused rather than rolled over.
 */
function local(time: string, zone: string): dayjs.Dayjs {
  const format = INPUT_FORMATS[time.length];
  const parsed = dayjs.tz(time.length === 4 ? `${time}-01-01` : time.length === 7 ? `${time}-01` : time, zone);
  if (!format || !parsed.isValid() || parsed.format(format) !== time)
    throw new ApiError('validation', { message: 'errors.badTime', time });
  return parsed;
}

/** Periods made, by type, zone and time (an instant by its quarter hour). */
const periods = new Map<string, Readonly<Period>>();
const QUARTER_HOUR = 900_000;

/**
 * The period of `type` that contains `time` (a date, month, year, or any date-time of the
 * station's zone: '2026-11', '2026-11-21', '2026-11-21 08:30:00'), in the station's time zone.
 * Periods are remembered: making one converts times with the zone database several times, and a
 * dashboard's refresh asks for the same days, months and years again and again. (Local midnights
 * fall on a quarter hour in every zone, so instants of the same quarter hour share their periods.)
 */
export function periodOf(type: PeriodType, time: string | number, zone: string): Readonly<Period> {
  const key = `${type}|${zone}|${typeof time === 'number' ? `@${Math.floor(time / QUARTER_HOUR)}` : time}`;
  let period = periods.get(key);
  if (!period) {
    period = Object.freeze(makePeriod(type, time, zone));
    if (periods.size >= 50_000) periods.clear();
    periods.set(key, period);
  }
  return period;
}

function makePeriod(type: PeriodType, time: string | number, zone: string): Period {
  const at = typeof time === 'number' ? dayjs(time).tz(zone) : local(time, zone);
  const unit = UNITS[type];
  const start = at.startOf(unit);
  const next = start.add(1, unit);
  return {
    type,
    key: start.format(FORMATS[type]),
    start: dayjs.tz(start.format('YYYY-MM-DD'), zone).valueOf(),
    end: dayjs.tz(next.format('YYYY-MM-DD'), zone).valueOf(),
    firstDay: start.format('YYYY-MM-DD'),
    dayAfter: next.format('YYYY-MM-DD'),
  };
}

/** The period before: yesterday, last month, last year (the chain comparisons of the single-data widget). */
export function previousPeriod(period: Period, zone: string): Period {
  const unit = UNITS[period.type];
  const before = dayjs.tz(period.firstDay, zone).subtract(1, unit);
  return periodOf(period.type, before.format('YYYY-MM-DD'), zone);
}

/** The sub-periods a statistic's series has: the hours of a day, the days of a month, the months of a year. */
export interface SubPeriod {
  /** How the series labels it: `HH:00`, `MM-DD`, `YYYY-MM`. */
  label: string;
  /** Hour buckets (UTC hour starts) of a day; local days of a month; the month of a year. */
  hour?: number;
  day?: string;
  month?: string;
}

/** What a sub-period is stored under: the hour bucket, the local day or the month. */
export function partKey(part: SubPeriod): string {
  return String(part.hour ?? part.day ?? part.month);
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The local hour (`00` to `23`) of instants in a zone; a formatter per zone, made once (dayjs would make one per call). */
function hourFormat(zone: string): Intl.DateTimeFormat {
  let format = hourFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(zone, format);
  }
  return format;
}

export function subPeriods(period: Period, zone: string): SubPeriod[] {
  const result: SubPeriod[] = [];
  if (period.type === 'DAY') {
    const hourOfDay = hourFormat(zone);
    for (let hour = period.start; hour < period.end; hour += HOUR_MS) {
      result.push({ label: `${hourOfDay.format(hour)}:00`, hour });
    }
  } else if (period.type === 'MONTH') {
    // Calendar days, counted as UTC dates: no zone conversion is needed to step from one to the next.
    for (let day = Date.parse(`${period.firstDay}T00:00:00Z`); ; day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      if (date >= period.dayAfter) break;
      result.push({ label: date.slice(5), day: date });
    }
  } else {
    const year = Number(period.firstDay.slice(0, 4));
    for (let month = 1; month <= 12; month += 1) {
      const key = `${year}-${two(month)}`;
      result.push({ label: key, month: key });
    }
  }
  return result;
}

/** The start of the UTC hour of an instant: the key of hourly rollups. */
export function hourOf(ts: number): number {
  return Math.floor(ts / HOUR_MS) * HOUR_MS;
}

/**
 * The local date of the hours of a zone, remembered: converting every sample with the time zone
 * database would be the slowest part of ingest. (Offsets of the demo's zones are whole hours, so a
 * UTC hour lies within one local day.)
 */
export class LocalDays {
  private readonly cache = new Map<string, string>();

  dayOf(ts: number, zone: string): string {
    const key = `${zone}|${hourOf(ts)}`;
    let day = this.cache.get(key);
    if (!day) {
      day = dayjs(hourOf(ts)).tz(zone).format('YYYY-MM-DD');
      if (this.cache.size > 200_000) this.cache.clear();
      this.cache.set(key, day);
    }
    return day;
  }
}

const offsets = new Map<string, Map<number, number>>();
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/**
 * The offset from UTC of a zone during the UTC hour of an instant, in milliseconds, remembered
 * (clocks change on the hour in the zones supported; see `LocalDays`).
 */
function offsetAt(ts: number, zone: string): number {
  const hour = hourOf(ts);
  let ofZone = offsets.get(zone);
  if (!ofZone) {
    ofZone = new Map();
    offsets.set(zone, ofZone);
  }
  let offset = ofZone.get(hour);
  if (offset === undefined) {
    offset = dayjs(hour).tz(zone).utcOffset() * 60_000;
    if (ofZone.size > 100_000) ofZone.clear();
    ofZone.set(hour, offset);
  }
  return offset;
}

/** The wall clock of a zone at an instant, as the UTC parts of a date (what a workbook's date cell holds). */
export function wallClock(ts: number, zone: string): Date {
  return new Date(ts + offsetAt(ts, zone));
}

/** Whether a name is a time zone this runtime knows (IANA names such as `Asia/Shanghai`, and `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
/** The parts of a local time the answers' formats use (a subset of dayjs's tokens). */
const TOKENS = /YYYY|MM|DD|HH|mm|ss|H|M/g;

/**
 * An instant as a local time of the station's zone, `YYYY-MM-DD HH:mm:ss` unless told (a format
 * of the tokens YYYY, MM, M, DD, HH, H, mm and ss). Formatting in a zone with dayjs costs tens of
 * microseconds, too much for hundreds of values per call: the instant is shifted by the zone's
 * remembered offset and its UTC parts are written.
 */
export function formatLocal(ts: number, zone: string, format = DATE_TIME): string {
  // The variables of a station are sampled at the same instants: the one before is often the same.
  if (ts === lastFormatted.ts && zone === lastFormatted.zone && format === lastFormatted.format) return lastFormatted.text;
  const d = wallClock(ts, zone);
  const text = format.replace(TOKENS, (token) => {
    switch (token) {
      case 'YYYY':
        return String(d.getUTCFullYear());
      case 'MM':
        return two(d.getUTCMonth() + 1);
      case 'M':
        return String(d.getUTCMonth() + 1);
      case 'DD':
        return two(d.getUTCDate());
      case 'HH':
        return two(d.getUTCHours());
      case 'H':
        return String(d.getUTCHours());
      case 'mm':
        return two(d.getUTCMinutes());
      default:
        return two(d.getUTCSeconds());
    }
  });
  lastFormatted = { ts, zone, format, text };
  return text;
}

/**
 * A series' points with their times in `zone`, written in `format` (to the second unless told):
 * of points within one second (or minute) only the last is given, for a chart would draw two
 * points at one time, and a table by time show one of them.
 */
export function timedPoints(points: Point[] = [], zone: string, format?: string): { time: string; value: number }[] {
  const answered: { time: string; value: number }[] = [];
  for (const point of points) {
    const time = formatLocal(point.ts, zone, format);
    if (answered.at(-1)?.time === time) answered.pop();
    answered.push({ time, value: point.value });
  }
  return answered;
}

let lastFormatted = { ts: Number.NaN, zone: '', format: '', text: '' };

/** Parses a local date-time of the station's zone (`YYYY-MM-DD HH:mm:ss`, a date, or milliseconds). */
export function parseLocal(time: string | number, zone: string): number {
  return typeof time === 'number' ? time : local(time, zone).valueOf();
}
