import type { RJSFSchema } from '@rjsf/utils';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import schema from '../../../generated/entities/purchaseLibrary.json';
import validators from '../../../generated/entities/purchaseLibrary.validator.js';
import { i18nFor } from '../../i18n/i18n';
import { SchemaForm } from '../SchemaForm';

/** The purchase library's form (its reference price is money) in `language`, with a name given. */
function form(language: 'en' | 'zh' = 'en') {
  const onSubmit = vi.fn();
  const view = render(
    <I18nextProvider i18n={i18nFor(language)}>
      <SchemaForm
        schema={schema as RJSFSchema}
        uiSchema={{
          referencePrice: { 'ui:widget': 'MoneyInput', 'ui:title': 'Reference price' },
          'ui:submitButtonOptions': { norender: true },
        }}
        validators={validators}
        formData={{ name: 'Cable' }}
        onSubmit={onSubmit}
      />
    </I18nextProvider>,
  );
  const input = screen.getByRole('textbox', { name: 'Reference price' }) as HTMLInputElement;
  const type = (text: string) => {
    fireEvent.change(input, { target: { value: text } });
    fireEvent.blur(input);
  };
  const save = () =>
    act(() => {
      fireEvent.submit(view.container.querySelector('form') as HTMLFormElement);
    });
  /** The message under the field, if any. */
  const message = () => input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
  return { input, type, save, message, onSubmit };
}

describe('money input', () => {
  test.each([
    ['12ab', 'Please fill in a numeric amount, such as 1,250.50'],
    ['1,5', 'Please fill in a numeric amount, such as 1,250.50'],
    ['1250.555', 'The amount can have at most 2 decimals, such as 1,250.50'],
  ])('%j stays as typed, and Save is refused with "%s" beside the field', (typed, expected) => {
    const { input, type, save, message, onSubmit } = form();
    type(typed);
    expect(input.value).toBe(typed);
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(message()).toBe(expected);
    expect(input.value).toBe(typed);
  });

  test('an amount over the cap is neither cut nor taken: Save is refused with its message', () => {
    const { input, type, save, message, onSubmit } = form();
    type('10000000000');
    expect(input.value).toBe('10,000,000,000.00');
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(message()).toBe('The amount can have at most 10 digits before the decimal point and 2 after it');
  });

  test('the message is the server’s, in Chinese too', () => {
    const { type, save, message } = form('zh');
    type('12ab');
    save();
    expect(message()).toBe('请填写数字金额，例如 1,250.50');
  });

  test.each([
    ['1250.5', 1250.5, '1,250.50'],
    ['1,250.50', 1250.5, '1,250.50'],
    ['3,000', 3000, '3,000.00'],
    ['.5', 0.5, '0.50'],
  ])('%j is the amount %d, shown as %j once the field is left, and saved', (typed, amount, shown) => {
    const { input, type, save, onSubmit } = form();
    type(typed);
    expect(input.value).toBe(shown);
    save();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ referencePrice: amount }));
  });

  test('a refused amount corrected is saved', () => {
    const { type, save, onSubmit } = form();
    type('12ab');
    save();
    type('12');
    save();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ referencePrice: 12 }));
  });

  test('an emptied field holds no amount', () => {
    const { input, type, save, onSubmit } = form();
    type('12ab');
    type('');
    expect(input.value).toBe('');
    save();
    expect(onSubmit).toHaveBeenCalledWith(expect.not.objectContaining({ referencePrice: expect.anything() }));
  });
});
