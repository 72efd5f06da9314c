import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routes } from '../../generated/registry';
import type { CallResult } from '../../runtime/api/client';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { useAccess } from '../../runtime/shell/AccessContext';
import { useScreenLocation } from '../../runtime/shell/screenLocation';

type ScreenGroup = CallResult<'getSiteEmsMenuNew'>[number];

/** The station's screens the user may open, grouped as the station's EMS menu groups them; groups left empty left out. */
export function openableScreens(groups: ScreenGroup[], allowed: Set<string>): ScreenGroup[] {
  const openable = (path: string) => routes.some((route) => route.path === path && allowed.has(route.name));
  return groups
    .map((group) => ({ ...group, children: group.children.filter((screen) => openable(screen.path)) }))
    .filter((group) => group.children.length > 0);
}

/**
 * The EMS screens of the chosen station (its EMS menu configuration, `getSiteEmsMenuNew`): a menu
 * beside the station picker whose entries open a screen for the same station. A station without
 * a configuration shows every screen. Nothing is shown until the answer comes, nor when it fails.
 */
export function StationScreens({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const access = useAccess();
  const navigate = useNavigate();
  const { pathname } = useScreenLocation();
  const { data } = useCallAnswer<ScreenGroup[]>('getSiteEmsMenuNew', { query: { stationSn: sn } });
  if (!data || access.loading) return null;
  const groups = openableScreens(data, access.allowed);
  if (groups.length === 0) return null;
  const items: MenuProps['items'] = groups.map((group) => ({
    type: 'group',
    key: group.key,
    label: group.name,
    children: group.children.map((screen) => ({ key: screen.path, label: screen.name })),
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectedKeys: [pathname],
        // Two dozen screens: the menu scrolls rather than running off a short screen.
        style: { maxHeight: '60vh', overflowY: 'auto' },
        onClick: ({ key }) => void navigate(`${key}?${new URLSearchParams({ station: sn }).toString()}`),
      }}
    >
      <Button icon={<AppstoreOutlined aria-hidden />}>
        {t('siteViews.stationScreens')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
