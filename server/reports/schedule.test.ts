import { describe, expect, test } from 'vitest';
import { latestDue, nextRun, periodBefore, type Schedule } from './schedule';

const at = (iso: string) => Date.parse(iso);
const iso = (ts: number | undefined) => (ts === undefined ? undefined : new Date(ts).toISOString());

// Expectations computed by hand: Berlin is UTC+1 in winter and UTC+2 in summer, changing on
// 2026-03-29 at 01:00 UTC (02:00 → 03:00) and on 2026-10-25 at 01:00 UTC (03:00 → 02:00);
// New York changes on 2026-03-08 at 07:00 UTC (02:00 → 03:00); Shanghai is UTC+8 all year.
describe('the next run of a schedule', () => {
  test.each<[string, Schedule, string, string, string | undefined]>([
    [
      'daily 07:00 the day before spring forward',
      { frequency: 'daily', timeOfDay: '07:00' },
      'Europe/Berlin',
      '2026-03-27T12:00:00Z',
      '2026-03-28T06:00:00.000Z',
    ],
    [
      'daily 07:00 on the spring-forward day (summer time)',
      { frequency: 'daily', timeOfDay: '07:00' },
      'Europe/Berlin',
      '2026-03-28T06:00:00Z',
      '2026-03-29T05:00:00.000Z',
    ],
    [
      'daily 07:00 on the fall-back day (winter time)',
      { frequency: 'daily', timeOfDay: '07:00' },
      'Europe/Berlin',
      '2026-10-24T05:00:00Z',
      '2026-10-25T06:00:00.000Z',
    ],
    [
      '02:30, skipped in spring, is made at 03:30 summer time',
      { frequency: 'daily', timeOfDay: '02:30' },
      'Europe/Berlin',
      '2026-03-28T12:00:00Z',
      '2026-03-29T01:30:00.000Z',
    ],
    [
      '02:30, twice in autumn, is made at the first',
      { frequency: 'daily', timeOfDay: '02:30' },
      'Europe/Berlin',
      '2026-10-24T12:00:00Z',
      '2026-10-25T00:30:00.000Z',
    ],
    [
      '… and not again at the second',
      { frequency: 'daily', timeOfDay: '02:30' },
      'Europe/Berlin',
      '2026-10-25T00:30:00Z',
      '2026-10-26T01:30:00.000Z',
    ],
    [
      '02:30 skipped in New York',
      { frequency: 'daily', timeOfDay: '02:30' },
      'America/New_York',
      '2026-03-07T12:00:00Z',
      '2026-03-08T07:30:00.000Z',
    ],
    [
      'daily 07:00 already past today',
      { frequency: 'daily', timeOfDay: '07:00' },
      'Asia/Shanghai',
      '2026-11-27T00:00:00Z',
      '2026-11-27T23:00:00.000Z',
    ],
    [
      'weekly on Monday 08:00 from a Friday',
      { frequency: 'weekly', timeOfDay: '08:00', weekday: 1 },
      'Asia/Shanghai',
      '2026-11-27T00:00:00Z',
      '2026-11-30T00:00:00.000Z',
    ],
    [
      'monthly on the 31st in February: its last day',
      { frequency: 'monthly', timeOfDay: '07:00', dayOfMonth: 31 },
      'Asia/Shanghai',
      '2026-02-01T00:00:00Z',
      '2026-02-27T23:00:00.000Z',
    ],
    [
      'monthly on the 31st in April: the 30th',
      { frequency: 'monthly', timeOfDay: '07:00', dayOfMonth: 31 },
      'Asia/Shanghai',
      '2026-04-01T00:00:00Z',
      '2026-04-29T23:00:00.000Z',
    ],
    [
      'monthly on the 29th of a leap February',
      { frequency: 'monthly', timeOfDay: '07:00', dayOfMonth: 29 },
      'Asia/Shanghai',
      '2028-02-01T00:00:00Z',
      '2028-02-28T23:00:00.000Z',
    ],
    [
      'monthly on the 1st, just past',
      { frequency: 'monthly', timeOfDay: '07:00', dayOfMonth: 1 },
      'Asia/Shanghai',
      '2026-11-01T00:00:00Z',
      '2026-11-30T23:00:00.000Z',
    ],
    [
      'weekly without its weekday never fires',
      { frequency: 'weekly', timeOfDay: '08:00' },
      'Asia/Shanghai',
      '2026-11-27T00:00:00Z',
      undefined,
    ],
    [
      'monthly without its day never fires',
      { frequency: 'monthly', timeOfDay: '08:00' },
      'Asia/Shanghai',
      '2026-11-27T00:00:00Z',
      undefined,
    ],
    ['24:00 is no time of day', { frequency: 'daily', timeOfDay: '24:00' }, 'Asia/Shanghai', '2026-11-27T00:00:00Z', undefined],
  ])('%s', (_name, schedule, zone, after, expected) => {
    expect(iso(nextRun(schedule, zone, at(after)))).toBe(expected);
  });

  test('after days missed, the latest due time only', () => {
    const daily = { frequency: 'daily', timeOfDay: '07:00' } as const;
    expect(iso(latestDue(daily, 'Europe/Berlin', at('2026-03-27T12:00:00Z'), at('2026-03-30T12:00:00Z')))).toBe(
      '2026-03-30T05:00:00.000Z',
    );
    expect(latestDue(daily, 'Europe/Berlin', at('2026-03-27T12:00:00Z'), at('2026-03-28T05:59:59Z'))).toBeUndefined();
  });
});

describe('the period a run covers', () => {
  test.each<[string, 'day' | 'week' | 'month', string, string, [string, string, string, string]]>([
    [
      'last month',
      'month',
      '2026-11-02T00:00:00Z',
      'Asia/Shanghai',
      ['2026-10-01', '2026-10-31', '2026-09-30T16:00:00.000Z', '2026-10-31T16:00:00.000Z'],
    ],
    [
      'last week, Monday to Sunday',
      'week',
      '2026-11-01T23:00:00Z',
      'Asia/Shanghai',
      ['2026-10-26', '2026-11-01', '2026-10-25T16:00:00.000Z', '2026-11-01T16:00:00.000Z'],
    ],
    [
      'yesterday, a day of 23 hours',
      'day',
      '2026-03-30T05:00:00Z',
      'Europe/Berlin',
      ['2026-03-29', '2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    ],
    [
      'January from a run in February',
      'month',
      '2027-02-01T00:00:00Z',
      'Europe/Berlin',
      ['2027-01-01', '2027-01-31', '2026-12-31T23:00:00.000Z', '2027-01-31T23:00:00.000Z'],
    ],
  ])('%s', (_name, unit, when, zone, [firstDay, lastDay, start, end]) => {
    const period = periodBefore(unit, at(when), zone);
    expect([period.firstDay, period.lastDay, iso(period.start), iso(period.end)]).toEqual([firstDay, lastDay, start, end]);
  });
});
