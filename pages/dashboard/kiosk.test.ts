import { describe, expect, test } from 'vitest';
import { dashboardPath, dataAge, kioskCycle, kioskPath } from './kiosk';

describe('kioskCycle', () => {
  test.each([
    ['', [], 60_000],
    ['station=T2-ST1', ['T2-ST1'], 60_000],
    ['stations=T2-ST1,T2-PV1&every=30', ['T2-ST1', 'T2-PV1'], 30_000],
    ['stations=T2-ST1, T2-PV1,,T2-ST1', ['T2-ST1', 'T2-PV1'], 60_000],
    ['stations=T2-ST1,T2-PV1&every=2', ['T2-ST1', 'T2-PV1'], 10_000],
    ['stations=T2-ST1&every=soon', ['T2-ST1'], 60_000],
    ['station=T2-ST1&stations=', ['T2-ST1'], 60_000],
  ])('?%s shows %o, each for %i ms', (query, stations, everyMs) => {
    expect(kioskCycle(new URLSearchParams(query))).toEqual({ stations, everyMs });
  });
});

describe('dataAge', () => {
  const now = Date.parse('2026-11-25T08:00:00Z');
  test.each([
    [undefined, { key: 'waiting' }],
    [now, { key: 'updatedSeconds', count: 0 }],
    [now - 12_400, { key: 'updatedSeconds', count: 12 }],
    [now - 59_999, { key: 'updatedSeconds', count: 59 }],
    [now - 60_000, { key: 'updatedMinutes', count: 1 }],
    [now - 185_000, { key: 'updatedMinutes', count: 3 }],
    // A clock a little behind the answer's (the answer seen within the same second).
    [now + 300, { key: 'updatedSeconds', count: 0 }],
  ])('answered at %s: %o', (answeredAt, age) => {
    expect(dataAge(answeredAt, now)).toEqual(age);
  });
});

test('the kiosk view and the dashboard it is left to are addressed by their station', () => {
  expect(kioskPath('T2-ST1')).toBe('/kiosk?station=T2-ST1');
  expect(dashboardPath('站 1')).toBe('/main/ems/map/monitor/dashboard?station=%E7%AB%99+1');
  expect(dashboardPath(undefined)).toBe('/main/ems/map/monitor/dashboard');
});

test('the dashboard’s period goes to the kiosk view and back with the station; none is left out', () => {
  expect(kioskPath('T2-ST1', 'month')).toBe('/kiosk?station=T2-ST1&period=month');
  expect(kioskPath('T2-ST1', undefined)).toBe('/kiosk?station=T2-ST1');
  expect(dashboardPath('T2-ST1', 'year')).toBe('/main/ems/map/monitor/dashboard?station=T2-ST1&period=year');
  expect(dashboardPath(undefined, 'day')).toBe('/main/ems/map/monitor/dashboard?period=day');
});
