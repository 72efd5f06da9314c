import type { UiSchema } from '@rjsf/utils';
import { Alert, App, Modal, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaModule } from '../../generated/registry';
import { label } from '../i18n/labels';
import { usePreferences, useRuntime } from '../RuntimeContext';
import { loadForm } from '../schema/entities';
import { buildUiSchema } from '../schema/uiSchema';
import { SchemaForm } from './SchemaForm';

export interface FormDialogProps {
  /** Name of the form (`x-form` of a call schema). */
  form: string;
  /** Operation answering the current values, called with `values` as its query. */
  load?: string;
  /** Operation taking the form as its body. */
  save: string;
  /** Values fixed by where the dialog was opened from (hidden in the form). */
  values: Record<string, unknown>;
  onClose(saved: boolean): void;
}

/** A dialog with the form of a call (reset a password, set permissions...), loaded and saved by its operations. */
export function FormDialog({ form, load, save, values, onClose }: FormDialogProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { language } = usePreferences();
  const { message } = App.useApp();
  const [module, setModule] = useState<SchemaModule>();
  const [data, setData] = useState<Record<string, unknown>>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const fixed = useMemo(() => Object.keys(values), [values]);

  useEffect(() => {
    Promise.all([loadForm(form), load ? api.callDynamic(load, { query: values }, { silent: true }) : Promise.resolve(values)])
      .then(([loaded, current]) => {
        setModule(loaded);
        setData({ ...(current as Record<string, unknown>), ...values });
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  }, [api, form, load, values]);

  const uiSchema = useMemo<UiSchema | undefined>(
    () =>
      module
        ? buildUiSchema({ t, prefix: `forms.${form}`, schema: module.schema, uiSchema: {}, mode: 'create', fixed })
        : undefined,
    [module, t, form, fixed],
  );

  return (
    <Modal open title={label(t, `forms.${form}.title`)} footer={null} destroyOnHidden width={560} onCancel={() => onClose(false)}>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      {module && uiSchema && data ? (
        <SchemaForm
          schema={module.schema}
          uiSchema={uiSchema}
          validators={module.validators}
          formData={data}
          language={language}
          disabled={saving}
          onSubmit={(formData) => {
            setSaving(true);
            setError(undefined);
            api
              .callDynamic(save, { body: { ...formData, ...values } }, { silent: true })
              .then(() => {
                void message.success(t('common.saved'));
                onClose(true);
              })
              .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
              .finally(() => setSaving(false));
          }}
        />
      ) : error ? null : (
        <Spin />
      )}
    </Modal>
  );
}
