import { describe, expect, test } from 'vitest';
import { cartesianOption, SLIDER_FROM } from './cartesian';

type Axis = { type: string; data?: string[]; min?: number; max?: number; name?: string; minInterval?: number };
type Series = { type: string; name: string; data: unknown[]; stack?: string; itemStyle?: { color: string } };
const parts = (option: ReturnType<typeof cartesianOption>) =>
  option as unknown as {
    useUTC?: boolean;
    xAxis: Axis;
    yAxis: Axis;
    series: Series[];
    dataZoom?: { type: string }[];
    tooltip: { valueFormatter(value: unknown): string };
  };

describe('a chart of bars or lines', () => {
  test('bars along categories, each series in its colour, the unit on the value axis, values written by the chart’s format', () => {
    const option = parts(
      cartesianOption({
        kind: 'bar',
        categories: ['11-01', '11-02'],
        series: [
          { name: 'Peak', data: [3, null], color: '#F96377', stack: 'energy' },
          { name: 'Valley', data: [1, 2], color: '#29BB9A', stack: 'energy' },
        ],
        unit: 'kWh',
        format: (value) => `${value.toFixed(2)} kWh`,
      }),
    );
    expect(option.useUTC).toBeUndefined();
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['11-01', '11-02'] });
    expect(option.yAxis).toMatchObject({ type: 'value', name: 'kWh' });
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', name: 'Peak', data: [3, null], stack: 'energy', itemStyle: { color: '#F96377' } }),
      expect.objectContaining({ type: 'bar', name: 'Valley', data: [1, 2], stack: 'energy', itemStyle: { color: '#29BB9A' } }),
    ]);
    expect(option.tooltip.valueFormatter(3)).toBe('3.00 kWh');
    expect(option.tooltip.valueFormatter(undefined)).toBe('--');
    expect(option.dataZoom).toBeUndefined();
  });

  test('a series with a unit writes it after its values in the tooltip', () => {
    const option = parts(
      cartesianOption({
        kind: 'bar',
        categories: ['a'],
        series: [{ name: 'E', data: [1], unit: 'kWh' }],
        format: (v) => v.toFixed(1),
      }),
    );
    const series = option.series[0] as unknown as { tooltip: { valueFormatter(value: unknown): string } };
    expect(series.tooltip.valueFormatter(2)).toBe('2.0 kWh');
    expect(series.tooltip.valueFormatter(null)).toBe('--');
  });

  test('lines along a time axis spanning the period, in the station’s clock (UTC), without dots, bridging gaps', () => {
    const option = parts(
      cartesianOption({
        kind: 'line',
        span: { min: 0, max: 86_400_000 },
        series: [{ name: 'SOC', data: [[3_600_000, 50]] }],
      }),
    );
    expect(option.useUTC).toBe(true);
    expect(option.xAxis).toMatchObject({ type: 'time', min: 0, max: 86_400_000 });
    expect(option.series[0]).toMatchObject({ type: 'line', showSymbol: false, connectNulls: true, data: [[3_600_000, 50]] });
  });

  test('counts mark whole numbers from 0; a bar per kind takes its own colour', () => {
    const option = parts(
      cartesianOption({
        kind: 'bar',
        categories: ['Repair', 'Check'],
        series: [{ name: 'Work orders', data: [2, 5], colors: ['#111', '#222'] }],
        whole: true,
        min: 0,
      }),
    );
    expect(option.yAxis).toMatchObject({ minInterval: 1, min: 0 });
    expect(option.series[0]?.data).toEqual([
      { value: 2, itemStyle: { color: '#111' } },
      { value: 5, itemStyle: { color: '#222' } },
    ]);
  });

  test('a series marked right is drawn against a second axis on the right, its ticks aligned; the unit and whole marks stay on the left', () => {
    const option = cartesianOption({
      kind: 'bar',
      categories: ['Travel'],
      series: [
        { name: 'Applications', data: [3] },
        { name: 'Amount', data: [12500], right: true, format: (value) => value.toFixed(2) },
      ],
      unit: 'pcs',
      whole: true,
      min: 0,
    }) as unknown as {
      yAxis: Axis[];
      series: (Series & { yAxisIndex?: number; tooltip?: { valueFormatter(value: unknown): string } })[];
    };
    expect(option.yAxis).toEqual([
      { type: 'value', name: 'pcs', min: 0, minInterval: 1 },
      { type: 'value', position: 'right', alignTicks: true, min: 0 },
    ]);
    expect(option.series.map((series) => series.yAxisIndex)).toEqual([undefined, 1]);
    expect(option.series[0]?.tooltip).toBeUndefined();
    expect(option.series[1]?.tooltip?.valueFormatter(12500)).toBe('12500.00');
  });

  test('zoom: dragging and Ctrl with the wheel always, a slider for a series longer than the widget reads at once', () => {
    const short = parts(cartesianOption({ kind: 'line', zoom: true, series: [{ name: 'P', data: [[0, 1]] }] }));
    expect(short.dataZoom).toEqual([expect.objectContaining({ type: 'inside', zoomOnMouseWheel: 'ctrl' })]);
    const points = Array.from({ length: SLIDER_FROM + 1 }, (_, i): [number, number] => [i, i]);
    const long = parts(cartesianOption({ kind: 'line', zoom: true, series: [{ name: 'P', data: points }] }));
    expect(long.dataZoom?.map((zoom) => zoom.type)).toEqual(['inside', 'slider']);
  });
});
