import { describe, expect, test } from 'vitest';
import { downsample, increase, type Point } from './counters';

describe('counters', () => {
  test.each([
    ['the first reading', undefined, 100, 0],
    ['a counter that grew', 100, 112.5, 12.5],
    ['a counter that stood still', 112.5, 112.5, 0],
    ['a counter reset to zero and grown again', 98_765, 3, 3],
  ])('%s', (_case, previous, value, grown) => {
    expect(increase(previous, value)).toBeCloseTo(grown);
  });
});

describe('downsampling', () => {
  const series: Point[] = Array.from({ length: 1000 }, (_, i) => ({ ts: i * 60_000, value: Math.sin(i / 20) * 10 }));
  series[500] = { ts: 500 * 60_000, value: 99 };
  series[700] = { ts: 700 * 60_000, value: -99 };

  test('keeps at most the points asked for, in time order, with every peak and dip', () => {
    const kept = downsample(series, 100);
    expect(kept.length).toBeLessThanOrEqual(100);
    expect(kept.map((p) => p.ts)).toEqual([...kept.map((p) => p.ts)].sort((a, b) => a - b));
    expect(Math.max(...kept.map((p) => p.value))).toBe(99);
    expect(Math.min(...kept.map((p) => p.value))).toBe(-99);
  });

  test('leaves a short series as it is', () => {
    expect(downsample(series.slice(0, 50), 100)).toHaveLength(50);
  });
});
