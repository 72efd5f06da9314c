import { sql, type WhereInterface } from 'kysely';
import type { Tables } from '../db/tables';
import { periodOf } from '../telemetry/calendar';
import { record, type LedgerScope, type LedgerStation, type Tally } from './book';
import { intervalsBetween, type SettlementInterval } from './intervals';
import { settleInterval } from './settle';
import { pricesOf, type IntervalPrices, type StationTariffs } from './tariffs';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A run of consecutive intervals at one offset from UTC, within which each hour of the local day has
 * one value (a set of prices, or the prices before and after a change): the intervals a statement
 * reads by a range of starts and, when the run has several values, the local hours of each.
 */
export interface PriceRun<T> {
  /** The start of its first interval and the end of its last. */
  first: number;
  end: number;
  /**
   * What, added to the start of an interval of the run, gives an instant whose hour of the UTC day
   * is the interval's local hour: its offset from UTC, taken modulo a day so that it is never negative.
   */
  shift: number;
  sets: { value: T; hours: number[] }[];
}

/** The local hour of an interval of a run, in SQL over its stored start (integer arithmetic on both databases). */
export const hourOfStart = (shift: number) => sql<number>`((${sql.ref('start')} + ${sql.lit(shift)}) / ${sql.lit(HOUR)}) % 24`;

/**
 * The intervals from `from` on, in runs (`PriceRun`) of the values `nameOf` tells apart. A run ends
 * where the offset changes (a clock change), or where an hour it has already seen takes another
 * value (a list starting, another season's hours). Prices change by the hour at most, so a station's
 * hourly intervals give the runs of its shorter ones too (they are stepped from the same midnights).
 */
export function priceRuns<T>(
  intervals: SettlementInterval[],
  values: T[],
  from: number,
  nameOf: (value: T) => string,
): PriceRun<T>[] {
  const runs: PriceRun<T>[] = [];
  let run: (PriceRun<T> & { byHour: Map<number, string>; byName: Map<string, PriceRun<T>['sets'][number]> }) | undefined;
  intervals.forEach((interval, i) => {
    if (interval.start < from) return;
    const value = values[i] as T;
    const name = nameOf(value);
    const clock = (interval.hour * 60 + Number(interval.clock.slice(3, 5))) * 60_000;
    const shift = (((clock - interval.start) % DAY) + DAY) % DAY;
    const taken = run?.byHour.get(interval.hour);
    if (!run || run.shift !== shift || (taken !== undefined && taken !== name)) {
      run = { first: interval.start, end: interval.end, shift, sets: [], byHour: new Map(), byName: new Map() };
      runs.push(run);
    }
    run.end = interval.end;
    if (run.byHour.has(interval.hour)) return;
    run.byHour.set(interval.hour, name);
    const set = run.byName.get(name);
    if (set) set.hours.push(interval.hour);
    else {
      const made = { value, hours: [interval.hour] };
      run.byName.set(name, made);
      run.sets.push(made);
    }
  });
  return runs.map(({ first, end, shift, sets }) => ({ first, end, shift, sets }));
}

/** Tells sets of prices apart by what they price at (the intervals of one list, month and hour share one object, named once). */
export function priceNames(): (price: IntervalPrices) => string {
  const named = new Map<IntervalPrices, string>();
  return (price) => {
    const name =
      named.get(price) ?? JSON.stringify([price.key, price.listId, price.period, price.purchase, price.sale, price.capacityRate]);
    named.set(price, name);
    return name;
  };
}

/**
 * Records what a change of a station's prices (a price list or time-of-use prices added, edited or
 * deleted) changed in its stored ledger from `from` on: which intervals the prices in force changed
 * for, and what they came to before and after. Nothing stored changes, as the ledger prices an
 * interval when it is read (`ledgerRange`). The stored intervals are read in runs of one offset
 * (`priceRuns` over the station's hours), a statement for each pair of prices before and after that
 * differ, summing their energies by the run's hours of that pair; an interval's amounts are linear in
 * its energies, so `settleInterval` over a sum of intervals gives the sum of their amounts.
 */
export async function recordPriceChange(
  ctx: LedgerScope,
  station: LedgerStation,
  tariffs: { before: StationTariffs; after: StationTariffs },
  from: number,
  cause: Record<string, unknown>,
  now = Date.now(),
): Promise<number> {
  /** The station's stored intervals of its settlement length from `from` on. */
  const stored = <Q extends WhereInterface<Tables, 'ledgerInterval'>>(qb: Q) =>
    qb
      .where('tenantId', '=', ctx.scope.tenantId)
      .where('stationId', '=', station.id)
      .where('minutes', '=', station.minutes)
      .where('start', '>=', from) as Q;
  // The first and the last by the primary key, which leads with the station's start.
  const edge = (order: 'asc' | 'desc') =>
    stored(ctx.db.selectFrom('ledgerInterval')).select('start').orderBy('start', order).limit(1).executeTakeFirst();
  const first = await edge('asc');
  const last = await edge('desc');
  if (!first || !last) return 0;
  const hours = intervalsBetween(
    station.zone,
    60,
    periodOf('DAY', Number(first.start), station.zone).start,
    periodOf('DAY', Number(last.start), station.zone).end,
  );
  const was = pricesOf(tariffs.before, station.zone, hours);
  const is = pricesOf(tariffs.after, station.zone, hours);
  // One object for each pair of price objects, so that a pair is named once.
  type Pair = { before: IntervalPrices; after: IntervalPrices; name: string };
  const pairs = new Map<IntervalPrices, Map<IntervalPrices, Pair>>();
  const name = priceNames();
  const pairOf = (before: IntervalPrices, after: IntervalPrices) => {
    const ofBefore = pairs.get(before) ?? new Map<IntervalPrices, Pair>();
    pairs.set(before, ofBefore);
    const pair = ofBefore.get(after) ?? { before, after, name: `${name(before)}→${name(after)}` };
    ofBefore.set(after, pair);
    return pair;
  };
  const runs = priceRuns(
    hours,
    hours.map((_, i) => pairOf(was[i] as IntervalPrices, is[i] as IntervalPrices)),
    from,
    (pair) => pair.name,
  );

  const before: Tally = { pricedBy: [], savings: 0, actualCost: 0, importKwh: 0 };
  const after: Tally = { pricedBy: [], savings: 0, actualCost: 0, importKwh: 0 };
  let count = 0;
  let firstStart = Number.POSITIVE_INFINITY;
  let lastStart = Number.NEGATIVE_INFINITY;
  for (const run of runs) {
    for (const { value: pair, hours } of run.sets) {
      if (pair.before.key === pair.after.key) continue;
      const inRun = stored(ctx.db.selectFrom('ledgerInterval')).where('start', '>=', run.first).where('start', '<', run.end);
      const sums = await (run.sets.length > 1 ? inRun.where(hourOfStart(run.shift), 'in', hours) : inRun)
        .select((eb) => [
          eb.fn.countAll().as('intervals'),
          eb.fn.min('start').as('first'),
          eb.fn.max('start').as('last'),
          eb.fn.sum('importKwh').as('imported'),
          eb.fn.sum('exportKwh').as('exported'),
          eb.fn.sum('chargeKwh').as('charged'),
          eb.fn.sum('dischargeKwh').as('discharged'),
          eb.fn.sum('pvKwh').as('pv'),
        ])
        .executeTakeFirst();
      const intervalsChanged = Number(sums?.intervals ?? 0);
      if (!sums || intervalsChanged === 0) continue;
      count += intervalsChanged;
      firstStart = Math.min(firstStart, Number(sums.first));
      lastStart = Math.max(lastStart, Number(sums.last));
      const sum = (value: unknown) => (value === null || value === undefined ? null : Number(value));
      const energy = {
        complete: true,
        measured: true,
        imported: sum(sums.imported),
        exported: sum(sums.exported),
        charged: sum(sums.charged),
        discharged: sum(sums.discharged),
        pv: sum(sums.pv),
      };
      for (const [tally, prices] of [
        [before, pair.before],
        [after, pair.after],
      ] as const) {
        const whole = settleInterval(run.first, station.minutes, energy, prices);
        tally.pricedBy.push(prices.key ?? 'none');
        tally.savings += whole.savings ?? 0;
        tally.actualCost += whole.actualCost ?? 0;
        tally.importKwh += energy.imported ?? 0;
      }
    }
  }
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
