import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { DATE_RANGES, DATE_TIME_MS_FORMAT, rangeOf } from './dateRanges';

const NOW = dayjs('2026-11-22T15:30:00');
const day = (text: string) => dayjs(text).format('YYYY-MM-DD');

describe('date ranges of the specification', () => {
  test('are offered in its order: today, yesterday, past 1 week ... last month', () => {
    expect(DATE_RANGES).toEqual([
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
    ]);
  });

  test.each([
    ['today', '2026-11-22', '2026-11-22'],
    ['yesterday', '2026-11-21', '2026-11-21'],
    ['past1Week', '2026-11-16', '2026-11-22'],
    ['past2Weeks', '2026-11-09', '2026-11-22'],
    ['past30Days', '2026-10-24', '2026-11-22'],
    ['past90Days', '2026-08-25', '2026-11-22'],
    ['past182Days', '2026-05-25', '2026-11-22'],
    ['past365Days', '2025-11-23', '2026-11-22'],
    ['thisMonth', '2026-11-01', '2026-11-22'],
    ['thisQuarter', '2026-10-01', '2026-11-22'],
    ['thisYear', '2026-01-01', '2026-11-22'],
    ['lastMonth', '2026-10-01', '2026-10-31'],
  ] as const)('%s runs from %s to %s, whole days', (range, first, last) => {
    const [start, end] = rangeOf(range, NOW);
    expect([day(start.toISOString()), day(end.toISOString())]).toEqual([first, last]);
    expect(start.format(DATE_TIME_MS_FORMAT)).toBe(`${first} 00:00:00.000`);
    expect(end.format(DATE_TIME_MS_FORMAT)).toBe(`${last} 23:59:59.999`);
  });
});
