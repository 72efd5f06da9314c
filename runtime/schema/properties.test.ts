import { describe, expect, test } from 'vitest';
import { createI18n } from '../i18n/i18n';
import station from '../../generated/entities/station.json';
import { formatValue, propertiesOf, type PropertySchema } from './properties';

describe('formatValue', () => {
  const menus = {
    type: 'array',
    items: { type: 'string', enum: ['dashboard', 'video'], 'x-enum': 'emsAssetMenuKey' },
  } as PropertySchema;

  test.each([
    ['en', 'Dashboard, Video', 'Video, Dashboard'],
    ['zh', '数据看板, 视频监控', '视频监控, 数据看板'],
  ] as const)('shows a list of codes as their labels in %s, in the stored order', (lng, shown, reversed) => {
    const { t } = createI18n(lng);
    expect(formatValue(t, menus, ['dashboard', 'video'])).toBe(shown);
    expect(formatValue(t, menus, ['video', 'dashboard'])).toBe(reversed);
  });

  test('an empty list shows nothing', () => {
    expect(formatValue(createI18n('en').t, menus, [])).toBe('');
  });
});

describe('a number with its unit', () => {
  const { t } = createI18n('en');
  const capacity = propertiesOf(station as never).capacity;

  test.each([
    ['storage', '2000 kWh'],
    ['photovoltaic', '1500 kWp'],
    ['ems', '600 kW'],
  ])('the capacity of a %s station, as the Sites list shows it: %s', (stationType, shown) => {
    const value = Number(shown.split(' ')[0]);
    expect(formatValue(t, capacity, value, { stationType, capacity: value })).toBe(shown);
  });

  test('a station of no known type shows the bare number; an empty capacity shows nothing', () => {
    expect(formatValue(t, capacity, 2000, {})).toBe('2000');
    expect(formatValue(t, capacity, null, { stationType: 'storage' })).toBe('');
  });
});
