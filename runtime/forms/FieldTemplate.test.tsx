import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { act, fireEvent, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import schema from '../../generated/widgets/multiKeyData.json';
import validators from '../../generated/widgets/multiKeyData.validator.js';
import trendSchema from '../../generated/widgets/trend.json';
import trendValidators from '../../generated/widgets/trend.validator.js';
import trendUi from '../../schemas/widgets/trend.ui.json';
import { i18nFor } from '../i18n/i18n';
import type { Language } from '../preferences/preferences';
import { buildUiSchema, mergeUiSchema } from '../schema/uiSchema';
import { disabledBecause } from './disabledReason';
import { SchemaForm } from './SchemaForm';
import { englishForm } from './testing';

const entry = (name: string) => ({ name, dataType: 'text', textValue: name, stationValue: '' });

/** The multi key data widget's configuration form: fields, and a list of entries of several fields each. */
function form(entries: number, onSubmit = vi.fn()) {
  const entriesData = Array.from({ length: entries }, (_, i) => entry(`Figure ${i}`));
  return englishForm(schema, validators, {
    formData: { titleName: 'Figures', numberFix: 2, multiKeyData: entriesData },
    onSubmit,
  });
}

describe('groups of fields in schema forms', () => {
  test('no form item holds another: the form and its list are groups, each field its own form item', () => {
    const view = render(form(2));
    const items = view.container.querySelectorAll('.ant-form-item');
    expect(items.length).toBeGreaterThan(6);
    expect(view.container.querySelectorAll('.ant-form-item .ant-form-item')).toHaveLength(0);
    expect(view.container.querySelector('input#root_multiKeyData_1_name')?.closest('.ant-form-item')).not.toBeNull();
  });

  test("a list's own error is shown under it, and the form is not submitted", () => {
    const onSubmit = vi.fn();
    const view = render(form(25, onSubmit));
    act(() => {
      fireEvent.submit(view.container.querySelector('form') as HTMLFormElement);
    });
    expect(onSubmit).not.toHaveBeenCalled();
    const list = view.container.querySelector('fieldset#root_multiKeyData')?.parentElement;
    expect(list?.querySelector('.ant-typography-danger')?.textContent).toMatch(/24/);
    // 25 entries of several fields each take seconds to render in jsdom on a busy machine.
  }, 20_000);
});

/** The trend widget's dialog form in a language, as the dashboard builds it, with a rule's UI schema laid over it. */
function trendForm(language: Language, rules: UiSchema = {}) {
  const ui = buildUiSchema({
    t: i18nFor(language).t,
    prefix: 'widgets.trend',
    schema: trendSchema as RJSFSchema,
    uiSchema: trendUi as UiSchema,
    mode: 'edit',
  });
  return render(
    <I18nextProvider i18n={i18nFor(language)}>
      <SchemaForm
        schema={trendSchema as RJSFSchema}
        uiSchema={{ ...mergeUiSchema(ui, rules), 'ui:submitButtonOptions': { norender: true } }}
        validators={trendValidators}
        formData={{}}
        onSubmit={vi.fn()}
      />
    </I18nextProvider>,
  );
}

/** What is said under the calculation method, and whether its options are read with it. */
function underMethod(view: ReturnType<typeof render>) {
  const item = view.container.querySelector('#root_calcMethod')?.closest('.ant-form-item');
  const described = (view.container.querySelector('#root_calcMethod')?.getAttribute('aria-describedby') ?? '').split(' ');
  const help = view.container.querySelector('#root_calcMethod__help');
  return { text: item?.querySelector('.ant-form-item-extra')?.textContent, read: Boolean(help && described.includes(help.id)) };
}

describe('a field or option that cannot be chosen says why', () => {
  test.each([
    ['en', 'Not offered yet: Maximum'],
    ['zh', '暂未提供：最大值'],
  ] as const)('options the schema does not offer (x-disabled) are named under the field (%s): %s', (language, said) => {
    expect(underMethod(trendForm(language))).toEqual({ text: said, read: true });
  });

  test.each([
    ['en', 'All values of the day are shown as measured: there is nothing to calculate.'],
    ['zh', '显示当天全部原始数据，无需选择计算方式。'],
  ] as const)("a field a rule disables says the rule's reason instead (%s)", (language, said) => {
    const view = trendForm(language, { calcMethod: disabledBecause('widgets.trend.reasons.allValues') });
    expect(view.container.querySelector('#root_calcMethod input')?.hasAttribute('disabled')).toBe(true);
    expect(underMethod(view)).toEqual({ text: said, read: true });
  });

  test('an enabled field with every option offered says nothing more', () => {
    const view = trendForm('en');
    expect(
      view.container.querySelector('#root_showType')?.closest('.ant-form-item')?.querySelector('.ant-form-item-extra'),
    ).toBeNull();
  });
});
