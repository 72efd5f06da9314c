import { describe, expect, test } from 'vitest';
import { LocalDays } from './calendar';
import { HOLD_MS, RollupBuilder } from './rollups';
import { figure } from './figure';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 2026-11-25 00:00 in Shanghai. */
const MIDNIGHT = Date.parse('2026-11-24T16:00:00Z');

function builderOf(samples: [ts: number, value: number][], previous?: { ts: number; value: number }): RollupBuilder {
  const builder = new RollupBuilder('Asia/Shanghai', false, new LocalDays(), previous);
  for (const [ts, value] of samples) builder.add(ts, value);
  return builder;
}

describe('time-weighted averages', () => {
  // A converter discharging at -115 kW, sampled twice an hour apart, then charging at 100 kW,
  // sampled every minute for an hour.
  const samples: [number, number][] = [
    [MIDNIGHT + 8 * HOUR, -115],
    [MIDNIGHT + 9 * HOUR, -115],
    ...Array.from({ length: 60 }, (_, i): [number, number] => [MIDNIGHT + 9 * HOUR + (i + 1) * MINUTE, 100]),
  ];

  test('two samples an hour apart and sixty a minute apart average by time, not by count', () => {
    const day = builderOf(samples).days.get('2026-11-25');
    expect(day?.count).toBe(62);
    // Each sample holds until the next: -115 for 61 minutes, 100 for 59 (the latest holds no time
    // yet). By count it would be (2 × -115 + 60 × 100) / 62 = 93.06.
    expect(figure('AVG', day)).toBeCloseTo((-115 * 61 + 100 * 59) / 120, 9);
    expect(figure('SUM', day)).toBeCloseTo(5770, 9);
    expect(figure('MAX', day)).toBe(100);
  });

  test('a sample holds in the hour it passes in', () => {
    const hours = builderOf(samples).hours;
    expect(figure('AVG', hours.get(MIDNIGHT + 8 * HOUR))).toBe(-115);
    expect(figure('AVG', hours.get(MIDNIGHT + 9 * HOUR))).toBeCloseTo((-115 + 100 * 59) / 60, 9);
    // The latest sample alone in its hour: its value.
    expect(figure('AVG', hours.get(MIDNIGHT + 10 * HOUR))).toBe(100);
  });

  test('a hold that runs into the next hour is split between the two; a part in an hour without samples is left out', () => {
    const builder = builderOf([
      [MIDNIGHT + 10 * HOUR, 100],
      [MIDNIGHT + 10 * HOUR + 30 * MINUTE, 200],
      [MIDNIGHT + 11 * HOUR + 15 * MINUTE, 50],
      [MIDNIGHT + 11 * HOUR + 45 * MINUTE, 60],
      [MIDNIGHT + 13 * HOUR + 5 * MINUTE, 20],
    ]);
    // 10:00-10:30 at 100, 10:30-11:00 at 200.
    expect(figure('AVG', builder.hours.get(MIDNIGHT + 10 * HOUR))).toBe(150);
    // 11:00-11:15 at 200, 11:15-11:45 at 50, 11:45-12:00 at 60 (the rest of its hold, 12:00-12:45, is in an hour without samples).
    expect(figure('AVG', builder.hours.get(MIDNIGHT + 11 * HOUR))).toBe((200 * 15 + 50 * 30 + 60 * 15) / 60);
    expect(builder.days.get('2026-11-25')).toMatchObject({ span: 120 * MINUTE });
  });

  test('the sample stored before a batch holds until the first of the batch, in its own hour', () => {
    const builder = builderOf([[MIDNIGHT + 2 * HOUR, 10]], { ts: MIDNIGHT + HOUR + 30 * MINUTE, value: 40 });
    // Merged into the stored hour of 01:00, the time only: no sample more.
    expect(builder.hours.get(MIDNIGHT + HOUR)).toMatchObject({ count: 0, sum: 0, min: 40, max: 40, last: 40 });
    expect(builder.hours.get(MIDNIGHT + HOUR)).toMatchObject({ area: 40 * 30 * MINUTE, span: 30 * MINUTE });
    expect(builder.days.get('2026-11-25')).toMatchObject({ count: 1, sum: 10, area: 40 * 30 * MINUTE, span: 30 * MINUTE });
  });

  test('a gap longer than an hour counts as an hour: missing data is no steady value', () => {
    const day = builderOf([
      [MIDNIGHT + HOUR, 0],
      [MIDNIGHT + 6 * HOUR, 50],
      [MIDNIGHT + 7 * HOUR, 10],
    ]).days.get('2026-11-25');
    expect(day).toMatchObject({ span: 2 * HOLD_MS });
    expect(figure('AVG', day)).toBe(25);
  });

  test('a period of a single sample averages to its value', () => {
    expect(figure('AVG', builderOf([[MIDNIGHT, 42]]).hours.get(MIDNIGHT))).toBe(42);
  });
});
