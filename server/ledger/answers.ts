import type { PricedRow } from './book';
import { summarize, type LedgerSummary } from './settle';

/** The baseline the savings are measured against, as the answers and the screens name it. */
export const BASELINE = 'sameLoadNoBatteryNoPv';

/**
 * Rounding: amounts are computed and summed unrounded and rounded only when answered, money to the
 * fen (2 decimals), energy to the Wh (3), power to the W (3), prices to 4 decimals, shares to 4;
 * so a total is the rounded sum, not the sum of rounded parts (they may differ by the fen).
 */
const round = (value: number | null, digits: number) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);
const fen = (value: number | null) => round(value, 2);
const kwh = (value: number | null) => round(value, 3);

/** Figures of a span, as answered. */
export function summaryAnswer(rows: PricedRow[], now: number, capacityKwh: number | null, expected: number) {
  const s: LedgerSummary = summarize(rows, now, capacityKwh);
  // Closed intervals not stored at all (none of the counters read) count as incomplete too.
  const closed = Math.max(s.closed, expected);
  const demandSavings =
    s.demandCharge !== null && s.baselineDemandCharge !== null ? s.baselineDemandCharge - s.demandCharge : null;
  return {
    closedIntervals: closed,
    completeIntervals: s.complete,
    coverage: closed ? round(s.complete / closed, 4) : null,
    importKwh: kwh(s.importKwh),
    exportKwh: kwh(s.exportKwh),
    chargeKwh: kwh(s.chargeKwh),
    dischargeKwh: kwh(s.dischargeKwh),
    pvKwh: kwh(s.pvKwh),
    importCost: fen(s.importCost),
    exportRevenue: fen(s.exportRevenue),
    chargeCost: fen(s.chargeCost),
    dischargeValue: fen(s.dischargeValue),
    pvValue: fen(s.pvValue),
    actualCost: fen(s.actualCost),
    baselineCost: fen(s.baselineCost),
    savings: fen(s.savings),
    arbitrage: fen(s.arbitrage),
    spreadPerMwh: fen(s.spreadPerMwh),
    cyclesPerDay: round(s.cyclesPerDay, 3),
    maxDemandKw: kwh(s.maxDemandKw),
    maxBaselineDemandKw: kwh(s.maxBaselineDemandKw),
    demandCharge: fen(s.demandCharge),
    baselineDemandCharge: fen(s.baselineDemandCharge),
    demandSavings: fen(demandSavings),
    earned: fen(s.savings + (demandSavings ?? 0)),
  };
}

/** One interval as answered. */
export function intervalAnswer(row: PricedRow, clock: string) {
  return {
    start: row.start,
    time: clock,
    minutes: row.minutes,
    period: row.period,
    listId: row.listId,
    purchasePrice: round(row.purchasePrice, 4),
    salePrice: round(row.salePrice, 4),
    importKwh: kwh(row.importKwh),
    exportKwh: kwh(row.exportKwh),
    chargeKwh: kwh(row.chargeKwh),
    dischargeKwh: kwh(row.dischargeKwh),
    pvKwh: kwh(row.pvKwh),
    demandKw: kwh(row.demandKw),
    baselineDemandKw: kwh(row.baselineDemandKw),
    importCost: fen(row.importCost),
    exportRevenue: fen(row.exportRevenue),
    actualCost: fen(row.actualCost),
    baselineCost: fen(row.baselineCost),
    savings: fen(row.savings),
    chargeCost: fen(row.chargeCost),
    dischargeValue: fen(row.dischargeValue),
    complete: Boolean(row.complete),
    computedAt: row.computedAt,
  };
}
