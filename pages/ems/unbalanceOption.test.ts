import { expect, test } from 'vitest';
import { LIMIT_COLOR } from './limitMarks';
import { unbalanceOption, type UnbalancePoint } from './unbalanceOption';

const names = {
  voltage: 'Voltage unbalance',
  current: 'Current unbalance',
  voltageLimit: 'Voltage limit 2 %',
  currentLimit: 'Current limit 15 %',
};
const limits = { voltageUnbalance: 2, currentUnbalance: 15 };
const points: UnbalancePoint[] = [
  { time: '00:00', voltageUnbalance: 1.68, currentUnbalance: 14.29 },
  { time: '01:00', voltageUnbalance: null, currentUnbalance: 16.5 },
];

type Series = {
  type: string;
  name: string;
  data: unknown[];
  showSymbol: boolean;
  itemStyle?: { color: string };
  markLine?: { data: { yAxis: number; label: { formatter: string } }[]; lineStyle: { color: string } };
};
const parts = (option: ReturnType<typeof unbalanceOption>) =>
  option as unknown as {
    xAxis: { type: string; data: string[] };
    yAxis: { type: string; name?: string; min?: number; dataMin?: number; dataMax?: number };
    series: Series[];
    legend: { bottom: number };
    tooltip: { valueFormatter(value: unknown): string };
  };

test('the voltage and the current unbalance are two lines along the hours (or days) the call labels, each hour a dot', () => {
  const option = parts(unbalanceOption(points, limits, names));
  expect(option.xAxis).toMatchObject({ type: 'category', data: ['00:00', '01:00'] });
  expect(
    option.series.map(({ type, name, data, itemStyle, showSymbol }) => ({
      type,
      name,
      data,
      color: itemStyle?.color,
      showSymbol,
    })),
  ).toEqual([
    { type: 'line', name: 'Voltage unbalance', data: [1.68, null], color: '#409EFF', showSymbol: true },
    { type: 'line', name: 'Current unbalance', data: [14.29, 16.5], color: '#29BB9A', showSymbol: true },
  ]);
  expect(option.legend).toEqual({ bottom: 0 });
});

test('the value axis is in % from 0, and the tooltip writes an unbalance as the figures above do', () => {
  const option = parts(unbalanceOption(points, limits, names));
  expect(option.yAxis).toMatchObject({ type: 'value', name: '%', min: 0 });
  expect(option.tooltip.valueFormatter(14.29)).toBe('14.29 %');
});

test.each([
  [0, 2, 'Voltage limit 2 %'],
  [1, 15, 'Current limit 15 %'],
])('line %i carries its own limit: a red line at %s labelled “%s”', (index, value, label) => {
  const series = parts(unbalanceOption(points, limits, names)).series[index];
  expect(series?.markLine?.lineStyle.color).toBe(LIMIT_COLOR);
  expect(series?.markLine?.data).toEqual([expect.objectContaining({ yAxis: value, label: { formatter: label } })]);
});

test('the value axis reaches the higher limit even when every unbalance is below it', () => {
  const low = points.map((point) => ({ ...point, currentUnbalance: 3 }));
  expect(parts(unbalanceOption(low, limits, names)).yAxis).toMatchObject({ dataMin: 2, dataMax: 15 });
});

test('a period without points draws empty lines, their limits still across', () => {
  const option = parts(unbalanceOption([], limits, names));
  expect(option.xAxis.data).toEqual([]);
  expect(option.series.map((series) => [series.data, series.markLine?.data.length])).toEqual([
    [[], 1],
    [[], 1],
  ]);
});
