/**
 * A station's wall-clock time (`YYYY-MM-DD HH:mm:ss`, as the telemetry calls answer it, in the
 * station's zone) as a point on a time axis: the clock's fields read as UTC, so that a chart drawn
 * with `useUTC` writes the station's own hours whatever the browser's zone is.
 */
export function wallClock(time: string): number {
  const [date = '', clock = ''] = time.trim().split(/[ T]/);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = clock.split(':').map(Number);
  return Date.UTC(year, month - 1, day, hour, minute, Math.floor(second), Math.round((second % 1) * 1000));
}
