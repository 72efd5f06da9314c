import { describe, expect, test } from 'vitest';
import { readRing, shareRing } from './ring';

describe('a ring of shares', () => {
  const ring = shareRing(
    [
      { name: 'Peak', value: 30, share: 75, color: '#F96377' },
      { name: 'Valley', value: 10, share: 25, color: '#29BB9A' },
    ],
    { value: (value) => `${value.toFixed(2)} kWh`, share: (share) => `${share}%`, inner: '62%' },
  );
  const read = readRing(ring);

  test('one slice per part, in its colour, in a ring of the hole asked for', () => {
    expect([ring.series].flat()[0]?.type).toBe('pie');
    expect(read.slices).toEqual([
      { name: 'Peak', value: 30, color: '#F96377' },
      { name: 'Valley', value: 10, color: '#29BB9A' },
    ]);
    expect(read.radius).toEqual(['62%', '90%']);
  });

  test('each slice reads its share; its tooltip, its name, value and share', () => {
    expect([0, 1].map(read.label)).toEqual(['75%', '25%']);
    expect(read.tooltip(1)).toBe('Valley: 10.00 kWh (25%)');
  });

  test('slices that read their value, and a pie without a hole', () => {
    const pie = shareRing([{ name: 'Repair', value: 3, share: 100, color: '#000' }], {
      value: String,
      share: (share) => `${share}%`,
      inner: '0%',
      reads: 'value',
    });
    expect(readRing(pie).radius).toEqual(['0%', '90%']);
    expect(readRing(pie).label(0)).toBe('3');
  });
});
