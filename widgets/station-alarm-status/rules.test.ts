import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/stationAlarmStatus.json';
import { i18nFor } from '../../runtime';
import { configDefaults } from '../../runtime/dashboard';
import { stationAlarmStatus } from '.';
import { alarmState, navigatesOnClick, WARNING_RECORD_ROUTE } from './rules';

const context = {
  station: { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};

describe('station alarm status (specification §2, §3, §4)', () => {
  test('the name is a title in Chinese by default, with an icon', () => {
    expect(configDefaults(schema as never)).toEqual({ name: '站点告警状态', icon: 'AlertOutlined' });
  });

  test.each([
    [0, 'normal', 'normal', '正常'],
    [1, 'hasAlarm', 'has alarm', '有告警'],
    [12, 'hasAlarm', 'has alarm', '有告警'],
  ] as const)('%s unclosed alarms: %s (en %s, zh %s)', (count, state, en, zh) => {
    expect(alarmState(count)).toBe(state);
    expect(i18nFor('en').t(`widgets.stationAlarmStatus.${state}`)).toBe(en);
    expect(i18nFor('zh').t(`widgets.stationAlarmStatus.${state}`)).toBe(zh);
  });

  test.each([
    [3, false, true],
    [3, true, false],
    [0, false, false],
    [0, true, false],
  ])('with %s unclosed alarms and edit mode %s, a click navigates: %s', (count, editing, navigates) => {
    expect(navigatesOnClick(count, editing)).toBe(navigates);
  });

  test('a click goes to the route named SiteWarningRecord', () => {
    expect(WARNING_RECORD_ROUTE).toBe('SiteWarningRecord');
  });

  test('reads the station status detail of its station', () => {
    expect(stationAlarmStatus.needs(configDefaults(schema as never) as never, context)).toEqual({
      detail: { operationId: 'getStationStatusDetail', params: { stationSn: 'T2-ST1' } },
    });
  });

  test('a configuration of format 1 has the same fields; from format 2 it is unchanged', () => {
    const config = { name: '告警', icon: 'BellOutlined' };
    expect(stationAlarmStatus.migrate(config, 1)).toEqual(config);
    expect(stationAlarmStatus.migrate(config, 2)).toBe(config);
  });
});
