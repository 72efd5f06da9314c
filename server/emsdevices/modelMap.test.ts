import { expect, test } from 'vitest';
import { mapOf, modelRefusal, type ModelVariable } from './modelMap';

const power: ModelVariable = { code: 'activePower', name: '有功功率', kind: 'gauge', register: 0, dataType: 'int32' };
const energy: ModelVariable = { code: 'chargeEnergy', name: '累计充电量', kind: 'counter', register: 2, dataType: 'int64' };

test('a variable with a register and a data type carries a map with the collector defaults', () => {
  expect(mapOf(power)).toEqual({ functionCode: 3, register: 0, dataType: 'int32', byteOrder: 'ABCD', ratio: 1, offset: 0 });
  expect(mapOf({ code: 'soc', name: 'SOC', kind: 'gauge' })).toBeUndefined();
});

test.each([
  ['a code twice', [power, energy, { ...power, name: '功率', register: 10 }], 2, 'code', 'errors.modelCodeTwice'],
  ['registers 1–2 inside activePower (0–1)', [power, { ...energy, register: 1 }], 1, 'register', 'errors.mapOverlap'],
  [
    'a register without a data type',
    [{ code: 'soc', name: 'SOC', kind: 'gauge', register: 0 }],
    0,
    'dataType',
    'errors.mapNoDataType',
  ],
  ['a float32 on a coil', [{ ...power, functionCode: 1, dataType: 'float32' }], 0, 'dataType', 'errors.mapBitType'],
  ['a float64 from register 65533', [{ ...energy, dataType: 'float64', register: 65_533 }], 0, 'register', 'errors.mapPastEnd'],
] as const)('refused: %s, naming the variable and the field', (_name, variables, index, path, key) => {
  expect(modelRefusal(variables)).toMatchObject({ index, path, key });
});

test('a code given twice names the variable that has it first', () => {
  expect(modelRefusal([power, { ...power, name: '功率', register: 10 }])?.params).toEqual({
    code: 'activePower',
    other: '有功功率',
  });
});

test.each([
  ['maps one after another', [power, energy]],
  ['the same register of another function code', [power, { ...energy, functionCode: 4, register: 0 }]],
  ['variables without maps', [power, { code: 'soc', name: 'SOC', kind: 'gauge' }, { code: 'soh', name: 'SOH', kind: 'gauge' }]],
] as const)('taken: %s', (_name, variables) => {
  expect(modelRefusal(variables)).toBeUndefined();
});
