import { describe, expect, test } from 'vitest';
import type { WidgetContext } from '../../runtime/dashboard';
import { trendAlarmBands } from './alarms';
import { trendNeeds, type TrendConfig } from './rules';

/** The station's now: 2026-11-25 12:00 in Shanghai. */
const context = { station: { sn: 'T2-ST1', timeZone: 'Asia/Shanghai' }, now: Date.UTC(2026, 10, 25, 4) } as WidgetContext;
const config = {
  queryInterval: 'DAY',
  calcMethod: 'AVG',
  nodeInfo: [{ deviceVar: { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.activePower' }, name: 'P', color: '#409EFF' }],
} as unknown as TrendConfig;
const alarm = { id: 7, level: 'critical' as const, reportTime: '2026-11-25T02:00:00.000Z' };

describe('alarms on a trend', () => {
  test('the station’s alarms of the period shown are asked for beside the values, in the same refresh', () => {
    const needs = trendNeeds(config, context);
    expect(needs.alarms).toEqual({
      operationId: 'getPeriodAlarms',
      query: { stationSn: 'T2-ST1', startTime: '2026-11-25 00:00:00.000', endTime: '2026-11-26 00:00:00.000' },
    });
    expect(needs.trend).toMatchObject({ query: { startTime: '2026-11-25 00:00:00.000' } });
  });

  test('a trend without series asks for no alarms', () => {
    expect(trendNeeds({ ...config, nodeInfo: [] }, context)).toEqual({});
  });

  test('the answer gives bands over the period; an open alarm runs to its end; nothing while it is not there', () => {
    expect(trendAlarmBands(config, { status: 'ready', data: [alarm] }, context)).toEqual([
      { alarm, start: Date.UTC(2026, 10, 25, 10), end: Date.UTC(2026, 10, 26), active: true },
    ]);
    expect(trendAlarmBands(config, { status: 'loading' }, context)).toEqual([]);
    expect(trendAlarmBands(config, undefined, context)).toEqual([]);
  });
});
