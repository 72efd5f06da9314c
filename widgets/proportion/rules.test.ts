import type { UiSchema } from '@rjsf/utils';
import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/proportion.json';
import { i18nFor } from '../../runtime';
import { configDefaults, effectiveConfig, readRing } from '../../runtime/dashboard';
import { disabledReason } from '../../runtime/forms/disabledReason';
import uiSchema from '../../schemas/widgets/proportion.ui.json';
import { proportion } from '.';
import {
  keepInStep,
  proportionFollowPeriod,
  proportionOption,
  proportionUi,
  sharesOf,
  totalOf,
  type ProportionConfig,
} from './rules';

const defaults = configDefaults(schema as never) as ProportionConfig;
/** What a rule's UI schema of a field says under it, in a language: why it is disabled (undefined: it is not). */
const said = (ui: UiSchema, language: 'en' | 'zh') => disabledReason(i18nFor(language).t, language, {}, ui);
const context = {
  station: { sn: 'S1', name: 'S1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T17:00:00Z'),
};
const PV = { deviceSn: 'S1-PV', varSn: 'S1-PV.energy' };
const GRID = { deviceSn: 'S1-METER', varSn: 'S1-METER.energy' };
const node = (deviceVar: typeof PV, name: string, timestamp = 1) => ({ deviceVar, name, color: '#409EFF', timestamp });

describe('proportion (specification §3, §5, §9)', () => {
  test.each([
    ['name', '占比分析'],
    ['numberFix', 2],
    ['queryInterval', 'real_time'],
    ['calcMethod', 'diff'],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('a part’s colour defaults to #409EFF and its creation time is hidden in the form', () => {
    expect(schema.properties.nodeInfo.items.properties.color.default).toBe('#409EFF');
    expect(uiSchema.nodeInfo.items.timestamp).toEqual({ 'ui:widget': 'hidden' });
  });

  test.each([
    ['queryInterval', ['real_time', 'current_month', 'current_day', 'current_year'], ['current_year']],
    ['calcMethod', ['diff', 'avg', 'SUM'], ['avg']],
  ] as const)('%s offers %o with %o disabled', (field, options, disabled) => {
    expect(schema.properties[field].enum).toEqual(options);
    expect(schema.properties[field]['x-disabled']).toEqual(disabled);
  });

  test('numberFix offers 1 to 3 decimals', () => {
    expect(schema.properties.numberFix.enum).toEqual([1, 2, 3]);
  });

  test.each([
    [
      'real_time',
      'A real-time value is the latest reading: there is nothing to calculate.',
      '实时值即最新读数，无需选择计算方式。',
    ],
    ['current_month', undefined, undefined],
    ['current_day', undefined, undefined],
  ] as const)('with the interval %s the calculation method is disabled, saying why: %s', (queryInterval, en, zh) => {
    const ui = proportionUi({ ...defaults, queryInterval }).calcMethod as UiSchema;
    expect(ui['ui:disabled']).toBe(en !== undefined);
    expect([said(ui, 'en'), said(ui, 'zh')]).toEqual([en, zh]);
  });

  test.each([
    ['real_time', 'diff', { operationId: 'getRealtimeData', body: { sns: `${PV.varSn},${GRID.varSn}` } }],
    [
      'current_month',
      'diff',
      {
        operationId: 'getStatisticalValue',
        query: { sns: `${PV.varSn},${GRID.varSn}`, calcmethod: 'DIFF', querytime: '2026-11-22', type: 'MONTH' },
      },
    ],
    [
      'current_day',
      'SUM',
      {
        operationId: 'getStatisticalValue',
        query: { sns: `${PV.varSn},${GRID.varSn}`, calcmethod: 'SUM', querytime: '2026-11-22', type: 'DAY' },
      },
    ],
  ] as const)('interval %s with method %s needs %o (the station’s local day)', (queryInterval, calcMethod, need) => {
    const config = { ...defaults, queryInterval, calcMethod, nodeInfo: [node(PV, 'PV'), node(GRID, 'Grid')] };
    expect(proportion.needs(config, context)).toEqual({ values: need });
  });

  test("the parts without a name of their own are named by their device's and variable's names, asked for with the values", () => {
    const config = { ...defaults, nodeInfo: [node(PV, ''), node(GRID, 'Grid')] };
    expect(proportion.needs(config, context)).toMatchObject({
      names: { operationId: 'getDeviceVars', body: { deviceSns: PV.deviceSn } },
    });
  });

  test("no parts: no call ('no data')", () => {
    expect(proportion.needs({ ...defaults, nodeInfo: [{ name: 'x', color: '#409EFF' }] }, context)).toEqual({});
  });

  test('a part just added gets its creation time and a colour of its own; the queried variables follow the parts', () => {
    const previous = { ...defaults, nodeInfo: [node(PV, 'PV', 5)] };
    const next = { ...previous, nodeInfo: [node(PV, 'PV', 5), { deviceVar: GRID, name: 'Grid', color: '#409EFF' }] };
    const after = keepInStep(previous, next, 1000);
    expect(after.nodeInfo).toEqual([node(PV, 'PV', 5), { deviceVar: GRID, name: 'Grid', color: '#29BB9A', timestamp: 1000 }]);
    expect(after.queryDeviceVars).toEqual([PV, GRID]);
    expect(keepInStep(after, { ...after, nodeInfo: [node(GRID, 'Grid', 1000)] }, 2000).queryDeviceVars).toEqual([GRID]);
  });

  test.each([
    [
      [30, 10],
      [75, 25],
    ],
    [
      [5, null],
      [100, null],
    ],
    [
      [0, 0],
      [null, null],
    ],
    [
      [-2, 8],
      [null, 100],
    ],
  ])('values %o have the shares %o', (values, percents) => {
    const shares = sharesOf(values.map((value, i) => ({ name: `P${i}`, color: '#409EFF', value, unit: 'kWh' })));
    expect(shares.map((share) => share.percent)).toEqual(percents);
  });

  test('the total counts the parts that have a share, with their common unit', () => {
    const shares = sharesOf([
      { name: 'A', color: '#409EFF', value: 30, unit: 'kWh' },
      { name: 'B', color: '#409EFF', value: 10, unit: 'kWh' },
    ]);
    expect(totalOf(shares)).toEqual({ value: 40, unit: 'kWh' });
  });

  test('a configuration of format 1 (variables as [device, variable] pairs) is migrated', () => {
    const old = { nodeInfo: [{ deviceVar: ['S1-PV', 'S1-PV.energy'], name: 'PV', color: '#409EFF', timestamp: 1 }] };
    expect(proportion.migrate(old, 1)).toEqual({ nodeInfo: [node(PV, 'PV')], queryDeviceVars: [PV] });
    expect(proportion.migrate({ queryDeviceVars: [['S1-PV', 'S1-PV.energy']] }, 1)).toEqual({ queryDeviceVars: [PV] });
    const current = { nodeInfo: [node(PV, 'PV')], queryDeviceVars: [PV] };
    expect(proportion.migrate(current, 2)).toBe(current);
  });

  test('the chart: a ring of the parts that have a share, each in its colour reading its share; its tooltip the value', () => {
    const shares = sharesOf([
      { name: 'PV', color: '#409EFF', value: 30, unit: 'kWh' },
      { name: 'Grid', color: '#29BB9A', value: 10, unit: 'kWh' },
      { name: 'Export', color: '#F96377', value: -5, unit: 'kWh' },
    ]);
    const ring = readRing(proportionOption(shares, 1));
    expect(ring.slices).toEqual([
      { name: 'PV', value: 30, color: '#409EFF' },
      { name: 'Grid', value: 10, color: '#29BB9A' },
    ]);
    expect(ring.label(0)).toBe('75.0%');
    expect(ring.tooltip(1)).toBe('Grid: 10.0 kWh (25.0%)');
    expect(readRing(proportionOption([], 1)).slices).toEqual([]);
  });
});

describe("proportion following the dashboard's period", () => {
  test.each([
    ['current_month', 'day', 'current_day'],
    ['current_day', 'month', 'current_month'],
    ['current_day', 'day', 'current_day'],
    // This year is disabled in the schema: the configured interval stays.
    ['current_month', 'year', 'current_month'],
    // Real-time shares have no period.
    ['real_time', 'day', 'real_time'],
    ['real_time', 'month', 'real_time'],
    ['real_time', 'year', 'real_time'],
  ] as const)('%s, following %s, shows %s', (queryInterval, period, shown) => {
    expect(proportionFollowPeriod({ ...defaults, queryInterval }, period).queryInterval).toBe(shown);
  });

  test('today on the dashboard: today’s growth of each part', () => {
    const config = { ...defaults, queryInterval: 'current_month' as const, nodeInfo: [node(PV, 'PV'), node(GRID, 'Grid')] };
    expect(proportion.needs(effectiveConfig(proportion, config, 'day'), { ...context, period: 'day' })).toMatchObject({
      values: { operationId: 'getStatisticalValue', query: { sns: `${PV.varSn},${GRID.varSn}`, type: 'DAY' } },
    });
  });
});
