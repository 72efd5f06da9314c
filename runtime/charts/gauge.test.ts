import { describe, expect, test } from 'vitest';
import { dialValue, gaugeOption } from './gauge';
import type { GaugeSeriesOption } from './option';

const dial = { min: 0, max: 100, text: '75 %', color: '#409EFF', track: '#eee' };
const seriesOf = (option: ReturnType<typeof gaugeOption>) => (option.series as GaugeSeriesOption[])[0];

describe('a gauge', () => {
  test.each([
    [30, 0, 100, 30],
    [21, 0, 80, 21],
    // Exactly the value: not 14.000000000000002, as 14 / 100 of the scale would give back.
    [14, 0, 100, 14],
    [-5, 0, 100, 0],
    [130, 0, 100, 100],
    [null, 0, 100, null],
    [5, 10, 10, 10],
  ])('%s on a scale of %s–%s draws %s', (value, min, max, drawn) => {
    expect(dialValue(value, min, max)).toBe(drawn);
  });

  test('the dial fills as far as the value on its scale, in its colour, and writes the value in its middle', () => {
    const series = seriesOf(gaugeOption({ ...dial, value: 75 }));
    expect(series).toMatchObject({ type: 'gauge', min: 0, max: 100, startAngle: 210, endAngle: -30, data: [{ value: 75 }] });
    expect(series?.progress).toMatchObject({ show: true, itemStyle: { color: '#409EFF' } });
    expect((series?.detail as { formatter: () => string }).formatter()).toBe('75 %');
  });

  test('a value beyond the scale fills the dial to its end; none leaves it empty', () => {
    expect(seriesOf(gaugeOption({ ...dial, min: 20, max: 60, value: 90 }))?.data).toEqual([{ value: 60 }]);
    expect(seriesOf(gaugeOption({ ...dial, min: 20, max: 60, value: 0 }))?.data).toEqual([{ value: 20 }]);
    expect(seriesOf(gaugeOption({ ...dial, value: null }))?.data).toEqual([]);
  });

  test('a scale whose minimum is not below its maximum draws an empty dial', () => {
    const series = seriesOf(gaugeOption({ ...dial, min: 70, max: 60, value: 65 }));
    expect(series).toMatchObject({ min: 70, max: 71, data: [{ value: 70 }] });
  });
});
