import { expect, test } from 'vitest';
import { dailyQualityOption, type DailyQuality } from './dailyQualityOption';
import { BAND_COLOR, LIMIT_COLOR } from './limitMarks';
import type { Band } from './qualityBands';

const names = { max: 'Highest', min: 'Lowest', upper: 'Upper limit', lower: 'Lower limit' };
const hertz = (value: number) => `${value} Hz`;
const frequency: DailyQuality = {
  unit: 'Hz',
  lower: 49.8,
  upper: 50.2,
  days: [
    { day: '2026-11-01', max: 50.1, min: 49.9 },
    { day: '2026-11-02', max: null, min: null },
    { day: '2026-11-03', max: 50.3, min: 49.95 },
  ],
};

type Series = {
  type: string;
  name: string;
  data: unknown[];
  connectNulls: boolean;
  showSymbol: boolean;
  itemStyle?: { color: string };
  markLine?: { data: { yAxis: number; label: { formatter: string } }[]; lineStyle: { color: string } };
  markArea?: { data: unknown[]; itemStyle: { color: string } };
};
const parts = (option: ReturnType<typeof dailyQualityOption>) =>
  option as unknown as {
    xAxis: { type: string; data: string[] };
    yAxis: { type: string; name?: string; scale?: boolean; dataMin?: number; dataMax?: number };
    series: Series[];
    legend: { bottom: number };
    tooltip: { valueFormatter(value: unknown): string };
  };

test('the highest and the lowest of each day are two lines along the days of the month, in the palette’s first colours', () => {
  const option = parts(dailyQualityOption(frequency, names, hertz));
  expect(option.xAxis).toMatchObject({ type: 'category', data: ['11-01', '11-02', '11-03'] });
  expect(option.series.map(({ type, name, data, itemStyle }) => ({ type, name, data, color: itemStyle?.color }))).toEqual([
    { type: 'line', name: 'Highest', data: [50.1, null, 50.3], color: '#409EFF' },
    { type: 'line', name: 'Lowest', data: [49.9, null, 49.95], color: '#29BB9A' },
  ]);
  expect(option.legend).toEqual({ bottom: 0 });
});

test('a day without a value is a gap, and each day a dot', () => {
  for (const series of parts(dailyQualityOption(frequency, names, hertz)).series) {
    expect(series).toMatchObject({ connectNulls: false, showSymbol: true });
  }
});

test('the unit is written on the value axis and the values in the tooltip as the screen writes them', () => {
  const option = parts(dailyQualityOption(frequency, names, hertz));
  // Not from 0: 49.8 – 50.2 Hz would be a sliver of an axis from 0 to 60.
  expect(option.yAxis).toMatchObject({ type: 'value', name: 'Hz', scale: true });
  expect(option.tooltip.valueFormatter(50.1)).toBe('50.1 Hz');
  expect(option.tooltip.valueFormatter(undefined)).toBe('--');
  expect(parts(dailyQualityOption({ ...frequency, unit: '' }, names, String)).yAxis.name).toBeUndefined();
});

test.each<[string, Band, [number, string][], object[], object]>([
  [
    'a band of two limits',
    { lower: 49.8, upper: 50.2 },
    [
      [50.2, 'Upper limit'],
      [49.8, 'Lower limit'],
    ],
    [{ yAxis: 49.8 }, { yAxis: 50.2 }],
    { dataMin: 49.8, dataMax: 50.2 },
  ],
  [
    'a lower limit only (≥ 0.9)',
    { lower: 0.9 },
    [[0.9, 'Lower limit']],
    [{ yAxis: 0.9 }, { yAxis: Infinity }],
    { dataMin: 0.9, dataMax: 0.9 },
  ],
  [
    'an upper limit only (≤ 4 %)',
    { upper: 4 },
    [[4, 'Upper limit']],
    [{ yAxis: -Infinity }, { yAxis: 4 }],
    { dataMin: 4, dataMax: 4 },
  ],
])(
  '%s: each limit a labelled red line on the first line, the band tinted, the axis reaching them',
  (_case, band, lines, corners, range) => {
    const option = parts(dailyQualityOption({ unit: '', days: frequency.days, ...band }, names, String));
    const [first, second] = option.series;
    expect(first?.markLine?.lineStyle.color).toBe(LIMIT_COLOR);
    expect(first?.markLine?.data.map((line) => [line.yAxis, line.label.formatter])).toEqual(lines);
    expect(first?.markArea).toMatchObject({ data: [corners], itemStyle: { color: BAND_COLOR } });
    expect(second?.markLine).toBeUndefined();
    expect(second?.markArea).toBeUndefined();
    expect(option.yAxis).toMatchObject(range);
  },
);

test('a measurement without limits has neither lines nor band, and its axis follows its data alone', () => {
  const option = parts(dailyQualityOption({ unit: 'kW', days: frequency.days }, names, String));
  expect(option.series.map((series) => [series.markLine, series.markArea])).toEqual([
    [undefined, undefined],
    [undefined, undefined],
  ]);
  expect(option.yAxis.dataMin).toBeUndefined();
  expect(option.yAxis.dataMax).toBeUndefined();
});

test('a month without days draws two empty lines (the limits still drawn)', () => {
  const option = parts(dailyQualityOption({ ...frequency, days: [] }, names, hertz));
  expect(option.xAxis.data).toEqual([]);
  expect(option.series.map((series) => series.data)).toEqual([[], []]);
  expect(option.series[0]?.markLine?.data).toHaveLength(2);
});
