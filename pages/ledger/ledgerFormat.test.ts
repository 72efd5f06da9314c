import { describe, expect, test } from 'vitest';
import { partPeriod, periodOfAddress } from './ledgerFormat';

describe('ledger periods of the money page', () => {
  test('an address names the period; else this month', () => {
    const named = periodOfAddress(new URLSearchParams('type=DAY&time=2026-10-05'));
    expect([named.type, named.time.format('YYYY-MM-DD')]).toEqual(['DAY', '2026-10-05']);
    expect(periodOfAddress(new URLSearchParams('type=WEEK&time=x')).type).toBe('MONTH');
  });

  test('a day of a month opens that day, a month of a year that month', () => {
    expect(partPeriod('MONTH', '2026-10-05')?.time.format('YYYY-MM-DD')).toBe('2026-10-05');
    expect(partPeriod('YEAR', '2026-03')).toMatchObject({ type: 'MONTH' });
    expect(partPeriod('DAY', '10:15')).toBeUndefined();
  });
});
