import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { session, useRuntime } from '../../runtime';
import { FormPage } from '../../runtime/forms/FormPage';

/** One's own name, gender, telephone, e-mail and birthday. */
export function PersonalInfoPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const load = useCallback(async () => (await api.call('getPrincipal')).employee ?? {}, [api]);
  const save = useCallback(
    async (values: Record<string, unknown>) => {
      const principal = await api.call('updateInfoData', { body: values as never }, { silent: true });
      const user = session.user();
      if (user) session.remember({ ...user, name: principal.name });
      void message.success(t('common.saved'));
    },
    [api, message, t],
  );
  return <FormPage form="personalInfo" load={load} save={save} />;
}
