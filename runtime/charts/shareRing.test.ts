import { describe, expect, test } from 'vitest';
import { shareRing } from './shareRing';

describe('a ring of shares', () => {
  const ring = shareRing(
    [
      { name: 'Peak', value: 30, share: 75, color: '#F96377' },
      { name: 'Valley', value: 10, share: 25, color: '#29BB9A' },
    ],
    { value: (value) => `${value.toFixed(2)} kWh`, share: (share) => `${share}%`, cutout: '62%' },
  );

  test('one slice per part, in its colour', () => {
    expect(ring.data.labels).toEqual(['Peak', 'Valley']);
    expect(ring.data.datasets[0]).toMatchObject({ data: [30, 10], backgroundColor: ['#F96377', '#29BB9A'] });
    expect(ring.options?.cutout).toBe('62%');
  });

  test('each slice reads its share; its tooltip, the value and the share', () => {
    const plugins = ring.options?.plugins as {
      sliceLabels: { text(index: number): string };
      tooltip: { callbacks: { label(item: { dataIndex: number }): string } };
    };
    expect([0, 1].map((index) => plugins.sliceLabels.text(index))).toEqual(['75%', '25%']);
    expect(plugins.tooltip.callbacks.label({ dataIndex: 1 })).toBe('10.00 kWh (25%)');
  });
});
