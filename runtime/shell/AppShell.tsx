import { DashboardOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import {
  Button,
  Drawer,
  Grid,
  Layout,
  Menu,
  Popover,
  Select,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
  theme,
  type MenuProps,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routes } from '../../generated/registry';
import { LANDING_PATH, session } from '../auth/session';
import { discardUnsavedChanges, hasUnsavedChanges, useConfirmDiscard } from '../forms/unsaved';
import { label } from '../i18n/labels';
import { useRuntime } from '../RuntimeContext';
import { useAccess, type MenuRoute } from './AccessContext';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { PreferenceSwitches } from './PreferenceSwitches';
import { TaskBell } from './TaskBell';

const routeTitle = (t: ReturnType<typeof useTranslation>['t'], name: string) => label(t, `routes.${name}.title`);
const keepAlive = new Map(routes.map((route) => [route.path, route.keepAlive !== false && route.refresh !== true]));
/** The routes the tree marks as shortcuts (`shortcut`), offered again at the top of the menu. */
const shortcuts = routes.filter((route) => route.shortcut === true);
/** The menu key of a shortcut: its path behind a prefix, so that the entry in its group keeps its own key. */
const SHORTCUT_KEY = 'shortcut:';

/** Height of the bottom navigation on a wide screen: the side menu ends above it. */
const BOTTOM_BAR_HEIGHT = 49;
/** Height of the header (Ant Design's `Layout.Header`): the side menu, held in view, is this much shorter at the top of the page. */
const HEADER_HEIGHT = 64;

type MenuItem = Required<MenuProps>['items'][number];

/**
 * The menu's shortcuts (`shortcut` in the route tree) the user may open, labelled
 * `routes.<name>.shortcut`: the screens most used, one click from every screen however deep
 * their group lies.
 */
function shortcutItems(menu: MenuRoute[], t: ReturnType<typeof useTranslation>['t']): MenuItem[] {
  const offered = shortcuts.filter((route) => menu.some((entry) => entry.name === route.name));
  if (offered.length === 0) return [];
  return [
    ...offered.map((route) => ({
      key: `${SHORTCUT_KEY}${route.path}`,
      icon: <DashboardOutlined aria-hidden />,
      label: label(t, `routes.${route.name}.shortcut`),
    })),
    { type: 'divider' as const },
  ];
}

function menuItems(menu: MenuRoute[], t: ReturnType<typeof useTranslation>['t']): MenuItem[] {
  const childrenOf = (parent: string | undefined): MenuItem[] =>
    menu
      .filter((route) => route.parent === parent)
      .flatMap((route) => {
        const children = childrenOf(route.name);
        // A bottom-navigation route is in the bottom bar; its screens, if it has several, are in the menu too.
        if (route.navigation === 'bottom' && children.length === 0) return [];
        return children.length
          ? [{ key: route.name, label: routeTitle(t, route.name), children }]
          : [{ key: route.path, label: routeTitle(t, route.name) }];
      });
  return [...shortcutItems(menu, t), ...childrenOf(undefined)];
}

/** The user's tenants, the current one selected; choosing another switches to it. */
function TenantSwitch() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const confirmDiscard = useConfirmDiscard();
  const user = session.user();
  if (!user) return null;
  const switchTo = (tenantId: number) => {
    discardUnsavedChanges();
    api
      .call('updateDefaultTenant', { query: { tenantId } })
      .then((principal) => {
        api.tokens.tenantChanged();
        session.remember({ ...user, tenantId: principal.tenantId, tenants: principal.tenants, isAdmin: principal.isAdmin });
        // Every kept page shows the old tenant's data: start afresh in the new one.
        window.location.assign(LANDING_PATH);
      })
      // The API client has shown why; the user stays where they are.
      .catch(() => undefined);
  };
  return (
    <Select
      aria-label={t('common.tenant')}
      value={user.tenantId}
      style={{ minWidth: 200 }}
      showSearch={{ optionFilterProp: 'label' }}
      options={user.tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))}
      // Changes not saved would be lost with the pages of the tenant left: asked first.
      onChange={(tenantId: number) => (hasUnsavedChanges() ? confirmDiscard(() => switchTo(tenantId)) : switchTo(tenantId))}
    />
  );
}

/** The frame of every signed-in screen: menu, tenant, user, language, theme, bottom navigation. */
export function AppShell() {
  const { t } = useTranslation();
  const { api, analytics } = useRuntime();
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = theme.useToken();
  const access = useAccess();
  const confirmDiscard = useConfirmDiscard();
  const user = session.user();
  const items = useMemo(() => menuItems(access.menu, t), [access.menu, t]);
  const bottom = access.menu.filter((route) => route.navigation === 'bottom');
  const selected = access.menu
    .filter((route) => location.pathname.startsWith(route.path))
    .flatMap((route) => [route.path, `${SHORTCUT_KEY}${route.path}`]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    // The groups holding the current screen open by themselves; those the user opened stay open.
    const groups = access.menu.filter((route) => location.pathname.startsWith(`${route.path}/`)).map((route) => route.name);
    setOpenKeys((open) => [...new Set([...open, ...groups])]);
  }, [access.menu, location.pathname]);

  useEffect(() => {
    const route = routes.find((candidate) => candidate.path === location.pathname);
    analytics.pageView({ path: location.pathname, ...(route ? { route: route.name } : {}), time: Date.now() });
  }, [analytics, location.pathname]);

  // From 992 px the menu stands beside the content and the header holds the user's choices; on a
  // tablet or a phone the menu is a drawer behind a button and the choices a panel behind another.
  const wide = Grid.useBreakpoint().lg === true;
  const [drawer, setDrawer] = useState(false);
  const navigationMenu = access.loading ? (
    <Spin style={{ display: 'block', margin: 24 }} />
  ) : (
    <Menu
      mode="inline"
      aria-label={t('common.navigation')}
      items={items}
      selectedKeys={selected}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        setDrawer(false);
        void navigate(key.startsWith(SHORTCUT_KEY) ? key.slice(SHORTCUT_KEY.length) : key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
  const account = (
    <>
      <TenantSwitch />
      <PreferenceSwitches />
      <Typography.Text>{user?.name}</Typography.Text>
      {user?.isAdmin ? <Tag color="red">{t('common.admin')}</Tag> : null}
      <Button
        onClick={() => {
          const signOut = () => {
            discardUnsavedChanges();
            session.signOut(api);
            void navigate('/login');
          };
          // Changes not saved are lost with the session: asked first.
          if (hasUnsavedChanges()) confirmDiscard(signOut);
          else signOut();
        }}
      >
        {t('common.logout')}
      </Button>
    </>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: wide ? 16 : 8,
          background: token.colorBgContainer,
          paddingInline: wide ? 24 : 12,
        }}
      >
        {wide ? null : (
          <Tooltip title={t('common.openNavigation')}>
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('common.openNavigation')}
              aria-expanded={drawer}
              onClick={() => setDrawer(true)}
            />
          </Tooltip>
        )}
        <Typography.Text
          strong
          style={{ fontSize: 16, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', flex: 1, minWidth: 0 }}
        >
          {t('app.title')}
        </Typography.Text>
        <TaskBell />
        {wide ? (
          <Space wrap>{account}</Space>
        ) : (
          <Popover trigger="click" placement="bottomRight" content={<Space orientation="vertical">{account}</Space>}>
            <Button icon={<UserOutlined />} aria-label={t('common.account')} title={t('common.account')} />
          </Popover>
        )}
      </Layout.Header>
      <Layout>
        {wide ? (
          <Layout.Sider width={240} theme="light" style={{ background: token.colorBgContainer }}>
            {/*
             * The menu is held in view while the page scrolls and scrolls by itself, ending above the
             * bottom navigation: its last entries are never under the bar, however many groups are open.
             */}
            <div
              style={{
                position: 'sticky',
                top: 0,
                maxHeight: `calc(100dvh - ${HEADER_HEIGHT + (bottom.length ? BOTTOM_BAR_HEIGHT : 0)}px)`,
                overflowY: 'auto',
                overscrollBehavior: 'contain',
              }}
            >
              {navigationMenu}
            </div>
          </Layout.Sider>
        ) : (
          <Drawer
            open={drawer}
            placement="left"
            size={280}
            title={t('common.navigation')}
            onClose={() => setDrawer(false)}
            styles={{ body: { padding: 0 } }}
          >
            {navigationMenu}
          </Drawer>
        )}
        <Layout.Content style={{ padding: wide ? 24 : 12, paddingBottom: 88, minWidth: 0 }}>
          <KeepAliveOutlet keep={(pathname) => keepAlive.get(pathname) ?? true} />
          <UnsavedChangesGuard />
        </Layout.Content>
      </Layout>
      {bottom.length ? (
        <nav
          aria-label={t('common.bottomNavigation')}
          style={{
            position: 'fixed',
            insetInline: 0,
            bottom: 0,
            display: 'flex',
            justifyContent: 'space-around',
            alignItems: 'center',
            boxSizing: 'border-box',
            minHeight: BOTTOM_BAR_HEIGHT,
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            padding: wide ? '8px 0' : '4px 2px',
            gap: wide ? 0 : 2,
            zIndex: 10,
          }}
        >
          {bottom.map((route) => {
            const current = location.pathname.startsWith(route.path);
            return (
              <Button
                key={route.name}
                // On a tablet or a phone the entries share the width: small type, little padding, a long
                // name on two lines, broken between its words, never inside one (six entries fit 390 px
                // in both languages; an entry is no narrower than its longest word).
                style={
                  wide
                    ? { flex: 'none' }
                    : {
                        flex: '1 1 auto',
                        height: 'auto',
                        minHeight: 40,
                        padding: '2px 4px',
                        fontSize: token.fontSizeSM,
                        lineHeight: 1.25,
                        whiteSpace: 'normal',
                        overflowWrap: 'break-word',
                      }
                }
                type={current ? 'link' : 'text'}
                aria-current={current ? 'page' : undefined}
                onClick={() => void navigate(route.path)}
              >
                {routeTitle(t, route.name)}
              </Button>
            );
          })}
        </nav>
      ) : null}
    </Layout>
  );
}
