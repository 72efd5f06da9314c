import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { formatLocal, hourOf, LocalDays, parseLocal, periodOf, previousPeriod, subPeriods } from './calendar';

const iso = (ms: number) => new Date(ms).toISOString();

describe('periods in the station time zone', () => {
  test.each([
    // Shanghai is UTC+8 all year: a local day starts at 16:00 UTC the day before.
    ['DAY', '2026-11-21', 'Asia/Shanghai', '2026-11-20T16:00:00.000Z', '2026-11-21T16:00:00.000Z', 24],
    ['MONTH', '2026-02', 'Asia/Shanghai', '2026-01-31T16:00:00.000Z', '2026-02-28T16:00:00.000Z', 28],
    ['MONTH', '2024-02', 'Asia/Shanghai', '2024-01-31T16:00:00.000Z', '2024-02-29T16:00:00.000Z', 29],
    ['YEAR', '2026', 'Asia/Shanghai', '2025-12-31T16:00:00.000Z', '2026-12-31T16:00:00.000Z', 12],
    // Berlin moves its clocks on 29 March and 25 October 2026: those days have 23 and 25 hours.
    ['DAY', '2026-03-29', 'Europe/Berlin', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 23],
    ['DAY', '2026-10-25', 'Europe/Berlin', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 25],
    ['MONTH', '2026-03', 'Europe/Berlin', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z', 31],
    ['YEAR', '2026', 'Europe/Berlin', '2025-12-31T23:00:00.000Z', '2026-12-31T23:00:00.000Z', 12],
  ] as const)('%s %s in %s runs from %s to %s with %i parts', (type, key, zone, start, end, parts) => {
    const period = periodOf(type, key, zone);
    expect(iso(period.start)).toBe(start);
    expect(iso(period.end)).toBe(end);
    expect(period.key).toBe(key);
    expect(subPeriods(period, zone)).toHaveLength(parts);
  });

  test('any instant or local date-time falls in its period', () => {
    // 2026-11-30 17:30 UTC is already 1 December in Shanghai.
    expect(periodOf('MONTH', Date.UTC(2026, 10, 30, 17, 30), 'Asia/Shanghai').key).toBe('2026-12');
    expect(periodOf('DAY', '2026-12-31 23:59:59', 'Asia/Shanghai').key).toBe('2026-12-31');
    expect(periodOf('YEAR', '2026-06-15', 'Europe/Berlin').key).toBe('2026');
  });

  test.each([
    ['DAY', '2026-03-01', '2026-02-28'],
    ['DAY', '2026-01-01', '2025-12-31'],
    ['MONTH', '2026-03', '2026-02'],
    ['MONTH', '2026-01', '2025-12'],
    ['YEAR', '2026', '2025'],
  ] as const)('the period before %s %s is %s', (type, key, before) => {
    const zone = 'Asia/Shanghai';
    expect(previousPeriod(periodOf(type, key, zone), zone).key).toBe(before);
  });

  test('the hours of a day are labelled in local time, the days of a month as MM-DD', () => {
    const day = subPeriods(periodOf('DAY', '2026-10-25', 'Europe/Berlin'), 'Europe/Berlin').map((p) => p.label);
    // The hour from 2:00 to 3:00 happens twice on the day the clocks go back.
    expect(day.slice(0, 4)).toEqual(['00:00', '01:00', '02:00', '02:00']);
    const month = subPeriods(periodOf('MONTH', '2026-02', 'Asia/Shanghai'), 'Asia/Shanghai');
    expect([month[0]?.label, month[27]?.label]).toEqual(['02-01', '02-28']);
  });

  test('a UTC hour maps to its local day', () => {
    const days = new LocalDays();
    expect(days.dayOf(Date.UTC(2026, 10, 20, 16, 0), 'Asia/Shanghai')).toBe('2026-11-21');
    expect(days.dayOf(Date.UTC(2026, 10, 20, 15, 59), 'Asia/Shanghai')).toBe('2026-11-20');
    expect(hourOf(Date.UTC(2026, 10, 20, 15, 59, 59))).toBe(Date.UTC(2026, 10, 20, 15));
  });
});

describe('local times given in calls', () => {
  test.each(['2026-02-30', '2026-13', '2026-11-21 24:00', '2026-11-21 08:61:00', '2026-1-5'])(
    '%s is refused, not rolled over',
    (time) => {
      expect(() => periodOf('DAY', time, 'Asia/Shanghai')).toThrow(/validation/);
      expect(() => parseLocal(time, 'Asia/Shanghai')).toThrow(/validation/);
    },
  );

  test('the hour skipped when clocks go forward does not exist', () => {
    expect(() => parseLocal('2026-03-29 02:30', 'Europe/Berlin')).toThrow(/validation/);
    expect(new Date(parseLocal('2026-03-29 03:30', 'Europe/Berlin')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('periods and local times made once', () => {
  test('a period asked for again is the one made before; instants of its quarter hour share it, the next day does not', () => {
    const zone = 'Europe/Berlin';
    expect(periodOf('DAY', '2026-10-25', zone)).toBe(periodOf('DAY', '2026-10-25', zone));
    // 22:00 UTC on 24 October is local midnight of the 25th (summer time, UTC+2).
    const midnight = Date.UTC(2026, 9, 24, 22, 0);
    expect(periodOf('DAY', midnight + 14 * 60_000, zone)).toBe(periodOf('DAY', midnight, zone));
    expect(periodOf('DAY', midnight - 1, zone).key).toBe('2026-10-24');
    expect(periodOf('DAY', midnight, zone).key).toBe('2026-10-25');
    expect(() => {
      (periodOf('DAY', midnight, zone) as { key: string }).key = 'changed';
    }).toThrow();
  });

  test.each(['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'])(
    'local times in %s are written as dayjs writes them, across a year and its clock changes',
    (zone) => {
      const formats = ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD|H|M', 'HH:mm', 'YYYY-MM', 'YYYY-MM-DD', 'H|M'];
      for (let ts = Date.UTC(2026, 0, 1, 0, 7, 9); ts < Date.UTC(2027, 0, 1); ts += 31 * 3_600_000 + 13 * 60_000) {
        for (const format of formats) expect(formatLocal(ts, zone, format)).toBe(dayjs(ts).tz(zone).format(format));
      }
    },
  );
});
