import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/workOrderStatistics.json';
import { configDefaults, effectiveConfig, type SlotState } from '../../runtime/dashboard';
import { workOrderStatistics } from '.';
import { periodKey, statusBars, workOrderStatisticsOption, type WorkOrderStatisticsConfig } from './rules';

const defaults = configDefaults(schema as never) as WorkOrderStatisticsConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };
/** 14:30 on 21 November 2026 in Shanghai. */
const context = { station, now: Date.parse('2026-11-21T06:30:00Z') };
const row = (key: string, toDo: number, inProgress: number, done: number, revoked: number) => ({
  key,
  total: toDo + inProgress + done + revoked,
  toDo,
  inProgress,
  done,
  revoked,
});

describe('work order statistics', () => {
  test('defaults: title 工单统计, this month, following the dashboard’s period', () => {
    expect(defaults).toEqual({ title: '工单统计', period: 'month', followPeriod: true });
    expect(schema.properties.period.enum).toEqual(['month', 'year']);
  });

  test.each([
    ['month', '2026-11'],
    ['year', '2026'],
  ] as const)('%s reads the station’s counts of %s', (period, key) => {
    expect(workOrderStatistics.needs({ ...defaults, period }, context)).toEqual({
      counts: { operationId: 'getStationWorksheetStatus', query: { stationSn: 'T2-ST1', period: key } },
    });
  });

  test.each([
    ['2026-11-30T16:30:00Z', 'Asia/Shanghai', '2026-12'],
    ['2026-11-30T16:30:00Z', 'Europe/Berlin', '2026-11'],
  ])('at %s the month in %s is %s', (instant, timeZone, month) => {
    expect(periodKey('month', { station: { ...station, timeZone }, now: Date.parse(instant) })).toBe(month);
  });

  test('a month: a bar for each of its 30 days, the days without work orders at 0, totals per state', () => {
    const slot: SlotState = { status: 'ready', data: [row('2026-11-01', 0, 0, 2, 1), row('2026-11-21', 1, 1, 0, 0)] };
    const bars = statusBars(defaults, context, slot);
    expect(bars?.labels).toHaveLength(30);
    expect(bars?.labels.slice(0, 2)).toEqual(['11-01', '11-02']);
    expect(bars?.series.done[0]).toBe(2);
    expect(bars?.series.toDo[20]).toBe(1);
    expect(bars?.series.inProgress[1]).toBe(0);
    expect(bars?.totals).toEqual({ toDo: 1, inProgress: 1, done: 2, revoked: 1 });
    expect(bars?.total).toBe(5);
  });

  test('a year: a bar for each of its 12 months', () => {
    const slot: SlotState = { status: 'ready', data: [row('2026-03', 0, 0, 4, 0), row('2026-11', 2, 1, 3, 1)] };
    const bars = statusBars({ ...defaults, period: 'year' }, context, slot);
    expect(bars?.labels).toEqual(Array.from({ length: 12 }, (_, month) => `2026-${String(month + 1).padStart(2, '0')}`));
    expect(bars?.series.done).toEqual([0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 3, 0]);
    expect(bars?.total).toBe(11);
  });

  test.each([
    [{ status: 'loading' }, undefined],
    [{ status: 'error', code: 40000, message: 'bad' }, undefined],
  ] as [SlotState, undefined][])('no bars while the answer is %o', (slot, bars) => {
    expect(statusBars(defaults, context, slot)).toBe(bars);
  });

  test('a month without work orders counts 0 (the view says no data)', () => {
    expect(statusBars(defaults, context, { status: 'ready', data: [] })?.total).toBe(0);
  });

  test.each([1, 2])('a configuration of format %s is kept as it is', (version) => {
    expect(workOrderStatistics.migrate({ title: '本年工单', period: 'year' }, version)).toEqual({
      title: '本年工单',
      period: 'year',
    });
  });

  test('the chart: a pile of the states on each day, each state in its colour, whole numbers from 0; no answer, no bars', () => {
    const bars = {
      labels: ['11-01', '11-02'],
      series: { toDo: [1, 0], inProgress: [0, 2], done: [3, 0], revoked: [0, 0] },
      totals: { toDo: 1, inProgress: 2, done: 3, revoked: 0 },
      total: 6,
    };
    type Drawn = {
      xAxis: { data: string[] };
      yAxis: { minInterval: number; min: number };
      series: { name: string; stack: string; data: number[]; itemStyle: { color: string } }[];
    };
    const option = workOrderStatisticsOption(bars, (status) => status) as unknown as Drawn;
    expect(option.xAxis.data).toEqual(['11-01', '11-02']);
    expect(option.yAxis).toMatchObject({ minInterval: 1, min: 0 });
    expect(option.series.map(({ name, stack, data, itemStyle }) => [name, stack, data, itemStyle.color])).toEqual([
      ['toDo', 'status', [1, 0], '#1677FF'],
      ['inProgress', 'status', [0, 2], '#FAAD14'],
      ['done', 'status', [3, 0], '#52C41A'],
      ['revoked', 'status', [0, 0], '#8C8C8C'],
    ]);
    const waiting = workOrderStatisticsOption(undefined, String) as unknown as Drawn;
    expect(waiting.xAxis.data).toEqual([]);
    expect(waiting.series.every((series) => series.data.length === 0)).toBe(true);
  });
});

describe("work order statistics following the dashboard's period", () => {
  test.each([
    ['year', 'month', 'month'],
    ['month', 'year', 'year'],
    // A day is not one of its periods: the configured one stays.
    ['month', 'day', 'month'],
    ['year', 'day', 'year'],
  ] as const)('%s, following %s, shows %s', (own, period, shown) => {
    expect(effectiveConfig(workOrderStatistics, { ...defaults, period: own }, period).period).toBe(shown);
  });
});
