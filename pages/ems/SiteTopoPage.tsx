import { Card, Empty, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { enumLabel } from '../../runtime';
import { DataTable } from '../../runtime/table/DataTable';
import { DiagramView, type Diagram, type NodeValue } from './DiagramView';
import { EmsScreen } from './EmsScreen';
import { StationSelect } from './StationSelect';
import { topologyOf } from './topology';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import type { DeviceRecord } from './useDevice';
import { useStation } from './useStation';

/** A row of the device tree: a part of the station, or a device in it. */
interface TreeRow {
  key: string;
  part?: string;
  count?: number;
  device?: DeviceRecord;
  children?: TreeRow[];
}

/**
 * The station's topology: its saved one-line diagram with each node's latest value (when the
 * station has one), and the tree of its devices by the part of the station they hang in — grid
 * connection, storage, photovoltaics, auxiliaries — each online or not, opening its details.
 */
export function SiteTopoPage() {
  const { t } = useTranslation();
  const { stations, station, choose, error: stationError } = useStation();
  const query = station ? { query: { stationSn: station.sn } } : undefined;
  const devices = useCallAnswer<DeviceRecord[]>(
    'getDevicesByStation',
    station ? { params: { stationSn: station.sn } } : undefined,
    0,
    60_000,
  );
  const diagrams = useCallAnswer<Diagram[]>('getDeviceDiagram', query);
  const [chosen, setChosen] = useState<number>();
  const diagram = diagrams.data?.find((d) => d.id === chosen) ?? diagrams.data?.[0];
  const values = useCallAnswer<NodeValue[]>(
    'getDeviceDiagramData',
    diagram ? { params: { id: diagram.id } } : undefined,
    0,
    20_000,
  );
  const tree: TreeRow[] = topologyOf(devices.data ?? []).map(({ part, devices: inPart }) => ({
    key: part,
    part,
    count: inPart.length,
    children: inPart.map((device) => ({ key: device.sn, device })),
  }));
  return (
    <EmsScreen
      route="EmsConfigurationSiteTopo"
      toolbar={<StationSelect stations={stations} value={station?.sn} onChange={choose} />}
      error={stationError ?? devices.error ?? diagrams.error ?? values.error}
    >
      {diagram ? (
        <Card
          size="small"
          title={t('emsScreens.topology.oneLine')}
          extra={
            diagrams.data && diagrams.data.length > 1 ? (
              <Select
                aria-label={t('emsScreens.topology.chooseDiagram')}
                value={diagram.id}
                onChange={setChosen}
                options={diagrams.data.map((d) => ({ value: d.id, label: d.name }))}
              />
            ) : (
              diagram.name
            )
          }
        >
          <DiagramView diagram={diagram} values={values.data ?? []} />
        </Card>
      ) : diagrams.data ? (
        <Card size="small" title={t('emsScreens.topology.oneLine')}>
          <Empty description={t('emsScreens.topology.noDiagram')} />
        </Card>
      ) : null}
      <Card size="small" title={t('emsScreens.topology.devices')}>
        <DataTable<TreeRow>
          label={t('emsScreens.topology.devices')}
          rows={tree}
          rowKey={(row) => row.key}
          childrenOf={(row) => row.children}
          columns={[
            {
              key: 'name',
              title: t('emsScreens.device'),
              render: (row) =>
                row.device ? (
                  <Link to={`/main/ems/map/equipDetail?deviceSn=${encodeURIComponent(row.device.sn)}`}>{row.device.name}</Link>
                ) : (
                  `${t(`emsScreens.topology.parts.${row.part ?? 'other'}`)} (${row.count ?? 0})`
                ),
            },
            { key: 'sn', title: t('emsScreens.sn'), render: (row) => row.device?.sn ?? '' },
            {
              key: 'kind',
              title: t('emsScreens.kind'),
              render: (row) => (row.device ? enumLabel(t, 'deviceKind', row.device.kind) : ''),
            },
            {
              key: 'state',
              title: t('emsScreens.communication'),
              render: (row) =>
                row.device ? (
                  <Tag color={row.device.status === 1 ? 'green' : 'default'}>
                    {t(row.device.status === 1 ? 'emsScreens.online' : 'emsScreens.offline')}
                  </Tag>
                ) : (
                  ''
                ),
            },
          ]}
        />
      </Card>
    </EmsScreen>
  );
}
