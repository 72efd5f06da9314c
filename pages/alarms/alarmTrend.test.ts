import { describe, expect, test } from 'vitest';
import type { Alarm, WarningTrend } from '../../generated/types';
import { alarmBandNames } from '../../runtime/dashboard';
import { i18nFor } from '../../runtime/i18n/i18n';
import { alarmTrendOption } from './alarmTrend';

const trend: WarningTrend = {
  alarmId: 7,
  sn: 'T2-ST1-BMS.maxCellTemp',
  name: 'Highest cell temperature',
  unit: '℃',
  comparison: 'gt',
  threshold: 45,
  deadband: 1,
  reportTime: '2026-11-20 10:00:00',
  recoverTime: '2026-11-20 10:30:00',
  startTime: '2026-11-20 09:00:00',
  endTime: '2026-11-20 11:30:00',
  datas: [
    { time: '2026-11-20 09:00:00', value: 30 },
    { time: '2026-11-20 10:00:00', value: 46 },
    { time: '2026-11-20 11:30:00', value: 31 },
  ],
};
// The alarm's own times are instants; the station's clock (Shanghai) reads them 10:00 and 10:30.
const alarm = {
  id: 7,
  stationId: 1,
  level: 'major',
  reportTime: '2026-11-20T02:00:00.000Z',
  recoverTime: '2026-11-20T02:30:00.000Z',
} as unknown as Alarm;

const optionOf = (shown: WarningTrend) => {
  const t = i18nFor('en').t;
  return alarmTrendOption(shown, alarm, 'Asia/Shanghai', { threshold: 'Threshold', bands: alarmBandNames(t) });
};
type Series = {
  data: [number, number][];
  markLine?: { data: { yAxis: number; name: string }[] };
  markArea?: { data: unknown[] };
};
type Axis = { min(extent: { min: number }): number; max(extent: { max: number }): number };

describe('the curve of an alarm’s variable', () => {
  test('draws the samples, the threshold as a labelled line that the value axis reaches, and the alarm as a band', () => {
    const option = optionOf(trend);
    const [series] = option.series as Series[];
    expect(series?.data.map(([, value]) => value)).toEqual([30, 46, 31]);
    expect(series?.markLine?.data).toEqual([expect.objectContaining({ yAxis: 45, name: 'Threshold 45 ℃' })]);
    // The band from 10:00 to 10:30 on the station's clock, where the curve's times are.
    const [band] = (series?.markArea?.data ?? []) as [{ xAxis: number }, { xAxis: number }][];
    expect(band?.map((edge) => edge.xAxis)).toEqual([Date.UTC(2026, 10, 20, 10), Date.UTC(2026, 10, 20, 10, 30)]);
    const axis = option.yAxis as Axis;
    // The curve stays below a higher threshold: the axis reaches up to it, and down to the curve.
    expect(axis.max({ max: 40 })).toBe(45);
    expect(axis.min({ min: 30 })).toBe(30);
    expect(axis.max({ max: 50 })).toBe(50);
  });

  test('a communication-loss alarm has no threshold: no line, the axis the curve’s own', () => {
    const option = optionOf({ ...trend, threshold: null });
    const [series] = option.series as Series[];
    expect(series?.markLine).toBeUndefined();
    expect(typeof (option.yAxis as { max?: unknown }).max).not.toBe('function');
  });
});
