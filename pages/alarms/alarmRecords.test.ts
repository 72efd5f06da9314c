import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { listQuery, recordsQuery } from './alarmRecords';

describe('alarm records (specification §3, §4)', () => {
  test('the filters become the query: station, status 0 kept, level, whole days of report times', () => {
    const days: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-03-01T12:00:00'), dayjs('2026-03-02T08:00:00')];
    expect(recordsQuery({ stationSn: 'T2-ST1', status: 0, level: 'major', days })).toEqual({
      stationSn: 'T2-ST1',
      status: 0,
      level: 'major',
      reportTimeFrom: dayjs('2026-03-01T00:00:00').toISOString(),
      reportTimeTo: dayjs('2026-03-02T23:59:59.999').toISOString(),
    });
    expect(recordsQuery({})).toEqual({});
  });

  test('the energy alarms are asked for by station and status only, the status as the list the call takes', () => {
    const days: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-03-01T12:00:00'), dayjs('2026-03-02T08:00:00')];
    const filters = { stationSn: 'T2-ST1', status: 0 as const, level: 'major', days };
    expect(listQuery('getEngeryAlarmList', filters)).toEqual({ stationSn: 'T2-ST1', status: '0' });
    expect(listQuery('getEngeryAlarmList', { level: 'major' })).toEqual({});
    expect(listQuery('getAlarmPage', filters)).toEqual(recordsQuery(filters));
  });
});
