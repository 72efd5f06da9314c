import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/workTypeStatistics.json';
import { configDefaults, effectiveConfig, readRing, type SlotState } from '../../runtime/dashboard';
import { workTypeStatistics } from '.';
import { periodDays, typeCounts, workTypeStatisticsOption, type WorkTypeStatisticsConfig } from './rules';

const defaults = configDefaults(schema as never) as WorkTypeStatisticsConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };
/** 14:30 on 21 November 2026 in Shanghai. */
const context = { station, now: Date.parse('2026-11-21T06:30:00Z') };

describe('work type statistics', () => {
  test('defaults: title 工作类型统计, this month, as a pie, following the dashboard’s period', () => {
    expect(defaults).toEqual({ title: '工作类型统计', period: 'month', followPeriod: true, chart: 'pie' });
    expect(schema.properties.chart.enum).toEqual(['pie', 'bar']);
  });

  test.each([
    ['month', '2026-11-01', '2026-11-30'],
    ['year', '2026-01-01', '2026-12-31'],
  ] as const)('%s counts the work orders planned from %s to %s, revoked ones left out', (period, startDate, endDate) => {
    expect(workTypeStatistics.needs({ ...defaults, period }, context)).toEqual({
      types: {
        operationId: 'getStationWorksheetTypeCount',
        query: { stationSn: 'T2-ST1', startDate, endDate, statuses: 'toDo,inProgress,done' },
      },
    });
  });

  test('the month is the station’s: 00:30 on 1 December in Shanghai is still November in UTC', () => {
    expect(periodDays('month', { station, now: Date.parse('2026-11-30T16:30:00Z') })).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
  });

  test('every kind of work in the order of the worksheet, those without work orders at 0, with its share', () => {
    const slot: SlotState = {
      status: 'ready',
      data: [
        { key: 'maintenance', count: 3 },
        { key: 'inspection', count: 4 },
        { key: 'repair', count: 1 },
      ],
    };
    expect(typeCounts(slot)).toEqual({
      entries: [
        { type: 'inspection', count: 4, share: 50 },
        { type: 'maintenance', count: 3, share: 37.5 },
        { type: 'repair', count: 1, share: 12.5 },
        { type: 'cleaning', count: 0, share: 0 },
        { type: 'test', count: 0, share: 0 },
      ],
      total: 8,
    });
  });

  test('no work orders: a total of 0 and no shares (the view says no data)', () => {
    const counted = typeCounts({ status: 'ready', data: [] });
    expect(counted?.total).toBe(0);
    expect(counted?.entries.map((entry) => entry.share)).toEqual([null, null, null, null, null]);
  });

  test.each([[{ status: 'loading' }], [{ status: 'error', code: 40000, message: 'bad' }]] as [SlotState][])(
    'nothing is counted while the answer is %o',
    (slot) => {
      expect(typeCounts(slot)).toBeUndefined();
    },
  );

  test.each([1, 2])('a configuration of format %s is kept as it is', (version) => {
    const config = { title: '本年工作类型', period: 'year', chart: 'bar' };
    expect(workTypeStatistics.migrate(config, version)).toEqual(config);
  });

  const entries = [
    { type: 'inspection' as const, count: 3, share: 75 },
    { type: 'maintenance' as const, count: 0, share: 0 },
    { type: 'repair' as const, count: 1, share: 25 },
  ];
  const names = { kind: (type: string) => `«${type}»`, total: 'Work orders' };

  test('as a pie: a slice per kind with work orders, in the palette colour of its place, reading its count', () => {
    const ring = readRing(workTypeStatisticsOption('pie', entries, names));
    expect(ring.slices).toEqual([
      { name: '«inspection»', value: 3, color: '#409EFF' },
      { name: '«repair»', value: 1, color: '#F96377' },
    ]);
    expect(ring.label(1)).toBe('1');
    expect(ring.tooltip(0)).toBe('«inspection»: 3 (75.0%)');
  });

  test('as bars: a bar per kind, 0 included, each in its colour, whole numbers from 0', () => {
    const option = workTypeStatisticsOption('bar', entries, names) as unknown as {
      xAxis: { data: string[] };
      yAxis: { minInterval: number; min: number };
      series: { name: string; data: { value: number; itemStyle: { color: string } }[] }[];
    };
    expect(option.xAxis.data).toEqual(['«inspection»', '«maintenance»', '«repair»']);
    expect(option.yAxis).toMatchObject({ minInterval: 1, min: 0 });
    expect(option.series[0]?.name).toBe('Work orders');
    expect(option.series[0]?.data.map((bar) => [bar.value, bar.itemStyle.color])).toEqual([
      [3, '#409EFF'],
      [0, '#29BB9A'],
      [1, '#F96377'],
    ]);
  });
});

describe("work type statistics following the dashboard's period", () => {
  test.each([
    ['year', 'month', 'month'],
    ['month', 'year', 'year'],
    // A day is not one of its periods: the configured one stays.
    ['month', 'day', 'month'],
    ['year', 'day', 'year'],
  ] as const)('%s, following %s, shows %s', (own, period, shown) => {
    expect(effectiveConfig(workTypeStatistics, { ...defaults, period: own }, period).period).toBe(shown);
  });
});
