import { expect, test } from 'vitest';
import { boardSummary, figuresOf } from './boardFigures';
import { readingsOf, type DeviceDetail, type VariableInfo } from './readings';

const variable = (deviceSn: string, code: string, unit = ''): VariableInfo => ({
  sn: `${deviceSn}.${code}`,
  name: code,
  code,
  unit,
  kind: 'gauge',
  controllable: false,
  deviceSn,
});
const detail = (sn: string, kind: string, status: number, values: Record<string, number | null>): DeviceDetail => ({
  device: { id: 1, sn, name: sn, kind, stationSn: 'S', status },
  variables: Object.entries(values).map(([code, data]) => ({ sn: `${sn}.${code}`, data, unit: code === 'soc' ? '%' : 'kW' })),
});

const variables = [
  variable('PCS1', 'activePower', 'kW'),
  variable('PCS1', 'runState'),
  variable('PCS1', 'gridMode'),
  variable('PCS2', 'activePower', 'kW'),
  variable('BMS', 'soc', '%'),
  variable('BMS', 'maxCellTemp', '°C'),
  variable('AC', 'indoorTemp', '°C'),
];
const devices = readingsOf(
  [
    detail('PCS1', 'pcs', 1, { activePower: 250.5, runState: 1, gridMode: 0 }),
    detail('PCS2', 'pcs', 0, { activePower: null }),
    detail('BMS', 'bms', 1, { soc: 62.4, maxCellTemp: 31.2 }),
    detail('AC', 'airConditioner', 1, { indoorTemp: 24 }),
  ],
  variables,
);

test('a converter shows its run state and grid mode as words, its power with its unit, in the board order', () => {
  expect(figuresOf(devices[0]!)).toEqual([
    { code: 'runState', value: 1, unit: 'kW', word: 'running' },
    { code: 'gridMode', value: 0, unit: 'kW', word: 'offGrid' },
    { code: 'activePower', value: 250.5, unit: 'kW' },
  ]);
  // A signal without a value has no word ('--').
  expect(figuresOf(devices[1]!)).toEqual([{ code: 'activePower', value: null, unit: 'kW' }]);
});

test('the summary adds the converters it has values of, counts the board devices online, leaves the air conditioner out', () => {
  expect(boardSummary(devices)).toEqual({ power: 250.5, soc: 62.4, hottestCell: 31.2, online: 2, total: 3 });
  expect(boardSummary([])).toEqual({ power: null, soc: null, hottestCell: null, online: 0, total: 0 });
});
