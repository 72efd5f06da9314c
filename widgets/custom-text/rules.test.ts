import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/customText.json';
import uiSchema from '../../schemas/widgets/customText.ui.json';
import { i18nFor } from '../../runtime';
import { configDefaults, sanitizeHtml } from '../../runtime/dashboard';
import { customText } from '.';
import { isBlankHtml } from './rules';

describe('custom text (specification §3, §5)', () => {
  test('name, icon and an empty text by default', () => {
    expect(configDefaults(schema as never)).toEqual({ name: '自定义文本', icon: 'FileTextOutlined', value: '' });
  });

  test('the text is written with the rich-text editor (its toolbar has no upload)', () => {
    expect(uiSchema.value['ui:widget']).toBe('RichText');
  });

  test.each([
    ['', true],
    ['<p><br></p>', true],
    ['<p>&nbsp; </p>', true],
    ['<p>储能站 <strong>运行正常</strong></p>', false],
    ['<p><img src="/admin/sys-file/t2/a.png"></p>', false],
  ])("%j is blank (then 'please configure'): %s", (html, blank) => {
    expect(isBlankHtml(html)).toBe(blank);
  });

  test.each([
    ['<p>ok<script>alert(1)</script></p>', '<p>ok</p>'],
    ['<p onclick="alert(1)">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">ok</a>', '<a>ok</a>'],
    ['<form><input></form><p>ok</p>', '<p>ok</p>'],
  ])('%j is shown as %j', (stored, shown) => {
    expect(sanitizeHtml(stored)).toBe(shown);
  });

  test('a document of nothing but a script is blank once sanitised', () => {
    expect(isBlankHtml(sanitizeHtml('<script>alert(1)</script>'))).toBe(true);
  });

  test.each([
    ['en', 'please configure'],
    ['zh', '请配置'],
  ] as const)("an empty text says (%s) '%s'", (lng, text) => {
    expect(i18nFor(lng).t('widgets.common.pleaseConfigure')).toBe(text);
  });

  test('it needs no data call', () => {
    expect(customText.needs(configDefaults(schema as never) as never, {} as never)).toEqual({});
  });

  test('a configuration of format 1 has the same fields; from format 2 it is unchanged', () => {
    const config = { name: '说明', icon: 'FileTextOutlined', value: '<p>注意安全</p>' };
    expect(customText.migrate(config, 1)).toEqual(config);
    expect(customText.migrate(config, 2)).toBe(config);
  });
});
