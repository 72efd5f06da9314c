import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import type { SocialContributionConfig } from '../../generated/widgetConfigs';
import type { WidgetConfig } from '../../runtime/dashboard/document';
import { figureOf, isDeviceVar, migrateDeviceVar, stationTime } from '../../runtime/dashboard/figures';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';

/**
 * Kilograms of CO2 a kWh of grid electricity emits: China's national grid average emission factor
 * for 2022, 0.5703 tCO2/MWh, published by the Ministry of Ecology and Environment (with the National
 * Bureau of Statistics) in 2024. A kWh generated or discharged is a kWh the grid did not supply.
 */
export const CO2_KG_PER_KWH = 0.5703;

/**
 * Kilograms of standard coal (kgce) a kWh of thermal power takes: the typical standard-coal
 * consumption of thermal power supply, about 300 gce/kWh, as the China Electricity Council reports it.
 */
export const COAL_KG_PER_KWH = 0.3;

/** Kilograms of CO2 a tree absorbs in a year, the usual figure for "equivalent trees planted". */
export const CO2_KG_PER_TREE_YEAR = 18.3;

/** Years of growth asked for at most (one statistics call each). */
const MAX_YEARS = 30;

export type Basis = SocialContributionConfig['basis'];

export type { SocialContributionConfig };

/** The counters chosen, each once. */
export function counters(config: SocialContributionConfig): string[] {
  return [...new Set((config.energyVars ?? []).filter(isDeviceVar).map((v) => v.varSn))];
}

/** The year the station went into operation (from its `initialTime`), if it has one. */
export function firstYear(fields: Record<string, unknown>): number | undefined {
  const initial = fields.initialTime;
  const match = typeof initial === 'string' ? /^(\d{4})/.exec(initial) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * The counters' growth in each year from the station's first year in operation to this one (DIFF
 * counts a reset meter's new readings, which a reading would lose), named `y<year>`; their latest
 * readings when that basis is chosen or the station has no first day.
 */
function contributionNeeds(config: SocialContributionConfig, context: WidgetContext): Needs {
  const sns = counters(config);
  if (sns.length === 0) return {};
  const list = sns.join(',');
  const thisYear = Number(stationTime(context, 'YYYY'));
  const first = firstYear(context.station.fields);
  if (config.basis === 'reading' || first === undefined || first > thisYear) {
    return { reading: { operationId: 'getRealtimeData', body: { sns: list } } };
  }
  const needs: Needs = {};
  for (let year = Math.max(first, thisYear - MAX_YEARS + 1); year <= thisYear; year++) {
    needs[`y${year}`] = {
      operationId: 'getStatisticalValue',
      query: { sns: list, calcmethod: 'DIFF', querytime: String(year), type: 'YEAR' },
    };
  }
  return needs;
}

/** kWh in a figure of an energy unit (counters in Wh or MWh are converted; other units are taken as kWh). */
export function toKwh(value: number, unit: string): number {
  const factor: Record<string, number> = { wh: 0.001, kwh: 1, mwh: 1000, gwh: 1_000_000 };
  return value * (factor[unit.trim().toLowerCase()] ?? 1);
}

/** The energy (kWh) of the counters over all the answers (years or readings); null when none has a figure. */
export function energyOf(data: Record<string, SlotState>, sns: string[]): number | null {
  let sum: number | null = null;
  for (const slot of Object.values(data)) {
    for (const sn of sns) {
      const figure = figureOf(slot, sn);
      if (figure && figure.value !== null) sum = (sum ?? 0) + toKwh(figure.value, figure.unit);
    }
  }
  return sum;
}

/** What an energy spared: kilograms of CO2 and of standard coal, and trees absorbing that CO2 in a year. */
export interface Contribution {
  co2Kg: number;
  coalKg: number;
  trees: number;
}

export function contributionOf(energyKwh: number): Contribution {
  const co2Kg = energyKwh * CO2_KG_PER_KWH;
  return { co2Kg, coalKg: energyKwh * COAL_KG_PER_KWH, trees: co2Kg / CO2_KG_PER_TREE_YEAR };
}

/** A mass shown in kg below a tonne, in t from a tonne. */
export function massOf(kg: number): { value: number; unit: 'kg' | 't' } {
  return Math.abs(kg) >= 1000 ? { value: kg / 1000, unit: 't' } : { value: kg, unit: 'kg' };
}

/** A configuration of format 1, whose counters were `[deviceSn, varSn]` pairs. */
export function migrateContribution(config: WidgetConfig, fromVersion: number): WidgetConfig {
  if (fromVersion >= 2 || !Array.isArray(config.energyVars)) return config;
  return { ...config, energyVars: (config.energyVars as unknown[]).flatMap((stored) => migrateDeviceVar(stored) ?? []) };
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<SocialContributionConfig>({
  type: 'socialContribution',
  needs: contributionNeeds,
});
