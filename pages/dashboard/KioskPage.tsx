import { ClockCircleOutlined, CloseOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Space, Spin, theme, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { useStore } from 'zustand';
import { useRouteNavigate, useRuntime } from '../../runtime';
import { dashboardPeriod, useScreenScheduler, ViewGrid, type DataScheduler } from '../../runtime/dashboard';
import { widgetRegistry } from '../../widgets';
import { DROP_EARLY_REQUEST, stationContext, type StationRecord } from './earlyData';
import { dashboardPath, dataAge, enterFullScreen, kioskCycle, leaveFullScreen } from './kiosk';
import { useDashboardDocument } from './useDashboardDocument';

/** A kiosk view shows its dashboards as they are: nothing is moved, configured or removed there. */

/** How old the shown data is, from the scheduler's last answer, said again every second. */
function DataAgeText({ scheduler }: { scheduler: DataScheduler }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const age = dataAge(scheduler.answeredAt, now);
  return (
    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
      <ClockCircleOutlined aria-hidden />{' '}
      <span>{t(`dashboard.kiosk.${age.key}`, age.key === 'waiting' ? {} : { count: age.count })}</span>
    </Typography.Text>
  );
}

/** Whether the page is shown full screen, followed as the browser enters and leaves it. */
function useFullScreen(): boolean {
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const follow = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  return full;
}

/**
 * SiteMonitorKiosk: a station's dashboard for a wall display, without the application's menu and
 * header. Its widgets refresh as on the dashboard page (the same scheduler, every 20 seconds), and
 * the age of the data is shown. With several stations in its address (`?stations=sn1,sn2&every=60`)
 * it shows each in turn; with a period (`&period=month`) its widgets follow it as on the dashboard
 * page, and it names it. Escape (outside a dialog) or the Exit button leave it for the dashboard
 * page of the station shown, with the period; full screen is asked for on the user's click and
 * never needed.
 */
export function KioskPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { token } = theme.useToken();
  const navigateTo = useNavigate();
  const [search] = useScreenSearch();
  const cycle = useMemo(() => kioskCycle(search), [search]);
  const period = dashboardPeriod(search.get('period'));
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (cycle.stations.length < 2) return undefined;
    const timer = setInterval(() => setTurn((current) => current + 1), cycle.everyMs);
    return () => clearInterval(timer);
  }, [cycle]);

  // The route's loader may have started it, with the widgets' first data asked for.
  const scheduler = useScreenScheduler(api, 'coalesced', DROP_EARLY_REQUEST);

  const [stations, setStations] = useState<StationRecord[] | null>(null);
  useEffect(() => {
    void api.call('listStations', {}, { silent: true }).then((list) => setStations(list as StationRecord[]));
  }, [api]);
  const stationSn = cycle.stations[turn % cycle.stations.length] ?? stations?.[0]?.sn;
  const record = stations?.find((station) => station.sn === stationSn);
  const station = useMemo(() => (record ? stationContext(record) : undefined), [record]);
  const { store, error } = useDashboardDocument(stationSn, widgetRegistry);
  const board = useStore(store, (state) => state.document);

  const navigate = useRouteNavigate();
  const exit = useCallback(() => {
    leaveFullScreen();
    void navigateTo(dashboardPath(stationSn, period));
  }, [navigateTo, stationSn, period]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Escape in a dialog (a widget's data inspected) closes the dialog only.
      const inDialog = event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;
      if (event.key === 'Escape' && !event.defaultPrevented && !inDialog) exit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [exit]);
  const full = useFullScreen();

  const content = (): ReactNode => {
    if (error) return <Alert type="error" showIcon message={error} />;
    if (!stations) return <Spin style={{ display: 'block', margin: 64 }} />;
    if (stations.length === 0) return <Empty description={t('dashboard.noStations')} />;
    if (!station) return <Empty description={t('dashboard.unknownStation', { sn: stationSn })} />;
    // The document of the station shown, not the one of the station before it in the cycle.
    if (!board || board.stationSn !== station.sn) return <Spin style={{ display: 'block', margin: 64 }} />;
    if (board.widgets.length === 0) return <Empty description={t('dashboard.empty')} />;
    return (
      <ViewGrid
        store={store}
        definitions={widgetRegistry}
        station={station}
        period={period}
        scheduler={scheduler}
        navigate={navigate}
      />
    );
  };
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, color: token.colorText }}>
      <header
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '4px 16px',
          padding: '8px 16px',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading4, margin: 0, flex: '1 1 12em', minWidth: 0 }}>
          {station?.name ?? t('routes.SiteMonitorKiosk.title')}
        </Typography.Title>
        <Space wrap size="middle">
          {cycle.stations.length > 1 ? (
            <Typography.Text type="secondary">
              {t('dashboard.kiosk.position', {
                index: (turn % cycle.stations.length) + 1,
                count: cycle.stations.length,
              })}
            </Typography.Text>
          ) : null}
          {/* A wall display names the period its widgets follow: the one its address chose. */}
          {period ? <Typography.Text type="secondary">{t(`dashboard.periods.${period}`)}</Typography.Text> : null}
          <DataAgeText scheduler={scheduler} />
          {!full && document.fullscreenEnabled ? (
            <Button icon={<FullscreenOutlined />} onClick={enterFullScreen}>
              {t('dashboard.kiosk.fullScreen')}
            </Button>
          ) : null}
          <Button icon={<CloseOutlined />} onClick={exit} title={t('dashboard.kiosk.exitHint')}>
            {t('dashboard.kiosk.exit')}
          </Button>
        </Space>
      </header>
      <main aria-label={t('dashboard.kiosk.title', { station: station?.name ?? '' })} style={{ padding: 8 }}>
        {content()}
      </main>
    </div>
  );
}
