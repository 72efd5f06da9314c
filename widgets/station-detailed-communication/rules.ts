import { stationStatusNeed } from '../../runtime/dashboard/stationStatus';
import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { StationStatusDetail } from '../../generated/types';
import type { StationDetailedCommunicationConfig } from '../../generated/widgetConfigs';
import type { SlotState } from '../../runtime/dashboard/needs';

export type { StationDetailedCommunicationConfig };

/** One device of the list: its name (its serial number when it has none) and whether it is online. */
export interface DeviceCommunication {
  deviceSn: string;
  name: string;
  online: boolean;
}

/** The devices of a ready answer, in the order the station lists them; nothing while there is no answer. */
export function devicesOf(slot: SlotState | undefined): DeviceCommunication[] | undefined {
  if (slot?.status !== 'ready' || typeof slot.data !== 'object' || slot.data === null) return undefined;
  const { communicationStatusDetail } = slot.data as Partial<StationStatusDetail>;
  return (communicationStatusDetail ?? []).map((device) => ({
    deviceSn: device.deviceSn,
    name: device.deviceName || device.deviceSn,
    // Status 1 is online; anything else is offline.
    online: device.status === 1,
  }));
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<StationDetailedCommunicationConfig>({
  type: 'stationDetailedCommunication',
  needs: (_config, context) => ({ detail: stationStatusNeed(context) }),
});
