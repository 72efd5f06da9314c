import { Alert, Flex, Spin } from 'antd';
import { useMemo } from 'react';
import { useRouteNavigate, useRuntime } from '../../runtime';
import { createEditorStore, useScreenScheduler, ViewGrid, type StationContext } from '../../runtime/dashboard';
import { widgetRegistry } from '../../widgets';
import type { BoardWidgetDecl } from './boardDocument';
import { SiteScreen } from './SiteScreen';
import { StationDetailFigures } from './StationDetailFigures';
import { useBoardDocument } from './useBoardDocument';
import { useStations } from './useStations';
import { viewOf, type SiteScreenProps } from './views';
import type { StationBoard } from '../../generated/meta';

/** The board of one station, read-only: its widgets fetch together through the batch call every 20 s. */
function Board({ station, widgets }: { station: StationContext; widgets: BoardWidgetDecl[] }) {
  const { api } = useRuntime();
  const scheduler = useScreenScheduler(api, 'coalesced');
  const navigate = useRouteNavigate();
  const board = useBoardDocument(station.sn, widgets);
  const store = useMemo(() => (board?.document ? createEditorStore(board.document) : undefined), [board?.document]);
  if (board?.error) return <Alert type="error" showIcon message={board.error} />;
  if (!store) return <Spin style={{ display: 'block', margin: 64 }} />;
  return <ViewGrid store={store} definitions={widgetRegistry} station={station} scheduler={scheduler} navigate={navigate} />;
}

/**
 * A station board (schemas/views/, kind stationBoard): a fixed arrangement of the dashboard's
 * widgets for the chosen station — the site overview, the monitoring, PV and storage dashboards,
 * the video wall — under what the station does now and its energy, where the board asks for them.
 */
export function StationBoardScreen({ route = '' }: SiteScreenProps) {
  const view = viewOf<StationBoard>(route, ['stationBoard']);
  const choice = useStations(view.stationTypes);
  return (
    <SiteScreen route={route} choice={choice}>
      {() =>
        choice.context ? (
          <Flex vertical gap="middle">
            {view.stationDetail ? <StationDetailFigures sn={choice.context.sn} /> : null}
            <Board station={choice.context} widgets={view.widgets as BoardWidgetDecl[]} />
          </Flex>
        ) : null
      }
    </SiteScreen>
  );
}
