import { expect, test } from 'vitest';
import { costReading, indexText, scheduleReading, signedMoney } from './earnedValueReading';

test.each([
  [0.85, 'overBudget', 'behind'],
  [1, 'onBudget', 'onSchedule'],
  [1.2, 'underBudget', 'ahead'],
  [null, 'notYet', 'notYet'],
])('an index of %s reads %s as CPI and %s as SPI', (index, cost, schedule) => {
  expect(costReading(index)).toBe(cost);
  expect(scheduleReading(index)).toBe(schedule);
});

test.each([
  [1250, '+1,250.00'],
  [-80.5, '-80.50'],
  [0, '0.00'],
])('a variance of %s is written %s', (value, text) => {
  expect(signedMoney(value)).toBe(text);
});

test('an index has two decimals, none is --', () => {
  expect(indexText(1.93798)).toBe('1.94');
  expect(indexText(null)).toBe('--');
});
