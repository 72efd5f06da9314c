import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TFunction } from 'i18next';
import type { Alarm } from '../../generated/types';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What the alarm records are filtered by; the station is the address's (`?station=`). */
export interface AlarmFilters {
  stationSn?: string;
  status?: 0 | 1;
  level?: string;
  /** First and last day of the report times wanted. */
  days?: [Dayjs, Dayjs];
}

/** The query of the list and export calls for some filters (report times from the first instant of the first day to the last of the last). */
export function recordsQuery(filters: AlarmFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (filters.stationSn) query.stationSn = filters.stationSn;
  if (filters.status !== undefined) query.status = filters.status;
  if (filters.level) query.level = filters.level;
  if (filters.days) {
    query.reportTimeFrom = filters.days[0].startOf('day').toISOString();
    query.reportTimeTo = filters.days[1].endOf('day').toISOString();
  }
  return query;
}

/** An open alarm (status 1) is offered the confirmation. */
export const isOpen = (alarm: Pick<Alarm, 'status'>): boolean => alarm.status === 1;

/** A handled alarm as the specification shows it: 'confirmed -- {checker}', or 'auto recovered' without a checker. */
export function handledText(t: TFunction, alarm: Pick<Alarm, 'status' | 'checker'>): string | undefined {
  if (isOpen(alarm)) return undefined;
  return alarm.checker ? t('alarms.confirmedBy', { checker: alarm.checker }) : t('alarms.autoRecovered');
}

/** An instant in a station's zone, as the records show it; '--' for none. */
export function localTime(instant: string | undefined, timeZone: string): string {
  return instant ? dayjs(instant).tz(timeZone).format('YYYY-MM-DD HH:mm:ss') : '--';
}
