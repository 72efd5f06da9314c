import { describe, expect, test } from 'vitest';
import { withUnit } from './units';

describe('a figure with its unit', () => {
  test.each([
    ['12.5', 'kW', '12.5 kW'],
    ['0.98', '', '0.98'],
    ['3', undefined, '3'],
    ['--', null, '--'],
  ] as const)('%s with %s is written %s', (figure, unit, written) => {
    expect(withUnit(figure, unit)).toBe(written);
  });
});
