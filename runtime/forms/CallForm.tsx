import type { UiSchema } from '@rjsf/utils';
import { Alert, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaModule } from '../../generated/registry';
import { usePreferences } from '../RuntimeContext';
import { loadForm } from '../schema/entities';
import { buildUiSchema } from '../schema/uiSchema';
import { SchemaForm } from './SchemaForm';

export interface CallFormProps {
  /** Name of the form (`x-form` of a call schema). */
  form: string;
  /** Current values, when the form edits something that exists. */
  load?(): Promise<Record<string, unknown>>;
  /** Sends the form; a failure is shown above it. */
  save(values: Record<string, unknown>): Promise<void>;
  /** Fields fixed by where the form is shown (hidden). */
  fixed?: string[];
  /** The text of the submit button (Save by default). */
  submitText?: string;
}

/** The form of a call: its schema and validator loaded on first use, its values loaded, sent and its failure shown. */
export function CallForm({ form, load, save, fixed, submitText }: CallFormProps) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const [module, setModule] = useState<SchemaModule>();
  const [data, setData] = useState<Record<string, unknown>>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    Promise.all([loadForm(form), load ? load() : Promise.resolve({})])
      .then(([loaded, current]) => {
        setModule(loaded);
        setData(current);
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  }, [form, load]);

  const uiSchema = useMemo<UiSchema | undefined>(
    () =>
      module
        ? {
            ...buildUiSchema({
              t,
              prefix: `forms.${form}`,
              schema: module.schema,
              uiSchema: {},
              mode: 'create',
              ...(fixed ? { fixed } : {}),
            }),
            ...(submitText ? { 'ui:submitButtonOptions': { submitText } } : {}),
          }
        : undefined,
    [module, t, form, fixed, submitText],
  );

  return (
    <>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      {module && uiSchema && data ? (
        <SchemaForm
          schema={module.schema}
          uiSchema={uiSchema}
          validators={module.validators}
          formData={data}
          language={language}
          disabled={saving}
          onSubmit={(values) => {
            setSaving(true);
            setError(undefined);
            setData(values);
            save(values)
              .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
              .finally(() => setSaving(false));
          }}
        />
      ) : error ? null : (
        <Spin />
      )}
    </>
  );
}
