import { describe, expect, test } from 'vitest';
import type { PieSeriesOption } from './option';
import { shareRing } from './ring';

type Formatter = (params: { dataIndex: number }) => string;

describe('a ring of shares', () => {
  const ring = shareRing(
    [
      { name: 'Peak', value: 30, share: 75, color: '#F96377' },
      { name: 'Valley', value: 10, share: 25, color: '#29BB9A' },
    ],
    { value: (value) => `${value.toFixed(2)} kWh`, share: (share) => `${share}%`, inner: '62%' },
  );
  const [series] = ring.series as PieSeriesOption[];

  test('one slice per part, in its colour, in a ring of the hole asked for', () => {
    expect(series?.type).toBe('pie');
    expect(series?.data).toEqual([
      { name: 'Peak', value: 30, itemStyle: { color: '#F96377' } },
      { name: 'Valley', value: 10, itemStyle: { color: '#29BB9A' } },
    ]);
    expect(series?.radius).toEqual(['62%', '90%']);
  });

  test('each slice reads its share; its tooltip, its name, value and share', () => {
    const label = (series?.label as { formatter: Formatter }).formatter;
    expect([0, 1].map((dataIndex) => label({ dataIndex }))).toEqual(['75%', '25%']);
    const tooltip = (ring.tooltip as { formatter: Formatter }).formatter;
    expect(tooltip({ dataIndex: 1 })).toBe('Valley: 10.00 kWh (25%)');
  });

  test('slices that read their value, and a pie without a hole', () => {
    const pie = shareRing([{ name: 'Repair', value: 3, share: 100, color: '#000' }], {
      value: String,
      share: (share) => `${share}%`,
      inner: '0%',
      reads: 'value',
    });
    const [only] = pie.series as PieSeriesOption[];
    expect(only?.radius).toEqual(['0%', '90%']);
    expect((only?.label as { formatter: Formatter }).formatter({ dataIndex: 0 })).toBe('3');
  });
});
