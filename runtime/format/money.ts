import moneyRules from '../../schemas/constants/money.json';

/** The largest amount the platform takes: ten digits before the point, two after. */
export const MONEY_MAX = moneyRules.max;
export const CURRENCY_LABEL = moneyRules.currencyLabel;

/** A property that holds an amount of money: a number of at most two decimals (`x-decimals: 2`). */
export function isMoneyProperty(property: { type?: unknown; 'x-decimals'?: unknown } | undefined): boolean {
  return property?.type === 'number' && property['x-decimals'] === 2;
}

/**
 * An amount as people write one: digits with an optional sign and decimal point, the digits before
 * the point either ungrouped or in thousands separated by commas (1250.5, -1,250.50, .5); else
 * undefined. "1,5" is no amount (a decimal comma is not taken for a separator of thousands), nor
 * are "1e3" or "0x10". The number of decimals is left to the caller.
 */
export function parseAmount(text: string): number | undefined {
  const trimmed = text.trim();
  const written = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?$/.test(trimmed) && /\d/.test(trimmed);
  return written ? Number(trimmed.replace(/,/g, '')) : undefined;
}

/** Whether a value is an amount of money: a finite number of at most two decimals. */
export function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(2)) === value;
}

export type MoneyCheck = { ok: true; value: number } | { ok: false; message: 'errors.moneyRange' | 'errors.numberRequired' };

/**
 * The money helper: a typed amount fixed to two decimals, or the label of its message — a
 * non-numeric amount asks for a numeric one (zero is an amount), one beyond ±9999999999.99 says at
 * most ten digits and two decimals.
 */
export function checkMoney(input: string | number): MoneyCheck {
  const value = typeof input === 'number' ? input : (parseAmount(input) ?? Number.NaN);
  if (!Number.isFinite(value)) return { ok: false, message: 'errors.numberRequired' };
  if (Math.abs(value) > MONEY_MAX) return { ok: false, message: 'errors.moneyRange' };
  return { ok: true, value: Number(value.toFixed(2)) };
}

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

/** An amount as the platform shows it: thousand separators and two decimals (1,234,567.80). */
export function formatMoney(value: number): string {
  return withDecimals(value, 2, 2);
}

/** An amount in units of ten thousand (万), two decimals: 12,345,678 → "1,234.57". */
export function inTenThousands(value: number): string {
  return formatMoney(value / 10000);
}
