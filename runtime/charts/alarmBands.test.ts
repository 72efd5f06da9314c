import { describe, expect, test } from 'vitest';
import type { Alarm } from '../../generated/types';
import {
  alarmBandArea,
  alarmBands,
  alarmTooltip,
  clickedAlarm,
  LEVEL_COLORS,
  withAlarmBands,
  type AlarmBandNames,
} from './alarmBands';
import { wallClock } from './time';

/** A day of a station in Shanghai (UTC+8), as the chart's axis holds it. */
const ZONE = 'Asia/Shanghai';
const span = { min: wallClock('2026-11-25 00:00:00'), max: wallClock('2026-11-26 00:00:00') };
const names: AlarmBandNames = {
  level: (level) => `L:${level}`,
  device: 'Device',
  start: 'Report time',
  end: 'Recovered at',
  active: 'Open',
};

const ended: Alarm = {
  id: 1,
  level: 'critical',
  info: 'PCS <fault>',
  deviceName: 'PCS 1',
  // 10:00 and 11:30 in Shanghai.
  reportTime: '2026-11-25T02:00:00.000Z',
  recoverTime: '2026-11-25T03:30:00.000Z',
  status: 0,
};
const open: Alarm = {
  id: 2,
  level: 'minor',
  info: 'SOC low',
  deviceName: 'BMS',
  reportTime: '2026-11-25T06:00:00.000Z',
  status: 1,
};

describe('alarm bands', () => {
  test('an ended alarm spans its start to its recovery in the station clock; an open one runs to the end of the period', () => {
    expect(alarmBands([ended, open], ZONE, span)).toEqual([
      { alarm: ended, start: wallClock('2026-11-25 10:00:00'), end: wallClock('2026-11-25 11:30:00'), active: false },
      { alarm: open, start: wallClock('2026-11-25 14:00:00'), end: span.max, active: true },
    ]);
  });

  test('alarms are cut to the period, those outside it left out, a momentary one kept visible', () => {
    const before = { ...ended, id: 3, reportTime: '2026-11-24T01:00:00.000Z', recoverTime: '2026-11-24T02:00:00.000Z' };
    const across = { ...ended, id: 4, reportTime: '2026-11-24T12:00:00.000Z', recoverTime: '2026-11-24T17:00:00.000Z' };
    const after = { ...open, id: 5, reportTime: '2026-11-26T01:00:00.000Z' };
    const moment = { ...ended, id: 6, reportTime: '2026-11-25T04:00:00.000Z', recoverTime: '2026-11-25T04:00:00.000Z' };
    const bands = alarmBands([before, across, after, moment], ZONE, span);
    expect(bands.map((band) => band.alarm.id)).toEqual([4, 6]);
    expect(bands[0]).toMatchObject({ start: span.min, end: wallClock('2026-11-25 01:00:00') });
    // A two-hundredth of the day: 7.2 minutes.
    expect((bands[1]?.end ?? 0) - (bands[1]?.start ?? 0)).toBe(432_000);
  });

  test.each([
    ['critical', '#F5222D'],
    ['major', '#FA8C16'],
    ['minor', '#FAAD14'],
    ['notice', '#1677FF'],
  ] as const)('a %s alarm is drawn in %s', (level, color) => {
    const area = alarmBandArea(alarmBands([{ ...ended, level }], ZONE, span), names, ZONE);
    const [from] = (area?.data ?? [])[0] as [{ itemStyle: { color: string; borderColor: string } }];
    expect(from.itemStyle).toMatchObject({ color, borderColor: color });
    expect(LEVEL_COLORS[level]).toBe(color);
  });

  test('an open alarm has a dashed edge, an ended one a solid edge', () => {
    const area = alarmBandArea(alarmBands([ended, open], ZONE, span), names, ZONE);
    const edges = (area?.data ?? []).map((pair) => (pair as [{ itemStyle: { borderType: string } }])[0].itemStyle.borderType);
    expect(edges).toEqual(['solid', 'dashed']);
  });

  test('the tooltip names the alarm, its level, device, start and end in the station clock, the text escaped', () => {
    const [first, second] = alarmBands([ended, open], ZONE, span);
    const text = alarmTooltip(first!, names, ZONE);
    expect(text).toContain('PCS &#60;fault&#62;');
    expect(text).toContain('L:critical');
    expect(text).toContain('Device: PCS 1');
    expect(text).toContain('Report time: 2026-11-25 10:00:00');
    expect(text).toContain('Recovered at: 2026-11-25 11:30:00');
    expect(alarmTooltip(second!, names, ZONE)).toContain('Recovered at: Open');
  });

  test('bands are marked on the first series, the others left as they were; a chart without alarms is left as it was', () => {
    const chart = {
      series: [
        { type: 'line' as const, data: [] },
        { type: 'line' as const, data: [] },
      ],
    };
    expect(withAlarmBands(chart, [], names, ZONE)).toBe(chart);
    expect(withAlarmBands({ series: [] }, alarmBands([ended], ZONE, span), names, ZONE)).toEqual({ series: [] });
    const marked = withAlarmBands(chart, alarmBands([ended], ZONE, span), names, ZONE);
    const series = marked.series as { markArea?: { data: unknown[] } }[];
    expect(series.map((entry) => entry.markArea?.data.length)).toEqual([1, undefined]);
  });

  test('a click on a band finds its alarm; a click elsewhere none', () => {
    const bands = alarmBands([ended, open], ZONE, span);
    expect(clickedAlarm(bands, { componentType: 'markArea', seriesIndex: 0, dataIndex: 1 })).toBe(open);
    expect(clickedAlarm(bands, { componentType: 'series', seriesIndex: 0, dataIndex: 1 })).toBeUndefined();
    expect(clickedAlarm(bands, { componentType: 'markArea', seriesIndex: 1, dataIndex: 0 })).toBeUndefined();
  });
});
