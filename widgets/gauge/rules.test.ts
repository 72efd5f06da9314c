import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/gauge.json';
import en from '../../schemas/i18n/en/widget-gauge.json';
import uiSchema from '../../schemas/widgets/gauge.ui.json';
import { configDefaults } from '../../runtime/dashboard';
import { gauge } from '.';
import { gaugeValue, scaleOf, stampVars, type GaugeConfig } from './rules';

const defaults = configDefaults(schema as never) as GaugeConfig;
const context = {
  station: { sn: 'S1', name: 'S1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T17:00:00Z'),
};
const SOC = { deviceSn: 'S1-BMS', varSn: 'S1-BMS.soc' };
const TEMP = { deviceSn: 'S1-BMS', varSn: 'S1-BMS.temperature' };

describe('gauge (specification §3, §8, §9)', () => {
  test.each([
    ['name', '仪表盘'],
    ['defaultMinScale', 0],
    ['defaultMaxScale', 100],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('a monitored variable is {deviceVar, showName, minScale, maxScale, timeStamp}, its creation time hidden', () => {
    expect(Object.keys(schema.properties.monitorVars.items.properties)).toEqual([
      'deviceVar',
      'showName',
      'minScale',
      'maxScale',
      'timeStamp',
    ]);
    expect(uiSchema.monitorVars.items.timeStamp).toEqual({ 'ui:widget': 'hidden' });
  });

  test.each([
    [{}, { min: 0, max: 100 }],
    [{ minScale: -50 }, { min: -50, max: 100 }],
    [{ maxScale: 1000 }, { min: 0, max: 1000 }],
    [
      { minScale: 20, maxScale: 60 },
      { min: 20, max: 60 },
    ],
    [{ minScale: 200 }, { min: 0, max: 100 }],
  ])('a variable with the scale %o is shown on %o (default range 0 to 100)', (scale, range) => {
    expect(scaleOf({ showName: 'SOC', deviceVar: SOC, ...scale }, defaults)).toEqual(range);
  });

  test.each([
    [56.89, 56],
    [-3.7, -3],
    [100, 100],
    [null, null],
    [undefined, null],
  ])('the value %s is truncated to the integer %s', (value, shown) => {
    expect(gaugeValue(value)).toBe(shown);
  });

  test('the real-time values of all variables come in one call', () => {
    const config = {
      ...defaults,
      monitorVars: [
        { showName: 'SOC', deviceVar: SOC },
        { showName: 'T', deviceVar: TEMP },
        { showName: 'again', deviceVar: SOC },
      ],
    };
    expect(gauge.needs(config, context)).toEqual({
      values: { operationId: 'getRealtimeData', body: { sns: `${SOC.varSn},${TEMP.varSn}` } },
    });
  });

  test("a gauge without a name of its own asks for its device's and variable's names, once per device", () => {
    const config = {
      ...defaults,
      monitorVars: [
        { showName: '', deviceVar: SOC },
        { showName: ' ', deviceVar: TEMP },
      ],
    };
    expect(gauge.needs(config, context)).toEqual({
      values: { operationId: 'getRealtimeData', body: { sns: `${SOC.varSn},${TEMP.varSn}` } },
      names: { operationId: 'getDeviceVars', body: { deviceSns: SOC.deviceSn } },
    });
  });

  test("no variables: no call, and the widget says 'no data, please configure variables'", () => {
    expect(gauge.needs({ ...defaults, monitorVars: [{ showName: 'x' }] }, context)).toEqual({});
    expect(en.widgets.gauge.noVariables).toBe('no data, please configure variables');
  });

  test('a variable just added gets its creation time', () => {
    const after = stampVars({ ...defaults, monitorVars: [{ showName: 'a', timeStamp: 5 }, { showName: 'b' }] }, 99);
    expect(after.monitorVars.map((entry) => entry.timeStamp)).toEqual([5, 99]);
  });

  test('a configuration of format 1 (variables as [device, variable] pairs) is migrated', () => {
    const old = { monitorVars: [{ showName: 'SOC', deviceVar: ['S1-BMS', 'S1-BMS.soc'], minScale: 0, maxScale: 100 }] };
    expect(gauge.migrate(old, 1)).toEqual({ monitorVars: [{ showName: 'SOC', deviceVar: SOC, minScale: 0, maxScale: 100 }] });
    const current = { monitorVars: [{ showName: 'SOC', deviceVar: SOC }] };
    expect(gauge.migrate(current, 2)).toBe(current);
  });
});
