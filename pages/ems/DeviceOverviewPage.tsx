import { Card, Col, Flex, Row, Select, Statistic, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { enumLabel } from '../../runtime';
import { DataTable } from '../../runtime/table/DataTable';
import { countDevices, type KindCount } from './deviceCounts';
import { EmsScreen } from './EmsScreen';
import type { DeviceRecord } from './useDevice';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import type { StationRecord } from './useStation';
import { ScrollBox } from '../../runtime/table/ScrollBox';

const NONE = {};

/**
 * Device management overview: the devices of the tenant's stations, counted in all and by kind,
 * online or offline by their latest stored sample (read again every minute), and listed with the
 * station, kind and state filters; each opens its details.
 */
export function DeviceOverviewPage() {
  const { t } = useTranslation();
  const devices = useCallAnswer<DeviceRecord[]>('getAllDevices', NONE, 0, 60_000);
  const stations = useCallAnswer<StationRecord[]>('listStations', NONE);
  const [stationSn, setStationSn] = useState<string>();
  const [kind, setKind] = useState<string>();
  const [state, setState] = useState<number>();
  const inStation = useMemo(
    () => (devices.data ?? []).filter((d) => !stationSn || d.stationSn === stationSn),
    [devices.data, stationSn],
  );
  // The kinds in the order the devices come (a station's are made in the order of its wiring).
  const kinds = [...new Set((devices.data ?? []).map((d) => d.kind))];
  const counts = countDevices(inStation, kinds);
  const listed = inStation.filter((d) => (!kind || d.kind === kind) && (state === undefined || d.status === state));
  const stationName = (sn: string) => stations.data?.find((s) => s.sn === sn)?.name ?? sn;
  const stateTag = (status: number) =>
    status === 1 ? <Tag color="green">{t('emsScreens.online')}</Tag> : <Tag>{t('emsScreens.offline')}</Tag>;
  return (
    <EmsScreen
      route="EmsDeviceManagementOverview"
      toolbar={
        <Select
          aria-label={t('emsScreens.station')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('emsScreens.allStations')}
          style={{ minWidth: 220 }}
          value={stationSn}
          onChange={setStationSn}
          options={(stations.data ?? []).map((s) => ({ value: s.sn, label: s.name }))}
        />
      }
      error={devices.error ?? stations.error}
    >
      <Row gutter={[16, 16]}>
        {(['total', 'online', 'offline'] as const).map((key) => (
          <Col key={key} xs={8}>
            <Card size="small">
              <Statistic title={t(`emsScreens.overview.${key}`)} value={devices.data ? counts.all[key] : '--'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('emsScreens.overview.byKind')}>
        <DataTable<KindCount>
          label={t('emsScreens.overview.byKind')}
          rowKey={(row) => row.kind}
          rows={counts.byKind}
          columns={[
            { key: 'kind', title: t('emsScreens.kind'), render: (row) => enumLabel(t, 'deviceKind', row.kind) },
            { key: 'total', title: t('emsScreens.overview.total'), render: (row) => row.total, align: 'right' },
            { key: 'online', title: t('emsScreens.overview.online'), render: (row) => row.online, align: 'right' },
            { key: 'offline', title: t('emsScreens.overview.offline'), render: (row) => row.offline, align: 'right' },
          ]}
        />
      </Card>
      <Card size="small" title={t('emsScreens.overview.devices')}>
        <Flex gap="small" style={{ marginBottom: 12 }}>
          <Select
            aria-label={t('emsScreens.kind')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('emsScreens.kind')}
            style={{ minWidth: 180 }}
            value={kind}
            onChange={setKind}
            options={kinds.map((k) => ({ value: k, label: enumLabel(t, 'deviceKind', k) }))}
          />
          <Select
            aria-label={t('emsScreens.communication')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('emsScreens.communication')}
            style={{ minWidth: 140 }}
            value={state}
            onChange={setState}
            options={[
              { value: 1, label: t('emsScreens.online') },
              { value: 0, label: t('emsScreens.offline') },
            ]}
          />
        </Flex>
        <ScrollBox label={t('emsScreens.overview.devices')}>
          <Table<DeviceRecord>
            rowKey="sn"
            size="middle"
            loading={devices.loading && !devices.data}
            dataSource={listed}
            pagination={{ pageSize: 20, showTotal: (total) => t('emsScreens.inTotal', { count: total }) }}
            columns={[
              {
                key: 'name',
                title: t('emsScreens.device'),
                render: (_, d) => <Link to={`/main/ems/map/equipDetail?deviceSn=${encodeURIComponent(d.sn)}`}>{d.name}</Link>,
              },
              { key: 'sn', title: t('emsScreens.sn'), dataIndex: 'sn' },
              { key: 'kind', title: t('emsScreens.kind'), render: (_, d) => enumLabel(t, 'deviceKind', d.kind) },
              { key: 'station', title: t('emsScreens.station'), render: (_, d) => stationName(d.stationSn) },
              { key: 'state', title: t('emsScreens.communication'), render: (_, d) => stateTag(d.status) },
              { key: 'lastTime', title: t('emsScreens.lastTime'), render: (_, d) => d.lastTime ?? '--' },
            ]}
          />
        </ScrollBox>
      </Card>
    </EmsScreen>
  );
}
