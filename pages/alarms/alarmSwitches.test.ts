import { describe, expect, test } from 'vitest';
import { switchCounts, switchRows } from './alarmSwitches';

const state = (deviceSn: string, opened: boolean) => ({
  stationId: 1,
  deviceId: Number(deviceSn.replace(/\D/g, '')),
  deviceSn,
  deviceName: `Device ${deviceSn}`,
  opened,
});

describe('alarm switches of a station', () => {
  test("each switch takes its device's kind, in the server's order; a device the list does not name keeps its row without a kind", () => {
    const rows = switchRows(
      [state('D2', true), state('D1', false), state('D3', true)],
      [
        { sn: 'D1', kind: 'bms' },
        { sn: 'D2', kind: 'pcs' },
      ],
    );
    expect(rows.map((row) => [row.deviceSn, row.kind, row.opened])).toEqual([
      ['D2', 'pcs', true],
      ['D1', 'bms', false],
      ['D3', undefined, true],
    ]);
    expect('kind' in (rows[2] ?? {})).toBe(false);
  });

  test('while the device list loads, every switch is listed', () => {
    expect(switchRows([state('D1', true)], undefined)).toEqual([state('D1', true)]);
  });

  test('open and closed switches are counted', () => {
    expect(switchCounts([state('D1', true), state('D2', false), state('D3', false)])).toEqual({ opened: 1, closed: 2 });
    expect(switchCounts([])).toEqual({ opened: 0, closed: 0 });
  });
});
