import { expect, test } from 'vitest';
import { refusalOf, type SiblingMap } from './mapRules';

const power: SiblingMap = { functionCode: 3, register: 100, dataType: 'float32', variableName: '有功功率' };

test.each([
  ['float32 on a coil', { functionCode: 1, register: 0, dataType: 'float32' }, 'dataType', 'errors.mapBitType'],
  ['int16 on a discrete input', { functionCode: 2, register: 0, dataType: 'int16' }, 'dataType', 'errors.mapBitType'],
  ['a float64 from register 65533', { functionCode: 3, register: 65_533, dataType: 'float64' }, 'register', 'errors.mapPastEnd'],
  [
    'register 101 inside a float32 at 100',
    { functionCode: 3, register: 101, dataType: 'int16' },
    'register',
    'errors.mapOverlap',
  ],
  ['a float32 at 99 reaching into 100', { functionCode: 3, register: 99, dataType: 'float32' }, 'register', 'errors.mapOverlap'],
] as const)('refused: %s', (_name, map, path, key) => {
  expect(refusalOf(map, [power])).toMatchObject({ path, key });
});

test.each([
  ['the register after', { functionCode: 3, register: 102, dataType: 'uint16' }],
  ['the same register of another function code', { functionCode: 4, register: 100, dataType: 'float32' }],
  ['a bool on a coil', { functionCode: 1, register: 100, dataType: 'bool' }],
  ['a float64 ending at 65535', { functionCode: 3, register: 65_532, dataType: 'float64' }],
] as const)('taken: %s', (_name, map) => {
  expect(refusalOf(map, [power])).toBeUndefined();
});

test('an overlap names the other variable and both ranges', () => {
  expect(refusalOf({ functionCode: 3, register: 101, dataType: 'uint32' }, [power])?.params).toEqual({
    from: '101',
    to: '102',
    other: '有功功率',
    otherFrom: '100',
    otherTo: '101',
  });
});
