import { describe, expect, test } from 'vitest';
import { formatLocal, periodOf } from '../telemetry/calendar';
import { intervalsBetween, type SettlementMinutes } from './intervals';
import { repriceRuns } from './reprice';
import { pricesOf, type PriceList, type StationTariffs } from './tariffs';

const HOUR = 3_600_000;
const TOU = [
  { startTime: '00:00', endTime: '08:00', period: 'valley' as const, price: 0.3 },
  { startTime: '08:00', endTime: '12:00', period: 'peak' as const, price: 1 },
  { startTime: '12:00', endTime: '24:00', period: 'flat' as const, price: 0.6 },
];
const list = (id: number, effectiveMonth: string, startDay?: number): PriceList => ({
  id,
  effectiveMonth,
  startDay,
  flatPrice: 0.5 + id / 10,
  peakPrice: 1,
  valleyPrice: 0.25,
  capacityCharge: 30,
});
const tariffs: StationTariffs = {
  lists: [list(1, '2026-01'), list(2, '2026-03', 29), list(3, '2026-10', 15)],
  purchase: { id: 7, periods: TOU },
  settlement: { id: 8, periods: [{ startTime: '00:00', endTime: '24:00', period: 'flat', price: 0.4 }] },
};

/** What the UPDATE statements of a run compute from a stored start: `hourOfStart`'s SQL, in integers. */
const hourInSql = (start: number, shift: number) => Math.floor((start + shift) / HOUR) % 24;

describe('repricing in runs of a month, an offset and one set of prices an hour', () => {
  test.each([
    // Clocks forward on 29 March and back on 25 October, a list from 29 March and one from 15 October.
    ['Europe/Berlin', 15, '2026-03-27', '2026-04-02', ['03-27 00:00', '03-29 00:00', '03-29 03:00', '04-01 00:00']],
    // The second 02:00 of 25 October (the first is summer time).
    ['Europe/Berlin', 60, '2026-10-13', '2026-11-02', ['10-13 00:00', '10-15 00:00', '10-25 02:00', '11-01 00:00']],
    // Half an hour off the hour of UTC, no clock change.
    ['Asia/Kolkata', 30, '2026-10-01', '2026-11-01', ['10-01 00:00', '10-15 00:00']],
    [
      'Asia/Shanghai',
      15,
      '2026-01-01',
      '2027-01-01',
      [
        ...Array.from({ length: 12 }, (_, m) => `${String(m + 1).padStart(2, '0')}-01 00:00`),
        '03-29 00:00',
        '10-15 00:00',
      ].sort(),
    ],
  ] as [string, SettlementMinutes, string, string, string[]][])(
    '%s, %i-min intervals from %s to %s: each interval in one run, priced by its hour as in code',
    (zone, minutes, from, to, runStarts) => {
      const intervals = intervalsBetween(zone, minutes, periodOf('DAY', from, zone).start, periodOf('DAY', to, zone).start);
      const prices = pricesOf(tariffs, zone, intervals);
      const runs = repriceRuns(intervals, prices, intervals[0]!.start);
      expect(runs.map((run) => formatLocal(run.first, zone, 'MM-DD HH:mm'))).toEqual(runStarts);
      expect(runs.at(-1)!.last).toBe(intervals.at(-1)!.start);
      intervals.forEach((interval, i) => {
        const holding = runs.filter((run) => run.first <= interval.start && interval.start <= run.last);
        expect(holding, interval.clock).toHaveLength(1);
        const run = holding[0]!;
        const hour = hourInSql(interval.start, run.shift);
        expect(hour, `${interval.day} ${interval.clock}`).toBe(interval.hour);
        const sets = run.sets.filter((set) => set.hours.includes(hour));
        expect(sets, `${interval.day} ${interval.clock}`).toHaveLength(1);
        expect(sets[0]!.price).toEqual(prices[i]);
      });
    },
  );

  test('intervals before the first to reprice are left out', () => {
    const zone = 'Asia/Shanghai';
    const intervals = intervalsBetween(
      zone,
      60,
      periodOf('DAY', '2026-05-01', zone).start,
      periodOf('DAY', '2026-06-01', zone).start,
    );
    const from = periodOf('DAY', '2026-05-20', zone).start;
    const runs = repriceRuns(intervals, pricesOf(tariffs, zone, intervals), from);
    expect(runs.map((run) => [run.first, run.last])).toEqual([[from, intervals.at(-1)!.start]]);
    // The station's three time-of-use classes: three sets of prices, every hour in one.
    expect(runs[0]!.sets.map((set) => set.hours.length).sort()).toEqual([12, 4, 8]);
  });
});
