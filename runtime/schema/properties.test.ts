import { describe, expect, test } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { formatValue, type PropertySchema } from './properties';

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
