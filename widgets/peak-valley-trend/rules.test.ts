import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/peakValleyTrend.json';
import type { StationChargeDay } from '../../generated/types';
import { configDefaults, effectiveConfig, type SlotState } from '../../runtime/dashboard';
import { peakValleyTrend } from '.';
import { peakValleyTrendOption, trendFigures, trendMonth, type PeakValleyTrendConfig } from './rules';

const defaults = configDefaults(schema as never) as PeakValleyTrendConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };
/** 14:30 on 21 November 2026 in Shanghai. */
const context = { station, now: Date.parse('2026-11-21T06:30:00Z') };

/** A day's answer with charged energy in the peak, flat and valley periods (November has no sharp hours). */
const day = (date: string, peak: number, flat: number, valley: number | null): StationChargeDay => ({
  stationSn: 'T2-ST1',
  chargeType: 'purchase',
  periods: [],
  day: date,
  energy: [
    { period: 'sharp', charge: null, discharge: null, revenue: null },
    { period: 'peak', charge: peak, discharge: 900, revenue: null },
    { period: 'flat', charge: flat, discharge: 100, revenue: null },
    { period: 'valley', charge: valley, discharge: 0, revenue: null },
  ],
  total: { charge: null, discharge: null, revenue: null },
});
/** The answer of the range of days the widget asks for. */
const answered = (...days: StationChargeDay[]): Record<string, SlotState> => ({ days: { status: 'ready', data: days } });

describe('peak-valley trend', () => {
  test('defaults: title 峰谷趋势, charged energy this month', () => {
    expect(defaults).toMatchObject({
      name: '峰谷趋势',
      icon: 'BarChartOutlined',
      flow: 'charge',
      period: 'currentMonth',
      numberFix: 2,
    });
  });

  test.each([
    ['currentMonth', '2026-11-21T06:30:00Z', '2026-11'],
    ['lastMonth', '2026-11-21T06:30:00Z', '2026-10'],
    ['lastMonth', '2027-01-01T00:30:00Z', '2026-12'],
    // 23:30 on 31 December in UTC is already 1 January in Shanghai.
    ['currentMonth', '2026-12-31T23:30:00Z', '2027-01'],
  ] as const)('%s at %s is %s', (period, now, month) => {
    expect(trendMonth(period, { station, now: Date.parse(now) }).month).toBe(month);
  });

  test('this month needs its days from the 1st to today, at the purchase tariff, as one range', () => {
    expect(peakValleyTrend.needs(defaults, context)).toEqual({
      days: {
        operationId: 'getStationChargeDays',
        params: { sn: 'T2-ST1' },
        query: { startDay: '2026-11-01', endDay: '2026-11-21', chargeType: 'purchase' },
      },
    });
  });

  test('last month needs all its 31 days', () => {
    const needs = peakValleyTrend.needs({ ...defaults, period: 'lastMonth' }, context);
    expect(needs.days?.query).toEqual({ startDay: '2026-10-01', endDay: '2026-10-31', chargeType: 'purchase' });
  });

  test('each period’s energy per day of the month (days to come empty) and the month’s sums', () => {
    const figures = trendFigures(
      '2026-11',
      answered(day('2026-11-01', 0, 20, 1800), day('2026-11-02', 0, 0, 1810.5), day('2026-11-03', 5, 0, null)),
      'charge',
    );
    expect(figures.days).toHaveLength(30);
    expect(figures.series.valley.slice(0, 4)).toEqual([1800, 1810.5, null, null]);
    expect(figures.series.sharp.every((value) => value === null)).toBe(true);
    expect(figures.sums).toEqual({ sharp: null, peak: 5, flat: 20, valley: 3610.5 });
    expect(figures.total).toBe(3635.5);
  });

  test('the discharged energy is read when chosen', () => {
    const figures = trendFigures('2026-11', answered(day('2026-11-01', 0, 20, 1800)), 'discharge');
    expect(figures.sums).toEqual({ sharp: null, peak: 900, flat: 100, valley: 0 });
  });

  test('no answers yet: no total', () => {
    expect(trendFigures('2026-11', {}, 'charge').total).toBeNull();
  });

  test('a configuration of format 1 is kept as it is (it stores no device variable)', () => {
    const stored = { name: '峰谷趋势', flow: 'discharge' };
    expect(peakValleyTrend.migrate(stored, 1)).toEqual(stored);
    expect(peakValleyTrend.migrate(stored, 2)).toEqual(stored);
  });

  test('the chart: each day a pile of the tariff periods, each in its configured colour, in kWh', () => {
    const figures = {
      days: ['2026-11-01', '2026-11-02'],
      series: { sharp: [1, null], peak: [2, null], flat: [0, null], valley: [4, null] },
      sums: { sharp: 1, peak: 2, flat: 0, valley: 4 },
      total: 7,
    };
    const option = peakValleyTrendOption(figures, defaults, 2, (period) => `«${period}»`) as unknown as {
      xAxis: { data: string[] };
      yAxis: { name: string };
      series: { type: string; name: string; stack: string; data: unknown[]; itemStyle: { color: string } }[];
    };
    expect(option.xAxis.data).toEqual(['11-01', '11-02']);
    expect(option.yAxis.name).toBe('kWh');
    expect(option.series.map(({ name, stack, data, itemStyle }) => ({ name, stack, data, color: itemStyle.color }))).toEqual([
      { name: '«sharp»', stack: 'energy', data: [1, null], color: defaults.sharpColor },
      { name: '«peak»', stack: 'energy', data: [2, null], color: defaults.peakColor },
      { name: '«flat»', stack: 'energy', data: [0, null], color: defaults.flatColor },
      { name: '«valley»', stack: 'energy', data: [4, null], color: defaults.valleyColor },
    ]);
  });
});

describe("peak-valley trend following the dashboard's period", () => {
  test.each([
    ['lastMonth', 'month', 'currentMonth'],
    ['currentMonth', 'month', 'currentMonth'],
    // It draws the days of a month: today and this year keep the configured month.
    ['lastMonth', 'day', 'lastMonth'],
    ['lastMonth', 'year', 'lastMonth'],
  ] as const)('%s, following %s, shows %s', (own, period, shown) => {
    expect(effectiveConfig(peakValleyTrend, { ...defaults, period: own }, period).period).toBe(shown);
  });
});
