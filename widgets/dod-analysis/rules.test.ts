import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/dodAnalysis.json';
import { configDefaults, effectiveConfig, type SlotState } from '../../runtime/dashboard';
import { dodAnalysis } from '.';
import { depthOfDischarge, dodFigures, dodOption, dodRange, type DodAnalysisConfig } from './rules';

const defaults = configDefaults(schema as never) as DodAnalysisConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };
/** 14:30 on 21 November 2026 in Shanghai. */
const context = { station, now: Date.parse('2026-11-21T06:30:00Z') };
const SOC = { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' };

const trend = (points: [string, number][]): SlotState => ({
  status: 'ready',
  data: [{ sn: SOC.varSn, name: 'SOC', unit: '%', datas: points.map(([time, value]) => ({ time, value })) }],
});

describe('DOD analysis', () => {
  test('defaults: title DOD分析, this month, one decimal, no variable, following the dashboard’s period', () => {
    expect(defaults).toEqual({
      name: 'DOD分析',
      icon: 'BarChartOutlined',
      period: 'currentMonth',
      followPeriod: true,
      color: '#409EFF',
      numberFix: 1,
      otherStation: false,
    });
  });

  test.each([
    [95, 12, 83],
    [80.5, 30.25, 50.25],
    [50, 50, 0],
    [null, 12, null],
    [95, undefined, null],
  ])('DOD of max %s and min %s is %s', (max, min, dod) => {
    expect(depthOfDischarge(max, min)).toBe(dod);
  });

  test.each([
    ['currentMonth', '2026-11-01', '2026-12-01', 30],
    ['lastMonth', '2026-10-01', '2026-11-01', 31],
    ['last7Days', '2026-11-15', '2026-11-22', 7],
    ['last30Days', '2026-10-23', '2026-11-22', 30],
  ] as const)('%s covers %s up to (not with) %s: %i days', (period, start, end, count) => {
    const range = dodRange(period, context);
    expect([range.startTime, range.endTime, range.days.length]).toEqual([start, end, count]);
    expect(range.days[0]).toBe(start);
  });

  test('days are the station’s: 01:00 on 1 December in Shanghai is still 30 November in UTC', () => {
    expect(dodRange('currentMonth', { station, now: Date.parse('2026-11-30T17:00:00Z') }).startTime).toBe('2026-12-01');
  });

  test('needs the daily highest and lowest SOC of the period', () => {
    const query = { sns: SOC.varSn, queryPeriod: 'DAY', startTime: '2026-11-15', endTime: '2026-11-22' };
    expect(dodAnalysis.needs({ ...defaults, socVar: SOC, period: 'last7Days' }, context)).toEqual({
      max: { operationId: 'getHistoryTrend', query: { ...query, calcmethod: 'MAX' } },
      min: { operationId: 'getHistoryTrend', query: { ...query, calcmethod: 'MIN' } },
    });
  });

  test('needs nothing without a SOC variable', () => {
    expect(dodAnalysis.needs(defaults, context)).toEqual({});
  });

  test('figures: each day’s DOD, the average over the days with one, the deepest day', () => {
    const days = ['2026-11-19', '2026-11-20', '2026-11-21'];
    const max = trend([
      ['2026-11-19', 95],
      ['2026-11-20', 94],
      ['2026-11-21', 60],
    ]);
    const min = trend([
      ['2026-11-19', 12],
      ['2026-11-20', 14],
    ]);
    expect(dodFigures(days, max, min, SOC.varSn)).toEqual({
      days,
      dods: [83, 80, null],
      average: 81.5,
      deepest: { day: '2026-11-19', dod: 83 },
      unit: '%',
    });
  });

  test('the chart: a bar per day from 0 in the widget’s colour, the average a dashed line labelled with its figure', () => {
    const figures = { days: ['2026-11-19', '2026-11-20'], dods: [83, null], average: 83, deepest: null, unit: '%' };
    const option = dodOption(figures, '#722ED1', 1, { series: 'DOD', average: 'Average' }) as unknown as {
      xAxis: { data: string[] };
      yAxis: { min: number; name: string };
      series: {
        type: string;
        data: unknown[];
        itemStyle: { color: string };
        markLine?: { data: { yAxis: number; label: { formatter: string } }[] };
      }[];
    };
    expect(option.xAxis.data).toEqual(['11-19', '11-20']);
    expect(option.yAxis).toMatchObject({ min: 0, name: '%' });
    expect(option.series[0]).toMatchObject({ type: 'bar', data: [83, null], itemStyle: { color: '#722ED1' } });
    expect(option.series[0]?.markLine?.data).toEqual([
      expect.objectContaining({ yAxis: 83, label: { formatter: 'Average 83.0' } }),
    ]);
    const none = dodOption({ ...figures, dods: [null, null], average: null }, '#722ED1', 1, {
      series: 'DOD',
      average: 'Average',
    });
    expect((none.series as { markLine?: unknown }[])[0]?.markLine).toBeUndefined();
  });

  test('a configuration of format 1 (variable as a [device, variable] pair) is migrated', () => {
    expect(dodAnalysis.migrate({ period: 'lastMonth', socVar: ['T2-ST1-BMS', 'T2-ST1-BMS.soc'] }, 1)).toEqual({
      period: 'lastMonth',
      socVar: SOC,
    });
    expect(dodAnalysis.migrate({ socVar: SOC }, 2)).toEqual({ socVar: SOC });
  });
});

describe("DOD analysis following the dashboard's period", () => {
  test.each([
    ['last7Days', 'month', 'currentMonth'],
    ['lastMonth', 'month', 'currentMonth'],
    // It draws days: today (one day) and this year (not one of its periods) keep the configured days.
    ['last30Days', 'day', 'last30Days'],
    ['last7Days', 'year', 'last7Days'],
  ] as const)('%s, following %s, shows %s', (own, period, shown) => {
    expect(effectiveConfig(dodAnalysis, { ...defaults, period: own }, period).period).toBe(shown);
  });
});
