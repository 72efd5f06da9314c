import { Alert, Card, Flex, Space, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeviceHealth } from '../../generated/meta';
import { enumLabel, label, useRuntime } from '../../runtime';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { SiteScreen } from './SiteScreen';
import { useAnswer } from '../../runtime/api/useAnswer';
import { useStations } from './useStations';
import { viewOf, type SiteScreenProps } from './views';
import { ScrollBox } from '../../runtime/table/ScrollBox';

/** A device's health as `getDeviceDetection` answers it. */
interface Health {
  stationSn: string;
  stationName: string;
  deviceSn: string;
  deviceName: string;
  kind: string;
  online: boolean;
  lastTime?: string;
  variables: number;
  expected: number;
  missing: number;
  completeness: number | null;
}

/** Read again every minute: communication changes within minutes, the last day's hours once an hour. */
const REFRESH_MS = 60_000;

/** The devices' health: how many communicate, the share of the last day's hours with data, and each device. */
function HealthTable({ query, withStation }: { query: { stationSn?: string; mine?: boolean }; withStation: boolean }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const answer = useAnswer<Health[]>(
    () => api.call('getDeviceDetection', { query }, { silent: true }) as Promise<Health[]>,
    JSON.stringify(query),
    { refreshMs: REFRESH_MS },
  );
  if (answer.error) return <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} />;
  const rows = answer.data ?? [];
  const expected = rows.reduce((sum, row) => sum + row.expected, 0);
  const missing = rows.reduce((sum, row) => sum + row.missing, 0);
  const figure = (key: string, value: number | string) => <Statistic title={t(`emsRemaining.health.${key}`)} value={value} />;
  return (
    <Flex vertical gap="middle">
      <Card size="small" role="region" aria-label={t('emsRemaining.health.summary')} title={t('emsRemaining.health.summary')}>
        <Space size="large" wrap>
          {figure('devices', rows.length)}
          {figure('online', rows.filter((row) => row.online).length)}
          {figure('offline', rows.filter((row) => !row.online).length)}
          {figure('missingHours', missing)}
          {figure('completeness', expected ? `${Math.round(((expected - missing) / expected) * 1000) / 10}%` : '--')}
        </Space>
      </Card>
      {/* Wider than a phone: the box scrolls sideways (and takes focus) whether or not the rows have come. */}
      <ScrollBox label={t('emsRemaining.health.devices')}>
        <Table<Health>
          size="small"
          rowKey="deviceSn"
          loading={answer.loading && !answer.data}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          dataSource={rows}
          columns={[
            ...(withStation
              ? [{ key: 'station', title: t('emsRemaining.station'), render: (_: unknown, row: Health) => row.stationName }]
              : []),
            {
              key: 'device',
              title: t('siteViews.device'),
              render: (_, row) => (
                <Link to={`/main/ems/map/equipDetail?deviceSn=${encodeURIComponent(row.deviceSn)}`}>{row.deviceName}</Link>
              ),
            },
            { key: 'kind', title: t('siteViews.deviceKind'), render: (_, row) => enumLabel(t, 'deviceKind', row.kind) },
            {
              key: 'online',
              title: t('widgets.stationDetailedCommunication.status'),
              render: (_, row) => (
                <Tag color={row.online ? 'success' : 'error'}>
                  {t(`widgets.stationDetailedCommunication.${row.online ? 'online' : 'offline'}`)}
                </Tag>
              ),
            },
            { key: 'last', title: t('emsRemaining.health.lastTime'), render: (_, row) => row.lastTime ?? '--' },
            { key: 'variables', title: t('emsRemaining.health.variables'), align: 'right', render: (_, row) => row.variables },
            { key: 'missing', title: t('emsRemaining.health.missingHours'), align: 'right', render: (_, row) => row.missing },
            {
              key: 'completeness',
              title: t('emsRemaining.health.completeness'),
              align: 'right',
              render: (_, row) => (row.completeness === null ? '--' : `${row.completeness}%`),
            },
          ]}
        />
      </ScrollBox>
    </Flex>
  );
}

/**
 * Device detection (schemas/views/, kind deviceHealth): each device's communication and data health
 * — online, latest sample, the hours of the last day its variables did not report — of the station
 * picked, or with `mine` of every station of the signed-in user.
 */
export function DeviceHealthScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const view = viewOf<DeviceHealth>(route, ['deviceHealth']);
  const choice = useStations();
  if (view.mine)
    return (
      <Flex vertical gap="middle">
        <ScreenHeader title={label(t, `routes.${route}.title`)} />
        <Alert type="info" showIcon message={t('emsRemaining.mineNote')} />
        <HealthTable query={{ mine: true }} withStation />
      </Flex>
    );
  return (
    <SiteScreen route={route} choice={choice}>
      {(station) => <HealthTable key={station.sn} query={{ stationSn: station.sn }} withStation={false} />}
    </SiteScreen>
  );
}
