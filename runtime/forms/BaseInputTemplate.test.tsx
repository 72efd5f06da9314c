import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import schema from '../../generated/widgets/image.json';
import validators from '../../generated/widgets/image.validator.js';
import keyDataSchema from '../../generated/widgets/keyData.json';
import keyDataValidators from '../../generated/widgets/keyData.validator.js';
import { englishForm } from './testing';

/** The image widget's configuration form with its text fields as plain inputs. */
function form(formData: Record<string, unknown>, onChange = vi.fn(), onSubmit = vi.fn()) {
  return englishForm(schema, validators, { formData, onChange, onSubmit });
}

describe('text inputs of schema forms', () => {
  const start = { name: 'Site', icon: '', imageUrl: '' };

  test('what is typed reaches the form after it is painted, and Enter straight after it submits it whole', async () => {
    const onChange = vi.fn();
    const onSubmit = vi.fn();
    const view = render(form(start, onChange, onSubmit));
    const name = view.container.querySelector<HTMLInputElement>('input#root_name');
    if (!name) throw new Error('no name input');
    fireEvent.change(name, { target: { value: 'Site yard' } });
    expect(name.value).toBe('Site yard');
    // The form takes it once the key has been painted.
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ name: 'Site yard' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Site yard' })));

    // Typed, then Enter at once: the change has not reached the form when it is submitted.
    act(() => {
      fireEvent.change(name, { target: { value: 'Site yard east' } });
      fireEvent.keyDown(name, { key: 'Enter' });
      fireEvent.submit(name.closest('form') as HTMLFormElement);
    });
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Site yard east' }));
  });

  test('keys typed within one frame reach the form as one change, the last', async () => {
    const onChange = vi.fn();
    const view = render(form(start, onChange));
    const name = view.container.querySelector<HTMLInputElement>('input#root_name');
    if (!name) throw new Error('no name input');
    for (const value of ['S', 'Si', 'Sit']) fireEvent.change(name, { target: { value } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Sit' })));
    const names = onChange.mock.calls.map(([data]) => (data as { name?: string }).name);
    expect(names.filter((value) => value !== start.name)).toEqual(['Sit']);
  });

  test('leaving the input hands the form what was typed at once', () => {
    const onChange = vi.fn();
    const view = render(form(start, onChange));
    const name = view.container.querySelector<HTMLInputElement>('input#root_name');
    if (!name) throw new Error('no name input');
    fireEvent.change(name, { target: { value: 'Yard' } });
    fireEvent.blur(name);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Yard' }));
  });

  test('a value the form sets itself replaces what the input shows', () => {
    const view = render(form(start));
    const name = view.container.querySelector<HTMLInputElement>('input#root_name');
    fireEvent.change(name as HTMLInputElement, { target: { value: 'Typed' } });
    view.rerender(form({ ...start, name: 'Cleared by a rule' }));
    expect(name?.value).toBe('Cleared by a rule');
  });
});

describe('number inputs of schema forms', () => {
  test.each([
    ['above its maximum', '200', 'must be at most 100'],
    ['below its minimum', '0', 'must be at least 1'],
  ])('a number %s stays as typed, and submitting says so beside it instead of changing it', async (_case, typed, said) => {
    const onSubmit = vi.fn();
    const view = render(englishForm(keyDataSchema, keyDataValidators, { formData: { name: 'Power', nameFont: 20 }, onSubmit }));
    const font = view.container.querySelector<HTMLInputElement>('input#root_nameFont');
    if (!font) throw new Error('no font size input');
    fireEvent.change(font, { target: { value: typed } });
    fireEvent.blur(font);
    // Not clamped to the range on leaving it: the user sees what they typed.
    expect(font.value).toBe(typed);
    act(() => {
      fireEvent.submit(font.closest('form') as HTMLFormElement);
    });
    expect(onSubmit).not.toHaveBeenCalled();
    const item = font.closest('.ant-form-item');
    await waitFor(() => expect(item?.querySelector('.ant-form-item-explain-error')?.textContent).toContain(said));
  });
});
