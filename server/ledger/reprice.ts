import type { ExpressionBuilder, WhereInterface } from 'kysely';
import type { Tables } from '../db/tables';
import { periodOf } from '../telemetry/calendar';
import { record, tariffsOf, type LedgerScope, type LedgerStation, type Tally } from './book';
import { intervalsBetween } from './intervals';
import { AMOUNT_FIELDS } from './settle';
import { pricesOf, type IntervalPrices } from './tariffs';

/** The stored intervals one statement names at most (SQLite takes 32,766 parameters). */
const STARTS_PER_STATEMENT = 5_000;

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
 * list written), in the database: the intervals that take one set of prices are updated together,
 * a few thousand a statement, their amounts computed from their stored energies. (Read, settled and
 * written back row by row, a year of 15-minute intervals took 1.6 s a station.) The record of the
 * recomputation sums what the changed intervals came to before and after.
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
  // The intervals of each set of prices: what prices them, its list, period and rates (`pricesOf`
  // gives the intervals of an hour of a month one object, which is named once).
  const groups = new Map<string, { price: IntervalPrices; starts: number[] }>();
  const named = new Map<IntervalPrices, string>();
  const nameOf = (price: IntervalPrices) => {
    const name =
      named.get(price) ?? JSON.stringify([price.key, price.listId, price.period, price.purchase, price.sale, price.capacityRate]);
    named.set(price, name);
    return name;
  };
  intervals.forEach((interval, i) => {
    if (interval.start < from) return;
    const price = prices[i] as IntervalPrices;
    const key = nameOf(price);
    const group = groups.get(key) ?? { price, starts: [] };
    group.starts.push(interval.start);
    groups.set(key, group);
  });

  const before: Tally = { pricedBy: [], savings: 0, actualCost: 0, importKwh: 0 };
  const after: Tally = { pricedBy: [], savings: 0, actualCost: 0, importKwh: 0 };
  let count = 0;
  let firstStart = Number.POSITIVE_INFINITY;
  let lastStart = Number.NEGATIVE_INFINITY;
  for (const { price, starts } of groups.values()) {
    for (let i = 0; i < starts.length; i += STARTS_PER_STATEMENT) {
      const chunk = starts.slice(i, i + STARTS_PER_STATEMENT);
      /** Those of the chunk that another set of prices priced. */
      const changing = <Q extends WhereInterface<Tables, 'ledgerInterval'>>(qb: Q) =>
        settled(qb).where('start', 'in', chunk).where('priceKey', 'is distinct from', price.key) as Q;
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
