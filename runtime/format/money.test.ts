import { describe, expect, test } from 'vitest';
import {
  checkMoney,
  formatMoney,
  inTenThousands,
  isAmount,
  isMoneyProperty,
  MONEY_MAX,
  parseAmount,
  withDecimals,
} from './money';

describe('money helper', () => {
  test.each([
    ['1234.5', 1234.5],
    ['1,234.567', 1234.57],
    ['0', 0],
    [0, 0],
    ['-9999999999.99', -9999999999.99],
    ['9999999999.99', 9999999999.99],
  ])('%s is fixed to two decimals: %s', (input, value) => {
    expect(checkMoney(input)).toEqual({ ok: true, value });
  });

  test.each([
    ['1250.5', 1250.5],
    ['1,250.50', 1250.5],
    [' -3,000 ', -3000],
    ['+12', 12],
    ['.5', 0.5],
    ['12.', 12],
    ['1234567', 1234567],
  ])('%j is written as an amount: %d', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  // A comma that separates no thousands may be a decimal comma: taking it for a separator would change the amount.
  test.each(['', '-', '.', '12ab', '1,5', '12,34.5', '1,2345', '1e3', '0x10', 'Infinity', '1.2.3', '1 250'])(
    '%j is no amount',
    (text) => {
      expect(parseAmount(text)).toBeUndefined();
    },
  );

  test('an amount has at most two decimals', () => {
    expect(isAmount(1250.5)).toBe(true);
    expect(isAmount(1158000.15)).toBe(true);
    expect(isAmount(1250.555)).toBe(false);
    expect(isAmount('1250')).toBe(false);
    expect(isAmount(Number.POSITIVE_INFINITY)).toBe(false);
  });

  test.each(['10000000000', '9999999999.994', '-10000000000.00'])('%s is over the cap of 9999999999.99', (input) => {
    expect(checkMoney(input)).toEqual({ ok: false, message: 'errors.moneyRange' });
  });

  test.each(['', 'abc', '12a', 'NaN'])('%j is not a numeric amount', (input) => {
    expect(checkMoney(input)).toEqual({ ok: false, message: 'errors.numberRequired' });
  });

  test('shows thousand separators and two decimals, and ten-thousand units', () => {
    expect(MONEY_MAX).toBe(9999999999.99);
    expect(formatMoney(1234567.8)).toBe('1,234,567.80');
    expect(formatMoney(-9999999999.99)).toBe('-9,999,999,999.99');
    expect(inTenThousands(12345678)).toBe('1,234.57');
  });

  test('a number of at most two decimals is money; other numbers are not', () => {
    expect(isMoneyProperty({ type: 'number', 'x-decimals': 2 })).toBe(true);
    expect(isMoneyProperty({ type: 'number' })).toBe(false);
    expect(isMoneyProperty({ type: 'integer', 'x-decimals': 2 })).toBe(false);
  });
});

test('a figure is written with thousands separated and its own range of decimals, whichever range was written before', () => {
  expect(withDecimals(1234.5, 2)).toBe('1,234.5');
  expect(withDecimals(1234.5, 2, 2)).toBe('1,234.50');
  expect(withDecimals(0.123456, 4, 4)).toBe('0.1235');
  expect(withDecimals(1234.5, 2)).toBe('1,234.5');
  expect(withDecimals(-2.0004, 3)).toBe('-2');
  expect(withDecimals(1e6, 0)).toBe('1,000,000');
});
