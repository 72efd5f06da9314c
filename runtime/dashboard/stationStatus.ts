import type { StationStatusDetail } from '../../generated/types';
import type { DataNeed, SlotState } from './needs';
import type { WidgetContext } from './context';

/** The call answering the station's status detail (unclosed alarms and tasks, communication), shared by the status widgets. */
export function stationStatusNeed(context: WidgetContext): DataNeed {
  return { operationId: 'getStationStatusDetail', params: { stationSn: context.station.sn } };
}

/** The station status detail of a ready answer; nothing while there is none or it is not one. */
export function statusDetailOf(slot: SlotState | undefined): StationStatusDetail | undefined {
  if (slot?.status !== 'ready' || typeof slot.data !== 'object' || slot.data === null) return undefined;
  return slot.data as StationStatusDetail;
}
