import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { recordsQuery } from './alarmRecords';

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
});
