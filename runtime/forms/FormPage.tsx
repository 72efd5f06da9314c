import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import { CallForm, type CallFormProps } from './CallForm';

export type FormPageProps = Omit<CallFormProps, 'fixed'>;

/** A screen that is one form of a call (one's personal information, one's password). */
export function FormPage({ form, load, save, submitText }: FormPageProps) {
  const { t } = useTranslation();
  return (
    <Card style={{ maxWidth: 720 }}>
      <Typography.Title level={3}>{label(t, `forms.${form}.title`)}</Typography.Title>
      <CallForm form={form} {...(load ? { load } : {})} save={save} {...(submitText ? { submitText } : {})} />
    </Card>
  );
}
