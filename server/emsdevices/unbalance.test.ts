import { expect, test } from 'vitest';
import { unbalance } from './unbalance';

test.each([
  ['balanced phases', 230, 230, 230, 0],
  ['one phase 2 % high', 234.6, 230, 230, 1.32],
  ['currents of 90, 100 and 110 A', 90, 100, 110, 10],
  ['one phase carrying nothing', 100, 100, 0, 100],
  ['magnitudes whatever their sign', -90, 100, 110, 10],
  ['a missing phase', 230, null, 230, null],
  ['no current at all', 0, 0, 0, null],
] as const)('%s', (_case, a, b, c, expected) => {
  expect(unbalance(a, b, c)).toBe(expected);
});
