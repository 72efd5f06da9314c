import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/multiEnergyTrend.json';
import { configDefaults, effectiveConfig, SERIES_PALETTE } from '../../runtime/dashboard';
import { multiEnergyTrend } from '.';
import { multiEnergyTrendOption, trendLines, type MultiEnergyTrendConfig } from './rules';

const defaults = configDefaults(schema as never) as MultiEnergyTrendConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };

describe('multi-dimensional energy trend', () => {
  test('defaults: title 多维度能耗趋势, this month per day, no label chosen, following the dashboard’s period', () => {
    expect(defaults).toEqual({
      name: '多维度能耗趋势',
      icon: 'LineChartOutlined',
      period: 'month',
      followPeriod: true,
      labelIds: [],
      numberFix: 2,
    });
  });

  test.each([
    ['day', '2026-11-21T06:30:00Z', 'DAY', '2026-11-21'],
    ['month', '2026-11-21T06:30:00Z', 'MONTH', '2026-11-21'],
    // 00:30 on 1 January 2027 in Shanghai: this year is 2027.
    ['year', '2026-12-31T16:30:00Z', 'YEAR', '2027-01-01'],
  ] as const)('%s at %s needs the labels’ series of type %s at %s', (period, now, type, querytime) => {
    expect(multiEnergyTrend.needs({ ...defaults, period, labelIds: [13, 15] }, { station, now: Date.parse(now) })).toEqual({
      trends: { operationId: 'getSomeLabelTrendDatas', body: { labelIds: [13, 15], type, querytime } },
    });
  });

  test('needs nothing without a label', () => {
    expect(multiEnergyTrend.needs(defaults, { station, now: 0 })).toEqual({});
  });

  test('one line per label in the answer’s order, coloured from the palette, on the answer’s time keys', () => {
    const { keys, lines } = trendLines([
      { labelId: 13, name: '负荷用电', unit: 'kWh', value: 4893.1, datas: [2410.8, 2482.3], time_keys: ['11-01', '11-02'] },
      { labelId: 15, name: '储能充电', unit: 'kWh', value: null, datas: [null, null], time_keys: ['11-01', '11-02'] },
    ]);
    expect(keys).toEqual(['11-01', '11-02']);
    expect(lines.map((line) => [line.name, line.color, line.value, line.datas])).toEqual([
      ['负荷用电', SERIES_PALETTE[0], 4893.1, [2410.8, 2482.3]],
      ['储能充电', SERIES_PALETTE[1], null, [null, null]],
    ]);
  });

  test('a configuration of format 1 is kept as it is (it stores no device variable)', () => {
    expect(multiEnergyTrend.migrate({ labelIds: [13] }, 1)).toEqual({ labelIds: [13] });
    expect(multiEnergyTrend.migrate({ labelIds: [13] }, 2)).toEqual({ labelIds: [13] });
  });

  test('the chart: a line per label in its colour along the parts of the period, the unit on the value axis', () => {
    const lines = [
      { labelId: 1, name: '充电', unit: 'kWh', color: '#409EFF', value: 3, datas: [1, 2] },
      { labelId: 2, name: '放电', unit: 'kWh', color: '#29BB9A', value: null, datas: [null, null] },
    ];
    const option = multiEnergyTrendOption(['00:00', '01:00'], lines, 2) as unknown as {
      xAxis: { type: string; data: string[] };
      yAxis: { name?: string };
      series: { type: string; name: string; data: unknown[]; itemStyle: { color: string } }[];
    };
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['00:00', '01:00'] });
    expect(option.yAxis.name).toBe('kWh');
    expect(option.series.map(({ type, name, data, itemStyle }) => ({ type, name, data, itemStyle }))).toEqual([
      { type: 'line', name: '充电', data: [1, 2], itemStyle: { color: '#409EFF' } },
      { type: 'line', name: '放电', data: [null, null], itemStyle: { color: '#29BB9A' } },
    ]);
    expect((multiEnergyTrendOption([], [], 2) as unknown as { series: unknown[] }).series).toEqual([]);
  });
});

describe("multi-dimensional energy trend following the dashboard's period", () => {
  test.each([
    ['month', 'day', 'day'],
    ['day', 'month', 'month'],
    ['month', 'year', 'year'],
  ] as const)('%s, following %s, shows %s', (own, period, shown) => {
    expect(effectiveConfig(multiEnergyTrend, { ...defaults, period: own }, period).period).toBe(shown);
  });
});
