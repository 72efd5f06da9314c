/** The number the decimal digits of `text` from `start` to `end` write; NaN where one is no digit. */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * `YYYY-MM-DD HH:mm:ss`, as the telemetry calls write every time, read field by field: a year's
 * trend reads thousands of them as it is drawn, and splitting each into strings and arrays was
 * most of the time its series took to make. NaN for any other form.
 */
function canonical(time: string): number {
  const separator = time.charCodeAt(10);
  if (
    time.length !== 19 ||
    time.charCodeAt(4) !== 45 ||
    time.charCodeAt(7) !== 45 ||
    (separator !== 32 && separator !== 84) ||
    time.charCodeAt(13) !== 58 ||
    time.charCodeAt(16) !== 58
  )
    return Number.NaN;
  return Date.UTC(
    digitsAt(time, 0, 4),
    digitsAt(time, 5, 7) - 1,
    digitsAt(time, 8, 10),
    digitsAt(time, 11, 13),
    digitsAt(time, 14, 16),
    digitsAt(time, 17, 19),
  );
}

/**
 * A station's wall-clock time (`YYYY-MM-DD HH:mm:ss`, as the telemetry calls answer it, in the
 * station's zone) as a point on a time axis: the clock's fields read as UTC, so that a chart drawn
 * with `useUTC` writes the station's own hours whatever the browser's zone is.
 */
export function wallClock(time: string): number {
  const read = canonical(time);
  if (!Number.isNaN(read)) return read;
  const [date = '', clock = ''] = time.trim().split(/[ T]/);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = clock.split(':').map(Number);
  return Date.UTC(year, month - 1, day, hour, minute, Math.floor(second), Math.round((second % 1) * 1000));
}
