import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/todayEnergy.json';
import type { DailyDegree } from '../../generated/types';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { todayEnergy } from '.';
import { changeOf, flowFigures, sumOf, upTo, type TodayEnergyConfig } from './rules';

const defaults = configDefaults(schema as never) as TodayEnergyConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };
const HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

const degree = (day: string, flows: Partial<Record<'pvYield' | 'charge' | 'discharge', (number | null)[]>>): SlotState => {
  const data: DailyDegree = { day, time_keys: HOURS, ...flows };
  return { status: 'ready', data };
};

describe('today energy', () => {
  test('defaults: title 今日电量, storage, the single-data rise and drop colours', () => {
    expect(defaults).toEqual({
      name: '今日电量',
      icon: 'ThunderboltOutlined',
      energyKind: 'storage',
      numberFix: 2,
      riseColor: '#F96377',
      dropColor: '#29BB9A',
    });
  });

  test.each([
    [[null, 1.5, 2.5], 4],
    [[0, 0], 0],
    [[null, null], null],
    [undefined, null],
  ])('the day’s energy of hours %o is %s kWh', (series, sum) => {
    expect(sumOf(series)).toBe(sum);
  });

  test.each([
    ['02:30', 4.5],
    ['00:00', 0],
    ['03:59', 1 + 2 + 3 + 4 * (59 / 60)],
    ['12:00', 10],
  ])('yesterday’s energy up to %s is %s kWh (the hour begun counted for its minutes)', (time, energy) => {
    expect(upTo([1, 2, 3, 4, null, null], HOURS, time)).toBeCloseTo(energy, 10);
  });

  test.each([
    [110, 100, 10],
    [90, 100, -10],
    [50, 200, -75],
    [5, 0, null],
    [null, 100, null],
    [100, null, null],
  ])('%s against %s is a change of %s %', (value, reference, change) => {
    expect(changeOf(value, reference)).toBe(change);
  });

  test('needs the hourly energy of the station’s today and yesterday', () => {
    const at = (now: string) => todayEnergy.needs(defaults, { station, now: Date.parse(now) });
    expect(at('2026-11-21T06:30:00Z')).toEqual({
      today: { operationId: 'getDailyDegree', params: { stationSn: 'T2-ST1' }, query: { day: '2026-11-21' } },
      yesterday: { operationId: 'getDailyDegree', params: { stationSn: 'T2-ST1' }, query: { day: '2026-11-20' } },
    });
    // 00:30 on 1 December in Shanghai: yesterday is the last day of November.
    expect(at('2026-11-30T16:30:00Z').yesterday?.query).toEqual({ day: '2026-11-30' });
  });

  test.each([
    ['storage', ['charge', 'discharge']],
    ['photovoltaic', ['pvYield']],
    ['all', ['pvYield', 'charge', 'discharge']],
  ] as const)('%s shows %o', (energyKind, flows) => {
    expect(flowFigures(energyKind, undefined, undefined, '12:00').map((figure) => figure.flow)).toEqual(flows);
  });

  test('figures: today so far, yesterday in all, the change against yesterday at the same time', () => {
    const today = degree('2026-11-21', { charge: [300, 300, 300, 300, null] });
    const yesterday = degree('2026-11-20', { charge: [250, 250, 250, 250, 250, 0, ...Array<number>(18).fill(0)] });
    // At 03:30 yesterday had 250 × 3 + 250 / 2 = 875 kWh; today 1200: +37.14 %.
    const [charge] = flowFigures('storage', today, yesterday, '03:30');
    expect(charge?.today).toBe(1200);
    expect(charge?.yesterday).toBe(1250);
    expect(charge?.change).toBeCloseTo(37.142857, 5);
  });

  test('a configuration of format 1 is kept as it is (it stores no device variable)', () => {
    expect(todayEnergy.migrate({ energyKind: 'photovoltaic' }, 1)).toEqual({ energyKind: 'photovoltaic' });
    expect(todayEnergy.migrate({ energyKind: 'all' }, 2)).toEqual({ energyKind: 'all' });
  });
});
