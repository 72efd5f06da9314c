import Form from '@rjsf/antd';
import type CoreForm from '@rjsf/core';
import { deepEquals, getSubmitButtonOptions, type RJSFSchema, type RJSFValidationError, type UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { Form as AntForm } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RefusedField } from '../api/client';
import { AppendingArrayField } from './AppendingArrayField';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './ArrayFieldTemplate';
import { BaseInputTemplate } from './BaseInputTemplate';
import { fieldMessage, refusedErrors } from './fieldMessages';
import { createFormValues } from './formValues';
import { FieldTemplate } from './FieldTemplate';
import { FormFooter, type FormFooterProps } from './FormFooter';
import { buttonTemplates, formStrings } from './formStrings';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { useGuardedClose, useUnsavedChanges } from './unsaved';
import { UiDescription } from './UiDescription';
import { formFields, formWidgets } from './widgets';

const templates = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  DescriptionFieldTemplate: UiDescription,
  ButtonTemplates: buttonTemplates,
  BaseInputTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
};
/** The form's fields: those UI schemas name, and the array field that lets a list's template append several items. */
const fields = { ...formFields, ArrayField: AppendingArrayField };

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
  /** Whether the values differ from those the form was given, each time that changes (a dialog asks before closing). */
  onDirtyChange?(dirty: boolean): void;
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
 * its UI schema asks for no submit button (a dialog that submits it through `formRef`). While its
 * values differ from those it was given, Cancel, navigation and leaving the page ask first; the
 * user choosing to leave closes it (`onCancel`) or, in place, gives it its values again.
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
  onDirtyChange,
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
  // Whether the values differ from those the form started with, kept out of the form's own render
  // for the same reason; a discarded form in place starts again (a new `generation`).
  const dirty = useMemo(() => createStore(() => false), []);
  // The values as the user edits them, for widgets that depend on another field (formValues.ts).
  const [values] = useState(() => createFormValues(formData));
  const context = useMemo(() => ({ ...formContext, values }), [formContext, values]);
  useEffect(() => values.setState((formData ?? {}) as Record<string, unknown>, true), [values, formData]);
  const [generation, setGeneration] = useState(0);
  const form = useRef<CoreForm | null>(null);
  const started = useRef<unknown>(undefined);
  // Whether the user has pointed at or typed in the form since it (re)started.
  const touched = useRef(false);
  useEffect(() => {
    // The values as the form holds them once mounted, with the schema's defaults filled in.
    started.current ??= comparable(form.current?.state.formData);
    dirty.setState(false, true);
  }, [generation, dirty]);
  const touch = useCallback(() => {
    touched.current = true;
  }, []);
  const changed = useCallback(
    (data: Record<string, unknown>) => {
      values.setState(data, true);
      // Before the user touches the form, a change is the form filling in the schema's defaults
      // as it mounts: the values it starts with.
      if (!touched.current) {
        started.current = comparable(data);
        onChange?.(data);
        return;
      }
      const now = !deepEquals(comparable(data), started.current);
      if (now !== dirty.getState()) {
        dirty.setState(now, true);
        onDirtyChange?.(now);
      }
      onChange?.(data);
    },
    [dirty, values, onChange, onDirtyChange],
  );
  // A key typed reaches the form a frame later (see BaseInputTemplate): the form counts as changed
  // from the key on, so that an Escape or a Cancel right after it asks; the form's values then say
  // whether it still is.
  const typed = useCallback(() => {
    touched.current = true;
    if (dirty.getState()) return;
    dirty.setState(true, true);
    onDirtyChange?.(true);
  }, [dirty, onDirtyChange]);
  const discard = useCallback(() => {
    onDirtyChange?.(false);
    if (onCancel) onCancel();
    else {
      started.current = undefined;
      touched.current = false;
      setGeneration((count) => count + 1);
    }
  }, [onCancel, onDirtyChange]);
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
    <div onKeyDown={keepPickerEnter} onKeyDownCapture={touch} onPointerDownCapture={touch} onInput={typed}>
      {/* Ant Design's form items take their layout from a form around them: labels above the fields. */}
      <AntForm component={false} layout="vertical">
        <Form
          key={generation}
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          validator={validator}
          templates={templates}
          translateString={translateString}
          widgets={formWidgets}
          fields={fields}
          formContext={context}
          ref={(instance: CoreForm | null) => {
            form.current = instance;
            if (formRef) formRef.current = instance;
          }}
          onChange={({ formData: data }) => changed((data ?? {}) as Record<string, unknown>)}
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
              dirty={dirty}
              refused={refused?.length ?? 0}
              submitText={submit.submitText ?? ''}
              saving={saving}
              {...(onCancel ? { onCancel } : {})}
            />
          )}
        </Form>
      </AntForm>
      <UnsavedRegistration dirty={dirty} discard={discard} />
    </div>
  );
}

/**
 * The footer, with the number of fields the last Save found wrong, in the browser or (`refused`) on
 * the server, and a Cancel that asks first while the values differ from those given.
 */
function CountingFooter({
  counter,
  refused,
  dirty,
  onCancel,
  ...footer
}: Omit<FormFooterProps, 'invalid'> & { counter: StoreApi<number>; refused: number; dirty: StoreApi<boolean> }) {
  const invalid = useStore(counter);
  const cancel = useGuardedClose(useStore(dirty), onCancel ?? noop);
  return <FormFooter {...footer} {...(onCancel ? { onCancel: cancel } : {})} invalid={invalid || refused} />;
}

const noop = () => undefined;

/** Tells the application while the form has changes not saved, so that navigation and leaving the page ask first. */
function UnsavedRegistration({ dirty, discard }: { dirty: StoreApi<boolean>; discard(): void }) {
  useUnsavedChanges(useStore(dirty), discard);
  return null;
}

/** Values as compared for changes: as JSON would send them (no undefined entries). */
function comparable(values: unknown): unknown {
  return JSON.parse(JSON.stringify(values ?? {})) as unknown;
}

/** Stops a form's implicit submission by Enter in the input of a date picker (the picker has used the key). */
function keepPickerEnter(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('.ant-picker')) event.preventDefault();
}
