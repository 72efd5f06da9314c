import { describe, expect, test } from 'vitest';
import { MOST_MONTHS, monthPoints } from './earnedValueMonths';

describe('the months the earned value is drawn on', () => {
  test('each month’s end from the first planned month, then today', () => {
    expect(monthPoints('2025-11-20', '2026-02-10')).toEqual({
      cut: false,
      points: [
        { month: '2025-11', day: '2025-11-30', today: false },
        { month: '2025-12', day: '2025-12-31', today: false },
        { month: '2026-01', day: '2026-01-31', today: false },
        { month: '2026-02', day: '2026-02-10', today: true },
      ],
    });
  });

  test.each([
    ['2024-02-01', '2024-03-01', '2024-02-29'],
    ['2026-02-01', '2026-03-01', '2026-02-28'],
  ])('February of %s ends on its last day', (first, today, end) => {
    expect(monthPoints(first, today).points[0]?.day).toBe(end);
  });

  test('a plan that starts this month, after today or not at all: today alone', () => {
    const today = { month: '2026-06', day: '2026-06-15', today: true };
    expect(monthPoints('2026-06-01', '2026-06-15')).toEqual({ cut: false, points: [today] });
    expect(monthPoints('2026-09-01', '2026-06-15')).toEqual({ cut: false, points: [today] });
    expect(monthPoints(null, '2026-06-15')).toEqual({ cut: false, points: [today] });
  });

  test(`at most ${String(MOST_MONTHS)} months, the last ones, and it says so`, () => {
    const { points, cut } = monthPoints('2023-01-15', '2026-06-15');
    expect(cut).toBe(true);
    expect(points).toHaveLength(24);
    expect(points[0]).toEqual({ month: '2024-07', day: '2024-07-31', today: false });
    expect(points.at(-1)?.today).toBe(true);
    expect(monthPoints('2024-07-01', '2026-06-15').cut).toBe(false);
    expect(monthPoints('2024-06-30', '2026-06-15').cut).toBe(true);
  });
});
