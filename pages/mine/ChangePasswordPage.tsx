import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session, useRuntime } from '../../runtime';
import { FormPage } from '../../runtime/forms/FormPage';
import type { SignInState } from '../login/LoginPage';

/** One's own password; afterwards every session ends and the user signs in again. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useNavigate();
  const save = useCallback(
    async (values: Record<string, unknown>) => {
      await api.call('changePassword', { body: values as never }, { silent: true });
      session.signOut(api);
      // Said on the sign-in page, which stays until the user signs in again.
      void navigate('/login', { state: { notice: t('messages.passwordChanged') } satisfies SignInState });
    },
    [api, navigate, t],
  );
  return <FormPage form="changePassword" save={save} />;
}
