import type { UiSchema } from '@rjsf/utils';
import { describe, expect, test } from 'vitest';
import authorUi from '../../schemas/widgets/multiKeyData.ui.json';
import schema from '../../generated/widgets/multiKeyData.json';
import { i18nFor } from '../../runtime';
import { mergeUiSchema } from '../../runtime/schema/uiSchema';
import { configDefaults } from '../../runtime/dashboard';
import { disabledReason } from '../../runtime/forms/disabledReason';
import { multiKeyData } from '.';
import {
  entryUi,
  figureFontSize,
  keepEntriesInStep,
  textEms,
  multiKeyDataFollowPeriod,
  multiKeyDataUi,
  type KeyFigure,
  type MultiKeyDataConfig,
} from './rules';

const defaults = configDefaults(schema as never) as MultiKeyDataConfig;
/** What a rule's UI schema of a field says under it, in a language: why it is disabled (undefined: it is not). */
const said = (ui: UiSchema, language: 'en' | 'zh') => disabledReason(i18nFor(language).t, language, {}, ui);
const context = {
  station: { sn: 'S1', name: 'S1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T17:00:00Z'),
};
const SOC = { deviceSn: 'S1-BMS', varSn: 'S1-BMS.soc' };
const PV = { deviceSn: 'S1-PV', varSn: 'S1-PV.energy' };
const LOAD = { deviceSn: 'S1-METER', varSn: 'S1-METER.energy' };
const entry = (values: Partial<KeyFigure>): KeyFigure => ({
  name: '',
  dataType: 'device_data',
  textValue: '',
  stationValue: '',
  calcMethod: 'diff',
  calcInterval: 'real_time',
  ...values,
});
const { items } = schema.properties.multiKeyData;

describe('multi key data (specification §3, §4, §8, §9)', () => {
  test.each([
    ['titleName', '多关键数据'],
    ['numberFix', 2],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('an entry is {name, dataType, textValue, stationValue, deviceValue, calcMethod, calcInterval, timestamp}', () => {
    expect(Object.keys(items.properties)).toEqual([
      'name',
      'dataType',
      'textValue',
      'stationValue',
      'deviceValue',
      'calcMethod',
      'calcInterval',
      'timestamp',
    ]);
    expect(items.properties.dataType.enum).toEqual(['text', 'station_info', 'device_data']);
  });

  test.each([
    ['calcInterval', ['real_time', 'current_month', 'current_day', 'current_year'], ['current_day', 'current_year']],
    ['calcMethod', ['AVG', 'MAX', 'diff', 'SUM', 'chain_avg', 'chain_diff'], ['chain_avg', 'chain_diff']],
  ] as const)('%s offers %o with %o disabled', (field, options, disabled) => {
    expect(items.properties[field].enum).toEqual(options);
    expect(items.properties[field]['x-disabled']).toEqual(disabled);
  });

  test.each([
    [
      { calcInterval: 'real_time' },
      'A real-time value is the latest reading: there is nothing to calculate.',
      '实时值即最新读数，无需选择计算方式。',
    ],
    [{ calcInterval: 'current_month' }, undefined, undefined],
    [
      { calcInterval: 'real_time', dataType: 'text' },
      'Applies to device data only: choose “Device data” as the data type.',
      '仅适用于设备数据：请将数据类型选为“设备数据”。',
    ],
  ] as const)('an entry %o has its calculation method disabled, saying why: %s', (values, en, zh) => {
    const ui = entryUi(entry(values)).calcMethod as UiSchema;
    expect(ui['ui:disabled']).toBe(en !== undefined);
    expect([said(ui, 'en'), said(ui, 'zh')]).toEqual([en, zh]);
    expect(said(entryUi(entry(values)).calcInterval as UiSchema, 'en')).toBe(
      'dataType' in values ? 'Applies to device data only: choose “Device data” as the data type.' : undefined,
    );
  });

  test.each([
    ['text', 'textValue'],
    ['station_info', 'stationValue'],
    ['device_data', 'deviceValue'],
  ] as const)('an entry of type %s shows only %s', (dataType, shown) => {
    const ui = entryUi(entry({ dataType }));
    for (const field of ['textValue', 'stationValue', 'deviceValue'] as const) {
      expect(ui[field]).toEqual(field === shown ? {} : { 'ui:field': 'Hidden' });
    }
  });

  test('the rules apply to each entry of the list by its own values', () => {
    const rule = multiKeyDataUi(defaults).multiKeyData.items as (item: KeyFigure, index: number) => Record<string, unknown>;
    expect(rule(entry({ dataType: 'text' }), 0).textValue).toEqual({});
    expect(rule(entry({ dataType: 'device_data' }), 1).textValue).toEqual({ 'ui:field': 'Hidden' });
    // Laid over the author's UI schema of every entry by the runtime: the cascader and the hidden creation time stay.
    const merged = mergeUiSchema(authorUi, multiKeyDataUi(defaults)).multiKeyData as { items: typeof rule };
    expect(merged.items(entry({ dataType: 'device_data' }), 1).deviceValue).toEqual({ 'ui:field': 'DeviceVar' });
    expect(merged.items(entry({}), 1).timestamp).toEqual({ 'ui:widget': 'hidden' });
    expect(merged.items(entry({ calcInterval: 'current_month' }), 0).calcMethod).toMatchObject({ 'ui:disabled': false });
    expect(rule(entry({ calcInterval: 'real_time', dataType: 'device_data' }), 0).calcMethod).toMatchObject({
      'ui:disabled': true,
    });
  });

  test.each([
    ['device_data', 'text', { textValue: 'hello', stationValue: '', deviceValue: undefined }],
    ['text', 'station_info', { textValue: '', stationValue: 'name', deviceValue: undefined }],
    ['text', 'device_data', { textValue: '', stationValue: '', deviceValue: SOC }],
  ] as const)('switching an entry from %s to %s clears the values of the other types', (from, dataType, kept) => {
    const filled = entry({ dataType: from, textValue: 'hello', stationValue: 'name', deviceValue: SOC, timestamp: 7 });
    const other = entry({ dataType: 'text', textValue: 'kept', timestamp: 8 });
    const previous = { ...defaults, multiKeyData: [other, filled] };
    // The changed entry is found by its creation time, even after the list was reordered.
    const after = keepEntriesInStep(previous, { ...previous, multiKeyData: [{ ...filled, dataType }, other] }, 99);
    const [changed, untouched] = after.multiKeyData;
    expect({ textValue: changed?.textValue, stationValue: changed?.stationValue, deviceValue: changed?.deviceValue }).toEqual(
      kept,
    );
    expect(untouched).toEqual(other);
  });

  test('an entry just added gets its creation time', () => {
    const after = keepEntriesInStep(defaults, { ...defaults, multiKeyData: [entry({})] }, 1234);
    expect(after.multiKeyData[0]?.timestamp).toBe(1234);
  });

  test('one call per (interval, method) covers all its variables; texts and station fields need none', () => {
    const config = {
      ...defaults,
      multiKeyData: [
        entry({ deviceValue: SOC }),
        entry({ deviceValue: PV, calcInterval: 'current_month', calcMethod: 'diff' }),
        entry({ deviceValue: LOAD, calcInterval: 'current_month', calcMethod: 'diff' }),
        entry({ deviceValue: LOAD, calcInterval: 'current_month', calcMethod: 'MAX' }),
        entry({ deviceValue: PV, calcMethod: 'SUM' }),
        entry({ dataType: 'text', textValue: 'A' }),
        entry({ dataType: 'station_info', stationValue: 'capacity' }),
      ],
    };
    expect(multiKeyData.needs(config, context)).toEqual({
      realtime: { operationId: 'getRealtimeData', body: { sns: `${SOC.varSn},${PV.varSn}` } },
      'month:DIFF': {
        operationId: 'getStatisticalValue',
        query: { sns: `${PV.varSn},${LOAD.varSn}`, calcmethod: 'DIFF', querytime: '2026-11-22', type: 'MONTH' },
      },
      'month:MAX': {
        operationId: 'getStatisticalValue',
        query: { sns: LOAD.varSn, calcmethod: 'MAX', querytime: '2026-11-22', type: 'MONTH' },
      },
    });
  });

  test("an empty list needs nothing ('no data')", () => {
    expect(multiKeyData.needs(defaults, context)).toEqual({});
    expect(defaults.multiKeyData).toEqual([]);
  });

  test('a configuration of format 1 (variables as [device, variable] pairs) is migrated', () => {
    const old = {
      multiKeyData: [
        { name: 'SOC', deviceValue: ['S1-BMS', 'S1-BMS.soc'] },
        { name: 'T', deviceValue: ['', ''] },
      ],
    };
    expect(multiKeyData.migrate(old, 1)).toEqual({ multiKeyData: [{ name: 'SOC', deviceValue: SOC }, { name: 'T' }] });
    const current = { multiKeyData: [{ name: 'SOC', deviceValue: SOC }] };
    expect(multiKeyData.migrate(current, 2)).toBe(current);
  });
});

describe("multi key data following the dashboard's period", () => {
  test.each([
    ['current_day', 'month', 'current_month'],
    ['current_year', 'month', 'current_month'],
    ['current_month', 'month', 'current_month'],
    // Today and this year are disabled in the schema: the configured interval stays.
    ['current_month', 'day', 'current_month'],
    ['current_month', 'year', 'current_month'],
    // A real-time figure has no period.
    ['real_time', 'month', 'real_time'],
  ] as const)('a device variable’s figure of %s, following %s, is of %s', (calcInterval, period, shown) => {
    const config = { ...defaults, multiKeyData: [entry({ deviceValue: PV, calcInterval })] };
    expect(multiKeyDataFollowPeriod(config, period).multiKeyData[0]?.calcInterval).toBe(shown);
  });

  test('each figure follows on its own; texts and station fields, whose interval is disabled, are kept', () => {
    const text = entry({ dataType: 'text', textValue: 'Hello', calcInterval: 'current_day' });
    const live = entry({ deviceValue: SOC });
    const config = { ...defaults, multiKeyData: [text, live, entry({ deviceValue: PV, calcInterval: 'current_day' })] };
    const followed = multiKeyDataFollowPeriod(config, 'month');
    expect(followed.multiKeyData.map((figure) => figure.calcInterval)).toEqual(['current_day', 'real_time', 'current_month']);
    expect(followed.multiKeyData[0]).toBe(text);
    expect(config.multiKeyData[2]?.calcInterval).toBe('current_day');
  });

  test('nothing to follow: the configuration itself', () => {
    const config = { ...defaults, multiKeyData: [entry({ deviceValue: PV, calcInterval: 'current_month' })] };
    expect(multiKeyDataFollowPeriod(config, 'month')).toBe(config);
    expect(multiKeyDataFollowPeriod(config, 'day')).toBe(config);
  });
});

describe('a figure fits its box (390 px phones)', () => {
  /** The size the figure gets in a box of `width` px, as the browser works the clamp out. */
  const sizeIn = (width: number, value: string, unit: string): number => {
    const match = /clamp\((\d+)px, calc\(\(100cqi - (\d+)px\) \/ ([\d.]+)\), (\d+)px\)/.exec(figureFontSize(value, unit));
    if (!match) throw new Error(figureFontSize(value, unit));
    const [, smallest, unitPx, ems, largest] = match.map(Number) as [number, number, number, number, number];
    return Math.min(largest, Math.max(smallest, (width - unitPx) / ems));
  };

  test.each([
    ['909', '', 136, 24],
    ['653.01', 'kWh', 136, 24],
    ['123,456,789.00', 'kW', 136, 15.52],
    ['123,456,789.00', 'kW', 308, 24],
    ['123,456,789.00', 'kW', 100, 14],
    ['张江储能电站', '', 136, 22.67],
  ])('%s %s in a box %s px wide is %s px', (value, unit, width, px) => {
    expect(sizeIn(width, value, unit)).toBeCloseTo(px, 1);
  });

  test('the figure and its unit at that size take no more than the box (down to the smallest size)', () => {
    for (const [value, unit] of [
      ['1,234,567.89', 'kWh'],
      ['98.6', '%'],
      ['临港新片区光储充一体化电站', ''],
    ] as const) {
      for (const width of [136, 160, 240, 308]) {
        const px = sizeIn(width, value, unit);
        if (px > 14) expect(textEms(value) * px + (unit ? textEms(unit) * 14 + 4 : 0)).toBeLessThanOrEqual(width + 1);
      }
    }
  });
});
