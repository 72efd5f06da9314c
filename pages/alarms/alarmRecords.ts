import type { Dayjs } from 'dayjs';

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

/** The page's lists: every alarm, or the energy alarms (raised by rules of the energy alarm types). */
export const ALARM_LISTS = ['getAlarmPage', 'getEngeryAlarmList'] as const;
export type AlarmList = (typeof ALARM_LISTS)[number];

/** The filters each list takes: the energy alarms are filtered by station and status only. */
export const LIST_FILTERS: Record<AlarmList, readonly (keyof AlarmFilters)[]> = {
  getAlarmPage: ['stationSn', 'status', 'level', 'days'],
  getEngeryAlarmList: ['stationSn', 'status'],
};

/** The query of a list's call: the filters it takes, the energy alarms' statuses as their list ("0,1"). */
export function listQuery(list: AlarmList, filters: AlarmFilters): Record<string, string | number> {
  const taken = LIST_FILTERS[list];
  const query = recordsQuery(
    Object.fromEntries(Object.entries(filters).filter(([key]) => taken.includes(key as keyof AlarmFilters))) as AlarmFilters,
  );
  return list === 'getEngeryAlarmList' && query.status !== undefined ? { ...query, status: String(query.status) } : query;
}

/** Tag colours of the levels: the product's red for critical, then orange, gold and blue (as `get_level` answers them). */
export const LEVEL_TAGS: Record<string, string> = { critical: 'red', major: 'orange', minor: 'gold', notice: 'blue' };
