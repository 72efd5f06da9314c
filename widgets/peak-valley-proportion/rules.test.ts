import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/peakValleyProportion.json';
import type { StationChargeDay } from '../../generated/types';
import { configDefaults, effectiveConfig, readRing } from '../../runtime/dashboard';
import { peakValleyProportion } from '.';
import {
  dayEnergy,
  daysOfMonth,
  peakValleyProportionOption,
  periodShares,
  sumPeriods,
  type PeakValleyProportionConfig,
  type PeriodEnergy,
} from './rules';

const defaults = configDefaults(schema as never) as PeakValleyProportionConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };
/** 14:30 on 21 November 2026 in Shanghai. */
const context = { station, now: Date.parse('2026-11-21T06:30:00Z') };

const energy = (sharp: number | null, peak: number | null, flat: number | null, valley: number | null): PeriodEnergy => ({
  sharp,
  peak,
  flat,
  valley,
});

const answer = (charge: PeriodEnergy, discharge: PeriodEnergy): StationChargeDay => ({
  stationSn: 'T2-ST1',
  chargeType: 'purchase',
  periods: [],
  day: '2026-11-21',
  energy: (['sharp', 'peak', 'flat', 'valley'] as const).map((period) => ({
    period,
    charge: charge[period],
    discharge: discharge[period],
    revenue: null,
  })),
  total: { charge: null, discharge: null, revenue: null },
});

describe('peak-valley proportion', () => {
  test('defaults: title 峰谷占比, charged energy today, two decimals', () => {
    expect(defaults).toMatchObject({ name: '峰谷占比', icon: 'PieChartOutlined', flow: 'charge', period: 'day', numberFix: 2 });
  });

  test('periods today and this month; this year is offered but disabled', () => {
    expect(schema.properties.period.enum).toEqual(['day', 'month', 'year']);
    expect(schema.properties.period['x-disabled']).toEqual(['year']);
  });

  test.each([
    ['charge', energy(null, 0, 20.5, 1840.25)],
    ['discharge', energy(null, 812.4, 406.1, 0)],
  ] as const)('the %s energy of each period of a day', (flow, expected) => {
    expect(dayEnergy(answer(energy(null, 0, 20.5, 1840.25), energy(null, 812.4, 406.1, 0)), flow)).toEqual(expected);
  });

  test('a month adds its days period by period; a period no day has a figure for stays null', () => {
    expect(sumPeriods([energy(null, 100, null, 50), energy(null, 200, 50, null), energy(null, 0.5, 25, 10)])).toEqual(
      energy(null, 300.5, 75, 60),
    );
  });

  test.each([
    [energy(null, 600, 300, 100), 1000, [null, 60, 30, 10]],
    [energy(50, 150, 0, 800), 1000, [5, 15, 0, 80]],
    [energy(null, 1.5, 1.5, 3), 6, [null, 25, 25, 50]],
    [energy(null, 0, 0, 0), 0, [null, null, null, null]],
    [energy(null, null, null, null), null, [null, null, null, null]],
  ])('energy %o: total %s kWh, shares %o %', (periods, total, shares) => {
    const result = periodShares(periods);
    expect(result.total).toBe(total);
    expect(result.shares.map((entry) => entry.share)).toEqual(shares);
  });

  test.each([
    ['2026-11', 30],
    ['2026-02', 28],
    ['2028-02', 29],
  ])('%s has %i days', (month, count) => {
    expect(daysOfMonth(month)).toHaveLength(count);
  });

  test('today needs the station’s energy by tariff period of its local day, at its purchase tariff', () => {
    expect(peakValleyProportion.needs(defaults, context)).toEqual({
      days: {
        operationId: 'getStationChargeDays',
        params: { sn: 'T2-ST1' },
        query: { startDay: '2026-11-21', endDay: '2026-11-21', chargeType: 'purchase' },
      },
    });
  });

  test('this month needs its days from the 1st to today, as one range', () => {
    const needs = peakValleyProportion.needs({ ...defaults, period: 'month' }, context);
    expect(needs.days?.query).toEqual({ startDay: '2026-11-01', endDay: '2026-11-21', chargeType: 'purchase' });
  });

  test('the disabled year needs nothing', () => {
    expect(peakValleyProportion.needs({ ...defaults, period: 'year' }, context)).toEqual({});
  });

  test('a configuration of format 1 is kept as it is (it stores no device variable)', () => {
    const stored = { name: '峰谷占比', flow: 'discharge', period: 'month' };
    expect(peakValleyProportion.migrate(stored, 1)).toEqual(stored);
    expect(peakValleyProportion.migrate(stored, 2)).toEqual(stored);
  });

  test('the chart: a ring of the periods that had energy, each in its configured colour, reading its share', () => {
    const { shares } = periodShares({ sharp: 0, peak: 30, flat: null, valley: 10 });
    const ring = readRing(peakValleyProportionOption(shares, defaults, 1, (period) => `«${period}»`));
    expect(ring.radius).toEqual(['62%', '90%']);
    expect(ring.slices).toEqual([
      { name: '«peak»', value: 30, color: defaults.peakColor },
      { name: '«valley»', value: 10, color: defaults.valleyColor },
    ]);
    expect(ring.label(0)).toBe('75.0%');
    expect(ring.tooltip(1)).toBe('«valley»: 10.0 kWh (25.0%)');
  });
});

describe("peak-valley proportion following the dashboard's period", () => {
  test.each([
    ['month', 'day', 'day'],
    ['day', 'month', 'month'],
    // This year is disabled in the schema: the configured period stays.
    ['day', 'year', 'day'],
    ['month', 'year', 'month'],
  ] as const)('%s, following %s, shows %s', (own, period, shown) => {
    expect(effectiveConfig(peakValleyProportion, { ...defaults, period: own }, period).period).toBe(shown);
  });
});
