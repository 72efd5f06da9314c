import { describe, expect, test } from 'vitest';
import { energyFigures, nowFigures, type StationDetail } from './stationDetail';

const storage = {
  stationSn: 'S1',
  now: { pvPower: null, pcsPower: -250.5, loadPower: 120, gridPower: 0, soc: 64 },
  today: { pvYield: null, charge: 800, discharge: 600, loadEnergy: 900, gridImport: 1100, gridExport: null },
  month: { pvYield: null, charge: 9000, discharge: 8000, loadEnergy: 10000, gridImport: 12000, gridExport: null },
  year: { pvYield: null, charge: 90000, discharge: 80000, loadEnergy: null, gridImport: null, gridExport: null },
  total: { pvYield: null, charge: 123456, discharge: 120000 },
} as unknown as StationDetail;

describe("a station's detail above its board", () => {
  test('now: the powers it has, the storage and the grid by size with their direction, none at zero', () => {
    expect(nowFigures(storage)).toEqual([
      { key: 'pcsPower', value: 250.5, direction: 'charging' },
      { key: 'loadPower', value: 120 },
      { key: 'gridPower', value: 0 },
      { key: 'soc', value: 64 },
    ]);
    const exporting = { ...storage, now: { ...storage.now, pcsPower: 80, gridPower: -30 } } as StationDetail;
    expect(nowFigures(exporting).filter((figure) => figure.direction)).toEqual([
      { key: 'pcsPower', value: 80, direction: 'discharging' },
      { key: 'gridPower', value: 30, direction: 'exporting' },
    ]);
  });

  test('energy: those measured in some period, each period with its own or none', () => {
    expect(energyFigures(storage)).toEqual({
      energies: ['charge', 'discharge', 'loadEnergy', 'gridImport'],
      periods: {
        today: [800, 600, 900, 1100],
        month: [9000, 8000, 10000, 12000],
        year: [90000, 80000, null, null],
        total: [123456, 120000, null, null],
      },
    });
  });
});
