import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/trend.json';
import uiSchema from '../../schemas/widgets/trend.ui.json';
import { configDefaults } from '../../runtime/dashboard';
import { trend } from '.';
import { alignSeries, axisLabel, roundValue, stampNodes, trendUi, type TrendConfig } from './rules';

const defaults = configDefaults(schema as never) as TrendConfig;
const context = {
  station: { sn: 'S1', name: 'S1', timeZone: 'Asia/Shanghai', fields: {} },
  // 2026-11-22 01:00 at the station.
  now: Date.parse('2026-11-21T17:00:00Z'),
};
const PV = { deviceSn: 'S1-PV', varSn: 'S1-PV.power' };
const LOAD = { deviceSn: 'S1-METER', varSn: 'S1-METER.power' };
const nodes = [
  { deviceVar: PV, name: 'PV', color: '#409EFF', timestamp: 1 },
  { deviceVar: LOAD, name: 'Load', color: '#29BB9A', timestamp: 2 },
];
const trendNeed = (query: Record<string, string>) => ({
  trend: { operationId: 'getHistoryTrend', query: { sns: `${PV.varSn},${LOAD.varSn}`, points: '500', ...query } },
});

describe('trend (specification §3, §9)', () => {
  test.each([
    ['name', '趋势分析'],
    ['showType', 'line'],
    ['calcMethod', 'AVG'],
    ['appendInformation', ''],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('max, min and average are all marked by default; a series is blue (#409EFF) by default', () => {
    expect(defaults.selChecked).toEqual({ maxChecked: true, minChecked: true, avgChecked: true });
    expect(schema.properties.nodeInfo.items.properties.color.default).toBe('#409EFF');
    expect(uiSchema.nodeInfo.items.timestamp).toEqual({ 'ui:widget': 'hidden' });
  });

  test.each([
    ['queryInterval', ['NORMAL', 'DAY', 'MONTH', 'YEAR', 'DAY_SUM'], undefined],
    ['calcMethod', ['AVG', 'MAX', 'SUM'], ['MAX']],
    ['showType', ['line', 'bar'], undefined],
  ] as const)('%s offers %o with %o disabled', (field, options, disabled) => {
    const property: { enum: readonly string[]; 'x-disabled'?: string[] } = schema.properties[field];
    expect(property.enum).toEqual(options);
    expect(property['x-disabled']).toEqual(disabled);
  });

  test.each([
    ['NORMAL', true],
    ['DAY', false],
    ['MONTH', false],
    ['YEAR', false],
    ['DAY_SUM', true],
  ] as const)('with the interval %s the calculation method is disabled: %s', (queryInterval, disabled) => {
    expect(trendUi({ ...defaults, queryInterval }).calcMethod).toEqual({ 'ui:disabled': disabled });
  });

  test.each([
    [
      'NORMAL',
      undefined,
      { calcmethod: 'AVG', queryPeriod: 'RAW', startTime: '2026-11-22 00:00:00.000', endTime: '2026-11-23 00:00:00.000' },
    ],
    [
      'DAY',
      undefined,
      { calcmethod: 'AVG', queryPeriod: 'HOUR', startTime: '2026-11-22 00:00:00.000', endTime: '2026-11-23 00:00:00.000' },
    ],
    [
      'MONTH',
      undefined,
      { calcmethod: 'AVG', queryPeriod: 'DAY', startTime: '2026-11-01 00:00:00.000', endTime: '2026-12-01 00:00:00.000' },
    ],
    [
      'YEAR',
      undefined,
      { calcmethod: 'AVG', queryPeriod: 'MONTH', startTime: '2026-01-01 00:00:00.000', endTime: '2027-01-01 00:00:00.000' },
    ],
    [
      'DAY_SUM',
      undefined,
      { calcmethod: 'SUM', queryPeriod: 'HOUR', startTime: '2026-11-22 00:00:00.000', endTime: '2026-11-23 00:00:00.000' },
    ],
    [
      'MONTH',
      '2026-02-14',
      { calcmethod: 'AVG', queryPeriod: 'DAY', startTime: '2026-02-01 00:00:00.000', endTime: '2026-03-01 00:00:00.000' },
    ],
  ] as const)('%s (query time %s) needs getHistoryTrend %o', (queryInterval, queryTime, query) => {
    expect(trend.needs({ ...defaults, queryInterval, queryTime, nodeInfo: nodes }, context)).toEqual(trendNeed(query));
  });

  test("no series: no call ('please configure')", () => {
    expect(trend.needs(defaults, context)).toEqual({});
  });

  test.each([
    ['2026-11-22 13:05:00', 'NORMAL', '13:05'],
    ['2026-11-22 13:00:00', 'DAY', '13:00'],
    ['2026-11-22 07:00:00', 'DAY_SUM', '07:00'],
    ['2026-11-05', 'MONTH', '11-05'],
    ['2026-03', 'YEAR', '03-01'],
  ] as const)('the point at %s of %s is labelled %s (HH:mm for day types else MM-DD)', (time, interval, text) => {
    expect(axisLabel(time, interval)).toBe(text);
  });

  test.each([
    [12.345, 12.3],
    [12.35, 12.4],
    [-0.06, -0.1],
    [100, 100],
  ])('the value %s is shown rounded to 1 decimal: %s', (value, shown) => {
    expect(roundValue(value)).toBe(shown);
  });

  test('series are aligned on the times of all of them (null where one has no value)', () => {
    const aligned = alignSeries(
      [
        { sn: PV.varSn, unit: 'kW', datas: [{ time: '2026-11-22 10:00:00', value: 80.26 }] },
        {
          sn: LOAD.varSn,
          unit: 'kW',
          datas: [
            { time: '2026-11-22 09:00:00', value: 50 },
            { time: '2026-11-22 10:00:00', value: 61.04 },
          ],
        },
      ],
      [PV.varSn, LOAD.varSn],
    );
    expect(aligned).toEqual({
      times: ['2026-11-22 09:00:00', '2026-11-22 10:00:00'],
      values: { [PV.varSn]: [null, 80.3], [LOAD.varSn]: [50, 61] },
      units: { [PV.varSn]: 'kW', [LOAD.varSn]: 'kW' },
    });
  });

  test('a series just added gets its creation time and a colour of its own', () => {
    const previous = { ...defaults, nodeInfo: nodes.slice(0, 1) };
    const after = stampNodes(previous, { ...previous, nodeInfo: [...previous.nodeInfo, { name: 'x', color: '#409EFF' }] }, 77);
    expect(after.nodeInfo[1]).toEqual({ name: 'x', color: '#29BB9A', timestamp: 77 });
  });

  test('a configuration of format 1 (variables as [device, variable] pairs) is migrated', () => {
    const old = { nodeInfo: [{ deviceVar: ['S1-PV', 'S1-PV.power'], name: 'PV', color: '#409EFF', timestamp: 1 }] };
    expect(trend.migrate(old, 1)).toEqual({ nodeInfo: [nodes[0]] });
    const current = { nodeInfo: nodes };
    expect(trend.migrate(current, 2)).toBe(current);
  });
});
