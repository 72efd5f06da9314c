import { expect, test } from 'vitest';
import { comparisonOption, placeOf } from './comparisonOption';

type Series = { type: string; name: string; data: unknown[]; itemStyle?: { color: string } };
const parts = (option: ReturnType<typeof comparisonOption>) =>
  option as unknown as {
    xAxis: { type: string; data: string[] };
    yAxis: { name?: string };
    series: Series[];
    tooltip: { valueFormatter(value: unknown): string };
  };

test.each([
  ['08:00', 8, '08:00'],
  ['11-05', 4, '05'],
  ['2026-11', 10, '11'],
  [undefined, 30, '31'],
])('the key %s (place %i) is the place %s the periods share', (key, index, place) => {
  expect(placeOf(key, index)).toBe(place);
});

test('a line per period, in the palette’s colours in order, each hour, day or month over the same one of the others', () => {
  const option = parts(
    comparisonOption(
      [
        { name: 'This period', data: [1, 2] },
        { name: 'Period before', data: [3, 4, 5] },
        { name: 'Same period last year', data: [] },
      ],
      ['11-01', '11-02'],
      'kWh',
    ),
  );
  // The month before had a day more: its last day gets a place of its own.
  expect(option.xAxis).toMatchObject({ type: 'category', data: ['01', '02', '3'] });
  expect(option.series.map(({ type, name, data, itemStyle }) => ({ type, name, data, color: itemStyle?.color }))).toEqual([
    { type: 'line', name: 'This period', data: [1, 2], color: '#409EFF' },
    { type: 'line', name: 'Period before', data: [3, 4, 5], color: '#29BB9A' },
    { type: 'line', name: 'Same period last year', data: [], color: '#F96377' },
  ]);
});

test.each([
  ['kWh', 'kWh', 12.345, '12.35 kWh'],
  ['', undefined, 12.345, '12.35'],
])('the unit %j on the value axis (%s), values in the tooltip to two decimals: %s → %s', (unit, axisName, value, text) => {
  const option = parts(comparisonOption([{ name: 'This period', data: [value] }], ['08:00'], unit));
  expect(option.yAxis.name).toBe(axisName);
  expect(option.tooltip.valueFormatter(value)).toBe(text);
});

test('no figures: no place along the axis, the lines empty', () => {
  const option = parts(comparisonOption([{ name: 'This period', data: [] }], [], ''));
  expect(option.xAxis.data).toEqual([]);
  expect(option.series.map((series) => series.data)).toEqual([[]]);
});
