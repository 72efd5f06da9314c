import { stationStatusNeed } from '../../runtime/dashboard/stationStatus';
import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { StationStatusDetail } from '../../generated/types';
import type { StationCommunicationConfig } from '../../generated/widgetConfigs';

export type { StationCommunicationConfig };

export type CommunicationState = 'normal' | 'abnormal';

/** Normal when the communication status equals 1; anything else is abnormal. */
export function communicationState(detail: Pick<StationStatusDetail, 'communicationStatus'>): CommunicationState {
  return detail.communicationStatus === 1 ? 'normal' : 'abnormal';
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<StationCommunicationConfig>({
  type: 'stationCommunication',
  needs: (_config, context) => ({ detail: stationStatusNeed(context) }),
});
