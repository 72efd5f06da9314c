import { render } from '@testing-library/react';
import { Chart } from 'chart.js';
import { describe, expect, test } from 'vitest';
import { ChartCanvas, themedOptions, type ChartConfig } from './ChartCanvas';
import { SERIES_PALETTE } from './palette';

const colors = { text: '#111', line: '#222' };

describe('a chart’s options in the theme', () => {
  test('axes take the theme’s colours where the chart sets none, and keep the ones it sets', () => {
    const options = themedOptions('bar', { scales: { y: { ticks: { color: '#f00' } } } }, colors);
    expect(options).toMatchObject({
      animation: false,
      maintainAspectRatio: false,
      scales: {
        x: { ticks: { color: '#111', maxRotation: 0 }, grid: { color: '#222' }, title: { color: '#111' } },
        y: { ticks: { color: '#f00' }, grid: { color: '#222' } },
      },
      plugins: { legend: { labels: { color: '#111' } }, sliceLabels: { color: '#111' } },
    });
  });

  test('a ring has no axes', () => {
    expect(themedOptions('doughnut', {}, colors).scales).toEqual({});
  });
});

describe('the chart canvas', () => {
  const bars = (data: number[]): ChartConfig<'bar'> => ({
    type: 'bar',
    data: { labels: data.map(String), datasets: [{ label: 'Energy', data }] },
  });
  const chartOf = (container: HTMLElement) => Chart.getChart(container.querySelector('canvas') as HTMLCanvasElement);

  test('draws a new configuration in the same chart; another type of chart is made anew', () => {
    const view = render(<ChartCanvas config={bars([1, 2])} label="Energy by day" />);
    expect(view.getByRole('img', { name: 'Energy by day' })).toBeTruthy();
    const first = chartOf(view.container);
    expect(first?.data.datasets[0]?.data).toEqual([1, 2]);
    // Series without colours take the palette's.
    expect(first?.data.datasets[0]?.backgroundColor).toBe(SERIES_PALETTE[0]);

    view.rerender(<ChartCanvas config={bars([3, 4, 5])} label="Energy by day" />);
    expect(chartOf(view.container)).toBe(first);
    expect(first?.data.datasets[0]?.data).toEqual([3, 4, 5]);

    const ring: ChartConfig<'doughnut'> = { type: 'doughnut', data: { labels: ['a', 'b'], datasets: [{ data: [1, 3] }] } };
    view.rerender(<ChartCanvas config={ring} label="Energy by day" />);
    const second = chartOf(view.container);
    expect(second).not.toBe(first);
    expect(second?.data.datasets[0]?.backgroundColor).toEqual([SERIES_PALETTE[0], SERIES_PALETTE[1]]);
    view.unmount();
    expect(second?.ctx).toBeNull();
  });
});
