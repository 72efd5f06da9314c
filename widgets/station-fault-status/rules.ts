import { stationStatusNeed } from '../../runtime/dashboard/stationStatus';
import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { StationFaultStatusConfig } from '../../generated/widgetConfigs';

export type { StationFaultStatusConfig };

export type FaultState = 'normal' | 'abnormal';

/** 0 unclosed tasks is normal, any other count abnormal. */
export function faultState(unclosedTaskAmount: number): FaultState {
  return unclosedTaskAmount > 0 ? 'abnormal' : 'normal';
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<StationFaultStatusConfig>({
  type: 'stationFaultStatus',
  needs: (_config, context) => ({ detail: stationStatusNeed(context) }),
});
