import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/stationFaultStatus.json';
import { i18nFor } from '../../runtime';
import { configDefaults } from '../../runtime/dashboard';
import { stationFaultStatus } from '.';
import { faultState } from './rules';

const context = {
  station: { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};

describe('station fault status (specification §3, §4)', () => {
  test('the name is a title in Chinese by default, with an icon', () => {
    expect(configDefaults(schema as never)).toEqual({ name: '站点故障状态', icon: 'ToolOutlined' });
  });

  test.each([
    [0, 'normal', 'normal', '正常'],
    [1, 'abnormal', 'abnormal', '异常'],
    [7, 'abnormal', 'abnormal', '异常'],
  ] as const)('%s unclosed tasks: %s (en %s, zh %s)', (count, state, en, zh) => {
    expect(faultState(count)).toBe(state);
    expect(i18nFor('en').t(`widgets.stationFaultStatus.${state}`)).toBe(en);
    expect(i18nFor('zh').t(`widgets.stationFaultStatus.${state}`)).toBe(zh);
  });

  test('reads the station status detail of its station', () => {
    expect(stationFaultStatus.needs(configDefaults(schema as never) as never, context)).toEqual({
      detail: { operationId: 'getStationStatusDetail', params: { stationSn: 'T2-ST1' } },
    });
  });

  test('a configuration of format 1 has the same fields; from format 2 it is unchanged', () => {
    const config = { name: '故障', icon: 'FireOutlined' };
    expect(stationFaultStatus.migrate(config, 1)).toEqual(config);
    expect(stationFaultStatus.migrate(config, 2)).toBe(config);
  });
});
