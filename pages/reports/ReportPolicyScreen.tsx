import { Alert, App, Button, Card, Flex, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { label, session, useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import type { SiteScreenProps } from '../site/views';

/**
 * The tenant's rule for report recipients outside the tenant: administrators switch it and save;
 * everyone else reads it (a definition's outside addresses are refused while it is off).
 */
export function ReportPolicyScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const admin = session.user()?.isAdmin === true;
  const answer = useAnswer(() => api.call('getReportPolicy', {}, { silent: true }), 'policy');
  const [allow, setAllow] = useState<boolean>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (answer.data) setAllow(answer.data.allowOutside);
  }, [answer.data]);
  const words = (key: string) => t(`reports.policy.${key}`);

  const save = async () => {
    if (allow === undefined) return;
    setSaving(true);
    try {
      answer.setData(await api.call('saveReportPolicy', { body: { allowOutside: allow } }));
      void message.success(t('common.saved'));
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap="middle" style={{ minWidth: 0, maxWidth: 720 }}>
      <ScreenHeader title={label(t, `routes.${route}.title`)} onClose={() => void navigate(-1)} />
      {answer.error ? (
        <Alert type="error" showIcon message={answer.error} />
      ) : allow === undefined ? (
        <Spin />
      ) : (
        <Card>
          <Flex vertical gap="middle" align="start">
            <Typography.Paragraph style={{ margin: 0 }}>{words('intro')}</Typography.Paragraph>
            <Flex gap="small" align="center">
              <Switch id="report-policy-outside" checked={allow} disabled={!admin || saving} onChange={setAllow} />
              <label htmlFor="report-policy-outside">{words('allow')}</label>
            </Flex>
            <Typography.Text type="secondary">{words('existing')}</Typography.Text>
            {admin ? (
              <Button type="primary" loading={saving} disabled={allow === answer.data?.allowOutside} onClick={() => void save()}>
                {t('common.save')}
              </Button>
            ) : (
              <Alert type="info" showIcon message={words('adminOnly')} />
            )}
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
