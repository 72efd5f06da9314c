import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/image.json';
import { i18nFor } from '../../runtime';
import { configDefaults } from '../../runtime/dashboard';
import { image } from '.';
import { imageSource } from './rules';

describe('image (specification §3, §5)', () => {
  test('name, icon and an empty picture by default', () => {
    expect(configDefaults(schema as never)).toEqual({ name: '图片', icon: 'PictureOutlined', imageUrl: '' });
  });

  test('the picture is uploaded with the image upload (.jpg, .jpeg, .png)', () => {
    expect(schema.properties.imageUrl['x-upload']).toBe('image');
  });

  test.each([
    ['/admin/sys-file/t2/Qm9vaw.png', '/admin/sys-file/t2/Qm9vaw.png'],
    ['https://cdn.example.com/site.jpg', 'https://cdn.example.com/site.jpg'],
    ['', undefined],
    ['   ', undefined],
    ['javascript:alert(1)', undefined],
    ['data:image/png;base64,AAAA', undefined],
  ])('the stored address %j is shown as %j', (imageUrl, src) => {
    expect(imageSource({ imageUrl })).toBe(src);
    expect(new RegExp(schema.properties.imageUrl.pattern).test(imageUrl)).toBe(src !== undefined || imageUrl === '');
  });

  test.each([
    ['en', 'please configure'],
    ['zh', '请配置'],
  ] as const)("without a picture it says (%s) '%s'", (lng, text) => {
    expect(i18nFor(lng).t('widgets.common.pleaseConfigure')).toBe(text);
  });

  test('it needs no data call', () => {
    expect(image.needs(configDefaults(schema as never) as never, {} as never)).toEqual({});
  });

  test('a configuration of format 1 has the same fields; from format 2 it is unchanged', () => {
    const config = { name: '站点照片', icon: 'PictureOutlined', imageUrl: '/admin/sys-file/t2/a.png' };
    expect(image.migrate(config, 1)).toEqual(config);
    expect(image.migrate(config, 2)).toBe(config);
  });
});
