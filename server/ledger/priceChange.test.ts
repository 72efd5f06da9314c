import { describe, expect, test } from 'vitest';
import { formatLocal, periodOf } from '../telemetry/calendar';
import { intervalsBetween, type SettlementMinutes } from './intervals';
import { priceNames, priceRuns } from './priceChange';
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
/** One list all year whose own hours have seasons: the valley ends at 08:00 until June, at 06:00 from July. */
const seasonal: StationTariffs = {
  lists: [
    {
      ...list(4, '2026-01'),
      periods: [
        { startTime: '00:00', endTime: '08:00', period: 'valley', months: [1, 2, 3, 4, 5, 6] },
        { startTime: '08:00', endTime: '24:00', period: 'flat', months: [1, 2, 3, 4, 5, 6] },
        { startTime: '00:00', endTime: '06:00', period: 'valley', months: [7, 8, 9, 10, 11, 12] },
        { startTime: '06:00', endTime: '24:00', period: 'flat', months: [7, 8, 9, 10, 11, 12] },
      ],
    },
  ],
};

/** What the statements of a run compute from a stored start: `hourOfStart`'s SQL, in integers. */
const hourInSql = (start: number, shift: number) => Math.floor((start + shift) / HOUR) % 24;

describe("a station's stored intervals read in runs of one offset and one set of prices an hour", () => {
  test.each([
    // Clocks forward on 29 March and back on 25 October, a list from 29 March and one from 15 October.
    ['Europe/Berlin', 15, '2026-03-27', '2026-04-02', tariffs, ['03-27 00:00', '03-29 00:00', '03-29 03:00']],
    // The second 02:00 of 25 October (the first is summer time).
    ['Europe/Berlin', 60, '2026-10-13', '2026-11-02', tariffs, ['10-13 00:00', '10-15 00:00', '10-25 02:00']],
    // Half an hour off the hour of UTC, no clock change.
    ['Asia/Kolkata', 30, '2026-10-01', '2026-11-01', tariffs, ['10-01 00:00', '10-15 00:00']],
    ['Asia/Shanghai', 15, '2026-01-01', '2027-01-01', tariffs, ['01-01 00:00', '03-29 00:00', '10-15 00:00']],
    // A new season from July: the first hour that takes another class (06:00) starts a run.
    ['Asia/Shanghai', 30, '2026-01-01', '2027-01-01', seasonal, ['01-01 00:00', '07-01 06:00']],
  ] as [string, SettlementMinutes, string, string, StationTariffs, string[]][])(
    '%s, %i-min intervals from %s to %s: runs of its hours hold each interval once, at its hour as the SQL computes it',
    (zone, minutes, from, to, station, runStarts) => {
      const span = [periodOf('DAY', from, zone).start, periodOf('DAY', to, zone).start] as const;
      const hours = intervalsBetween(zone, 60, ...span);
      const runs = priceRuns(hours, pricesOf(station, zone, hours), span[0], priceNames());
      expect(runs.map((run) => formatLocal(run.first, zone, 'MM-DD HH:mm'))).toEqual(runStarts);
      expect(runs.at(-1)!.end).toBe(span[1]);
      const intervals = intervalsBetween(zone, minutes, ...span);
      const prices = pricesOf(station, zone, intervals);
      intervals.forEach((interval, i) => {
        const holding = runs.filter((run) => run.first <= interval.start && interval.start < run.end);
        expect(holding, `${interval.day} ${interval.clock}`).toHaveLength(1);
        const run = holding[0]!;
        const hour = hourInSql(interval.start, run.shift);
        expect(hour, `${interval.day} ${interval.clock}`).toBe(interval.hour);
        const sets = run.sets.filter((set) => set.hours.includes(hour));
        expect(sets, `${interval.day} ${interval.clock}`).toHaveLength(1);
        expect(sets[0]!.value).toEqual(prices[i]);
      });
    },
  );

  test('intervals before the first a change concerns are left out', () => {
    const zone = 'Asia/Shanghai';
    const hours = intervalsBetween(
      zone,
      60,
      periodOf('DAY', '2026-05-01', zone).start,
      periodOf('DAY', '2026-06-01', zone).start,
    );
    const from = periodOf('DAY', '2026-05-20', zone).start;
    const runs = priceRuns(hours, pricesOf(tariffs, zone, hours), from, priceNames());
    expect(runs.map((run) => [run.first, run.end])).toEqual([[from, hours.at(-1)!.end]]);
    // The station's three time-of-use classes: three sets of prices, every hour in one.
    expect(runs[0]!.sets.map((set) => set.hours.length).sort()).toEqual([12, 4, 8]);
  });
});
