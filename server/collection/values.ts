/** The values a variable may take (its `minValue` and `maxValue`); a bound that is absent or null does not limit. */
export interface ValueRange {
  min?: number | null;
  max?: number | null;
}

/** A variable's range as its columns are stored: an empty column does not limit. */
export function rangeOf(minValue: unknown, maxValue: unknown): ValueRange {
  const bound = (stored: unknown) => (stored === null || stored === undefined ? null : Number(stored));
  return { min: bound(minValue), max: bound(maxValue) };
}

/**
 * Why a value a device or a message gave cannot be stored as a variable's, or undefined when it can.
 * A value that is no number (NaN, infinite), or outside the variable's range, is garbage from the
 * wire: every way in (a Modbus poll, an MQTT message) refuses it here, so that it is counted on its
 * channel and never stored, and no way in keeps a rule of its own.
 */
export function refuseValue(value: number, range: ValueRange): string | undefined {
  if (!Number.isFinite(value)) return `${value} is not a number`;
  if (typeof range.min === 'number' && value < range.min) return `${value} is below the variable's minimum ${range.min}`;
  if (typeof range.max === 'number' && value > range.max) return `${value} is above the variable's maximum ${range.max}`;
  return undefined;
}
