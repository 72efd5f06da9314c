import { describe, expect, test } from 'vitest';
import { chartSvg } from './charts';

describe('a report chart drawn on the server', () => {
  test('is an SVG of the size asked, with a bar per present value and its labels as text', () => {
    const svg = chartSvg(
      {
        title: 'Energy',
        categories: ['11-01', '11-02', '11-03'],
        series: [
          { name: '充电', values: [120.5, 98, null] },
          { name: '放电', values: [110, 90, 80] },
        ],
      },
      500,
      200,
    );
    expect(svg).toMatch(/^<svg width="500" height="200"/);
    // Five bars: the missing value draws none.
    expect(svg.match(/ecmeta_ssr_type="chart"/g)).toHaveLength(5);
    for (const label of ['11-01', '11-03', '充电', '放电']) expect(svg).toContain(`>${label}</text>`);
  });
});
