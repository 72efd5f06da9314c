import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import schema from '../../generated/widgets/multiKeyData.json';
import validators from '../../generated/widgets/multiKeyData.validator.js';
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
  afterEach(cleanup);

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
