import { describe, expect, test } from 'vitest';
import { coverageFaults, DEMO_TARIFF, priceAt } from './tariff';

describe('time-of-use tariff', () => {
  test.each([
    [3, 1, 'valley', 0.32],
    [9, 1, 'peak', 1.12],
    [14, 1, 'flat', 0.68],
    [14, 7, 'sharp', 1.35],
    [19, 12, 'peak', 1.12],
    [23, 6, 'flat', 0.68],
  ])('%i:00 in month %i is %s at %f', (hour, month, period, price) => {
    expect(priceAt(DEMO_TARIFF, hour, month)).toEqual({ period, price });
  });

  test('every hour of every month has exactly one period', () => {
    expect(coverageFaults(DEMO_TARIFF)).toEqual({ uncovered: [], twice: [] });
  });

  test('a gap and an overlap are found by month and hour', () => {
    const periods = [
      { startTime: '00:00', endTime: '08:00', period: 'valley' as const },
      { startTime: '07:00', endTime: '23:00', period: 'flat' as const, months: [1] },
    ];
    const faults = coverageFaults(periods);
    expect(faults.twice).toEqual(['1/7']);
    expect(faults.uncovered).toContain('1/23');
    expect(faults.uncovered).toContain('2/8');
    expect(faults.uncovered).not.toContain('1/22');
  });
});
