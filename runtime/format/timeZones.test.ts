import { afterEach, describe, expect, test, vi } from 'vitest';
import { offsetMinutes, offsetText, stationClock, zonesToState } from './timeZones';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('time zones of stations', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test.each([
    ['Asia/Shanghai', WINTER, 480],
    ['Asia/Kolkata', WINTER, 330],
    ['America/New_York', WINTER, -300],
    ['America/New_York', SUMMER, -240],
    ['Africa/Abidjan', SUMMER, 0],
  ])('%s is %d minutes east of UTC at %s', (zone, at, minutes) => {
    expect(offsetMinutes(zone, at)).toBe(minutes);
  });

  test.each([
    [480, 'UTC+8'],
    [330, 'UTC+5:30'],
    [-210, 'UTC-3:30'],
    [0, 'UTC'],
  ])('an offset of %d minutes reads %s', (minutes, text) => {
    expect(offsetText(minutes)).toBe(text);
  });

  test.each([
    ['Asia/Shanghai', ['Asia/Shanghai'], WINTER, []],
    // Another name, the same clock: nothing to say.
    ['Asia/Shanghai', ['Asia/Kuala_Lumpur'], WINTER, []],
    ['Europe/Berlin', ['Asia/Shanghai'], WINTER, ['Asia/Shanghai, UTC+8']],
    ['America/New_York', ['Asia/Shanghai'], WINTER, ['Asia/Shanghai, UTC+8']],
    // London keeps UTC in winter only.
    ['Europe/London', ['Africa/Abidjan'], WINTER, []],
    ['Europe/London', ['Africa/Abidjan'], SUMMER, ['Africa/Abidjan, UTC']],
    // One station elsewhere: every station's zone is named, each once.
    [
      'Asia/Shanghai',
      ['Asia/Shanghai', 'Asia/Shanghai', 'Asia/Kolkata'],
      WINTER,
      ['Asia/Shanghai, UTC+8', 'Asia/Kolkata, UTC+5:30'],
    ],
  ])('a browser in %s, stations in %j, at %s: states %j', (browser, stations, at, stated) => {
    vi.stubEnv('TZ', browser);
    expect(zonesToState(stations, at)).toEqual(stated);
  });
});

describe("a station's clock", () => {
  test('16:30 UTC on the last day of a month is the next day and month in Shanghai, the same day in New York', () => {
    const at = new Date('2026-11-30T16:30:00Z');
    expect(stationClock('Asia/Shanghai', at).format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 00:30');
    expect(stationClock('America/New_York', at).format('YYYY-MM-DD HH:mm')).toBe('2026-11-30 11:30');
  });
});
