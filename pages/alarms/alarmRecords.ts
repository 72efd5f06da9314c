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

/** Tag colours of the levels: the product's red for critical, then orange, gold and blue (as `get_level` answers them). */
export const LEVEL_TAGS: Record<string, string> = { critical: 'red', major: 'orange', minor: 'gold', notice: 'blue' };
