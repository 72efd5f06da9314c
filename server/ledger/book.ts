import type { Kysely, Transaction } from 'kysely';
import type { TenantScope } from '../auth/context';
import type { Dialect } from '../db/database';
import type { Tables } from '../db/tables';
import type { EntityRecord, EntityRepository } from '../resources/repository';
import type { CatalogVariable } from '../telemetry/catalog';
import { periodOf } from '../telemetry/calendar';
import { zoneOf } from '../telemetry/lookup';
import { byRole } from '../telemetry/roles';
import { intervalsBetween, settlementMinutesOf, type SettlementInterval, type SettlementMinutes } from './intervals';
import { energiesOf, type Flow } from './measure';
import { latestTimes, readingsOf, type Counter } from './readings';
import { settleInterval, type IntervalEnergy, type LedgerEntry } from './settle';
import { pricesOf, tariffsFrom, type IntervalPrices, type StationTariffs } from './tariffs';

type Db = Kysely<Tables> | Transaction<Tables>;
export type LedgerRow = Tables['ledgerInterval'];

/** After this long an interval is settled even if a counter never read past its end (its data stays missing). */
const SETTLE_AFTER_MS = 86_400_000;

/** What the ledger of a station works with: the database bound to one tenant, and the station. */
export interface LedgerScope {
  db: Db;
  dialect: Dialect;
  repository: EntityRepository;
  scope: TenantScope;
}

/** A station as the ledger reads it. */
export interface LedgerStation {
  id: number;
  sn: string;
  name: string;
  zone: string;
  minutes: SettlementMinutes;
  /** kWh of storage the cycles are counted against (a storage station's capacity), or null. */
  capacityKwh: number | null;
  counters: Counter[];
}

const FLOW_ROLES: Record<Flow, 'gridImport' | 'gridExport' | 'charge' | 'discharge' | 'pvYield'> = {
  imported: 'gridImport',
  exported: 'gridExport',
  charged: 'charge',
  discharged: 'discharge',
  pv: 'pvYield',
};

/** The ledger's view of a station record and its variables. */
export function ledgerStation(station: EntityRecord, variables: CatalogVariable[]): LedgerStation {
  const roles = byRole(variables);
  const counters = (Object.keys(FLOW_ROLES) as Flow[]).flatMap((flow) =>
    roles[FLOW_ROLES[flow]].map((v) => ({ varId: v.id, flow })),
  );
  const capacity = Number(station.capacity);
  return {
    id: Number(station.id),
    sn: String(station.sn),
    name: String(station.name),
    zone: zoneOf(station),
    minutes: settlementMinutesOf(station.settlementMinutes),
    capacityKwh: station.stationType === 'storage' && capacity > 0 ? capacity : null,
    counters,
  };
}

/** A station's price records: its dated price lists (`electricityPrice`) and time-of-use records (`stationCharge`). */
export async function priceRecordsOf(ctx: LedgerScope, stationId: number) {
  const ofStation = {
    filters: [{ field: 'stationId', op: 'eq' as const, value: stationId }],
    sortField: 'id',
    sortOrder: 'asc' as const,
  };
  return {
    lists: await ctx.repository.all(ctx.scope, 'electricityPrice', ofStation, ctx.db),
    charges: await ctx.repository.all(ctx.scope, 'stationCharge', ofStation, ctx.db),
  };
}

/** The tariffs of a station: its dated price lists and its latest time-of-use purchase and settlement prices. */
export async function tariffsOf(ctx: LedgerScope, stationId: number): Promise<StationTariffs> {
  const { lists, charges } = await priceRecordsOf(ctx, stationId);
  return tariffsFrom(lists, charges);
}

/** A stored interval's energies, as measured when it was stored. */
function energyOfRow(row: LedgerRow): IntervalEnergy {
  return {
    imported: row.importKwh,
    exported: row.exportKwh,
    charged: row.chargeKwh,
    discharged: row.dischargeKwh,
    pv: row.pvKwh,
    complete: Boolean(row.complete),
    measured: Boolean(row.measured),
  };
}

function rowOf(
  ctx: LedgerScope,
  station: LedgerStation,
  interval: SettlementInterval,
  energy: IntervalEnergy,
  settled: boolean,
  now: number,
): LedgerRow {
  return {
    tenantId: ctx.scope.tenantId,
    stationId: station.id,
    start: interval.start,
    minutes: station.minutes,
    day: interval.day,
    month: interval.month,
    importKwh: energy.imported,
    exportKwh: energy.exported,
    chargeKwh: energy.charged,
    dischargeKwh: energy.discharged,
    pvKwh: energy.pv,
    complete: energy.complete ? 1 : 0,
    measured: energy.measured ? 1 : 0,
    settled: settled ? 1 : 0,
    computedAt: now,
  };
}

/** A stored interval as the summaries and answers read it: priced at `prices`, with its month, capacity rate and when it was measured. */
export type PricedRow = LedgerEntry & { month: string; capacityRate: number | null; computedAt: number };

/** Prices a stored interval (`settleInterval` over its stored energies). */
function pricedRow(row: LedgerRow, prices: IntervalPrices): PricedRow {
  return {
    ...settleInterval(row.start, row.minutes, energyOfRow(row), prices),
    month: row.month,
    capacityRate: prices.capacityRate,
    computedAt: row.computedAt,
  };
}

/** Stored intervals of a station from `from` to `to`. */
async function storedRows(ctx: LedgerScope, stationId: number, from: number, to: number): Promise<LedgerRow[]> {
  const rows = await ctx.db
    .selectFrom('ledgerInterval')
    .selectAll()
    .where('tenantId', '=', ctx.scope.tenantId)
    .where('stationId', '=', stationId)
    .where('start', '>=', from)
    .where('start', '<', to)
    .orderBy('start')
    .execute();
  return rows.map((row) => ({ ...row, start: Number(row.start), computedAt: Number(row.computedAt) }));
}

async function upsert(ctx: LedgerScope, rows: LedgerRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await ctx.db
      .insertInto('ledgerInterval')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['tenantId', 'stationId', 'start']).doUpdateSet((eb) => {
          const set: Record<string, unknown> = {};
          for (const key of Object.keys(chunk[0] ?? {})) {
            if (key !== 'tenantId' && key !== 'stationId' && key !== 'start') set[key] = eb.ref(`excluded.${key}` as never);
          }
          return set as never;
        }),
      )
      .execute();
  }
}

/** Why intervals were recomputed. */
export type RecomputeReason = 'prices' | 'sampleCorrection';

/** What the intervals of a recomputation came to: the keys that priced them, their savings, cost and import. */
export interface Tally {
  pricedBy: string[];
  savings: number;
  actualCost: number;
  importKwh: number;
}

/** A recomputation: how many intervals, the first and the last, what they came to before and after. */
export interface Recomputed {
  intervals: number;
  firstStart: number;
  lastStart: number;
  before: Tally;
  after: Tally;
}

const tallyOf = (rows: PricedRow[]): Tally => ({
  pricedBy: [...new Set(rows.map((r) => r.priceKey ?? 'none'))],
  savings: rows.reduce((s, r) => s + (r.savings ?? 0), 0),
  actualCost: rows.reduce((s, r) => s + (r.actualCost ?? 0), 0),
  importKwh: rows.reduce((s, r) => s + (r.importKwh ?? 0), 0),
});

/** Writes the record of a recomputation: which intervals, why, and what the money and energy came to before and after. */
export async function record(
  ctx: LedgerScope,
  station: LedgerStation,
  reason: RecomputeReason,
  recomputed: Recomputed,
  cause: Record<string, unknown>,
  now: number,
) {
  if (recomputed.intervals === 0) return;
  const { pricedBy: before, ...beforeMoney } = recomputed.before;
  const { pricedBy: after, ...afterMoney } = recomputed.after;
  await ctx.db
    .insertInto('ledgerRecompute')
    .values({
      tenantId: ctx.scope.tenantId,
      stationId: station.id,
      at: now,
      reason,
      firstStart: recomputed.firstStart,
      lastStart: recomputed.lastStart,
      intervals: recomputed.intervals,
      detail: JSON.stringify({ ...cause, pricedBy: { before, after }, before: beforeMoney, after: afterMoney }),
    })
    .execute();
}

/** The recomputation of stored rows (`before`) into `after`, in the order of their starts. */
const recomputedRows = (before: PricedRow[], after: PricedRow[]): Recomputed => ({
  intervals: after.length,
  firstStart: after[0]?.start ?? 0,
  lastStart: after.at(-1)?.start ?? 0,
  before: tallyOf(before),
  after: tallyOf(after),
});

/**
 * The ledger of a station from `from` to `to` (local midnights), brought up to date and priced:
 * closed intervals not stored yet, or stored before every counter had read past their end, are
 * measured from the counters' readings and stored; every stored interval is priced at the prices
 * in force now (a stored interval keeps only what it measured, so a price change alters nothing
 * stored; `recordPriceChange` records what it changed). Intervals still running are left out.
 * Anything a node knows comes from the database, so any node answers alike; two nodes doing the
 * same at once write the same rows.
 */
export async function ledgerRange(
  ctx: LedgerScope,
  station: LedgerStation,
  from: number,
  to: number,
  now = Date.now(),
): Promise<{ intervals: SettlementInterval[]; rows: PricedRow[] }> {
  const intervals = intervalsBetween(station.zone, station.minutes, from, to);
  const stored = new Map((await storedRows(ctx, station.id, from, to)).map((row) => [row.start, row]));
  const measure: number[] = [];
  intervals.forEach((interval, i) => {
    if (interval.end > now) return;
    const row = stored.get(interval.start);
    if (!row || !row.settled || row.minutes !== station.minutes) measure.push(i);
  });
  if (measure.length) {
    const written = await measured(ctx, station, intervals, measure, now);
    await upsert(ctx, written);
    for (const row of written) stored.set(row.start, row);
  }
  const prices = pricesOf(await tariffsOf(ctx, station.id), station.zone, intervals);
  const rows = intervals.flatMap((interval, i) => {
    const row = stored.get(interval.start);
    return row && row.minutes === station.minutes ? [pricedRow(row, prices[i] as IntervalPrices)] : [];
  });
  return { intervals, rows };
}

/** Measures intervals (indexes into `intervals`) from the counters' readings. */
async function measured(
  ctx: LedgerScope,
  station: LedgerStation,
  intervals: SettlementInterval[],
  which: number[],
  now: number,
): Promise<LedgerRow[]> {
  const step = station.minutes * 60_000;
  const origin = (intervals[0] as SettlementInterval).start;
  const first = which[0] as number;
  const last = which.at(-1) as number;
  const readings = await readingsOf(ctx.db, ctx.dialect, ctx.scope.tenantId, station.counters, origin, step, first, last);
  const energies = energiesOf(readings, first, last - first + 1, step, (k) => origin + k * step);
  const latest = await latestTimes(
    ctx.db,
    ctx.scope.tenantId,
    station.counters.map((c) => c.varId),
  );
  const readUntil = station.counters.length ? Math.min(...station.counters.map((c) => latest.get(c.varId) ?? 0)) : 0;
  return which.map((i) => {
    const interval = intervals[i] as SettlementInterval;
    const settled = readUntil >= interval.end || interval.end <= now - SETTLE_AFTER_MS;
    return rowOf(ctx, station, interval, energies[i - first] as IntervalEnergy, settled, now);
  });
}

/**
 * Measures again the stored intervals that contain some instants (a corrected sample, and the
 * reading after it whose growth it changes), and records why and what they came to before and
 * after at the prices in force.
 */
export async function remeasure(
  ctx: LedgerScope,
  station: LedgerStation,
  instants: number[],
  cause: Record<string, unknown>,
  now = Date.now(),
): Promise<LedgerRow[]> {
  const step = station.minutes * 60_000;
  const starts = [...new Set(instants)].sort((a, b) => a - b);
  const tariffs = await tariffsOf(ctx, station.id);
  const before: PricedRow[] = [];
  const after: PricedRow[] = [];
  const written: LedgerRow[] = [];
  for (const ts of starts) {
    const stored = await ctx.db
      .selectFrom('ledgerInterval')
      .selectAll()
      .where('tenantId', '=', ctx.scope.tenantId)
      .where('stationId', '=', station.id)
      .where('start', '<=', ts)
      .where('start', '>', ts - step)
      .executeTakeFirst();
    if (!stored || written.some((row) => row.start === Number(stored.start))) continue;
    const start = Number(stored.start);
    // The intervals of its local day, stepped from midnight as the ledger steps them.
    const day = periodOf('DAY', start, station.zone);
    const intervals = intervalsBetween(station.zone, station.minutes, day.start, day.end);
    const index = intervals.findIndex((iv) => iv.start === start);
    if (index < 0) continue;
    const [row] = await measured(ctx, station, intervals, [index], now);
    if (!row) continue;
    const [prices] = pricesOf(tariffs, station.zone, [intervals[index] as SettlementInterval]) as [IntervalPrices];
    before.push(pricedRow({ ...stored, start, computedAt: Number(stored.computedAt) }, prices));
    after.push(pricedRow(row, prices));
    written.push(row);
  }
  if (written.length) {
    await upsert(ctx, written);
    await record(ctx, station, 'sampleCorrection', recomputedRows(before, after), cause, now);
  }
  return written;
}
