import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/multiEnergyProportion.json';
import type { LabelTrend } from '../../generated/types';
import { configDefaults, effectiveConfig, readRing } from '../../runtime/dashboard';
import { multiEnergyProportion } from '.';
import { labelShares, multiEnergyProportionOption, type MultiEnergyProportionConfig } from './rules';

const defaults = configDefaults(schema as never) as MultiEnergyProportionConfig;
const station = { sn: 'T2-PV1', name: 'T2-PV1', timeZone: 'Asia/Shanghai', fields: {} };
/** 14:30 on 21 November 2026 in Shanghai. */
const context = { station, now: Date.parse('2026-11-21T06:30:00Z') };

const figures = (...values: (number | null)[]): LabelTrend[] =>
  values.map((value, index) => ({ labelId: index + 1, name: `L${index + 1}`, unit: 'kWh', value, datas: [], time_keys: [] }));

describe('multi-dimensional energy proportion', () => {
  test('defaults: title 多维度能耗占比, this month, no label chosen, following the dashboard’s period', () => {
    expect(defaults).toEqual({
      name: '多维度能耗占比',
      icon: 'PieChartOutlined',
      period: 'month',
      followPeriod: true,
      labelIds: [],
      numberFix: 2,
    });
  });

  test.each([
    ['day', 'DAY'],
    ['month', 'MONTH'],
    ['year', 'YEAR'],
  ] as const)('%s needs the chosen labels’ totals of type %s', (period, type) => {
    expect(multiEnergyProportion.needs({ ...defaults, period, labelIds: [21, 22, 23] }, context)).toEqual({
      figures: { operationId: 'getAllLabelTrendTotalDatas', body: { labelIds: [21, 22, 23], type, querytime: '2026-11-21' } },
    });
  });

  test('needs nothing without a label (a share of all the station’s overlapping labels would mean nothing)', () => {
    expect(multiEnergyProportion.needs(defaults, context)).toEqual({});
  });

  test.each([
    [[600, 300, 100], 1000, [60, 30, 10]],
    [[1250.5, 1250.5], 2501, [50, 50]],
    [[750, null, 250], 1000, [75, null, 25]],
    [[900, -100, 100], 1000, [90, null, 10]],
    [[0, 0], 0, [null, null]],
    [[null, null], null, [null, null]],
  ])('energies %o: total %s kWh, shares %o %', (values, total, shares) => {
    const result = labelShares(figures(...values));
    expect(result.total).toBe(total);
    expect(result.shares.map((entry) => entry.share)).toEqual(shares);
  });

  test('a configuration of format 1 is kept as it is (it stores no device variable)', () => {
    expect(multiEnergyProportion.migrate({ labelIds: [21] }, 1)).toEqual({ labelIds: [21] });
    expect(multiEnergyProportion.migrate({ labelIds: [21] }, 2)).toEqual({ labelIds: [21] });
  });

  test('the chart: a pie of the labels with a share, each in the palette colour of its place, reading its share', () => {
    const { shares } = labelShares(figures(30, null, 10));
    const pie = readRing(multiEnergyProportionOption(shares, 2));
    expect(pie.radius).toEqual(['0%', '90%']);
    expect(pie.slices.map((slice) => [slice.value, slice.color])).toEqual([
      [30, '#409EFF'],
      [10, '#F96377'],
    ]);
    expect(pie.label(1)).toBe('25.00%');
  });
});

describe("multi-dimensional energy proportion following the dashboard's period", () => {
  test.each([
    ['month', 'day', 'day'],
    ['day', 'month', 'month'],
    ['month', 'year', 'year'],
  ] as const)('%s, following %s, shows %s', (own, period, shown) => {
    expect(effectiveConfig(multiEnergyProportion, { ...defaults, period: own }, period).period).toBe(shown);
  });
});
