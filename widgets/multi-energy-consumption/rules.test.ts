import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/multiEnergyConsumption.json';
import type { EnergyLabel, LabelTrend } from '../../generated/types';
import { configDefaults, effectiveConfig } from '../../runtime/dashboard';
import { multiEnergyConsumption } from '.';
import { chosenLabels, labelRows, type MultiEnergyConsumptionConfig } from './rules';

const defaults = configDefaults(schema as never) as MultiEnergyConsumptionConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };
/** 14:30 on 21 November 2026 in Shanghai. */
const context = { station, now: Date.parse('2026-11-21T06:30:00Z') };

const label = (id: number, name: string, parentId?: number): EnergyLabel => ({
  id,
  name,
  stationId: 1,
  energyType: 'electricity',
  labelType: 'flow',
  variables: [{ variableId: id, sign: 1 }],
  alarmSwitch: true,
  ...(parentId ? { parentId } : {}),
});
/** The demo storage station's label tree, in tree order. */
const TREE = [
  label(11, '关口购电'),
  label(12, '关口上网'),
  label(13, '负荷用电'),
  label(14, '储能净放电'),
  label(15, '储能充电', 14),
  label(16, '储能放电', 14),
];
const figure = (labelId: number, name: string, value: number | null, charge?: number | null): LabelTrend => ({
  labelId,
  name,
  unit: 'kWh',
  value,
  datas: [],
  time_keys: [],
  ...(charge !== undefined ? { charge } : {}),
});

describe('multi-dimensional energy consumption', () => {
  test('defaults: title 多维度能耗, this month, every label of the station, with cost, following the dashboard’s period', () => {
    expect(defaults).toEqual({
      name: '多维度能耗',
      icon: 'FundOutlined',
      period: 'month',
      followPeriod: true,
      labelIds: [],
      showCost: true,
      numberFix: 2,
    });
  });

  test('with no label chosen, needs the tree and every label of the station with its cost this month', () => {
    expect(multiEnergyConsumption.needs(defaults, context)).toEqual({
      tree: { operationId: 'getEnergyLabelTree', params: { stationSn: 'T2-ST1' } },
      figures: {
        operationId: 'getElectricalDegreeAndCharge',
        body: { stationSn: 'T2-ST1', type: 'MONTH', querytime: '2026-11-21' },
      },
    });
  });

  test.each([
    [true, 'day', 'getElectricalDegreeAndCharge', 'DAY'],
    [false, 'year', 'getAllLabelTrendTotalDatas', 'YEAR'],
  ] as const)('chosen labels, cost %s, %s: %s of type %s', (showCost, period, operationId, type) => {
    const needs = multiEnergyConsumption.needs({ ...defaults, showCost, period, labelIds: [15, 16, 15] }, context);
    expect(needs.figures).toEqual({ operationId, body: { labelIds: [15, 16], type, querytime: '2026-11-21' } });
  });

  test.each([
    [
      [3, 1, 3],
      [3, 1],
    ],
    [[0, -2, 1.5, 7], [7]],
    ['1,2', []],
    [undefined, []],
  ])('chosen labels of %o are %o', (stored, ids) => {
    expect(chosenLabels(stored)).toEqual(ids);
  });

  test('all labels: nested as in the station’s tree, with energy and cost', () => {
    const figures = [
      figure(11, '关口购电', 1520.4, 598.72),
      figure(12, '关口上网', 0, 0),
      figure(13, '负荷用电', 2410.8, 1421.36),
      figure(14, '储能净放电', -95.2, 412.5),
      figure(15, '储能充电', 1840.25, 588.88),
      figure(16, '储能放电', 1745.05, 1001.38),
    ];
    const rows = labelRows(TREE, figures);
    expect(rows.map((row) => row.name)).toEqual(['关口购电', '关口上网', '负荷用电', '储能净放电']);
    expect(rows[3]?.children?.map((row) => [row.name, row.value, row.charge])).toEqual([
      ['储能充电', 1840.25, 588.88],
      ['储能放电', 1745.05, 1001.38],
    ]);
  });

  test('chosen labels: in tree order; a label whose parent is not shown stands at the top', () => {
    const rows = labelRows(TREE, [
      figure(16, '储能放电', 1745.05),
      figure(11, '关口购电', 1520.4),
      figure(15, '储能充电', 1840.25),
    ]);
    expect(rows.map((row) => [row.name, row.charge, row.children])).toEqual([
      ['关口购电', null, undefined],
      ['储能充电', null, undefined],
      ['储能放电', null, undefined],
    ]);
  });

  test('a label goes under its nearest shown ancestor; one the tree does not know comes last', () => {
    const tree = [label(1, 'A'), label(2, 'B', 1), label(3, 'C', 2)];
    const rows = labelRows(tree, [figure(99, 'X', 1), figure(3, 'C', 2), figure(1, 'A', 5)]);
    expect(rows.map((row) => row.name)).toEqual(['A', 'X']);
    expect(rows[0]?.children?.map((row) => row.name)).toEqual(['C']);
  });

  test('a configuration of format 1 is kept as it is (it stores no device variable)', () => {
    expect(multiEnergyConsumption.migrate({ labelIds: [1, 2] }, 1)).toEqual({ labelIds: [1, 2] });
    expect(multiEnergyConsumption.migrate({ labelIds: [1] }, 2)).toEqual({ labelIds: [1] });
  });
});

describe("multi-dimensional energy consumption following the dashboard's period", () => {
  test.each([
    ['month', 'day', 'day'],
    ['day', 'month', 'month'],
    ['month', 'year', 'year'],
    ['year', 'year', 'year'],
  ] as const)('%s, following %s, shows %s', (own, period, shown) => {
    expect(effectiveConfig(multiEnergyConsumption, { ...defaults, period: own }, period).period).toBe(shown);
  });
});
