import { describe, expect, test } from 'vitest';
import { averageOf, extremes, seriesMarks } from './marks';

const names = { max: 'Max', min: 'Min', average: 'Avg' };

describe('marks of a series', () => {
  test.each([
    [[83, 80, null], 81.5],
    [[70, 80, 90], 80],
    [[null, null], null],
    [[], null],
  ])('the average of %o is %s (points without a value left out)', (values, average) => {
    expect(averageOf(values)).toBe(average);
  });

  test.each([
    [[3, 9, null, 1, 9], { max: 1, min: 3 }],
    [[null, 5], { max: 1, min: 1 }],
    [[null, null], null],
  ])('the highest and lowest points of %o: %o (the first of equals)', (values, found) => {
    expect(extremes(values)).toEqual(found);
  });

  test('each mark chosen is drawn, with its value as the series writes it; none for a series without values', () => {
    const marks = seriesMarks('0', [2, 8, 5], '#409EFF', { max: true, min: true, average: true }, names, (v) => v.toFixed(1));
    expect(marks['0-max']).toMatchObject({ type: 'label', xValue: 1, yValue: 8, content: 'Max 8.0' });
    expect(marks['0-min']).toMatchObject({ type: 'label', xValue: 0, yValue: 2, content: 'Min 2.0' });
    expect(marks['0-average']).toMatchObject({ type: 'line', yMin: 5, yMax: 5, label: { content: 'Avg 5.0' } });
    expect(Object.keys(seriesMarks('1', [2, 8], '#000', { max: true }, names, String))).toEqual(['1-max']);
    expect(seriesMarks('2', [null, null], '#000', { max: true, min: true, average: true }, names, String)).toEqual({});
  });
});
