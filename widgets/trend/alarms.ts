import type { Alarm } from '../../generated/types';
import { alarmBands, type AlarmBand, type SlotState, wallClock, type WidgetContext } from '../../runtime/dashboard';
import { periodOf, type TrendConfig } from './rules';

/** The bands of the alarms of a ready answer over the trend's period; none while there is no answer. */
export function trendAlarmBands(config: TrendConfig, slot: SlotState | undefined, context: WidgetContext): AlarmBand[] {
  if (slot?.status !== 'ready' || !Array.isArray(slot.data)) return [];
  const { startTime, endTime } = periodOf(config, context);
  return alarmBands(slot.data as Alarm[], context.station.timeZone, { min: wallClock(startTime), max: wallClock(endTime) });
}
