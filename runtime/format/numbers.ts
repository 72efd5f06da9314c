const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the platform writes figures: thousands separated by commas, at least `min` and at
 * most `max` decimals (1,234.5). One formatter serves every figure of a kind: building one per
 * figure (`toLocaleString` with options does) took about 40 times as long, in lists that write
 * hundreds of figures a render.
 */
export function withDecimals(value: number, max: number, min = 0): string {
  const key = `${min}:${max}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    formats.set(key, format);
  }
  return format.format(value);
}
