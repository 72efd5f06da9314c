import { expect, test } from 'vitest';
import { bandText, outOfBand } from './qualityBands';

test.each([
  [{ lower: 49.8, upper: 50.2 }, 'Hz', '49.8 – 50.2 Hz'],
  [{ lower: 0.9 }, '', '≥ 0.9'],
  [{ upper: 4 }, '%', '≤ 4 %'],
  [{}, 'kW', ''],
])('the band %j in %s reads %s', (band, unit, text) => {
  expect(bandText(band, unit)).toBe(text);
});

test.each([
  [{ lower: 49.8, upper: 50.2 }, 50.25, undefined, true],
  [{ lower: 49.8, upper: 50.2 }, 50.2, undefined, false],
  [{ lower: 0.9 }, -0.95, 'powerFactor', false],
  [{ lower: 0.9 }, -0.85, 'powerFactor', true],
  [{ upper: 15 }, null, undefined, undefined],
  [{}, 99, undefined, undefined],
])('%j judges %s (%s): out of band %s', (band, value, code, out) => {
  expect(outOfBand(band, value, code)).toBe(out);
});
