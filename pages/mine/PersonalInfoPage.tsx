import { useCallback } from 'react';
import { FormPage, session, useRuntime } from '../../runtime';

/** One's own name, gender, telephone, e-mail and birthday. */
export function PersonalInfoPage() {
  const { api } = useRuntime();
  const load = useCallback(async () => (await api.call('getPrincipal')).employee ?? {}, [api]);
  const save = useCallback(
    async (values: Record<string, unknown>) => {
      const principal = await api.call('updateInfoData', { body: values as never }, { silent: true });
      const user = session.user();
      if (user) session.remember({ ...user, name: principal.name });
    },
    [api],
  );
  return <FormPage form="personalInfo" load={load} save={save} />;
}
