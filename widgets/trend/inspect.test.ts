import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/trend.json';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { trend } from '.';
import { trendOption, trendSeries, type TrendAnswer, type TrendConfig } from './rules';

const defaults = configDefaults(schema as never) as TrendConfig;
const context = {
  station: { sn: 'S1', name: 'S1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T17:00:00Z'),
};
const headings = { time: '时间', name: '名称', value: '数值', unit: '单位' };
const PV = { deviceSn: 'S1-PV', varSn: 'S1-PV.power' };
const LOAD = { deviceSn: 'S1-METER', varSn: 'S1-METER.power' };
const config: TrendConfig = {
  ...defaults,
  nodeInfo: [
    { deviceVar: PV, name: '光伏', color: '#409EFF', timestamp: 1 },
    { deviceVar: LOAD, name: '', color: '#29BB9A', timestamp: 2 },
  ],
};
/** Two series sampled at times of their own, as the raw history answers them. */
const answer: TrendAnswer = [
  {
    sn: PV.varSn,
    unit: 'kW',
    datas: [
      { time: '2026-11-22 00:00:00', value: 10.04 },
      { time: '2026-11-22 00:05:00', value: 11.26 },
    ],
  },
  {
    sn: LOAD.varSn,
    unit: 'kW',
    datas: [
      { time: '2026-11-22 00:00:00', value: 30.55 },
      { time: '2026-11-22 00:02:30', value: -1.25 },
    ],
  },
];
const names: SlotState = {
  status: 'ready',
  data: [
    {
      sn: LOAD.varSn,
      name: '有功功率',
      unit: 'kW',
      kind: 'gauge',
      deviceSn: LOAD.deviceSn,
      deviceName: '关口电表',
      stationSn: 'S1',
    },
  ],
};
const data: Record<string, SlotState> = { trend: { status: 'ready', data: answer }, names };
const inspect = (slots: Record<string, SlotState>) => trend.inspect?.(config, slots, headings, context);

describe('the trend inspected', () => {
  test('one row per time, one column per series named as its legend, values rounded as the chart shows them', () => {
    expect(inspect(data)).toEqual({
      columns: ['时间', '光伏 (kW)', '关口电表 / 有功功率 (kW)'],
      rows: [
        ['2026-11-22 00:00:00', 10, 30.6],
        ['2026-11-22 00:02:30', null, -1.2],
        ['2026-11-22 00:05:00', 11.3, null],
      ],
    });
  });

  test("the rows hold exactly the points of the chart's series", () => {
    const series = trendSeries(config, answer, names);
    const option = trendOption(config, series, context, { max: 'max', min: 'min', average: 'average' }) as {
      series: { data: [number, number | null][] }[];
    };
    const table = inspect(data);
    const drawn = option.series.map((entry) => entry.data.map(([, value]) => value));
    const held = series.map((_, column) => table?.rows.map((row) => row[column + 1]).filter((value) => value !== null));
    expect(held).toEqual(drawn);
  });

  test('nothing while the history has not come', () => {
    expect(inspect({ trend: { status: 'loading' } })?.rows).toEqual([]);
  });
});
