import { stationStatusNeed } from '../../runtime/dashboard/stationStatus';
import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { StationAlarmStatusConfig } from '../../generated/widgetConfigs';

export type { StationAlarmStatusConfig };

/** The route a click on the widget opens when the station has unclosed alarms. */
export const WARNING_RECORD_ROUTE = 'SiteWarningRecord';

export type AlarmState = 'normal' | 'hasAlarm';

/** 0 unclosed alarms is normal, any other count 'has alarm'. */
export function alarmState(unclosedAlarmAmount: number): AlarmState {
  return unclosedAlarmAmount > 0 ? 'hasAlarm' : 'normal';
}

/** A click goes to the alarm records only when unclosed alarms exist and the dashboard is not being edited. */
export function navigatesOnClick(unclosedAlarmAmount: number, editing: boolean): boolean {
  return unclosedAlarmAmount > 0 && !editing;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<StationAlarmStatusConfig>({
  type: 'stationAlarmStatus',
  needs: (_config, context) => ({ detail: stationStatusNeed(context) }),
});
