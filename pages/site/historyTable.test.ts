import { describe, expect, test } from 'vitest';
import { curveRows, sampleRows } from './historyTable';

const names = [
  { sn: 'S1-PCS1.activePower', name: 'Active power' },
  { sn: 'S1-BMS.soc', name: 'SOC' },
];
const power = {
  sn: 'S1-PCS1.activePower',
  unit: 'kW',
  // Points of averages: the peak of 180 kW between them is not drawn.
  datas: [
    { time: '2026-11-25 00:00:00', value: 100 },
    { time: '2026-11-25 00:10:00', value: 120.456 },
  ],
};
const soc = { sn: 'S1-BMS.soc', unit: '%', datas: [] };

describe('the table under the history curves', () => {
  test("each variable's lowest and highest are the stored extremes of the period, not the points drawn; average and points are the curve's", () => {
    const rows = curveRows(
      [power, soc],
      names,
      [
        { sn: 'S1-PCS1.activePower', value: 42.123 },
        { sn: 'S1-BMS.soc', value: null },
      ],
      [{ sn: 'S1-PCS1.activePower', value: 180 }],
    );
    expect(rows).toEqual([
      { sn: 'S1-PCS1.activePower', name: 'Active power', unit: 'kW', points: 2, min: 42.12, max: 180, average: 110.23 },
      { sn: 'S1-BMS.soc', name: 'SOC', unit: '%', points: 0, min: '--', max: '--', average: '--' },
    ]);
  });

  test('until the extremes come, or when they fail, the lowest and highest read --', () => {
    expect(curveRows([power], names, undefined, undefined)[0]).toMatchObject({ min: '--', max: '--', average: 110.23 });
  });
});

describe('the file of a period’s samples', () => {
  test('a heading, then every sample of each variable in time order, the variables in the order picked, named', () => {
    const answer = JSON.stringify([
      { sn: 'S1-BMS.soc', unit: '%', values: [{ time: '2026-11-25 00:00:00', value: 55 }] },
      {
        sn: 'S1-PCS1.activePower',
        unit: 'kW',
        values: [
          { time: '2026-11-25 00:00:00', value: 100 },
          { time: '2026-11-25 00:00:05', value: null },
        ],
      },
    ]);
    expect(sampleRows(answer, names, ['Time', 'Variable', 'Serial number', 'Value', 'Unit'])).toEqual([
      ['Time', 'Variable', 'Serial number', 'Value', 'Unit'],
      ['2026-11-25 00:00:00', 'Active power', 'S1-PCS1.activePower', 100, 'kW'],
      ['2026-11-25 00:00:05', 'Active power', 'S1-PCS1.activePower', null, 'kW'],
      ['2026-11-25 00:00:00', 'SOC', 'S1-BMS.soc', 55, '%'],
    ]);
  });
});
