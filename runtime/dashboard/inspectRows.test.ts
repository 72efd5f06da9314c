import { describe, expect, test } from 'vitest';
import { wallClock } from '../charts/time';
import { answerTable, inspectFileName, wallClockText } from './inspectRows';
import type { SlotState } from './needs';

const context = {
  station: { sn: 'S1', name: '张江储能电站', timeZone: 'Asia/Shanghai', fields: {} },
  // 2026-11-22 01:00 at the station.
  now: Date.parse('2026-11-21T17:00:00Z'),
};
const headings = { time: 'Time', name: 'Name', value: 'Value', unit: 'Unit' };
const ready = (data: unknown): SlotState => ({ status: 'ready', data });
const SOC = { deviceSn: 'S1-BMS', varSn: 'S1-BMS.soc' };
const TEMP = { deviceSn: 'S1-BMS', varSn: 'S1-BMS.maxCellTemp' };
/** The `names` slot (`namesNeeds`): the server's names of the devices' variables. */
const names = ready([
  { sn: SOC.varSn, name: 'SOC', unit: '%', kind: 'gauge', deviceSn: SOC.deviceSn, deviceName: 'BMS 主控', stationSn: 'S1' },
  {
    sn: TEMP.varSn,
    name: '最高温度',
    unit: '℃',
    kind: 'gauge',
    deviceSn: TEMP.deviceSn,
    deviceName: 'BMS 主控',
    stationSn: 'S1',
  },
]);

describe('answerTable', () => {
  test('has the columns time, name, value and unit', () => {
    expect(answerTable({}, {}, headings, context).columns).toEqual(['Time', 'Name', 'Value', 'Unit']);
  });

  test('a latest value is named by its entry in the configuration, else by its device and variable, never by the widget title', () => {
    const config = {
      name: 'SOC与温度',
      monitorVars: [
        { deviceVar: SOC, showName: 'SOC', minScale: 0, maxScale: 100 },
        { deviceVar: TEMP, showName: '' },
      ],
    };
    const values = ready([
      { sn: SOC.varSn, data: 55.25, unit: '%', time: '2026-11-22 00:59:55' },
      { sn: TEMP.varSn, data: null, unit: '℃' },
      { sn: 'S1-PCS.gone', data: 1, unit: '' },
    ]);
    expect(answerTable(config, { values, names }, headings, context).rows).toEqual([
      ['2026-11-22 00:59:55', 'SOC', 55.25, '%'],
      [null, 'BMS 主控 / 最高温度', null, '℃'],
      [null, 'S1-PCS.gone', 1, null],
    ]);
  });

  test('a statistic gives a row per time key and one for its whole period; a device variable at the top of the configuration is named by the server', () => {
    const config = { name: '环比/单个关键数据', deviceVar: SOC };
    const current = ready([{ sn: SOC.varSn, unit: '%', value: 12, datas: [5, null, 7], time_keys: ['11-01', '11-02', '11-03'] }]);
    expect(answerTable(config, { current, names }, headings, context).rows).toEqual([
      ['11-01 ~ 11-03', 'BMS 主控 / SOC', 12, '%'],
      ['11-01', 'BMS 主控 / SOC', 5, '%'],
      ['11-02', 'BMS 主控 / SOC', null, '%'],
      ['11-03', 'BMS 主控 / SOC', 7, '%'],
    ]);
  });

  test('a history gives a row per point, in the station clock the server answers', () => {
    const config = { nodeInfo: [{ deviceVar: SOC, name: 'SOC 曲线', color: '#409EFF' }] };
    const trend = ready([
      {
        sn: SOC.varSn,
        unit: '%',
        datas: [
          { time: '2026-11-22 00:00:00', value: 50.04 },
          { time: '2026-11-22 00:05:00', value: 50.6 },
        ],
      },
    ]);
    expect(answerTable(config, { trend }, headings, context).rows).toEqual([
      ['2026-11-22 00:00:00', 'SOC 曲线', 50.04, '%'],
      ['2026-11-22 00:05:00', 'SOC 曲线', 50.6, '%'],
    ]);
  });

  test('a record is read by its fields, without identifiers; times written with a zone are given in the station clock', () => {
    const detail = ready({
      stationSn: 'S1',
      unclosedAlarmAmount: 2,
      unclosedTaskAmount: 0,
      communicationStatus: 1,
      communicationStatusDetail: [
        { deviceSn: 'S1-PCS1', deviceName: '1# PCS', status: 1, lastTime: '2026-11-21T16:59:00Z' },
        { deviceSn: 'S1-BMS', deviceName: 'BMS 主控', status: 0 },
      ],
    });
    expect(answerTable({}, { detail }, headings, context).rows).toEqual([
      [null, 'unclosedAlarmAmount', 2, null],
      [null, 'unclosedTaskAmount', 0, null],
      [null, 'communicationStatus', 1, null],
      ['2026-11-22 00:59:00', 'communicationStatusDetail / 1# PCS / status', 1, null],
      [null, 'communicationStatusDetail / BMS 主控 / status', 0, null],
    ]);
  });

  test("parallel lists of a day's figures are read by their hours; a list of plain values by place", () => {
    const degree = ready({ day: '2026-11-22', time_keys: ['00:00', '01:00'], charge: [1.5, 2], discharge: [0, null] });
    const plain = ready({ levels: [3, 4] });
    expect(answerTable({}, { degree, plain }, headings, context).rows).toEqual([
      ['00:00', 'charge', 1.5, null],
      ['01:00', 'charge', 2, null],
      ['00:00', 'discharge', 0, null],
      ['01:00', 'discharge', null, null],
      [null, 'levels / 1', 3, null],
      [null, 'levels / 2', 4, null],
    ]);
  });

  test('answers not there yet, failed ones and the names of the variables give no row', () => {
    const data: Record<string, SlotState> = {
      values: { status: 'loading' },
      other: { status: 'error', code: 500, message: 'Server error' },
      names,
    };
    expect(answerTable({}, data, headings, context).rows).toEqual([]);
  });
});

test('wallClockText writes a point of a time axis as the station clock it was read from', () => {
  expect(wallClockText(wallClock('2026-11-22 08:05:03'))).toBe('2026-11-22 08:05:03');
  expect(wallClockText(wallClock('2026-11-22 23:59:59.900'))).toBe('2026-11-22 23:59:59');
});

test("the CSV file is named by the widget's title and the station's time of the download", () => {
  expect(inspectFileName('功率趋势', context)).toBe('功率趋势-2026-11-22 0100.csv');
});
