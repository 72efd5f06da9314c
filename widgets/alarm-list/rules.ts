import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TFunction } from 'i18next';
import type { Alarm } from '../../generated/types';
import type { AlarmListConfig } from '../../generated/widgetConfigs';
import type { WidgetConfig } from '../../runtime/dashboard/document';
import type { DataNeed, SlotState } from '../../runtime/dashboard/needs';

dayjs.extend(utc);
dayjs.extend(timezone);

export type { AlarmListConfig };

/** The alarms the list shows: the latest page of 5, of statuses 0 (handled) and 1 (open). */
export const ALARM_PAGE_SIZE = 5;
export const ALARM_STATUSES = '0,1';

/** The call answering the latest alarms of the station. */
export function alarmListNeed(context: WidgetContext): DataNeed {
  return {
    operationId: 'getAlarmSummarys',
    body: { current: 1, size: ALARM_PAGE_SIZE, stationSn: context.station.sn, status: ALARM_STATUSES },
  };
}

/** The alarms of a ready answer (a page of records); nothing while there is none. */
export function alarmsOf(slot: SlotState | undefined): Alarm[] | undefined {
  if (slot?.status !== 'ready' || typeof slot.data !== 'object' || slot.data === null) return undefined;
  const { records } = slot.data as { records?: Alarm[] };
  return Array.isArray(records) ? records : [];
}

/** An open alarm (status 1) offers the confirm action. */
export const isOpen = (alarm: Pick<Alarm, 'status'>): boolean => alarm.status === 1;

/**
 * The state of a handled alarm as the list shows it: 'confirmed -- {checker}', or 'auto
 * recovered' when no one confirmed it. Nothing for an open alarm, which shows its confirm action.
 */
export function handledText(t: TFunction, alarm: Pick<Alarm, 'status' | 'checker'>): string | undefined {
  if (isOpen(alarm)) return undefined;
  return alarm.checker ? t('widgets.alarmList.confirmed', { checker: alarm.checker }) : t('widgets.alarmList.autoRecovered');
}

/**
 * The narrowest box (CSS pixels) the table's columns fit: time 170, device 120, state 160 and room
 * for the alarm's text. Below it the alarms are listed one under another, their text wrapping.
 */
export const TABLE_MIN_WIDTH = 560;

/** Whether a box this wide lists the alarms rather than tabling them; a box not measured gets the table. */
export const listsAlarms = (width: number | undefined): boolean => width !== undefined && width < TABLE_MIN_WIDTH;

/** When an alarm was raised, in the station's zone. */
export function alarmTime(reportTime: string | undefined, timeZone: string): string {
  return reportTime ? dayjs(reportTime).tz(timeZone).format('YYYY-MM-DD HH:mm:ss') : '--';
}

/** Format 1 named the title `name`; from format 2 the configuration is current. */
export function migrateAlarmList(config: WidgetConfig, fromVersion: number): WidgetConfig {
  if (fromVersion >= 2) return config;
  const { name, ...rest } = config;
  return typeof name === 'string' && rest.title === undefined ? { ...rest, title: name } : rest;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<AlarmListConfig>({
  type: 'alarmList',
  needs: (_config, context) => ({ alarms: alarmListNeed(context) }),
});
