import { describe, expect, test } from 'vitest';
import { plannedShare } from './earnedValue';

describe('planned share of a site', () => {
  const site = { planStartDate: '2026-01-01', planFinishDate: '2026-01-10' };
  test.each([
    ['2025-12-31', 0],
    ['2026-01-01', 0.1],
    ['2026-01-05', 0.5],
    ['2026-01-10', 1],
    ['2026-02-01', 1],
  ])('on %s it is %s', (today, share) => {
    expect(plannedShare(site, today)).toBeCloseTo(share, 10);
  });

  test('without a planned start or finish nothing is planned', () => {
    expect(plannedShare({ planStartDate: '2026-01-01' }, '2026-06-01')).toBe(0);
    expect(plannedShare({}, '2026-06-01')).toBe(0);
  });
});
