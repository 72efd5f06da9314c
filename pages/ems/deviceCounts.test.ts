import { expect, test } from 'vitest';
import { countDevices } from './deviceCounts';

test('devices are counted in all and by kind in the order of the kinds, empty kinds left out', () => {
  const devices = [
    { kind: 'meter', status: 1 },
    { kind: 'pcs', status: 0 },
    { kind: 'pcs', status: 1 },
    { kind: 'meter', status: 1 },
  ];
  expect(countDevices(devices, ['pcs', 'bms', 'meter'])).toEqual({
    all: { kind: 'all', total: 4, online: 3, offline: 1 },
    byKind: [
      { kind: 'pcs', total: 2, online: 1, offline: 1 },
      { kind: 'meter', total: 2, online: 2, offline: 0 },
    ],
  });
});
