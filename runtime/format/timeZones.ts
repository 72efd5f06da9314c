import dayjs, { type Dayjs } from 'dayjs';

/**
 * The offset from UTC of a time zone at a moment, in minutes east of UTC; of the browser's zone
 * when none is named. Offsets, not names, tell whether two clocks agree: Asia/Shanghai and
 * Asia/Kuala_Lumpur show the same time, and a zone's offset changes with daylight saving.
 */
export function offsetMinutes(timeZone: string | undefined, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  // "GMT+08:00", "GMT-03:30", or "GMT" for UTC itself.
  const [, sign = '+', hours = '0', minutes = '0'] = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name) ?? [];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/**
 * A moment as a station's clock shows it: a date of the browser whose year, month, day and time
 * are the station's (formatted, "YYYY-MM" is the station's month). A screen about one station
 * starts on the station's today, not the browser's, which differ for hours on either side of
 * midnight when the two zones do.
 */
export function stationClock(timeZone: string | undefined, at: Date = new Date()): Dayjs {
  return dayjs(at).add(offsetMinutes(timeZone, at) - offsetMinutes(undefined, at), 'minute');
}

/** An offset as people read it: UTC+8, UTC+5:30, UTC-3, and UTC for none. */
export function offsetText(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const whole = Math.abs(minutes);
  const rest = whole % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(whole / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * The stations' zones a screen must state, each with its offset at `at` ("Asia/Shanghai, UTC+8"),
 * once each: all of them when the clock of any differs from the browser's then, none when every
 * station's clock shows the browser's time.
 */
export function zonesToState(timeZones: readonly string[], at: Date): string[] {
  const browser = offsetMinutes(undefined, at);
  const zones = [...new Set(timeZones)].map((zone) => ({ zone, offset: offsetMinutes(zone, at) }));
  return zones.some(({ offset }) => offset !== browser) ? zones.map(({ zone, offset }) => `${zone}, ${offsetText(offset)}`) : [];
}
