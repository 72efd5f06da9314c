import type { Tables } from '../db/tables';
import type { IntervalPrices } from './tariffs';

/** Energy of one interval by flow, kWh; null for a flow the station has no counter of. */
export interface IntervalEnergy {
  imported: number | null;
  exported: number | null;
  charged: number | null;
  discharged: number | null;
  pv: number | null;
  /** Whether every counter of the station read through the whole interval. */
  complete: boolean;
  /** Whether any counter read in it at all. */
  measured: boolean;
}

/**
 * One settled interval: its energies (as stored, `ledger_interval`), the prices in force, what they
 * come to, and the baseline; all unrounded.
 */
export type LedgerEntry = Pick<
  Tables['ledgerInterval'],
  'start' | 'minutes' | 'importKwh' | 'exportKwh' | 'chargeKwh' | 'dischargeKwh' | 'pvKwh'
> & {
  /** What priced it (`IntervalPrices.key`), the dated list among that, the time-of-use class, the rates. */
  priceKey: string | null;
  listId: number | null;
  period: string;
  purchasePrice: number;
  salePrice: number;
  /** Mean power drawn from the grid over the interval, kW (what a capacity charge is levied on). */
  demandKw: number | null;
  /** Mean power the load would have drawn with no battery and no PV, kW. */
  baselineDemandKw: number | null;
  importCost: number | null;
  exportRevenue: number | null;
  chargeCost: number | null;
  dischargeValue: number | null;
  pvValue: number | null;
  /** Grid bill of the interval: imports bought less exports sold. */
  actualCost: number | null;
  /** What the same load would have cost with no battery and no PV: all of it bought at the purchase price. */
  baselineCost: number | null;
  /** Baseline cost less actual cost. */
  savings: number | null;
  complete: boolean;
  measured: boolean;
};

const times = (a: number | null, b: number) => (a === null ? null : a * b);

/**
 * Prices an interval. The load is what the gateway meter, the battery and the PV show together
 * (imported − exported + PV + discharged − charged); the baseline buys all of it at the purchase
 * price, and the savings are the baseline cost less the actual grid bill. They are one figure:
 * the battery's and the PV's parts are shown beside it (charge cost, discharge value, PV value)
 * but never added to it, so a kWh is never credited twice. Amounts are not rounded here.
 */
export function settleInterval(start: number, minutes: number, energy: IntervalEnergy, prices: IntervalPrices): LedgerEntry {
  const hours = minutes / 60;
  const { imported, exported, charged, discharged, pv } = energy;
  const metered = imported !== null && exported !== null;
  const load = metered ? imported - exported + (pv ?? 0) + (discharged ?? 0) - (charged ?? 0) : null;
  const priced = prices.key !== null;
  const importCost = priced ? times(imported, prices.purchase) : null;
  const exportRevenue = priced ? times(exported, prices.sale) : null;
  const actualCost = importCost !== null && exportRevenue !== null ? importCost - exportRevenue : null;
  const baselineCost = priced ? times(load, prices.purchase) : null;
  return {
    start,
    minutes,
    priceKey: prices.key,
    listId: prices.listId,
    period: prices.period,
    purchasePrice: prices.purchase,
    salePrice: prices.sale,
    importKwh: imported,
    exportKwh: exported,
    chargeKwh: charged,
    dischargeKwh: discharged,
    pvKwh: pv,
    demandKw: times(imported, 1 / hours),
    baselineDemandKw: load === null ? null : Math.max(0, load) / hours,
    importCost,
    exportRevenue,
    chargeCost: priced ? times(charged, prices.purchase) : null,
    dischargeValue: priced ? times(discharged, prices.purchase) : null,
    pvValue: priced ? times(pv, prices.purchase) : null,
    actualCost,
    baselineCost,
    savings: baselineCost !== null && actualCost !== null ? baselineCost - actualCost : null,
    complete: energy.complete,
    measured: energy.measured,
  };
}

/** Figures of a span of intervals (a day, a month, a year, or any part), unrounded. */
export interface LedgerSummary {
  intervals: number;
  /** Intervals that had ended (the ones data could be complete for), and those of them that are complete. */
  closed: number;
  complete: number;
  /** Complete intervals among the closed ones, 0–1; null before any closed. */
  coverage: number | null;
  importKwh: number;
  exportKwh: number;
  chargeKwh: number;
  dischargeKwh: number;
  pvKwh: number;
  importCost: number;
  exportRevenue: number;
  chargeCost: number;
  dischargeValue: number;
  pvValue: number;
  actualCost: number;
  baselineCost: number;
  savings: number;
  /** Discharge value less charge cost: what the battery earned by shifting energy. */
  arbitrage: number;
  /** Arbitrage per MWh discharged; null when nothing was discharged. */
  spreadPerMwh: number | null;
  /** Energy discharged divided by the storage capacity, per day of closed intervals; null without a capacity. */
  cyclesPerDay: number | null;
  /** Highest interval demand and the baseline's, kW; and their capacity charges summed over the months. */
  maxDemandKw: number | null;
  maxBaselineDemandKw: number | null;
  demandCharge: number | null;
  baselineDemandCharge: number | null;
}

/** The amounts of an interval, which its energies and the prices in force come to. */
const AMOUNT_FIELDS = [
  'importCost',
  'exportRevenue',
  'chargeCost',
  'dischargeValue',
  'pvValue',
  'actualCost',
  'baselineCost',
  'savings',
] as const;

const FIELDS = ['importKwh', 'exportKwh', 'chargeKwh', 'dischargeKwh', 'pvKwh', ...AMOUNT_FIELDS] as const;

const maxOf = (values: (number | null)[]): number | null =>
  values.reduce<number | null>((m, v) => (v === null ? m : m === null ? v : Math.max(m, v)), null);

/**
 * Sums intervals. The capacity charge is levied per month on the month's highest demand at the
 * rate of the list in force at that interval; a span of several months adds the months' charges.
 * `now` separates closed intervals from those still running or to come; `capacityKwh` is the
 * storage capacity the cycles are counted against.
 */
export function summarize(
  entries: (LedgerEntry & { month: string; capacityRate: number | null })[],
  now: number,
  capacityKwh: number | null,
): LedgerSummary {
  const sums = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<(typeof FIELDS)[number], number>;
  let closed = 0;
  let complete = 0;
  let closedMinutes = 0;
  const months = new Map<string, (LedgerEntry & { capacityRate: number | null })[]>();
  for (const entry of entries) {
    for (const field of FIELDS) sums[field] += entry[field] ?? 0;
    if (entry.start + entry.minutes * 60_000 <= now) {
      closed += 1;
      closedMinutes += entry.minutes;
      if (entry.complete) complete += 1;
    }
    const ofMonth = months.get(entry.month);
    if (ofMonth) ofMonth.push(entry);
    else months.set(entry.month, [entry]);
  }
  let demandCharge: number | null = null;
  let baselineDemandCharge: number | null = null;
  for (const ofMonth of months.values()) {
    const peak = ofMonth.reduce<(typeof ofMonth)[number] | undefined>(
      (best, e) => (e.demandKw !== null && (best?.demandKw ?? -1) < e.demandKw ? e : best),
      undefined,
    );
    const basePeak = ofMonth.reduce<(typeof ofMonth)[number] | undefined>(
      (best, e) => (e.baselineDemandKw !== null && (best?.baselineDemandKw ?? -1) < e.baselineDemandKw ? e : best),
      undefined,
    );
    if (peak?.capacityRate != null && peak.demandKw !== null)
      demandCharge = (demandCharge ?? 0) + peak.demandKw * peak.capacityRate;
    if (basePeak?.capacityRate != null && basePeak.baselineDemandKw !== null)
      baselineDemandCharge = (baselineDemandCharge ?? 0) + basePeak.baselineDemandKw * basePeak.capacityRate;
  }
  const arbitrage = sums.dischargeValue - sums.chargeCost;
  return {
    intervals: entries.length,
    closed,
    complete,
    coverage: closed ? complete / closed : null,
    ...sums,
    arbitrage,
    spreadPerMwh: sums.dischargeKwh > 0 ? arbitrage / (sums.dischargeKwh / 1000) : null,
    cyclesPerDay: capacityKwh && closedMinutes ? sums.dischargeKwh / capacityKwh / (closedMinutes / 1440) : null,
    maxDemandKw: maxOf(entries.map((e) => e.demandKw)),
    maxBaselineDemandKw: maxOf(entries.map((e) => e.baselineDemandKw)),
    demandCharge,
    baselineDemandCharge,
  };
}
