import { expect, test } from 'vitest';
import { legendBelow, linesOf, single, valueAxisOf } from './optionParts';

test.each([
  [{ bottom: 8 }, { bottom: 8 }],
  [[{ bottom: 8 }, { bottom: 40 }], { bottom: 8 }],
  [[], undefined],
  [undefined, undefined],
])('the one component of %j is %j', (part, one) => {
  expect(single(part)).toEqual(one);
});

test('the line series of an option, whether it gives one or a list; bars and pies left out', () => {
  const line = { type: 'line' as const, name: 'P', data: [1] };
  expect(linesOf({ series: line })).toEqual([line]);
  expect(linesOf({ series: [{ type: 'bar', data: [2] }, line, { type: 'pie', data: [] }] })).toEqual([line]);
  expect(linesOf({})).toEqual([]);
});

test('the value axis of a chart, whether it gives one axis or a list; a plain value axis where it has none', () => {
  expect(valueAxisOf({ yAxis: { type: 'value', name: 'kW' } })).toEqual({ type: 'value', name: 'kW' });
  expect(valueAxisOf({ yAxis: [{ type: 'value', min: 0 }] })).toEqual({ type: 'value', min: 0 });
  expect(valueAxisOf({ yAxis: { type: 'category', data: ['a'] } })).toEqual({ type: 'value' });
  expect(valueAxisOf({})).toEqual({ type: 'value' });
});

test('a legend below the plot, the plot raised to leave it room, the rest of the grid kept', () => {
  expect(legendBelow({ grid: { left: 8, top: 28, bottom: 8 } })).toEqual({
    grid: { left: 8, top: 28, bottom: 32 },
    legend: { bottom: 0 },
  });
});
