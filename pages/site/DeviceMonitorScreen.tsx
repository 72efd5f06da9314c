import { Alert, Card, Descriptions, Empty, Flex, Spin, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../generated/registry';
import type { DeviceMonitor } from '../../generated/meta';
import { enumLabel, useRuntime } from '../../runtime';
import { REFRESH_INTERVAL_MS } from '../../runtime/api/refresh';
import { useAnswer } from '../../runtime/api/useAnswer';
import { useNarrowScreen } from '../../runtime/list/useNarrowScreen';
import { SiteScreen } from './SiteScreen';
import { useStations, type StationRecord } from './useStations';
import { viewOf, type SiteScreenProps } from './views';

interface Row {
  sn: string;
  name: string;
  kind: string;
  status: number;
  values: Record<string, string>;
}

/**
 * The station's devices with their communication and the latest value of the view's variables, every
 * 20 s while the page is shown: a table, or on a phone a card per device.
 */
function Devices({ station, view }: { station: StationRecord; view: DeviceMonitor }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const narrow = useNarrowScreen();
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
  const name = (row: Row) =>
    detail ? <Link to={`${detail.path}?station=${station.sn}&device=${row.sn}`}>{row.name}</Link> : row.name;
  const status = (row: Row) =>
    row.status === 1 ? (
      <Tag color="success">{t('widgets.stationDetailedCommunication.online')}</Tag>
    ) : (
      <Tag color="error">{t('widgets.stationDetailedCommunication.offline')}</Tag>
    );
  const valueColumns = columns.map((code) => ({
    key: code,
    title: answer.data?.codes.find((entry) => entry.code === code)?.name ?? code,
    value: (row: Row) => row.values[code],
  }));
  if (narrow)
    return <DeviceCards rows={rows} loading={answer.loading && !answer.data} name={name} status={status} values={valueColumns} />;
  return (
    <Table<Row>
      size="small"
      rowKey="sn"
      loading={answer.loading && !answer.data}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      columns={[
        { key: 'name', title: t('siteViews.device'), render: (_, row) => name(row) },
        { key: 'kind', title: t('siteViews.deviceKind'), render: (_, row) => enumLabel(t, 'deviceKind', row.kind) },
        { key: 'status', title: t('widgets.stationDetailedCommunication.status'), render: (_, row) => status(row) },
        ...valueColumns.map((column) => ({
          key: column.key,
          title: column.title,
          render: (_: unknown, row: Row) => column.value(row) ?? '--',
        })),
      ]}
    />
  );
}

interface DeviceCardsProps {
  rows: Row[];
  loading: boolean;
  name(row: Row): ReactNode;
  status(row: Row): ReactNode;
  values: { key: string; title: string; value(row: Row): string | undefined }[];
}

/**
 * The devices on a phone: a card per device, named (opening its history curves) with its
 * communication beside the name, then its kind and the values it has of the view's variables.
 */
function DeviceCards({ rows, loading, name, status, values }: DeviceCardsProps) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return loading ? <Spin style={{ display: 'block', margin: 32 }} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Flex vertical gap="small" role="list" aria-label={t('siteViews.device')}>
      {rows.map((row) => (
        <Card
          key={row.sn}
          role="listitem"
          size="small"
          title={name(row)}
          extra={status(row)}
          // A long name wraps rather than running under the communication tag.
          styles={{ title: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
        >
          <Descriptions
            size="small"
            column={1}
            styles={{ content: { overflowWrap: 'anywhere' } }}
            items={[
              { key: 'kind', label: t('siteViews.deviceKind'), children: enumLabel(t, 'deviceKind', row.kind) },
              // A device lists the values it has: one without a reading of a variable is not shown a line of '--'.
              ...values.flatMap((column) => {
                const value = column.value(row);
                return value === undefined ? [] : [{ key: column.key, label: column.title, children: value }];
              }),
            ]}
          />
        </Card>
      ))}
    </Flex>
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
