import { describe, expect, test } from 'vitest';
import { wallClock } from './time';

describe('a station’s wall-clock time on a time axis', () => {
  test.each([
    ['2026-11-25 05:39:00', Date.UTC(2026, 10, 25, 5, 39)],
    ['2026-11-25 00:00:00.250', Date.UTC(2026, 10, 25, 0, 0, 0, 250)],
    ['2026-11-25', Date.UTC(2026, 10, 25)],
    ['2026-02-01T23:59:59', Date.UTC(2026, 1, 1, 23, 59, 59)],
    ['2026-11-25 05:39', Date.UTC(2026, 10, 25, 5, 39)],
    [' 2026-11-25 05:39:00 ', Date.UTC(2026, 10, 25, 5, 39)],
  ])('%s is read as its own fields, whatever the browser’s zone', (time, value) => {
    expect(wallClock(time)).toBe(value);
  });
});
