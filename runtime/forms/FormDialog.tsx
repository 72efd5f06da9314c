import { App, Modal, Table } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import { useRuntime } from '../RuntimeContext';
import { formatValue } from '../schema/properties';
import { CallForm } from './CallForm';
import { useGuardedClose } from './unsaved';

export interface FormDialogProps {
  /** Name of the form (`x-form` of a call schema). */
  form: string;
  /** Operation answering the current values, called with `values` as its query. */
  load?: string;
  /** When `load` answers a list of records: the list field they fill, each given as its `key` property. */
  loadKeys?: { field: string; key: string };
  /** Operation taking the form as its body. */
  save: string;
  /** Values fixed by where the dialog was opened from (hidden in the form). */
  values: Record<string, unknown>;
  /** Path parameters and query of the save call (the record a transition moves). */
  target?: { params?: Record<string, unknown>; query?: Record<string, unknown> };
  /** Title of the dialog; the form's title by default. */
  title?: string;
  /** Fields of the records the call answers, shown under the form once sent (a question, not a change). */
  answer?: string[];
  onClose(saved: boolean): void;
}

/**
 * A dialog with the form of a call (reset a password, set permissions, the opinion of an
 * approval...), loaded and saved by its operations; or, with `answer`, a question whose answered
 * records are listed under the form, the dialog staying open to ask again.
 */
export function FormDialog({ form, load, loadKeys, save, values, target, title, answer, onClose }: FormDialogProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const fixed = useMemo(() => Object.keys(values), [values]);
  const loadValues = useCallback(async () => {
    const loaded = load ? await api.callDynamic(load, { query: values }, { silent: true }) : {};
    const current = loadKeys
      ? { [loadKeys.field]: (loaded as Record<string, unknown>[]).map((record) => record[loadKeys.key]) }
      : (loaded as Record<string, unknown>);
    return { ...current, ...values };
  }, [api, load, loadKeys, values]);
  const [answered, setAnswered] = useState<Record<string, unknown>[]>();
  const [dirty, setDirty] = useState(false);
  const cancel = useCallback(() => onClose(false), [onClose]);
  // Escape, a click outside and the × ask first while the form has changes not saved.
  const close = useGuardedClose(dirty, cancel);
  const send = useCallback(
    async (formData: Record<string, unknown>) => {
      const data = await api.callDynamic(save, { ...target, body: { ...formData, ...values } }, { silent: true });
      if (answer) {
        setAnswered(data as Record<string, unknown>[]);
        return;
      }
      void message.success(t('common.saved'));
      onClose(true);
    },
    [api, save, target, values, answer, message, t, onClose],
  );
  return (
    // A question's answer is a table: the dialog is wider, and the table scrolls within it when wider still.
    <Modal
      open
      // A long title (the reading a correction is of) wraps before the close button, not under it.
      title={<div style={{ paddingInlineEnd: 32 }}>{title ?? label(t, `forms.${form}.title`)}</div>}
      footer={null}
      destroyOnHidden
      width={answer ? 880 : 560}
      onCancel={close}
    >
      <CallForm
        form={form}
        load={loadValues}
        save={send}
        fixed={fixed}
        onCancel={cancel}
        onDirtyChange={setDirty}
        // A question is asked, not saved.
        {...(answer ? { submitText: label(t, `forms.${form}.title`) } : {})}
      />
      {answer && answered ? (
        // Scrolled by its own box, not by the table's `scroll` (which adds a measuring row to the body).
        <div style={{ overflowX: 'auto' }}>
          <Table<Record<string, unknown>>
            size="small"
            rowKey={(_, index) => String(index)}
            dataSource={answered}
            pagination={false}
            locale={{ emptyText: t('common.empty') }}
            columns={answer.map((field) => ({
              key: field,
              title: label(t, `forms.${form}.answer.${field}`),
              render: (_: unknown, row: Record<string, unknown>) => formatValue(t, undefined, row[field]),
            }))}
          />
        </div>
      ) : null}
    </Modal>
  );
}
