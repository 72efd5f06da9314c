/**
 * The codes of a switch's status that have an image (the specification: codes 0-6 and 10).
 * 0 open (off), 1 closed (on), 2 tripped by a fault, 3 under maintenance (locked out),
 * 4 earthed, 5 under remote control, 6 under local control, 10 unknown or invalid.
 */
export const SWITCH_STATUS_CODES = [0, 1, 2, 3, 4, 5, 6, 10] as const;
export type SwitchStatusCode = (typeof SWITCH_STATUS_CODES)[number];

/** The code of a value that is no known status (no value, a fraction, a code without an image). */
export const UNKNOWN_SWITCH_STATUS: SwitchStatusCode = 10;

const KNOWN = new Set<number>(SWITCH_STATUS_CODES);

/** The status code of a signal's value: the value itself when it has an image, else 10 (unknown). */
export function switchStatusCode(value: unknown): SwitchStatusCode {
  return typeof value === 'number' && KNOWN.has(value) ? (value as SwitchStatusCode) : UNKNOWN_SWITCH_STATUS;
}

/** The label key of a status code (`widgets.switchStatus.codes.<code>`). */
export function switchStatusLabelKey(value: unknown): string {
  return `widgets.switchStatus.codes.${switchStatusCode(value)}`;
}
