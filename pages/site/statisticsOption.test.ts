import { describe, expect, test } from 'vitest';
import { readRing } from '../../runtime/dashboard';
import type { SeriesFigures } from './seriesData';
import { partsOf, perPeriodOption, sharesOption } from './statisticsOption';

const figures = (key: string, value: number | null, datas: (number | null)[], divided = false): SeriesFigures => ({
  key,
  name: `Label ${key}`,
  unit: 'kWh',
  value,
  datas,
  timeKeys: ['11-01', '11-02'],
  ...(divided ? { divided } : {}),
});
// A label divided into two sub-labels: the sub-labels are the parts, the label is not counted twice.
const series = [figures('all', 30, [10, 20], true), figures('A', 20, [5, 15]), figures('B', 10, [5, 5])];

type Bar = { type: string; name: string; data: unknown[]; stack?: string; itemStyle?: { color: string } };

describe('per hour, day or month', () => {
  const bars = (list: SeriesFigures[]) =>
    perPeriodOption(list) as unknown as {
      xAxis: { type: string; data: string[] };
      yAxis: { name?: string };
      series: Bar[];
      tooltip: { valueFormatter(value: unknown): string };
    };

  test('the parts stacked along the period’s hours, days or months, each in the palette’s colour of its place', () => {
    const option = bars(series);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['11-01', '11-02'] });
    expect(
      option.series.map(({ type, name, data, stack, itemStyle }) => ({ type, name, data, stack, color: itemStyle?.color })),
    ).toEqual([
      { type: 'bar', name: 'Label A', data: [5, 15], stack: 'parts', color: '#409EFF' },
      { type: 'bar', name: 'Label B', data: [5, 5], stack: 'parts', color: '#29BB9A' },
    ]);
  });

  test('the unit on the value axis and in the tooltip', () => {
    const option = bars(series);
    expect(option.yAxis.name).toBe('kWh');
    expect(option.tooltip.valueFormatter(5.555)).toBe('5.56 kWh');
  });

  test('no series: no category, no bar', () => {
    const option = bars([]);
    expect(option.xAxis.data).toEqual([]);
    expect(option.series).toEqual([]);
  });
});

describe('shares', () => {
  const ring = (list: SeriesFigures[]) => readRing(sharesOption(list));

  test('a slice per part, in the colours of the bars, each reading its share of the parts’ sum', () => {
    const pie = ring(series);
    expect(pie.slices).toEqual([
      { name: 'Label A', value: 20, color: '#409EFF' },
      { name: 'Label B', value: 10, color: '#29BB9A' },
    ]);
    expect([0, 1].map(pie.label)).toEqual(['66.7%', '33.3%']);
  });

  test('a negative total is a slice of none; with nothing to share, a slice reads --', () => {
    const negative = ring([figures('A', -5, []), figures('B', 10, []), figures('C', 15, [])]);
    expect(negative.slices.map((slice) => slice.value)).toEqual([0, 10, 15]);
    expect(negative.label(0)).toBe('0%');
    const none = ring([figures('A', 0, []), figures('B', null, [])]);
    expect(none.slices.map((slice) => slice.value)).toEqual([0, 0]);
    expect([0, 1].map(none.label)).toEqual(['--', '--']);
  });

  test('the parts leave out a series divided further', () => {
    expect(partsOf(series).map((entry) => entry.key)).toEqual(['A', 'B']);
  });
});
