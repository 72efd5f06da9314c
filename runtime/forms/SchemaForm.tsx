import Form from '@rjsf/antd';
import { getSubmitButtonOptions, type RJSFSchema, type RJSFValidationError, type UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { Form as AntForm } from 'antd';
import { useCallback, useMemo, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import type { Language } from '../preferences/preferences';
import { BaseInputTemplate } from './BaseInputTemplate';
import { FieldTemplate } from './FieldTemplate';
import { FormFooter } from './FormFooter';
import { buttonTemplates, formStrings } from './formStrings';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { UiDescription } from './UiDescription';
import { formFields, formWidgets } from './widgets';

const templates = {
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
  language: Language;
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
  language,
  saving,
  onCancel,
  formContext,
  onChange,
  formRef,
  onSubmit,
}: SchemaFormProps) {
  const { t } = useTranslation();
  const validator = useMemo(
    () => createPrecompiledValidator(validators, schema, language === 'zh' ? localizeZh : undefined),
    [validators, schema, language],
  );
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      // An `if` error ("must match "then" schema") only follows its branch's own errors, shown at their fields.
      errors
        .filter((error) => error.name !== 'if')
        .map((error) => {
          const key = (error.params as { message?: unknown } | undefined)?.message;
          if (typeof key !== 'string') return error;
          const message = label(t, key);
          return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
        }),
    [t],
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
          disabled={saving}
          noHtml5Validate
          showErrorList={false}
          onSubmit={({ formData: data }) => onSubmit((data ?? {}) as Record<string, unknown>)}
        >
          {submit.norender ? undefined : (
            <FormFooter submitText={submit.submitText ?? ''} saving={saving} {...(onCancel ? { onCancel } : {})} />
          )}
        </Form>
      </AntForm>
    </div>
  );
}

/** Stops a form's implicit submission by Enter in the input of a date picker (the picker has used the key). */
function keepPickerEnter(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('.ant-picker')) event.preventDefault();
}
