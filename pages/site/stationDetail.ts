import type { CallResult } from '../../runtime/api/client';

export type StationDetail = CallResult<'getStationDetail'>;

/** The periods of the energy figures, in the order shown. */
export const PERIODS = ['today', 'month', 'year', 'total'] as const;
/** The energies a period may have, in the order shown. */
const ENERGIES = ['pvYield', 'charge', 'discharge', 'loadEnergy', 'gridImport', 'gridExport'] as const;
/** What the station does now, in the order shown. */
const NOW = ['pvPower', 'pcsPower', 'loadPower', 'gridPower', 'soc'] as const;

export type Period = (typeof PERIODS)[number];
export type Energy = (typeof ENERGIES)[number];
export type Flow = (typeof NOW)[number];

type Direction = 'discharging' | 'charging' | 'importing' | 'exporting';

/** The powers read with a direction: what a positive and what a negative value means. */
const DIRECTIONS: Partial<Record<Flow, [positive: Direction, negative: Direction]>> = {
  pcsPower: ['discharging', 'charging'],
  gridPower: ['importing', 'exporting'],
};

/** A figure shown: what it is, its value, and for the storage and the grid the direction of a power. */
export interface Figure<K extends string> {
  key: K;
  value: number;
  /** The storage discharging or charging, the grid importing or exporting; none at zero. */
  direction?: Direction;
}

/**
 * What the station does now: each power the station has a meter of (a PV station has no storage),
 * the storage's and the grid's as their size with the direction (positive: discharging,
 * importing), and the state of charge.
 */
export function nowFigures(detail: StationDetail): Figure<Flow>[] {
  return NOW.flatMap((key) => {
    const value = (detail.now as Partial<Record<Flow, number | null>>)[key];
    if (value === null || value === undefined) return [];
    const [positive, negative] = DIRECTIONS[key] ?? [];
    const direction = value > 0 ? positive : value < 0 ? negative : undefined;
    return [direction ? { key, value: Math.abs(value), direction } : { key, value }];
  });
}

/**
 * The energy of each period, in kWh: the energies the station measures in any period (those it
 * has no meter of are null in all), each period with its own ('--' where it has none: the
 * totals are only of PV yield, charge and discharge).
 */
export function energyFigures(detail: StationDetail): { energies: Energy[]; periods: Record<Period, (number | null)[]> } {
  const valueOf = (period: Period, energy: Energy) => (detail[period] as Partial<Record<Energy, number | null>>)[energy] ?? null;
  const energies = ENERGIES.filter((energy) => PERIODS.some((period) => valueOf(period, energy) !== null));
  return {
    energies,
    periods: Object.fromEntries(PERIODS.map((period) => [period, energies.map((energy) => valueOf(period, energy))])) as Record<
      Period,
      (number | null)[]
    >,
  };
}
