import { Alert, Card, Flex, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WiringDiagram } from '../../generated/meta';
import { useRuntime } from '../../runtime';
import { REFRESH_INTERVAL_MS } from '../../runtime/dashboard';
import { DiagramView, type Diagram, type NodeValue } from '../ems/DiagramView';
import { SiteScreen } from './SiteScreen';
import { useAnswer } from '../../runtime/api/useAnswer';
import { useStations, type StationRecord } from './useStations';
import { viewOf, type SiteScreenProps } from './views';
import { WiringAnalysis } from './WiringAnalysis';
import { derivedDiagram, type WiredDevice } from './wiring';

/**
 * The station's diagrams with their latest values, read again every 20 s: its saved one-line
 * diagrams (a picker when several), else one drawn from its devices.
 */
function StationDiagram({ station, analysis }: { station: StationRecord; analysis: boolean }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [chosen, setChosen] = useState<number>();
  const saved = useAnswer<Diagram[]>(
    () => api.call('getDeviceDiagram', { query: { stationSn: station.sn } }, { silent: true }) as Promise<Diagram[]>,
    station.sn,
  );
  const diagram = saved.data?.find((d) => d.id === chosen) ?? saved.data?.[0];
  const drawn = useAnswer<{ diagram: Diagram; values: NodeValue[] }>(
    saved.data
      ? async () => {
          if (diagram) {
            const values = await api.call('getDeviceDiagramData', { params: { id: diagram.id } }, { silent: true });
            return { diagram, values: values as NodeValue[] };
          }
          const details = await api.call('getDeviceDetailsWithStatus', { query: { stationSn: station.sn } }, { silent: true });
          const devices: WiredDevice[] = details.map(({ device, variables }) => ({ ...device, variables }));
          return derivedDiagram(devices, { grid: t('emsRemaining.wiring.grid'), busbar: t('emsRemaining.wiring.busbar') });
        }
      : undefined,
    `${station.sn}:${diagram?.id ?? 'devices'}`,
    { refreshMs: REFRESH_INTERVAL_MS },
  );
  const error = saved.error ?? drawn.error;
  if (error) return <Alert type="error" showIcon message={`${t('common.loadFailed')} ${error}`} />;
  if (!drawn.data) return <Spin style={{ display: 'block', margin: 64 }} />;
  const title = diagram ? diagram.name : t('emsRemaining.wiring.fromDevices');
  return (
    <Flex vertical gap="middle">
      <Card
        size="small"
        title={t('emsScreens.topology.oneLine')}
        extra={
          saved.data && saved.data.length > 1 ? (
            <Select
              aria-label={t('emsScreens.topology.chooseDiagram')}
              value={diagram?.id}
              onChange={setChosen}
              options={saved.data.map((d) => ({ value: d.id, label: d.name }))}
            />
          ) : (
            title
          )
        }
      >
        <DiagramView diagram={{ ...drawn.data.diagram, name: title }} values={drawn.data.values} />
      </Card>
      {analysis ? <WiringAnalysis diagram={drawn.data.diagram} values={drawn.data.values} /> : null}
    </Flex>
  );
}

/**
 * A station's wiring (schemas/views/, kind wiringDiagram): its one-line diagram with each node's
 * latest value and, with the view's `analysis`, what the diagram says (branches, balances, nodes
 * without data).
 */
export function WiringDiagramScreen({ route = '' }: SiteScreenProps) {
  const view = viewOf<WiringDiagram>(route, ['wiringDiagram']);
  const choice = useStations(view.stationTypes);
  return (
    <SiteScreen route={route} choice={choice}>
      {(station) => <StationDiagram key={station.sn} station={station} analysis={view.analysis === true} />}
    </SiteScreen>
  );
}
