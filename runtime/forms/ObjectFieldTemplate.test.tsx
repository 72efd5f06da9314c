import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import schema from '../../generated/entities/user.json';
import validators from '../../generated/entities/user.validator.js';
import imageSchema from '../../generated/widgets/image.json';
import imageValidators from '../../generated/widgets/image.validator.js';
import uiSchema from '../../schemas/entities/user.ui.json';
import type { Api } from '../api/client';
import { i18nFor } from '../i18n/i18n';
import { RuntimeProvider, type Runtime } from '../RuntimeContext';
import { buildUiSchema, HIDDEN_FIELD } from '../schema/uiSchema';
import { SchemaForm } from './SchemaForm';
import { englishForm } from './testing';

/** The employee form as a record's edit dialog lays it out (its labels, its sections, the record's id read-only). */
const employeeUi = (over: UiSchema = {}) =>
  buildUiSchema({
    t: i18nFor('en').t,
    prefix: 'entities.user',
    schema: schema as RJSFSchema,
    uiSchema: { ...(uiSchema as UiSchema), ...over },
    mode: 'edit',
  });

/** The employee form, its pickers offered no records. */
const employeeForm = (ui: UiSchema) => (
  <RuntimeProvider runtime={{ api: { callDynamic: () => Promise.resolve([]) } as unknown as Api } as Runtime}>
    {englishForm(schema, validators, { formData: {}, onSubmit: vi.fn(), uiSchema: ui })}
  </RuntimeProvider>
);

const follows = (later: Element | null, earlier: Element | null) =>
  Boolean(earlier && later && earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('the layout of schema forms', () => {
  test('the fields a UI schema names in its sections stand under their titles, in its order; the others follow', () => {
    const view = render(employeeForm(employeeUi()));
    const account = screen.getByRole('group', { name: 'Account' });
    const personal = screen.getByRole('group', { name: 'Personal information' });
    const employment = screen.getByRole('group', { name: 'Employment' });
    expect(within(account).getByLabelText('User name')).toBeTruthy();
    expect(within(account).queryByLabelText('Name')).toBeNull();
    expect(within(personal).getByLabelText('E-mail')).toBeTruthy();
    // The section's order, not the form's (which puts the date of transfer before the first working date).
    const firstWork = within(employment).getByLabelText('First working date');
    expect(follows(within(employment).getByLabelText('Date of transfer'), firstWork)).toBe(true);
    // A field no section names (the record's id) comes after them all.
    const id = view.container.querySelector('#root_id');
    expect(id?.closest('fieldset[id]')?.id).toBe('root');
    expect(follows(id, employment)).toBe(true);
  });

  test('a field a rule hides takes no place in the form', () => {
    const view = render(employeeForm(employeeUi({ email: HIDDEN_FIELD })));
    const personal = screen.getByRole('group', { name: 'Personal information' });
    expect(within(personal).queryByLabelText('E-mail')).toBeNull();
    expect(view.container.querySelectorAll('.ant-form-item:empty, .ant-form-item-control-input-content:empty')).toHaveLength(0);
  });

  test('a form ends with Cancel, which leaves it unsent, and Save, which sends it', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn();
    render(
      <I18nextProvider i18n={i18nFor('en')}>
        <SchemaForm
          schema={imageSchema as RJSFSchema}
          uiSchema={{ 'ui:submitButtonOptions': { submitText: 'Save' } }}
          validators={imageValidators}
          formData={{ name: 'Yard', icon: '', imageUrl: '' }}
          onCancel={onCancel}
          onSubmit={onSubmit}
        />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Yard' }));
  });
});
