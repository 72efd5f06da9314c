import { withUnit } from '../../runtime/format/units';

/** A value's band of the station's limits: a lower bound, an upper one, or both. */
export interface Band {
  lower?: number;
  upper?: number;
}

/** The band as a reader reads it ('49.8 – 50.2 Hz', '≥ 0.9', '≤ 4 %'), empty without a limit. */
export function bandText({ lower, upper }: Band, unit: string): string {
  if (lower !== undefined && upper !== undefined) return withUnit(`${lower} – ${upper}`, unit);
  if (lower !== undefined) return withUnit(`≥ ${lower}`, unit);
  if (upper !== undefined) return withUnit(`≤ ${upper}`, unit);
  return '';
}

/** Whether a value leaves its band (a power factor by its magnitude); undefined without a band or a value. */
export function outOfBand(band: Band, value: number | null, code?: string): boolean | undefined {
  if (value === null || (band.lower === undefined && band.upper === undefined)) return undefined;
  const v = code === 'powerFactor' ? Math.abs(value) : value;
  return (band.lower !== undefined && v < band.lower) || (band.upper !== undefined && v > band.upper);
}
