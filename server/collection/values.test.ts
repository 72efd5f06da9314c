import { expect, test } from 'vitest';
import { refuseValue } from './values';

// The words: "a NaN or a value outside the variable's range: counted and shown on the channel, never [...] stored".
test.each([
  ['NaN', Number.NaN, {}, 'NaN is not a number'],
  ['infinite', Number.POSITIVE_INFINITY, { min: 0, max: 100 }, 'Infinity is not a number'],
  ['below the minimum', -0.5, { min: 0, max: 100 }, "-0.5 is below the variable's minimum 0"],
  ['above the maximum', 100.1, { min: 0, max: 100 }, "100.1 is above the variable's maximum 100"],
  ['above a maximum with no minimum', 1e6, { min: null, max: 5000 }, "1000000 is above the variable's maximum 5000"],
  ['below a minimum with no maximum', -41, { min: -40 }, "-41 is below the variable's minimum -40"],
])('refused: %s', (_name, value, range, reason) => {
  expect(refuseValue(value, range)).toBe(reason);
});

test.each([
  ['the minimum itself', 0, { min: 0, max: 100 }],
  ['the maximum itself', 100, { min: 0, max: 100 }],
  ['any number when the variable has no range', -1e12, {}],
  ['any number when both bounds are null', 1e12, { min: null, max: null }],
  ['a number above a minimum with no maximum', 1e9, { min: -40 }],
])('kept: %s', (_name, value, range) => {
  expect(refuseValue(value, range)).toBeUndefined();
});
