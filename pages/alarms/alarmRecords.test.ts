import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { i18nFor } from '../../runtime';
import { handledText, isOpen, localTime, recordsQuery } from './alarmRecords';

describe('alarm records (specification §3, §4)', () => {
  test.each([
    ['en', { status: 0, checker: '系统管理员' }, 'confirmed -- 系统管理员'],
    ['en', { status: 0 }, 'auto recovered'],
    ['en', { status: 0, checker: '' }, 'auto recovered'],
    ['zh', { status: 0, checker: '张工' }, '已确认 -- 张工'],
    ['zh', { status: 0 }, '自动恢复'],
    ['en', { status: 1 }, undefined],
  ] as const)('in %s the alarm %o reads %s', (lng, alarm, text) => {
    expect(handledText(i18nFor(lng).t, alarm)).toBe(text);
  });

  test.each([
    ['alarms.confirmTitle', 'confirm alarm', '确认告警'],
    ['alarms.confirmPrompt', 'please enter confirmation info', '请输入确认信息'],
    ['alarms.confirmCancelled', 'confirmation cancelled', '已取消确认'],
  ])('%s reads %s (zh %s)', (key, en, zh) => {
    expect(i18nFor('en').t(key)).toBe(en);
    expect(i18nFor('zh').t(key)).toBe(zh);
  });

  test.each([
    [1, true],
    [0, false],
  ] as const)('status %s offers the confirmation: %s', (status, offered) => {
    expect(isOpen({ status })).toBe(offered);
  });

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

  test('a time is shown in the station’s zone', () => {
    expect(localTime('2026-11-21T06:15:05.000Z', 'Asia/Shanghai')).toBe('2026-11-21 14:15:05');
    expect(localTime(undefined, 'Asia/Shanghai')).toBe('--');
  });
});
