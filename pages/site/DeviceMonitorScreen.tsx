import { Alert, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../generated/registry';
import type { DeviceMonitor } from '../../generated/meta';
import { enumLabel, useRuntime } from '../../runtime';
import { REFRESH_INTERVAL_MS } from '../../runtime/dashboard';
import { SiteScreen } from './SiteScreen';
import { useAnswer } from '../../runtime/api/useAnswer';
import { useStations, type StationRecord } from './useStations';
import { viewOf, type SiteScreenProps } from './views';

interface Row {
  sn: string;
  name: string;
  kind: string;
  status: number;
  values: Record<string, string>;
}

/** The station's devices with their communication and the latest value of the view's variables, every 20 s. */
function Devices({ station, view }: { station: StationRecord; view: DeviceMonitor }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const answer = useAnswer(
    async () => {
      const details = await api.call('getDeviceDetailsWithStatus', { query: { stationSn: station.sn } }, { silent: true });
      const shown = details.filter(({ device }) => !view.deviceKinds || view.deviceKinds.includes(device.kind));
      const deviceSns = shown.map(({ device }) => device.sn).join(',');
      const codes = deviceSns ? await api.call('getDeviceVarCodes', { body: { deviceSns } }, { silent: true }) : [];
      return { shown, codes };
    },
    station.sn,
    { refreshMs: REFRESH_INTERVAL_MS },
  );
  const detail = routes.find((route) => route.name === view.detail);
  if (answer.error) return <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} />;
  const columns = view.columns.filter((code) => answer.data?.codes.some((entry) => entry.code === code));
  const rows: Row[] = (answer.data?.shown ?? []).map(({ device, variables }) => ({
    ...device,
    values: Object.fromEntries(
      variables
        .filter((variable) => variable.data !== null)
        .map((variable) => [variable.sn.slice(device.sn.length + 1), `${variable.data} ${variable.unit}`.trim()]),
    ),
  }));
  return (
    <Table<Row>
      size="small"
      rowKey="sn"
      loading={answer.loading && !answer.data}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      columns={[
        {
          key: 'name',
          title: t('siteViews.device'),
          render: (_, row) =>
            detail ? <Link to={`${detail.path}?station=${station.sn}&device=${row.sn}`}>{row.name}</Link> : row.name,
        },
        { key: 'kind', title: t('siteViews.deviceKind'), render: (_, row) => enumLabel(t, 'deviceKind', row.kind) },
        {
          key: 'status',
          title: t('widgets.stationDetailedCommunication.status'),
          render: (_, row) =>
            row.status === 1 ? (
              <Tag color="success">{t('widgets.stationDetailedCommunication.online')}</Tag>
            ) : (
              <Tag color="error">{t('widgets.stationDetailedCommunication.offline')}</Tag>
            ),
        },
        ...columns.map((code) => {
          const variable = answer.data?.codes.find((entry) => entry.code === code);
          return { key: code, title: variable?.name ?? code, render: (_: unknown, row: Row) => row.values[code] ?? '--' };
        }),
      ]}
    />
  );
}

/**
 * Device monitoring (schemas/views/, kind deviceMonitor): the station's devices of the view's kinds,
 * whether each communicates and the latest value of the view's variables, refreshed every 20 s; a
 * device's name opens its history curves.
 */
export function DeviceMonitorScreen({ route = '' }: SiteScreenProps) {
  const view = viewOf<DeviceMonitor>(route, ['deviceMonitor']);
  const choice = useStations(view.stationTypes);
  return (
    <SiteScreen route={route} choice={choice}>
      {(station) => <Devices key={station.sn} station={station} view={view} />}
    </SiteScreen>
  );
}
