import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Layout, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PreferenceSwitches, session, useRuntime } from '../../runtime';

/** After sign-in the user lands on the customer page. */
export const LANDING_PATH = '/main/appliance/customer';

interface Credentials {
  username: string;
  password: string;
}

/** The login screen: user name and password, then the landing page. */
export function LoginPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ username, password }: Credentials) => {
    setBusy(true);
    setError(undefined);
    try {
      await session.signIn(api, username, password);
      void navigate(LANDING_PATH);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <Space direction="vertical" size="large" style={{ width: 360 }}>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <PreferenceSwitches />
        </Space>
        <Card>
          <Typography.Title level={3}>{t('app.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('login.title')}</Typography.Paragraph>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Form<Credentials> layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, message: t('login.usernameRequired') }]}
            >
              <Input prefix={<UserOutlined />} autoComplete="username" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.submit')}
            </Button>
          </Form>
        </Card>
      </Space>
    </Layout>
  );
}
