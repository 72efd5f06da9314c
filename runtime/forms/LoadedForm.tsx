import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Alert, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaModule } from '../../generated/registry';
import { ApiCallError, type RefusedField } from '../api/client';
import { buildUiSchema, type FormMode } from '../schema/uiSchema';
import { SchemaForm } from './SchemaForm';

export interface LoadedFormProps {
  /** The schema and validator of the form, and the UI schema laid under the conventions. */
  schema(): Promise<{ module: SchemaModule; uiSchema: UiSchema }>;
  /** Prefix of the labels (`forms.<form>`, `entities.<entity>`). */
  prefix: string;
  mode: FormMode;
  /** Current values, when the form edits something that exists. */
  load?(): Promise<Record<string, unknown>>;
  /** Sends the form; a failure is shown above it. */
  save(values: Record<string, unknown>): Promise<void>;
  /** Fields fixed by where the form is shown (hidden). */
  fixed?: string[];
  /** The text of the submit button (Save by default). */
  submitText?: string;
  /** Closes the form without sending it: a Cancel beside Save (a dialog's). */
  onCancel?(): void;
  /** Whether the values differ from those loaded or last saved, each time that changes. */
  onDirtyChange?(dirty: boolean): void;
}

/**
 * The values a form takes of those loaded: all of them, or, for a form that takes no other fields,
 * its own (a correction of some of a record's fields, loaded from the whole record).
 */
function ownFields(schema: RJSFSchema, values: Record<string, unknown>): Record<string, unknown> {
  const properties = schema.properties;
  if (schema.additionalProperties !== false || !properties) return values;
  return Object.fromEntries(Object.entries(values).filter(([field]) => field in properties));
}

/**
 * A schema form loaded on first use: its values loaded, sent, and its failure shown: the fields the
 * server refused beside them, any other failure above the form.
 */
export function LoadedForm({ schema, prefix, mode, load, save, fixed, submitText, onCancel, onDirtyChange }: LoadedFormProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ module: SchemaModule; uiSchema: UiSchema }>();
  const [data, setData] = useState<Record<string, unknown>>();
  const [error, setError] = useState<string>();
  const [refused, setRefused] = useState<RefusedField[]>([]);
  const [saving, setSaving] = useState(false);
  // Saved values are the form's values from then on: the form starts again from them, with nothing changed.
  const [saves, setSaves] = useState(0);

  useEffect(() => {
    setData(undefined);
    Promise.all([schema(), load ? load() : Promise.resolve({})])
      .then(([form, current]) => {
        setLoaded(form);
        setData(ownFields(form.module.schema, current));
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  }, [schema, load]);

  const uiSchema = useMemo<UiSchema | undefined>(
    () =>
      loaded
        ? {
            ...buildUiSchema({
              t,
              prefix,
              schema: loaded.module.schema,
              uiSchema: loaded.uiSchema,
              mode,
              ...(fixed ? { fixed } : {}),
            }),
            ...(submitText ? { 'ui:submitButtonOptions': { submitText } } : {}),
          }
        : undefined,
    [loaded, t, prefix, mode, fixed, submitText],
  );

  return (
    <>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      {loaded && uiSchema && data ? (
        <SchemaForm
          key={saves}
          schema={loaded.module.schema}
          uiSchema={uiSchema}
          validators={loaded.module.validators}
          formData={data}
          saving={saving}
          {...(onCancel ? { onCancel } : {})}
          {...(onDirtyChange ? { onDirtyChange } : {})}
          labels={prefix}
          refused={refused}
          onSubmit={(values) => {
            setSaving(true);
            setError(undefined);
            setRefused([]);
            setData(values);
            save(values)
              .then(() => {
                setSaves((count) => count + 1);
                onDirtyChange?.(false);
              })
              .catch((failure: unknown) => {
                // Fields the server refused are shown beside them; any other failure above the form.
                if (failure instanceof ApiCallError && failure.fields.length > 0) setRefused(failure.fields);
                else setError(failure instanceof Error ? failure.message : String(failure));
              })
              .finally(() => setSaving(false));
          }}
        />
      ) : error ? null : (
        <Spin />
      )}
    </>
  );
}
