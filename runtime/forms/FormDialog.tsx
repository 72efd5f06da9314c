import { App, Modal } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import { useRuntime } from '../RuntimeContext';
import { CallForm } from './CallForm';

export interface FormDialogProps {
  /** Name of the form (`x-form` of a call schema). */
  form: string;
  /** Operation answering the current values, called with `values` as its query. */
  load?: string;
  /** Operation taking the form as its body. */
  save: string;
  /** Values fixed by where the dialog was opened from (hidden in the form). */
  values: Record<string, unknown>;
  /** Path parameters and query of the save call (the record a transition moves). */
  target?: { params?: Record<string, unknown>; query?: Record<string, unknown> };
  /** Title of the dialog; the form's title by default. */
  title?: string;
  onClose(saved: boolean): void;
}

/**
 * A dialog with the form of a call (reset a password, set permissions, the opinion of an
 * approval...), loaded and saved by its operations.
 */
export function FormDialog({ form, load, save, values, target, title, onClose }: FormDialogProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const fixed = useMemo(() => Object.keys(values), [values]);
  const loadValues = useCallback(
    async () => ({
      ...(load ? ((await api.callDynamic(load, { query: values }, { silent: true })) as Record<string, unknown>) : {}),
      ...values,
    }),
    [api, load, values],
  );
  const send = useCallback(
    async (formData: Record<string, unknown>) => {
      await api.callDynamic(save, { ...target, body: { ...formData, ...values } }, { silent: true });
      void message.success(t('common.saved'));
      onClose(true);
    },
    [api, save, target, values, message, t, onClose],
  );
  return (
    <Modal
      open
      title={title ?? label(t, `forms.${form}.title`)}
      footer={null}
      destroyOnHidden
      width={560}
      onCancel={() => onClose(false)}
    >
      <CallForm form={form} load={loadValues} save={send} fixed={fixed} />
    </Modal>
  );
}
