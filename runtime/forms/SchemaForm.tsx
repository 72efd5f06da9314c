import Form from '@rjsf/antd';
import { getSubmitButtonOptions, type RJSFSchema, type RJSFValidationError, type UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { Form as AntForm } from 'antd';
import { useCallback, useMemo, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RefusedField } from '../api/client';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { BaseInputTemplate } from './BaseInputTemplate';
import { fieldMessage, refusedErrors } from './fieldMessages';
import { FieldTemplate } from './FieldTemplate';
import { FormFooter, type FormFooterProps } from './FormFooter';
import { buttonTemplates, formStrings } from './formStrings';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { UiDescription } from './UiDescription';
import { formFields, formWidgets } from './widgets';

const templates = {
  ArrayFieldItemTemplate,
  DescriptionFieldTemplate: UiDescription,
  ButtonTemplates: buttonTemplates,
  BaseInputTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
};

export interface SchemaFormProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Precompiled validator functions of `schema` (from codegen). */
  validators: ValidatorFunctions;
  formData?: Record<string, unknown>;
  /** The form is being sent: its fields are disabled and its Save says it is under way. */
  saving?: boolean;
  /** Closes the form without sending it: a Cancel beside Save (a dialog's). */
  onCancel?(): void;
  /** Values every field can read (the dashboard's station for the device-variable cascader). */
  formContext?: Record<string, unknown>;
  /** Each change of the values, before submission. */
  onChange?(formData: Record<string, unknown>): void;
  /** A form submitted from outside (a dialog's Save button), without its own button. */
  formRef?: RefObject<{ submit(): void } | null>;
  /** Whose labels name the fields in messages (`entities.customer`, `forms.changePassword`, `widgets.gauge`). */
  labels?: string;
  /** Fields the server refused, each with its message, shown beside the field. */
  refused?: RefusedField[];
  onSubmit(formData: Record<string, unknown>): void;
}

/**
 * A form rendered from a JSON Schema and a UI schema, validated in the browser before it is
 * sent, by the same rules as on the server; where the schema names a message (`x-messages`), the
 * error says it in the user's language. Labels stand above their fields, on the grid of
 * `ObjectFieldTemplate`; the form ends with Cancel (given `onCancel`) and the primary Save, unless
 * its UI schema asks for no submit button (a dialog that submits it through `formRef`).
 */
export function SchemaForm({
  schema,
  uiSchema,
  validators,
  formData,
  saving,
  onCancel,
  formContext,
  onChange,
  formRef,
  labels,
  refused,
  onSubmit,
}: SchemaFormProps) {
  const { t } = useTranslation();
  // How many fields the last Save found wrong in the browser: told to the footer alone, since the
  // form, rendered again, would take its values from `formData` anew.
  const invalid = useMemo(() => createStore(() => 0), []);
  const onError = useCallback(
    (errors: RJSFValidationError[]) => invalid.setState(new Set(errors.map((error) => error.property)).size, true),
    [invalid],
  );
  const extraErrors = useMemo(() => (refused?.length ? refusedErrors(refused) : undefined), [refused]);
  const validator = useMemo(() => createPrecompiledValidator(validators, schema), [validators, schema]);
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      // An `if` error ("must match "then" schema") only follows its branch's own errors, shown at their fields.
      errors
        .filter((error) => error.name !== 'if')
        .map((error) => {
          // Worded for people, in the user's language, as the server words it.
          const message = fieldMessage(t, labels, error);
          return { ...error, message, stack: message };
        }),
    [t, labels],
  );
  const translateString = useMemo(() => formStrings(t), [t]);
  const submit = getSubmitButtonOptions(uiSchema);
  return (
    // Enter in a date picker confirms the typed date; it must not also submit the whole form.
    <div onKeyDown={keepPickerEnter}>
      {/* Ant Design's form items take their layout from a form around them: labels above the fields. */}
      <AntForm component={false} layout="vertical">
        <Form
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          validator={validator}
          templates={templates}
          translateString={translateString}
          widgets={formWidgets}
          fields={formFields}
          formContext={formContext}
          ref={formRef as never}
          onChange={onChange ? ({ formData: data }) => onChange((data ?? {}) as Record<string, unknown>) : undefined}
          transformErrors={transformErrors}
          {...(extraErrors ? { extraErrors } : {})}
          disabled={saving}
          noHtml5Validate
          showErrorList={false}
          // On Save every error shows at once, and the first wrong field comes into view with the focus.
          focusOnFirstError
          onError={onError}
          onSubmit={({ formData: data }) => {
            invalid.setState(0, true);
            onSubmit((data ?? {}) as Record<string, unknown>);
          }}
        >
          {submit.norender ? undefined : (
            <CountingFooter
              counter={invalid}
              refused={refused?.length ?? 0}
              submitText={submit.submitText ?? ''}
              saving={saving}
              {...(onCancel ? { onCancel } : {})}
            />
          )}
        </Form>
      </AntForm>
    </div>
  );
}

/** The footer, with the number of fields the last Save found wrong, in the browser or (`refused`) on the server. */
function CountingFooter({
  counter,
  refused,
  ...footer
}: Omit<FormFooterProps, 'invalid'> & { counter: StoreApi<number>; refused: number }) {
  const invalid = useStore(counter);
  return <FormFooter {...footer} invalid={invalid || refused} />;
}

/** Stops a form's implicit submission by Enter in the input of a date picker (the picker has used the key). */
function keepPickerEnter(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('.ant-picker')) event.preventDefault();
}
