import { expect, test } from 'vitest';
import { topologyOf } from './topology';

const device = (sn: string, kind: string) => ({ sn, name: sn, kind, status: 1 });

test('a station hangs from the grid inwards: its connection, storage, photovoltaics, auxiliaries, then anything else', () => {
  const devices = [
    device('EMS', 'emsController'),
    device('PCS1', 'pcs'),
    device('BC1', 'batteryCluster'),
    device('BMS', 'bms'),
    device('MTR', 'meter'),
    device('TR', 'transformer'),
    device('X', 'robot'),
  ];
  expect(topologyOf(devices).map((p) => [p.part, p.devices.map((d) => d.sn)])).toEqual([
    ['grid', ['MTR', 'TR']],
    ['storage', ['PCS1', 'BMS', 'BC1']],
    ['auxiliary', ['EMS']],
    ['other', ['X']],
  ]);
});
