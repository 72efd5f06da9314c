import { expect, test } from 'vitest';
import { withDecimals } from './numbers';

test('a figure is written with thousands separated and its own range of decimals, whichever range was written before', () => {
  expect(withDecimals(1234.5, 2)).toBe('1,234.5');
  expect(withDecimals(1234.5, 2, 2)).toBe('1,234.50');
  expect(withDecimals(0.123456, 4, 4)).toBe('0.1235');
  expect(withDecimals(1234.5, 2)).toBe('1,234.5');
  expect(withDecimals(-2.0004, 3)).toBe('-2');
  expect(withDecimals(1e6, 0)).toBe('1,000,000');
});
