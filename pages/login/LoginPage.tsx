import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Layout, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiCallError, LANDING_PATH, PreferenceSwitches, returnPath, session, useRuntime, type Credentials } from '../../runtime';

/** Codes with which sign-in asks for a captcha (required, or the one typed was wrong). */
const CAPTCHA_CODES = new Set([40005, 40006]);

/**
 * The login screen: user name and password (and a captcha after repeated failures), then the page
 * the user was sent here from (`?redirect=`), else the landing page.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>();

  const newCaptcha = async () => setCaptcha(await api.call('getCaptcha', {}, { silent: true }));

  const submit = async (values: Credentials) => {
    setBusy(true);
    setError(undefined);
    try {
      await session.signIn(api, { ...values, ...(captcha ? { captchaKey: captcha.key } : {}) });
      void navigate(returnPath(location.search, LANDING_PATH));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      if (failure instanceof ApiCallError && (CAPTCHA_CODES.has(failure.code) || captcha)) await newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <Space orientation="vertical" size="large" style={{ width: 360 }}>
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
            {captcha ? (
              <Form.Item label={t('login.captcha')} required>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="captcha" noStyle rules={[{ required: true, message: t('errors.captchaRequired') }]}>
                    <Input prefix={<SafetyOutlined />} aria-label={t('login.captcha')} autoComplete="off" maxLength={8} />
                  </Form.Item>
                  <Button
                    style={{ padding: 0, height: 'auto' }}
                    aria-label={t('login.newCaptcha')}
                    onClick={() => void newCaptcha()}
                  >
                    <img src={captcha.image} alt={t('login.captchaImage')} width={120} height={40} />
                  </Button>
                </Space.Compact>
              </Form.Item>
            ) : null}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.submit')}
            </Button>
          </Form>
        </Card>
      </Space>
    </Layout>
  );
}
