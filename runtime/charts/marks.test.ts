import { describe, expect, test } from 'vitest';
import { averageLine, averageOf, extremes, seriesMarks, timeAverageOf, type SeriesPoint } from './marks';

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

  test('the average of samples is weighted by time: two an hour apart and sixty a minute apart', () => {
    const minute = 60_000;
    const samples: SeriesPoint[] = [
      [0, -115],
      [60 * minute, -115],
      ...Array.from({ length: 60 }, (_, i): SeriesPoint => [(61 + i) * minute, 100]),
    ];
    // One hour at each power; by count it would be (2 × -115 + 60 × 100) / 62 = 93.06.
    expect(timeAverageOf(samples)).toBeCloseTo(-7.5, 9);
    expect(seriesMarks(samples, '#000', { average: true, samples: true }, names, String).markLine?.data).toMatchObject([
      { yAxis: -7.5 },
    ]);
    expect(seriesMarks(samples, '#000', { average: true }, names, String).markLine?.data).toMatchObject([
      { yAxis: (2 * -115 + 60 * 100) / 62 },
    ]);
    // A gap of more than an hour counts as an hour; a point without a value is left out.
    expect(
      timeAverageOf([
        [0, 0],
        [5 * 60 * minute, 50],
        [6 * 60 * minute, null],
        [7 * 60 * minute, 10],
      ]),
    ).toBe(30);
    expect(timeAverageOf([[0, 42]])).toBe(42);
    expect(timeAverageOf([[0, null]])).toBeNull();
  });

  test.each([
    [[3, 9, null, 1, 9], { max: 1, min: 3 }],
    [[null, 5], { max: 1, min: 1 }],
    [[null, null], null],
  ])('the highest and lowest points of %o: %o (the first of equals)', (values, found) => {
    expect(extremes(values)).toEqual(found);
  });

  const points: SeriesPoint[] = [
    [1000, 2],
    [2000, 8],
    [3000, 5],
  ];

  test('the highest and lowest points are dots where they lie, labelled with their value as the series writes it', () => {
    const marks = seriesMarks(points, '#409EFF', { max: true, min: true }, names, (v) => v.toFixed(1));
    expect(marks.markPoint?.data).toEqual([
      { name: 'Max 8.0', coord: [2000, 8], value: 8, label: { formatter: 'Max 8.0', position: 'top' } },
      { name: 'Min 2.0', coord: [1000, 2], value: 2, label: { formatter: 'Min 2.0', position: 'bottom' } },
    ]);
    expect(marks.markPoint?.itemStyle).toEqual({ color: '#409EFF' });
    expect(marks.markLine).toBeUndefined();
  });

  test('the average is a dashed line at its value, labelled at its end', () => {
    const marks = seriesMarks(points, '#409EFF', { average: true }, names, (v) => v.toFixed(1));
    expect(marks.markPoint).toBeUndefined();
    expect(marks.markLine).toMatchObject({
      symbol: 'none',
      lineStyle: { type: 'dashed', color: '#409EFF' },
      data: [{ yAxis: 5, label: { formatter: 'Avg 5.0' } }],
    });
  });

  test('a series without values, or no mark chosen, has no marks', () => {
    expect(seriesMarks([[0, null]], '#000', { max: true, min: true, average: true }, names, String)).toEqual({});
    expect(seriesMarks(points, '#000', {}, names, String)).toEqual({});
  });

  test('an average line of its own (a figure computed elsewhere)', () => {
    expect(averageLine(42, 'Average 42', '#f00')).toMatchObject({ data: [{ yAxis: 42, label: { formatter: 'Average 42' } }] });
  });
});
