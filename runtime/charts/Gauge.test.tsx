import { render } from '@testing-library/react';
import { Chart } from 'chart.js';
import { describe, expect, test } from 'vitest';
import { Gauge, gaugeShare } from './Gauge';

describe('a gauge', () => {
  test.each([
    [30, 0, 100, 0.3],
    [21, 0, 80, 0.2625],
    [-5, 0, 100, 0],
    [130, 0, 100, 1],
    [null, 0, 100, 0],
    [5, 10, 10, 0],
  ])('%s on a scale of %s–%s fills %s of the dial', (value, min, max, share) => {
    expect(gaugeShare(value, min, max)).toBe(share);
  });

  test('draws the value’s share of the dial and writes the value in it', () => {
    const view = render(<Gauge value={75} min={0} max={100} text="75 %" label="SOC" />);
    const dial = view.getByRole('img', { name: 'SOC' });
    expect(Chart.getChart(dial.querySelector('canvas') as HTMLCanvasElement)?.data.datasets[0]?.data).toEqual([0.75, 0.25]);
    expect(view.getByText('75 %')).toBeTruthy();
  });
});
