import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/stationCommunication.json';
import { i18nFor } from '../../runtime';
import { configDefaults, statusDetailOf } from '../../runtime/dashboard';
import { stationCommunication } from '.';
import { communicationState } from './rules';

const context = {
  station: { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};

describe('station communication (specification §3, §4)', () => {
  test.each([
    ['name', '站点通讯状态'],
    ['icon', 'WifiOutlined'],
  ])('%s defaults to %s', (field, value) => {
    expect(configDefaults(schema as never)[field]).toBe(value);
  });

  test.each([
    [1, 'normal'],
    [0, 'abnormal'],
    [2, 'abnormal'],
  ])('communicationStatus %s is %s', (communicationStatus, state) => {
    expect(communicationState({ communicationStatus: communicationStatus as 0 | 1 })).toBe(state);
  });

  test.each([
    ['en', 'normal', 'normal'],
    ['en', 'abnormal', 'abnormal'],
    ['zh', 'normal', '正常'],
    ['zh', 'abnormal', '异常'],
  ] as const)('in %s the state %s reads %s', (lng, state, text) => {
    expect(i18nFor(lng).t(`widgets.stationCommunication.${state}`)).toBe(text);
  });

  test('reads the station status detail of its station', () => {
    expect(stationCommunication.needs(configDefaults(schema as never) as never, context)).toEqual({
      detail: { operationId: 'getStationStatusDetail', params: { stationSn: 'T2-ST1' } },
    });
  });

  test.each([
    [{ status: 'loading' }, undefined],
    [{ status: 'error', code: 40400, message: 'Not found' }, undefined],
    [{ status: 'ready', data: null }, undefined],
    [{ status: 'ready', data: { communicationStatus: 1 } }, { communicationStatus: 1 }],
  ] as const)('the detail of the answer %o is %o', (slot, detail) => {
    expect(statusDetailOf(slot)).toEqual(detail);
  });

  test('a configuration of format 1 has the same fields; from format 2 it is unchanged', () => {
    const config = { name: '通讯', icon: 'ApiOutlined' };
    expect(stationCommunication.migrate(config, 1)).toEqual(config);
    expect(stationCommunication.migrate(config, 2)).toBe(config);
  });
});
