import { describe, expect, test } from 'vitest';
import type { SlotState } from '../dashboard/needs';
import { deviceVarLabel, namesNeeds, seriesName, variableLabel } from './seriesName';

const POWER = { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.activePower' };
const SOC = { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' };
/** The variables of the devices as `getDeviceVars` answers them. */
const names: SlotState = {
  status: 'ready',
  data: [
    {
      sn: POWER.varSn,
      name: '有功功率',
      unit: 'kW',
      kind: 'gauge',
      deviceSn: POWER.deviceSn,
      deviceName: '1# PCS',
      stationSn: 'T2-ST1',
    },
    { sn: SOC.varSn, name: 'SOC', unit: '%', kind: 'gauge', deviceSn: SOC.deviceSn, deviceName: 'BMS 主控', stationSn: 'T2-ST1' },
  ],
};

describe('names of series, gauges and slices', () => {
  test('a variable is listed by its name and unit, a choice by its device and variable, as the picker shows them', () => {
    expect(variableLabel({ name: '有功功率', unit: 'kW' })).toBe('有功功率 (kW)');
    expect(variableLabel({ name: '运行状态', unit: '' })).toBe('运行状态');
    expect(deviceVarLabel('1# PCS', '有功功率 (kW)')).toBe('1# PCS / 有功功率 (kW)');
  });

  test.each([
    ['its own name', { deviceVar: POWER, name: ' PCS power ' }, names, 'PCS power'],
    ["else its device's and variable's names", { deviceVar: POWER, name: '' }, names, '1# PCS / 有功功率'],
    ['also without a name field', { deviceVar: SOC }, names, 'BMS 主控 / SOC'],
    ['while the names load, its serial', { deviceVar: POWER, name: '' }, { status: 'loading' } as SlotState, POWER.varSn],
    [
      'for a variable the server no longer has, its serial',
      { deviceVar: { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.gone' } },
      names,
      'T2-ST1-PCS1.gone',
    ],
  ])('an entry is shown by %s', (_case, entry, slot, shown) => {
    expect(seriesName(entry, slot)).toBe(shown);
  });

  test('a fallback of its own comes before the serial (a name the data answer carries)', () => {
    expect(seriesName({ deviceVar: POWER }, undefined, '有功功率')).toBe('有功功率');
  });

  test('the names are asked for the devices of the unnamed entries only, each device once, in one call', () => {
    const entries = [
      { deviceVar: POWER, name: '' },
      { deviceVar: SOC, name: 'SOC' },
      { deviceVar: { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.temperature' } },
      { deviceVar: { deviceSn: 'T2-ST1-METER', varSn: 'T2-ST1-METER.power' }, name: '  ' },
    ];
    expect(namesNeeds(entries)).toEqual({
      names: { operationId: 'getDeviceVars', body: { deviceSns: 'T2-ST1-METER,T2-ST1-PCS1' } },
    });
    expect(namesNeeds([{ deviceVar: SOC, name: 'SOC' }])).toEqual({});
  });
});
