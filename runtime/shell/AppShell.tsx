import { Button, Layout, Menu, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { pages } from '../../generated/registry';
import { session } from '../auth/session';
import { pageTitle } from '../i18n/labels';
import { PreferenceSwitches } from './PreferenceSwitches';

/** The frame of every signed-in screen: navigation, user, language and theme. */
export function AppShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = theme.useToken();
  const user = session.user();
  const tenant = user?.tenants.find((candidate) => candidate.id === user.tenantId);
  const items = pages.filter((page) => page.menu !== false).map((page) => ({ key: page.route, label: pageTitle(t, page.page) }));
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, background: token.colorBgContainer }}>
        <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
          {t('app.title')}
        </Typography.Text>
        <Menu
          mode="horizontal"
          aria-label={t('menu.appliance')}
          selectedKeys={items.filter((item) => location.pathname.startsWith(item.key)).map((item) => item.key)}
          items={items}
          onClick={({ key }) => void navigate(key)}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
        />
        <Space>
          <PreferenceSwitches />
          <Typography.Text>
            {user?.name}
            {tenant ? ` · ${tenant.name}` : ''}
          </Typography.Text>
          <Button
            onClick={() => {
              session.signOut();
              void navigate('/login');
            }}
          >
            {t('common.logout')}
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
