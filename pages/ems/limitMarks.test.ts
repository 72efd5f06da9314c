import { expect, test } from 'vitest';
import { bandArea, LIMIT_COLOR, limitLines, limitAxis, type Limit } from './limitMarks';

test.each<[string, Limit[], { yAxis: number; text: string }[]]>([
  [
    'both limits',
    [
      { value: 50.2, label: 'Upper limit' },
      { value: 49.8, label: 'Lower limit' },
    ],
    [
      { yAxis: 50.2, text: 'Upper limit' },
      { yAxis: 49.8, text: 'Lower limit' },
    ],
  ],
  [
    'a limit without a value is left out',
    [
      { value: undefined, label: 'Upper limit' },
      { value: 0.9, label: 'Lower limit' },
    ],
    [{ yAxis: 0.9, text: 'Lower limit' }],
  ],
  ['a limit of 0 is a limit', [{ value: 0, label: 'Zero' }], [{ yAxis: 0, text: 'Zero' }]],
])('%s: a line across the chart at each, labelled with its name', (_case, limits, lines) => {
  const marks = limitLines(limits);
  expect(marks?.data).toEqual(lines.map(({ yAxis, text }) => expect.objectContaining({ yAxis, label: { formatter: text } })));
});

test('limit lines are dashed, red, without end symbols, and take no pointer', () => {
  expect(limitLines([{ value: 4, label: 'Voltage limit 4 %' }])).toMatchObject({
    symbol: 'none',
    silent: true,
    lineStyle: { type: 'dashed', color: LIMIT_COLOR },
  });
});

test('no limit with a value draws no line', () => {
  expect(limitLines([])).toBeUndefined();
  expect(limitLines([{ value: undefined, label: 'Upper limit' }])).toBeUndefined();
});

test.each([
  [{ lower: 49.8, upper: 50.2 }, [{ yAxis: 49.8 }, { yAxis: 50.2 }]],
  [{ lower: 0.9 }, [{ yAxis: 0.9 }, { yAxis: Infinity }]],
  [{ upper: 4 }, [{ yAxis: -Infinity }, { yAxis: 4 }]],
])('the band %j is tinted from %j (an open side to the chart’s edge)', (band, corners) => {
  expect(bandArea(band)).toMatchObject({ silent: true, data: [corners] });
});

test('no limit, no band', () => {
  expect(bandArea({})).toBeUndefined();
});

test.each([
  [[49.8, 50.2], { dataMin: 49.8, dataMax: 50.2 }],
  [[undefined, 4], { dataMin: 4, dataMax: 4 }],
  [[15, 2], { dataMin: 2, dataMax: 15 }],
])('the value axis reaches the limits %j (%j), with room beyond them', (limits, range) => {
  expect(limitAxis(limits)).toEqual({ ...range, boundaryGap: ['10%', '10%'] });
});

test.each([[[undefined, undefined]], [[]]])('no limit (%j): the axis follows the data alone', (limits) => {
  expect(limitAxis(limits)).toEqual({});
});
