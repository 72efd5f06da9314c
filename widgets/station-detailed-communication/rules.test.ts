import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/stationDetailedCommunication.json';
import { i18nFor } from '../../runtime';
import { configDefaults } from '../../runtime/dashboard';
import { stationDetailedCommunication } from '.';
import { devicesOf } from './rules';

const context = {
  station: { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};
const answer = (communicationStatusDetail: unknown[]) => ({
  status: 'ready' as const,
  data: { stationSn: 'T2-ST1', unclosedAlarmAmount: 0, unclosedTaskAmount: 0, communicationStatus: 0, communicationStatusDetail },
});

describe('station detailed communication status (specification §3)', () => {
  test('the name is a title in Chinese by default, with an icon', () => {
    expect(configDefaults(schema as never)).toEqual({ name: '站点详细通讯状态', icon: 'ApiOutlined' });
  });

  test.each([
    [
      { deviceSn: 'T2-ST1-PCS', deviceName: '1# PCS', status: 1 },
      { deviceSn: 'T2-ST1-PCS', name: '1# PCS', online: true },
    ],
    [
      { deviceSn: 'T2-ST1-BMS', deviceName: 'BMS 主控', status: 0 },
      { deviceSn: 'T2-ST1-BMS', name: 'BMS 主控', online: false },
    ],
    [
      { deviceSn: 'T2-ST1-MET', deviceName: '', status: 1 },
      { deviceSn: 'T2-ST1-MET', name: 'T2-ST1-MET', online: true },
    ],
  ])('the device %o is listed as %o (status 1 online)', (device, row) => {
    expect(devicesOf(answer([device]))).toEqual([row]);
  });

  test('every device is listed, in the order of the answer', () => {
    const rows = devicesOf(
      answer([
        { deviceSn: 'B', deviceName: 'B', status: 0 },
        { deviceSn: 'A', deviceName: 'A', status: 1 },
      ]),
    );
    expect(rows?.map((row) => row.deviceSn)).toEqual(['B', 'A']);
  });

  test.each([
    ['en', 'online', 'online'],
    ['en', 'offline', 'offline'],
    ['zh', 'online', '在线'],
    ['zh', 'offline', '离线'],
  ] as const)('in %s a device %s reads %s', (lng, state, text) => {
    expect(i18nFor(lng).t(`widgets.stationDetailedCommunication.${state}`)).toBe(text);
  });

  test('without an answer there is no list yet', () => {
    expect(devicesOf({ status: 'loading' })).toBeUndefined();
  });

  test('reads the station status detail of its station', () => {
    expect(stationDetailedCommunication.needs(configDefaults(schema as never) as never, context)).toEqual({
      detail: { operationId: 'getStationStatusDetail', params: { stationSn: 'T2-ST1' } },
    });
  });

  test('a configuration of format 1 has the same fields; from format 2 it is unchanged', () => {
    const config = { name: '设备通讯', icon: 'WifiOutlined' };
    expect(stationDetailedCommunication.migrate(config, 1)).toEqual(config);
    expect(stationDetailedCommunication.migrate(config, 2)).toBe(config);
  });
});
