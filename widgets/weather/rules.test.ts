import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/weather.json';
import type { WeatherReport } from '../../generated/types';
import { configDefaults } from '../../runtime/dashboard';
import { weather } from '.';
import { clockOf, dayOf, forecastOf, isSimulated, nextDay, reportOf, weekdayOf, type WeatherConfig } from './rules';

const defaults = configDefaults(schema as never) as WeatherConfig;
const context = {
  station: { sn: 'T2-ST1', name: '储能示范站', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};
/** The demo's simulated weather at T2-ST1 on 2026-11-21 14:30 local time. */
const REPORT: WeatherReport = {
  stationSn: 'T2-ST1',
  source: 'simulated',
  time: '2026-11-21 14:30:00',
  condition: 'cloudy',
  temperature: 10.8,
  irradiance: 168,
  days: [
    { date: '2026-11-21', condition: 'cloudy', low: 5.7, high: 10.9 },
    { date: '2026-11-22', condition: 'sunny', low: 7.8, high: 15.9 },
    { date: '2026-11-23', condition: 'cloudy', low: 6.6, high: 11.6 },
  ],
};

describe('weather: configuration', () => {
  test.each([
    ['name', '天气'],
    ['icon', 'CloudOutlined'],
    ['forecastDays', 3],
    ['showIrradiance', true],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('it needs the weather of the dashboard’s station', () => {
    expect(weather.needs(defaults, context)).toEqual({
      weather: { operationId: 'getStationWeather', params: { stationSn: 'T2-ST1' } },
    });
  });

  test.each([1, 2])('a configuration of format %s is kept as it is (it has no device variables)', (version) => {
    expect(weather.migrate({ name: '天气', forecastDays: 2 }, version)).toEqual({ name: '天气', forecastDays: 2 });
  });
});

describe('weather: report', () => {
  test.each([
    ['ready', { status: 'ready', data: REPORT }, REPORT],
    ['loading', { status: 'loading' }, undefined],
    ['failed', { status: 'error', code: 500, message: 'x' }, undefined],
    ['not a report', { status: 'ready', data: [] }, undefined],
    ['not asked', undefined, undefined],
  ] as const)('%s: %o', (_case, slot, report) => {
    expect(reportOf(slot)).toEqual(report);
  });

  test.each([
    ['simulated', true],
    ['weather service', false],
  ])('source %s is simulated: %s', (source, simulated) => {
    expect(isSimulated({ ...REPORT, source })).toBe(simulated);
  });

  test.each([
    ['2026-11-21 14:30:00', '14:30'],
    ['2026-11-21 09:05', '09:05'],
    ['now', 'now'],
  ])('updated at %s shows %s', (time, clock) => {
    expect(clockOf(time)).toBe(clock);
  });
});

describe('weather: forecast', () => {
  test.each([
    ['2026-11-21', '2026-11-22'],
    ['2026-02-28', '2026-03-01'],
    ['2028-02-28', '2028-02-29'],
    ['2026-12-31', '2027-01-01'],
  ])('the day after %s is %s', (date, next) => {
    expect(nextDay(date)).toBe(next);
  });

  test.each([
    ['2026-11-21', 'today'],
    ['2026-11-22', 'tomorrow'],
    ['2026-11-23', 'later'],
  ] as const)('%s is %s at the station', (date, day) => {
    expect(dayOf(date, REPORT.time)).toBe(day);
  });

  test.each([
    ['2026-11-23', 'en', 'Mon'],
    ['2026-11-23', 'zh', '周一'],
    ['2026-11-21', 'en', 'Sat'],
  ])('%s in %s is %s', (date, language, weekday) => {
    expect(weekdayOf(date, language)).toBe(weekday);
  });

  test.each([
    [3, ['today', 'tomorrow', 'later']],
    [2, ['today', 'tomorrow']],
    [7, ['today', 'tomorrow', 'later']],
    [0, []],
  ])('%s days of forecast show %o (never more than the call answers)', (count, days) => {
    expect(forecastOf(REPORT, count).map((day) => day.day)).toEqual(days);
  });

  test('each day keeps its sky and temperatures', () => {
    expect(forecastOf(REPORT, 2)[1]).toEqual({ date: '2026-11-22', day: 'tomorrow', condition: 'sunny', low: 7.8, high: 15.9 });
  });
});
