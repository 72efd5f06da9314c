type Phase = number | null | undefined;

/**
 * The unbalance of three phase values, %: the largest deviation of a phase from the mean of the
 * three, over that mean (the phase-value ratio meters report; GB/T 15543 sets its limit on the
 * negative-sequence component, which magnitudes alone do not give and which this approaches for
 * small unbalances). Null when a phase is missing or the mean is 0 (no current, nothing to judge).
 */
export function unbalance(a: Phase, b: Phase, c: Phase): number | null {
  const values = [a, b, c].flatMap((value) => (value === null || value === undefined ? [] : [Math.abs(value)]));
  if (values.length < 3) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / 3;
  if (mean === 0) return null;
  const deviation = Math.max(...values.map((value) => Math.abs(value - mean)));
  return Math.round((deviation / mean) * 10_000) / 100;
}
