import type { UiSchema } from '@rjsf/utils';
import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/keyData.json';
import { i18nFor } from '../../runtime';
import { configDefaults, effectiveConfig } from '../../runtime/dashboard';
import { disabledReason } from '../../runtime/forms/disabledReason';
import { keyData } from '.';
import { clearOtherTypes, isConfigured, keyDataFollowPeriod, keyDataUi, type KeyDataConfig } from './rules';

const defaults = configDefaults(schema as never) as KeyDataConfig;
/** What a rule's UI schema of a field says under it, in a language: why it is disabled (undefined: it is not). */
const said = (ui: UiSchema, language: 'en' | 'zh') => disabledReason(i18nFor(language).t, language, {}, ui);
const context = {
  station: { sn: 'S1', name: 'S1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T17:00:00Z'),
};
const SOC = { deviceSn: 'S1-BMS', varSn: 'S1-BMS.soc' };

describe('key data (specification §3, §5, §9)', () => {
  test.each([
    ['bgColorRight', '#FFFFFF'],
    ['nameColor', '#409EFF'],
    ['dataColor', '#409EFF'],
    ['nameFont', 20],
    ['dataFont', 36],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('intervals real_time, YEAR (this month), DAY, current_year (disabled); methods AVG, MAX, diff, SUM', () => {
    const { calcInterval, calcMethod } = schema.properties;
    expect(calcInterval.enum).toEqual(['real_time', 'YEAR', 'DAY', 'current_year']);
    expect(calcInterval['x-disabled']).toEqual(['current_year']);
    expect(calcMethod.enum).toEqual(['AVG', 'MAX', 'diff', 'SUM']);
  });

  test.each([1, 100])('font sizes are integers 1 to 100: %s', (size) => {
    expect(schema.properties.nameFont).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(size).toBeGreaterThanOrEqual(schema.properties.dataFont.minimum);
  });

  test.each([
    ['real_time', 'A real-time value is the latest reading: there is nothing to calculate.'],
    ['YEAR', undefined],
    ['DAY', undefined],
  ] as const)('with the interval %s the calculation method is disabled, saying why: %s', (calcInterval, reason) => {
    const ui = keyDataUi({ ...defaults, dataType: 'device_data', calcInterval }).calcMethod as UiSchema;
    expect(ui['ui:disabled']).toBe(reason !== undefined);
    expect(said(ui, 'en')).toBe(reason);
  });

  test.each(['calcMethod', 'calcInterval', 'numberFix', 'followPeriod'])(
    '%s counts for device data only, and says so otherwise',
    (field) => {
      const ui = keyDataUi({ ...defaults, dataType: 'text', calcInterval: 'YEAR' })[field] as UiSchema;
      expect(ui['ui:disabled']).toBe(true);
      expect([said(ui, 'en'), said(ui, 'zh')]).toEqual([
        'Applies to device data only: choose “Device data” as the data type.',
        '仅适用于设备数据：请将数据类型选为“设备数据”。',
      ]);
      expect(keyDataUi({ ...defaults, dataType: 'device_data', calcInterval: 'YEAR' })[field]).toEqual({ 'ui:disabled': false });
    },
  );

  test.each([
    ['device_data', 'text', { textValue: 'hello', stationValue: '', deviceValue: undefined }],
    ['text', 'station_info', { textValue: '', stationValue: 'name', deviceValue: undefined }],
    ['text', 'device_data', { textValue: '', stationValue: '', deviceValue: SOC }],
  ] as const)('switching the data type from %s to %s clears the values of the other types', (from, dataType, kept) => {
    const filled = { ...defaults, dataType: from, textValue: 'hello', stationValue: 'name', deviceValue: SOC };
    const after = clearOtherTypes(filled, { ...filled, dataType });
    expect({ textValue: after.textValue, stationValue: after.stationValue, deviceValue: after.deviceValue }).toEqual(kept);
  });

  test.each([
    [{ dataType: 'text', textValue: '' }, false],
    [{ dataType: 'text', textValue: 'A' }, true],
    [{ dataType: 'station_info', stationValue: '' }, false],
    [{ dataType: 'station_info', stationValue: 'capacity' }, true],
    [{ dataType: 'device_data' }, false],
    [{ dataType: 'device_data', deviceValue: SOC }, true],
  ] as const)("%o is configured: %s (else 'please configure')", (values, configured) => {
    expect(isConfigured({ ...defaults, ...values })).toBe(configured);
  });

  test.each([
    ['real_time', 'diff', { operationId: 'getRealtimeData', body: { sns: SOC.varSn } }],
    [
      'YEAR',
      'diff',
      {
        operationId: 'getStatisticalValue',
        query: { sns: SOC.varSn, calcmethod: 'DIFF', querytime: '2026-11-22', type: 'MONTH' },
      },
    ],
    [
      'DAY',
      'MAX',
      { operationId: 'getStatisticalValue', query: { sns: SOC.varSn, calcmethod: 'MAX', querytime: '2026-11-22', type: 'DAY' } },
    ],
  ] as const)('interval %s with method %s needs %o (the station’s local day)', (calcInterval, calcMethod, need) => {
    expect(keyData.needs({ ...defaults, deviceValue: SOC, calcInterval, calcMethod }, context)).toEqual({ value: need });
  });

  test('a configuration of format 1 (variable as a [device, variable] pair) is migrated', () => {
    expect(keyData.migrate({ dataType: 'device_data', deviceValue: ['S1-BMS', 'S1-BMS.soc'] }, 1)).toEqual({
      dataType: 'device_data',
      deviceValue: SOC,
    });
    expect(keyData.migrate({ deviceValue: SOC }, 2)).toEqual({ deviceValue: SOC });
  });
});

describe("key data following the dashboard's period", () => {
  test.each([
    ['real_time', 'day', 'real_time'],
    ['real_time', 'month', 'real_time'],
    ['YEAR', 'day', 'DAY'],
    ['DAY', 'month', 'YEAR'],
    // This year (current_year) is disabled in the schema: the configured interval stays.
    ['DAY', 'year', 'DAY'],
    ['YEAR', 'year', 'YEAR'],
  ] as const)('a device variable’s figure of %s, following %s, is of %s', (calcInterval, period, shown) => {
    const config = { ...defaults, dataType: 'device_data' as const, deviceValue: SOC, calcInterval };
    expect(keyDataFollowPeriod(config, period).calcInterval).toBe(shown);
  });

  test.each(['text', 'station_info'] as const)('a %s has no period: kept as it is', (dataType) => {
    const config = { ...defaults, dataType, calcInterval: 'DAY' as const };
    expect(keyDataFollowPeriod(config, 'month')).toBe(config);
  });

  test('this month on the dashboard: the figure labelled this month (YEAR) is asked for', () => {
    const config = { ...defaults, dataType: 'device_data' as const, deviceValue: SOC, calcInterval: 'DAY' as const };
    expect(keyData.needs(effectiveConfig(keyData, config, 'month'), { ...context, period: 'month' })).toMatchObject({
      value: { operationId: 'getStatisticalValue', query: { sns: SOC.varSn, type: 'MONTH' } },
    });
  });
});
