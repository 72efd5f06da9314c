import type { RJSFSchema } from '@rjsf/utils';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import schema from '../../../generated/widgets/customText.json';
import validators from '../../../generated/widgets/customText.validator.js';
import { i18nFor } from '../../i18n/i18n';
import type { Language } from '../../preferences/preferences';
import { SchemaForm } from '../SchemaForm';

/** The custom text widget's dialog form (its rich text) in a language. */
function customText(language: Language) {
  render(
    <I18nextProvider i18n={i18nFor(language)}>
      <SchemaForm
        schema={schema as RJSFSchema}
        uiSchema={{ value: { 'ui:widget': 'RichText' }, 'ui:submitButtonOptions': { norender: true } }}
        validators={validators}
        formData={{ value: '<p>Shift handover</p>' }}
        onSubmit={vi.fn()}
      />
    </I18nextProvider>,
  );
}

describe('the rich-text toolbar', () => {
  test.each([
    ['en', ['Bold', 'Italic', 'Underline', 'Strikethrough', 'Numbered list', 'Bulleted list', 'Link', 'Clear formatting']],
    ['zh', ['加粗', '斜体', '下划线', '删除线', '编号列表', '项目符号列表', '链接', '清除格式']],
  ] as const)('every button is named, with a tooltip, in the language of the page (%s)', async (language, names) => {
    customText(language);
    await waitFor(() => expect(screen.getByRole('button', { name: names[0] })).toBeTruthy(), { timeout: 5000 });
    const toolbar = document.querySelector('.ql-toolbar') as HTMLElement;
    const buttons = [...toolbar.querySelectorAll('button')];
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(names);
    expect(buttons.map((button) => button.title)).toEqual(names);
  });

  test('its pickers and their options are named: heading levels, alignments, colours by their code', async () => {
    customText('en');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Heading level' })).toBeTruthy(), { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Text colour' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Highlight colour' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alignment' })).toBeTruthy();
    const items = (picker: string) =>
      [...document.querySelectorAll(`.ql-${picker} .ql-picker-item`)].map((item) => item.getAttribute('aria-label'));
    expect(items('header')).toEqual(['Heading 1', 'Heading 2', 'Heading 3', 'Normal text']);
    expect(items('align')).toEqual(['Align left', 'Centre', 'Align right', 'Justify']);
    expect(items('color').slice(0, 3)).toEqual(['Default colour', '#e60000', '#ff9900']);
    expect(items('background')[7]).toBe('Default colour');
  });
});
