import type { UiSchema } from '@rjsf/utils';
import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/trend.json';
import uiSchema from '../../schemas/widgets/trend.ui.json';
import { i18nFor } from '../../runtime';
import { configDefaults, effectiveConfig, type SlotState } from '../../runtime/dashboard';
import { disabledReason } from '../../runtime/forms/disabledReason';
import { trend } from '.';
import {
  roundValue,
  stampNodes,
  trendFollowPeriod,
  trendOption,
  trendSeries,
  trendUi,
  type TrendConfig,
  type TrendNode,
} from './rules';

const defaults = configDefaults(schema as never) as TrendConfig;
/** What a rule's UI schema of a field says under it, in a language: why it is disabled (undefined: it is not). */
const said = (ui: UiSchema, language: 'en' | 'zh') => disabledReason(i18nFor(language).t, language, {}, ui);
const context = {
  station: { sn: 'S1', name: 'S1', timeZone: 'Asia/Shanghai', fields: {} },
  // 2026-11-22 01:00 at the station.
  now: Date.parse('2026-11-21T17:00:00Z'),
};
const PV = { deviceSn: 'S1-PV', varSn: 'S1-PV.power' };
const LOAD = { deviceSn: 'S1-METER', varSn: 'S1-METER.power' };
const nodes = [
  { deviceVar: PV, name: 'PV', color: '#409EFF', timestamp: 1 },
  { deviceVar: LOAD, name: 'Load', color: '#29BB9A', timestamp: 2 },
];
/** The history call, and the station's alarms of the same period (marked on the chart). */
const trendNeed = (query: { startTime: string; endTime: string }) => ({
  trend: { operationId: 'getHistoryTrend', query: { sns: `${PV.varSn},${LOAD.varSn}`, points: '500', ...query } },
  alarms: { operationId: 'getPeriodAlarms', query: { stationSn: 'S1', startTime: query.startTime, endTime: query.endTime } },
});

describe('trend (specification §3, §9)', () => {
  test.each([
    ['name', '趋势分析'],
    ['showType', 'line'],
    ['calcMethod', 'AVG'],
    ['appendInformation', ''],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('max, min and average are all marked by default; a series is blue (#409EFF) by default', () => {
    expect(defaults.selChecked).toEqual({ maxChecked: true, minChecked: true, avgChecked: true });
    expect(schema.properties.nodeInfo.items.properties.color.default).toBe('#409EFF');
    expect(uiSchema.nodeInfo.items.timestamp).toEqual({ 'ui:widget': 'hidden' });
  });

  test.each([
    ['queryInterval', ['NORMAL', 'DAY', 'MONTH', 'YEAR', 'DAY_SUM'], undefined],
    ['calcMethod', ['AVG', 'MAX', 'SUM'], ['MAX']],
    ['showType', ['line', 'bar'], undefined],
  ] as const)('%s offers %o with %o disabled', (field, options, disabled) => {
    const property: { enum: readonly string[]; 'x-disabled'?: string[] } = schema.properties[field];
    expect(property.enum).toEqual(options);
    expect(property['x-disabled']).toEqual(disabled);
  });

  test.each([
    [
      'NORMAL',
      'All values of the day are shown as measured: there is nothing to calculate.',
      '显示当天全部原始数据，无需选择计算方式。',
    ],
    ['DAY', undefined, undefined],
    ['MONTH', undefined, undefined],
    ['YEAR', undefined, undefined],
    ['DAY_SUM', "The day's values are always summed per hour.", '当天数据始终按小时累计。'],
  ] as const)('with the interval %s the calculation method is disabled, saying why: %s', (queryInterval, en, zh) => {
    const ui = trendUi({ ...defaults, queryInterval }).calcMethod as UiSchema;
    expect(ui['ui:disabled']).toBe(en !== undefined);
    expect([said(ui, 'en'), said(ui, 'zh')]).toEqual([en, zh]);
  });

  test.each([
    [
      'NORMAL',
      undefined,
      { calcmethod: 'AVG', queryPeriod: 'RAW', startTime: '2026-11-22 00:00:00.000', endTime: '2026-11-23 00:00:00.000' },
    ],
    [
      'DAY',
      undefined,
      { calcmethod: 'AVG', queryPeriod: 'HOUR', startTime: '2026-11-22 00:00:00.000', endTime: '2026-11-23 00:00:00.000' },
    ],
    [
      'MONTH',
      undefined,
      { calcmethod: 'AVG', queryPeriod: 'DAY', startTime: '2026-11-01 00:00:00.000', endTime: '2026-12-01 00:00:00.000' },
    ],
    [
      'YEAR',
      undefined,
      { calcmethod: 'AVG', queryPeriod: 'MONTH', startTime: '2026-01-01 00:00:00.000', endTime: '2027-01-01 00:00:00.000' },
    ],
    [
      'DAY_SUM',
      undefined,
      { calcmethod: 'SUM', queryPeriod: 'HOUR', startTime: '2026-11-22 00:00:00.000', endTime: '2026-11-23 00:00:00.000' },
    ],
    [
      'MONTH',
      '2026-02-14',
      { calcmethod: 'AVG', queryPeriod: 'DAY', startTime: '2026-02-01 00:00:00.000', endTime: '2026-03-01 00:00:00.000' },
    ],
  ] as const)('%s (query time %s) needs getHistoryTrend %o', (queryInterval, queryTime, query) => {
    expect(trend.needs({ ...defaults, queryInterval, queryTime, nodeInfo: nodes }, context)).toEqual(trendNeed(query));
  });

  test("no series: no call ('please configure')", () => {
    expect(trend.needs(defaults, context)).toEqual({});
  });

  test.each([
    [12.345, 12.3],
    [12.35, 12.4],
    [-0.06, -0.1],
    [100, 100],
  ])('the value %s is shown rounded to 1 decimal: %s', (value, shown) => {
    expect(roundValue(value)).toBe(shown);
  });

  const answer = [
    { sn: PV.varSn, unit: 'kW', datas: [{ time: '2026-11-22 10:00:00', value: 80.26 }] },
    {
      sn: LOAD.varSn,
      unit: 'kW',
      datas: [
        { time: '2026-11-22 04:30:00', value: 50 },
        { time: '2026-11-22 05:39:00', value: 61.04 },
        { time: '2026-11-22 05:40:00', value: 58 },
      ],
    },
  ];
  const marks = { max: 'Max', min: 'Min', average: 'Average' };
  type Drawn = {
    useUTC: boolean;
    xAxis: { type: string; min: number; max: number };
    series: {
      type: string;
      name: string;
      data: [number, number][];
      itemStyle: { color: string };
      markPoint?: unknown;
      markLine?: unknown;
    }[];
    dataZoom: unknown[];
  };
  const draw = (config: TrendConfig) => trendOption(config, trendSeries(config, answer), context, marks) as unknown as Drawn;

  test('each series is drawn at the times of its own points, on a time axis spanning the period in the station’s clock', () => {
    const option = draw({ ...defaults, queryInterval: 'NORMAL', nodeInfo: nodes });
    expect(option.useUTC).toBe(true);
    expect(option.xAxis).toMatchObject({ type: 'time', min: Date.UTC(2026, 10, 22), max: Date.UTC(2026, 10, 23) });
    expect(option.series.map(({ type, name, data, itemStyle }) => ({ type, name, data, itemStyle }))).toEqual([
      { type: 'line', name: 'PV', data: [[Date.UTC(2026, 10, 22, 10), 80.3]], itemStyle: { color: '#409EFF' } },
      {
        type: 'line',
        name: 'Load',
        data: [
          [Date.UTC(2026, 10, 22, 4, 30), 50],
          [Date.UTC(2026, 10, 22, 5, 39), 61],
          [Date.UTC(2026, 10, 22, 5, 40), 58],
        ],
        itemStyle: { color: '#29BB9A' },
      },
    ]);
    expect(option.dataZoom.length).toBeGreaterThan(0);
  });

  test('the marks chosen are drawn on each series; none chosen, none drawn', () => {
    const marked = draw({ ...defaults, nodeInfo: nodes });
    expect(marked.series[1]?.markPoint).toMatchObject({ data: [{ name: 'Max 61' }, { name: 'Min 50' }] });
    // All values of the day are samples: their average is weighted by time (61 held for the hour
    // before it, the most a sample counts for, 58 for a minute).
    expect(marked.series[1]?.markLine).toMatchObject({ data: [{ yAxis: (61 * 60 + 58) / 61 }] });
    // Hourly figures each stand for an hour: their plain average.
    const hourly = draw({ ...defaults, queryInterval: 'DAY', nodeInfo: nodes });
    expect(hourly.series[1]?.markLine).toMatchObject({ data: [{ yAxis: (50 + 61 + 58) / 3 }] });
    const plain = draw({ ...defaults, nodeInfo: nodes, selChecked: { maxChecked: false, minChecked: false, avgChecked: false } });
    expect(plain.series[1]?.markPoint).toBeUndefined();
    expect(plain.series[1]?.markLine).toBeUndefined();
  });

  test('bars when the chart type asks; a month spans its days', () => {
    const option = draw({ ...defaults, showType: 'bar', queryInterval: 'MONTH', nodeInfo: nodes });
    expect(option.series.map((series) => series.type)).toEqual(['bar', 'bar']);
    expect(option.xAxis).toMatchObject({ min: Date.UTC(2026, 10, 1), max: Date.UTC(2026, 11, 1) });
  });

  test('a series the answer has no points of is drawn empty', () => {
    const option = trendOption(
      { ...defaults, nodeInfo: nodes },
      trendSeries({ ...defaults, nodeInfo: nodes }, []),
      context,
      marks,
    );
    expect((option as unknown as Drawn).series.map((series) => series.data)).toEqual([[], []]);
  });

  test("a series without a name of its own is named by its device's and its variable's names, asked for once", () => {
    const unnamed = [{ deviceVar: PV, name: '', color: '#409EFF', timestamp: 1 }, nodes[1] as TrendNode];
    expect(trend.needs({ ...defaults, nodeInfo: unnamed }, context)).toMatchObject({
      names: { operationId: 'getDeviceVars', body: { deviceSns: PV.deviceSn } },
    });
    const names: SlotState = {
      status: 'ready',
      data: [
        {
          sn: PV.varSn,
          name: '有功功率',
          unit: 'kW',
          kind: 'gauge',
          deviceSn: PV.deviceSn,
          deviceName: '光伏逆变器',
          stationSn: 'S1',
        },
      ],
    };
    const series = trendSeries({ ...defaults, nodeInfo: unnamed }, answer, names);
    expect(series.map((entry) => entry.name)).toEqual(['光伏逆变器 / 有功功率', 'Load']);
    const option = trendOption({ ...defaults, nodeInfo: unnamed }, series, context, marks) as unknown as Drawn;
    expect(option.series.map((entry) => entry.name)).toEqual(['光伏逆变器 / 有功功率', 'Load']);
  });

  test('a series just added gets its creation time and a colour of its own', () => {
    const previous = { ...defaults, nodeInfo: nodes.slice(0, 1) };
    const after = stampNodes(previous, { ...previous, nodeInfo: [...previous.nodeInfo, { name: 'x', color: '#409EFF' }] }, 77);
    expect(after.nodeInfo[1]).toEqual({ name: 'x', color: '#29BB9A', timestamp: 77 });
  });

  test('a configuration of format 1 (variables as [device, variable] pairs) is migrated', () => {
    const old = { nodeInfo: [{ deviceVar: ['S1-PV', 'S1-PV.power'], name: 'PV', color: '#409EFF', timestamp: 1 }] };
    expect(trend.migrate(old, 1)).toEqual({ nodeInfo: [nodes[0]] });
    const current = { nodeInfo: nodes };
    expect(trend.migrate(current, 2)).toBe(current);
  });
});

describe("trend following the dashboard's period", () => {
  /** The daily values of the station's month (November 2026 at the context's instant). */
  const DAYS_OF_MONTH = {
    calcmethod: 'AVG',
    queryPeriod: 'DAY',
    startTime: '2026-11-01 00:00:00.000',
    endTime: '2026-12-01 00:00:00.000',
  };

  test.each([
    ['NORMAL', 'day', 'NORMAL'],
    ['DAY', 'day', 'DAY'],
    ['DAY_SUM', 'day', 'DAY_SUM'],
    ['MONTH', 'day', 'DAY'],
    ['YEAR', 'day', 'DAY'],
    ['NORMAL', 'month', 'MONTH'],
    ['DAY_SUM', 'month', 'MONTH'],
    ['MONTH', 'month', 'MONTH'],
    ['YEAR', 'month', 'MONTH'],
    ['NORMAL', 'year', 'YEAR'],
    ['MONTH', 'year', 'YEAR'],
    ['YEAR', 'year', 'YEAR'],
  ] as const)('%s, following %s, shows %s', (queryInterval, period, shown) => {
    expect(trendFollowPeriod({ ...defaults, queryInterval }, period).queryInterval).toBe(shown);
  });

  test('the current period is shown, not the one of a past day chosen in the configuration', () => {
    const past = { ...defaults, queryInterval: 'MONTH' as const, queryTime: '2026-02-14', nodeInfo: nodes };
    const followed = trendFollowPeriod(past, 'month');
    expect(followed.queryTime).toBeUndefined();
    expect(trend.needs(followed, { ...context, period: 'month' })).toEqual(trendNeed(DAYS_OF_MONTH));
  });

  test('this month on the dashboard: daily values of the station’s month; the stored trend (all values of today) unchanged', () => {
    const stored = { ...defaults, nodeInfo: nodes };
    expect(trend.needs(effectiveConfig(trend, stored, 'month'), { ...context, period: 'month' })).toEqual(
      trendNeed(DAYS_OF_MONTH),
    );
    expect(stored.queryInterval).toBe('NORMAL');
    // Today already: the same configuration, nothing to ask anew.
    expect(effectiveConfig(trend, stored, 'day')).toBe(stored);
  });
});
