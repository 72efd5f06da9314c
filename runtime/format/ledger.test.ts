import { describe, expect, test } from 'vitest';
import { isPartial, shownFigure } from './ledger';

describe('ledger figures as shown', () => {
  test.each([
    ['earned', 1234.5, '1,234.50'],
    ['savings', -0.4, '-0.40'],
    ['spreadPerMwh', 250, '250.00'],
    ['cyclesPerDay', 0.91234, '0.912'],
    ['dischargeKwh', 1500.25, '1,500.25'],
    ['maxDemandKw', 12.3456, '12.346'],
    ['purchasePrice', 0.5, '0.5000'],
    ['coverage', 0.9583, '95.83 %'],
    ['spreadPerMwh', null, '--'],
  ])('%s %s is written %s', (field, value, text) => {
    expect(shownFigure(field, value)).toBe(text);
  });

  test('a figure below full coverage comes from partial data', () => {
    expect(isPartial(0.99)).toBe(true);
    expect(isPartial(1)).toBe(false);
    expect(isPartial(null)).toBe(false);
  });
});
