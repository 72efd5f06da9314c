import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session, useRuntime } from '../../runtime';
import { FormPage } from '../../runtime/forms/FormPage';

/** One's own password; afterwards every session ends and the user signs in again. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useCallback(
    async (values: Record<string, unknown>) => {
      await api.call('changePassword', { body: values as never }, { silent: true });
      void message.success(t('messages.passwordChanged'));
      session.signOut(api);
      void navigate('/login');
    },
    [api, message, navigate, t],
  );
  return <FormPage form="changePassword" save={save} />;
}
