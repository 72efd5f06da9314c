import type { RJSFSchema } from '@rjsf/utils';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import schema from '../../generated/entities/mobileStorage.json';
import validators from '../../generated/entities/mobileStorage.validator.js';
import { AppProviders } from '../shell/AppProviders';
import { memoryRuntime } from '../shell/memoryRuntime';
import { widgetLoaders } from '../../generated/registry';
import { SchemaForm } from './SchemaForm';
import { discardUnsavedChanges, hasUnsavedChanges } from './unsaved';

const UNIT = { name: 'Trailer', sn: 'MS-09', capacity: 200, ratedPower: 100, state: 'available' };

/** The mobile storage unit's form with its Cancel and Save, in English, as a dialog shows it. */
function form() {
  const onCancel = vi.fn();
  const onDirtyChange = vi.fn();
  const view = render(
    <AppProviders runtime={memoryRuntime('en', 'default')}>
      <SchemaForm
        schema={schema as RJSFSchema}
        uiSchema={{}}
        validators={validators}
        formData={UNIT}
        onCancel={onCancel}
        onDirtyChange={onDirtyChange}
        onSubmit={vi.fn()}
      />
    </AppProviders>,
  );
  const name = () => view.container.querySelector<HTMLInputElement>('#root_name') as HTMLInputElement;
  const type = (text: string) => fireEvent.input(name(), { target: { value: text } });
  const cancel = () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  return { view, name, type, cancel, onCancel, onDirtyChange };
}

describe('a form with changes not saved', () => {
  test('unchanged, Cancel closes it at once, and nothing is held as unsaved', () => {
    const { cancel, onCancel } = form();
    expect(hasUnsavedChanges()).toBe(false);
    cancel();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog', { name: 'Discard the changes not saved?' })).toBeNull();
  });

  test('changed, Cancel asks; staying keeps the typed value, discarding closes it', async () => {
    const { name, type, cancel, onCancel, onDirtyChange } = form();
    type('Trailer 2');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    expect(hasUnsavedChanges()).toBe(true);
    cancel();
    await screen.findByRole('dialog', { name: 'Discard the changes not saved?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onCancel).not.toHaveBeenCalled();
    expect(name().value).toBe('Trailer 2');
    cancel();
    // The question asked again (the first may still be closing).
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Discard changes' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Discard changes' })[1] as HTMLElement);
    await waitFor(() => expect(onCancel).toHaveBeenCalledOnce());
  });

  test('a value typed back to what it was is no change', async () => {
    const { type, onDirtyChange } = form();
    type('Trailer 2');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    type('Trailer');
    await waitFor(() => expect(onDirtyChange.mock.calls).toEqual([[true], [false]]));
    expect(hasUnsavedChanges()).toBe(false);
  });

  test('leaving from elsewhere (navigation) discards it: the dialog closes, and nothing is held any more', async () => {
    const { type, onCancel, view } = form();
    type('Trailer 2');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    act(() => discardUnsavedChanges());
    expect(onCancel).toHaveBeenCalledOnce();
    view.unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });

  test("a form that fills in its schema's defaults as it mounts starts unchanged", async () => {
    const trend = await widgetLoaders.trend?.();
    if (!trend) throw new Error('no trend schema');
    const onDirtyChange = vi.fn();
    const onChange = vi.fn();
    render(
      <AppProviders runtime={memoryRuntime('en', 'default')}>
        <SchemaForm
          schema={trend.schema as RJSFSchema}
          uiSchema={{}}
          validators={trend.validators}
          formData={{ titleName: 'Power' }}
          onChange={onChange}
          onDirtyChange={onDirtyChange}
          onSubmit={vi.fn()}
        />
      </AppProviders>,
    );
    // The form reports its values with the defaults filled in: where it starts, not a change.
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onDirtyChange).not.toHaveBeenCalled();
    expect(hasUnsavedChanges()).toBe(false);
  });
});
