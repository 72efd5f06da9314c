import { describe, expect, test } from 'vitest';
import { DEMO_TARIFF, priceAt } from './tariff';

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
    for (let month = 1; month <= 12; month += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        const covering = DEMO_TARIFF.filter(
          (p) =>
            hour >= Number(p.startTime.slice(0, 2)) &&
            hour < Number(p.endTime.slice(0, 2)) &&
            (!p.months || p.months.includes(month)),
        );
        expect(covering, `${month}/${hour}`).toHaveLength(1);
      }
    }
  });
});
