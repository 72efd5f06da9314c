import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/histogram.json';
import { configDefaults, effectiveConfig, SERIES_PALETTE, type SlotState } from '../../runtime/dashboard';
import { histogram } from '.';
import { histogramOption, histogramSeries, type HistogramConfig } from './rules';

const defaults = configDefaults(schema as never) as HistogramConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };
/** 14:30 on 21 November 2026 in Shanghai. */
const context = { station, now: Date.parse('2026-11-21T06:30:00Z') };
const CHARGE = { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.chargeEnergy' };
const DISCHARGE = { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.dischargeEnergy' };

describe('histogram', () => {
  test('defaults: title 柱状图, today per hour, growth (DIFF), no variables, following the dashboard’s period', () => {
    expect(defaults).toEqual({
      name: '柱状图',
      icon: 'BarChartOutlined',
      period: 'day',
      followPeriod: true,
      calcMethod: 'DIFF',
      numberFix: 2,
      nodeInfo: [],
      otherStation: false,
    });
  });

  test('methods DIFF, SUM, MAX, AVG; periods per hour, day, month', () => {
    expect(schema.properties.calcMethod.enum).toEqual(['DIFF', 'SUM', 'MAX', 'AVG']);
    expect(schema.properties.period.enum).toEqual(['day', 'month', 'year']);
  });

  test.each([
    ['day', 'DIFF', 'DAY'],
    ['month', 'MAX', 'MONTH'],
    ['year', 'AVG', 'YEAR'],
  ] as const)('%s with %s needs one statistics call of type %s for all the variables', (period, calcMethod, type) => {
    const config = {
      ...defaults,
      period,
      calcMethod,
      nodeInfo: [{ deviceVar: CHARGE }, { deviceVar: DISCHARGE }, { name: 'unset' }],
    };
    expect(histogram.needs(config, context)).toEqual({
      values: {
        operationId: 'getStatisticalValue',
        query: { sns: `${CHARGE.varSn},${DISCHARGE.varSn}`, calcmethod: calcMethod, querytime: '2026-11-21', type },
      },
      // The variables have no name of their own: they are shown by their device's and their own names.
      names: { operationId: 'getDeviceVars', body: { deviceSns: CHARGE.deviceSn } },
    });
  });

  test('needs nothing without a variable', () => {
    expect(histogram.needs({ ...defaults, nodeInfo: [{ name: 'unset' }] }, context)).toEqual({});
  });

  test('series: named and coloured as configured, else by their device and variable and the palette colour of their position', () => {
    const slot: SlotState = {
      status: 'ready',
      data: [
        { sn: CHARGE.varSn, unit: 'kWh', value: 1840.25, datas: [230.5, 229.75], time_keys: ['00:00', '01:00'] },
        { sn: DISCHARGE.varSn, unit: 'kWh', value: null, datas: [null, null], time_keys: ['00:00', '01:00'] },
      ],
    };
    const config = {
      ...defaults,
      nodeInfo: [{ deviceVar: CHARGE, name: '1# PCS 充电', color: '#722ED1' }, { deviceVar: DISCHARGE }],
    };
    const names: SlotState = {
      status: 'ready',
      data: [
        {
          sn: DISCHARGE.varSn,
          name: '累计放电量',
          unit: 'kWh',
          kind: 'counter',
          deviceSn: CHARGE.deviceSn,
          deviceName: '1# PCS',
          stationSn: 'T2-ST1',
        },
      ],
    };
    expect(histogramSeries(config, slot, names)).toEqual({
      keys: ['00:00', '01:00'],
      series: [
        { sn: CHARGE.varSn, name: '1# PCS 充电', color: '#722ED1', unit: 'kWh', value: 1840.25, datas: [230.5, 229.75] },
        {
          sn: DISCHARGE.varSn,
          name: '1# PCS / 累计放电量',
          color: SERIES_PALETTE[1],
          unit: 'kWh',
          value: null,
          datas: [null, null],
        },
      ],
    });
  });

  type Bars = {
    xAxis: { data: string[] };
    yAxis: { name?: string };
    series: { type: string; name: string; data: unknown[]; itemStyle: { color: string } }[];
  };
  const series = (unit: string, datas: (number | null)[], name = 'A', color = '#111') => ({
    sn: name,
    name,
    color,
    unit,
    value: null,
    datas,
  });

  test('the chart: a bar series per variable in its colour along the parts of the period, the unit on the axis when they share one', () => {
    const option = histogramOption(
      ['00:00', '01:00'],
      [series('kWh', [1, 2]), series('kWh', [3, null], 'B', '#222')],
      2,
    ) as unknown as Bars;
    expect(option.xAxis.data).toEqual(['00:00', '01:00']);
    expect(option.yAxis.name).toBe('kWh');
    expect(option.series.map(({ type, name, data, itemStyle }) => ({ type, name, data, itemStyle }))).toEqual([
      { type: 'bar', name: 'A', data: [1, 2], itemStyle: { color: '#111' } },
      { type: 'bar', name: 'B', data: [3, null], itemStyle: { color: '#222' } },
    ]);
    const mixed = histogramOption(['00:00'], [series('kWh', [1]), series('kW', [2], 'B')], 2) as unknown as Bars;
    expect(mixed.yAxis.name).toBeUndefined();
    expect((histogramOption([], [], 2) as unknown as Bars).series).toEqual([]);
  });

  test('a configuration of format 1 (variables as [device, variable] pairs) is migrated', () => {
    const stored = {
      period: 'month',
      nodeInfo: [{ deviceVar: ['T2-ST1-PCS1', 'T2-ST1-PCS1.chargeEnergy'], name: 'A' }, { name: 'B' }],
    };
    expect(histogram.migrate(stored, 1)).toEqual({
      period: 'month',
      nodeInfo: [{ deviceVar: CHARGE, name: 'A' }, { name: 'B' }],
    });
    expect(histogram.migrate({ nodeInfo: [{ deviceVar: CHARGE }] }, 2)).toEqual({ nodeInfo: [{ deviceVar: CHARGE }] });
  });
});

describe("histogram following the dashboard's period", () => {
  test.each([
    ['day', 'month', 'month'],
    ['month', 'day', 'day'],
    ['year', 'day', 'day'],
    ['day', 'year', 'year'],
    ['month', 'month', 'month'],
  ] as const)('%s, following %s, shows %s', (own, period, shown) => {
    expect(effectiveConfig(histogram, { ...defaults, period: own }, period).period).toBe(shown);
  });
});
