import type { CatalogVariable } from './catalog';

/** What a variable stands for in a station's figures, from its device's kind and its code. */
export type Role =
  | 'pvPower'
  | 'pvYield'
  | 'pvDailyYield'
  | 'pcsPower'
  | 'charge'
  | 'discharge'
  | 'soc'
  | 'loadPower'
  | 'loadEnergy'
  | 'gridPower'
  | 'gridImport'
  | 'gridExport';

const ROLES: Record<string, Role> = {
  'pvInverter.activePower': 'pvPower',
  'pvInverter.totalYield': 'pvYield',
  'pvInverter.dailyYield': 'pvDailyYield',
  'pcs.activePower': 'pcsPower',
  'pcs.chargeEnergy': 'charge',
  'pcs.dischargeEnergy': 'discharge',
  'bms.soc': 'soc',
  'meter.loadPower': 'loadPower',
  'meter.loadEnergy': 'loadEnergy',
  'meter.activePower': 'gridPower',
  'meter.importEnergy': 'gridImport',
  'meter.exportEnergy': 'gridExport',
};

/** The variables of a station by role (several inverters or converters add up). */
export function byRole(variables: CatalogVariable[]): Record<Role, CatalogVariable[]> {
  const roles = Object.fromEntries(Object.values(ROLES).map((role) => [role, []])) as unknown as Record<Role, CatalogVariable[]>;
  for (const variable of variables) {
    const role = ROLES[`${variable.deviceKind}.${variable.code ?? ''}`];
    if (role) roles[role].push(variable);
  }
  return roles;
}

/** The sum of figures, null when none of them has one. */
export function total(values: (number | null | undefined)[]): number | null {
  const present = values.filter((v): v is number => typeof v === 'number');
  return present.length ? present.reduce((a, b) => a + b, 0) : null;
}

/** Element-wise sums of series of equal length. */
export function addSeries(series: (number | null)[][]): (number | null)[] {
  const length = Math.max(0, ...series.map((s) => s.length));
  return Array.from({ length }, (_, i) => total(series.map((s) => s[i])));
}
