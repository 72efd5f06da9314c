import type { UiSchema } from '@rjsf/utils';
import { Alert, App, Card, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaModule } from '../../generated/registry';
import { label } from '../i18n/labels';
import { usePreferences } from '../RuntimeContext';
import { loadForm } from '../schema/entities';
import { buildUiSchema } from '../schema/uiSchema';
import { SchemaForm } from './SchemaForm';

export interface FormPageProps {
  /** Name of the form (`x-form` of a call schema). */
  form: string;
  /** Current values, when the form edits something that exists. */
  load?(): Promise<Record<string, unknown>>;
  save(values: Record<string, unknown>): Promise<void>;
}

/** A screen that is one form of a call (one's personal information, one's password). */
export function FormPage({ form, load, save }: FormPageProps) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { message } = App.useApp();
  const [module, setModule] = useState<SchemaModule>();
  const [data, setData] = useState<Record<string, unknown>>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState(0);

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
      module ? buildUiSchema({ t, prefix: `forms.${form}`, schema: module.schema, uiSchema: {}, mode: 'create' }) : undefined,
    [module, t, form],
  );

  return (
    <Card style={{ maxWidth: 720 }}>
      <Typography.Title level={3}>{label(t, `forms.${form}.title`)}</Typography.Title>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      {module && uiSchema && data ? (
        <SchemaForm
          key={version}
          schema={module.schema}
          uiSchema={uiSchema}
          validators={module.validators}
          formData={data}
          language={language}
          disabled={saving}
          onSubmit={(values) => {
            setSaving(true);
            setError(undefined);
            save(values)
              .then(() => {
                void message.success(t('common.saved'));
                setData(values);
                setVersion((v) => v + 1);
              })
              .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
              .finally(() => setSaving(false));
          }}
        />
      ) : error ? null : (
        <Spin />
      )}
    </Card>
  );
}
