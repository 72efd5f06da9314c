import { expect, test } from 'vitest';
import { incomeOption, type IncomeAmount, type IncomePoint } from './incomeOption';

const names: Record<IncomeAmount, string> = {
  dischargeIncome: 'Discharge income',
  chargeCost: 'Charging cost',
  revenue: 'Revenue',
};
const points: IncomePoint[] = [
  { time: '11-01', dischargeIncome: 1234.5, chargeCost: 800, revenue: 434.5 },
  { time: '11-02', dischargeIncome: null, chargeCost: 20, revenue: -20 },
];

type Series = { type: string; name: string; data: unknown[]; stack?: string; itemStyle?: { color: string } };
const parts = (option: ReturnType<typeof incomeOption>) =>
  option as unknown as {
    useUTC?: boolean;
    xAxis: { type: string; data: string[] };
    series: Series[];
    tooltip: { valueFormatter(value: unknown): string };
  };

test('the hours, days or months of the period are the categories, as the call labels them', () => {
  const option = parts(incomeOption(points, (amount) => names[amount]));
  expect(option.xAxis).toMatchObject({ type: 'category', data: ['11-01', '11-02'] });
  expect(option.useUTC).toBeUndefined();
});

test('income, cost and revenue are bars side by side in that order, each in the palette’s colour of its place', () => {
  const option = parts(incomeOption(points, (amount) => names[amount]));
  expect(
    option.series.map(({ type, name, data, stack, itemStyle }) => ({ type, name, data, stack, color: itemStyle?.color })),
  ).toEqual([
    { type: 'bar', name: 'Discharge income', data: [1234.5, null], stack: undefined, color: '#409EFF' },
    { type: 'bar', name: 'Charging cost', data: [800, 20], stack: undefined, color: '#29BB9A' },
    { type: 'bar', name: 'Revenue', data: [434.5, -20], stack: undefined, color: '#F96377' },
  ]);
});

test.each([
  [1234.5, '1,234.50'],
  [-20, '-20.00'],
  [undefined, '--'],
])('the tooltip writes %s as money: %s', (value, text) => {
  expect(parts(incomeOption(points, (amount) => names[amount])).tooltip.valueFormatter(value)).toBe(text);
});

test('a period without points draws three empty series', () => {
  const option = parts(incomeOption([], (amount) => names[amount]));
  expect(option.xAxis.data).toEqual([]);
  expect(option.series.map((series) => series.data)).toEqual([[], [], []]);
});
