import { sql, type ExpressionBuilder, type WhereInterface } from 'kysely';
import type { Tables } from '../db/tables';
import { periodOf } from '../telemetry/calendar';
import { record, tariffsOf, type LedgerScope, type LedgerStation, type Tally } from './book';
import { intervalsBetween, type SettlementInterval } from './intervals';
import { AMOUNT_FIELDS } from './settle';
import { pricesOf, type IntervalPrices } from './tariffs';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A run of consecutive intervals of one month and one offset from UTC, within which each hour of
 * the local day has one set of prices: the intervals a few UPDATE statements reprice by a range of
 * starts and, when the run has several sets of prices, the local hours of each.
 */
export interface RepriceRun {
  first: number;
  last: number;
  /**
   * What, added to the start of an interval of the run, gives an instant whose hour of the UTC day
   * is the interval's local hour: its offset from UTC, taken modulo a day so that it is never negative.
   */
  shift: number;
  sets: { price: IntervalPrices; hours: number[] }[];
}

/** The local hour of an interval of a run, in SQL over its stored start (integer arithmetic on both databases). */
export const hourOfStart = (shift: number) => sql<number>`((${sql.ref('start')} + ${sql.lit(shift)}) / ${sql.lit(HOUR)}) % 24`;

/**
 * The intervals from `from` on, in runs (`RepriceRun`). A run ends where the month or the offset
 * changes (a clock change), or where an hour it has priced takes other prices (a list starting on a
 * day of the month). The intervals of one list, month and hour share one prices object (`pricesOf`),
 * which is named once.
 */
export function repriceRuns(intervals: SettlementInterval[], prices: IntervalPrices[], from: number): RepriceRun[] {
  const named = new Map<IntervalPrices, string>();
  const nameOf = (price: IntervalPrices) => {
    const name =
      named.get(price) ?? JSON.stringify([price.key, price.listId, price.period, price.purchase, price.sale, price.capacityRate]);
    named.set(price, name);
    return name;
  };
  const runs: RepriceRun[] = [];
  let run:
    (RepriceRun & { month: string; byHour: Map<number, string>; byName: Map<string, RepriceRun['sets'][number]> }) | undefined;
  intervals.forEach((interval, i) => {
    if (interval.start < from) return;
    const price = prices[i] as IntervalPrices;
    const name = nameOf(price);
    const [hh, mm] = interval.clock.split(':').map(Number) as [number, number];
    const shift = ((((hh * 60 + mm) * 60_000 - interval.start) % DAY) + DAY) % DAY;
    const taken = run?.byHour.get(interval.hour);
    if (!run || run.month !== interval.month || run.shift !== shift || (taken !== undefined && taken !== name)) {
      run = {
        first: interval.start,
        last: interval.start,
        shift,
        sets: [],
        month: interval.month,
        byHour: new Map(),
        byName: new Map(),
      };
      runs.push(run);
    }
    run.last = interval.start;
    if (run.byHour.has(interval.hour)) return;
    run.byHour.set(interval.hour, name);
    const set = run.byName.get(name);
    if (set) set.hours.push(interval.hour);
    else {
      const made = { price, hours: [interval.hour] };
      run.byName.set(name, made);
      run.sets.push(made);
    }
  });
  return runs.map(({ first, last, shift, sets }) => ({ first, last, shift, sets }));
}

/**
 * The amounts of a stored interval at `price`, as SQL over its stored energies: `settleInterval`'s
 * arithmetic in its order, so that an interval repriced here equals one settled in code (a flow
 * without a counter stays null, and what it takes part in).
 */
function repricedAmounts(eb: ExpressionBuilder<Tables, 'ledgerInterval'>, price: IntervalPrices) {
  // Kysely writes an operation without parentheses: each composite one is put in its own.
  const at = (column: 'importKwh' | 'exportKwh' | 'chargeKwh' | 'dischargeKwh' | 'pvKwh', rate: number) =>
    eb.parens(column, '*', rate);
  const zeroIfNone = (column: 'pvKwh' | 'dischargeKwh' | 'chargeKwh') => eb.fn.coalesce(column, eb.val(0));
  const load = eb.parens(
    eb.parens(
      eb.parens(eb.parens('importKwh', '-', eb.ref('exportKwh')), '+', zeroIfNone('pvKwh')),
      '+',
      zeroIfNone('dischargeKwh'),
    ),
    '-',
    zeroIfNone('chargeKwh'),
  );
  const importCost = at('importKwh', price.purchase);
  const exportRevenue = at('exportKwh', price.sale);
  const actualCost = eb.parens(importCost, '-', exportRevenue);
  const baselineCost = eb.parens(load, '*', price.purchase);
  return {
    importCost,
    exportRevenue,
    chargeCost: at('chargeKwh', price.purchase),
    dischargeValue: at('dischargeKwh', price.purchase),
    pvValue: at('pvKwh', price.purchase),
    actualCost,
    baselineCost,
    savings: eb.parens(baselineCost, '-', actualCost),
  } satisfies Record<(typeof AMOUNT_FIELDS)[number], unknown>;
}

/**
 * Reprices the stored intervals of a station from `from` on whose prices in force changed (a price
 * list written), in the database: a statement for each set of prices of a run (`repriceRuns`), by
 * a range of starts and the run's hours of that set, their amounts computed from their stored
 * energies. (Read, settled and written back row by row, a year of 15-minute intervals took 1.6 s a
 * station; named by lists of 5,000 starts, 0.34 s.) The record of the recomputation sums what the
 * changed intervals came to before and after.
 */
export async function repriceFrom(
  ctx: LedgerScope,
  station: LedgerStation,
  from: number,
  cause: Record<string, unknown>,
  now = Date.now(),
): Promise<number> {
  /** The station's settled intervals of its settlement interval, which a price change reprices. */
  const settled = <Q extends WhereInterface<Tables, 'ledgerInterval'>>(qb: Q) =>
    qb
      .where('tenantId', '=', ctx.scope.tenantId)
      .where('stationId', '=', station.id)
      .where('settled', '=', 1)
      .where('minutes', '=', station.minutes) as Q;
  const span = await settled(ctx.db.selectFrom('ledgerInterval'))
    .select((eb) => [eb.fn.min('start').as('first'), eb.fn.max('start').as('last')])
    .where('start', '>=', from)
    .executeTakeFirst();
  if (span?.first == null || span.last == null) return 0;
  const intervals = intervalsBetween(
    station.zone,
    station.minutes,
    periodOf('DAY', Number(span.first), station.zone).start,
    periodOf('DAY', Number(span.last), station.zone).end,
  );
  const prices = pricesOf(await tariffsOf(ctx, station.id), station.zone, intervals);

  const before: Tally = { pricedBy: [], savings: 0, actualCost: 0, importKwh: 0 };
  const after: Tally = { pricedBy: [], savings: 0, actualCost: 0, importKwh: 0 };
  let count = 0;
  let firstStart = Number.POSITIVE_INFINITY;
  let lastStart = Number.NEGATIVE_INFINITY;
  for (const run of repriceRuns(intervals, prices, from)) {
    for (const { price, hours } of run.sets) {
      /** The intervals of the run at these prices (its hours, when the run has other sets) that other prices priced. */
      const changing = <Q extends WhereInterface<Tables, 'ledgerInterval'>>(qb: Q) => {
        const inRun = settled(qb)
          .where('start', '>=', run.first)
          .where('start', '<=', run.last)
          .where('priceKey', 'is distinct from', price.key) as Q;
        return run.sets.length > 1 ? (inRun.where(hourOfStart(run.shift), 'in', hours) as Q) : inRun;
      };
      const tallies = await changing(ctx.db.selectFrom('ledgerInterval'))
        .select((eb) => {
          const amounts = repricedAmounts(eb, price);
          return [
            'priceKey',
            eb.fn.countAll().as('intervals'),
            eb.fn.min('start').as('first'),
            eb.fn.max('start').as('last'),
            eb.fn.sum('savings').as('savings'),
            eb.fn.sum('actualCost').as('actualCost'),
            eb.fn.sum('importKwh').as('importKwh'),
            eb.fn.sum(amounts.savings).as('newSavings'),
            eb.fn.sum(amounts.actualCost).as('newActualCost'),
          ];
        })
        .groupBy('priceKey')
        .execute();
      if (tallies.length === 0) continue;
      for (const tally of tallies) {
        count += Number(tally.intervals);
        firstStart = Math.min(firstStart, Number(tally.first));
        lastStart = Math.max(lastStart, Number(tally.last));
        before.pricedBy.push(tally.priceKey ?? 'none');
        before.savings += Number(tally.savings ?? 0);
        before.actualCost += Number(tally.actualCost ?? 0);
        before.importKwh += Number(tally.importKwh ?? 0);
        // Nothing pricing the interval, its amounts become null, which a sum counts as 0.
        if (price.key !== null) {
          after.savings += Number(tally.newSavings ?? 0);
          after.actualCost += Number(tally.newActualCost ?? 0);
        }
      }
      after.pricedBy.push(price.key ?? 'none');
      await changing(ctx.db.updateTable('ledgerInterval'))
        .set((eb) => ({
          priceKey: price.key,
          listId: price.listId,
          period: price.period,
          purchasePrice: price.purchase,
          salePrice: price.sale,
          capacityRate: price.capacityRate,
          ...(price.key === null
            ? Object.fromEntries(AMOUNT_FIELDS.map((column) => [column, null]))
            : repricedAmounts(eb, price)),
          computedAt: now,
        }))
        .execute();
    }
  }
  after.importKwh = before.importKwh;
  const distinct = (tally: Tally) => ({ ...tally, pricedBy: [...new Set(tally.pricedBy)] });
  await record(
    ctx,
    station,
    'prices',
    { intervals: count, firstStart, lastStart, before: distinct(before), after: distinct(after) },
    cause,
    now,
  );
  return count;
}
