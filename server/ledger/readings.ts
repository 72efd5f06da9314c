import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import type { Tables } from '../db/tables';
import { HOUR_MS } from '../telemetry/calendar';
import type { CounterBucket, CounterReadings, Flow } from './measure';

/** A counter of a station and the flow it measures. */
export interface Counter {
  varId: number;
  flow: Flow;
}

type Db = Kysely<Tables> | Transaction<Tables>;

/**
 * The readings of a station's counters for intervals `first`…`last` (indexes of intervals of
 * `step` ms from `origin`), grouped by interval in the database, with the interval before (to pin
 * the first one's start) and each counter's last reading before that. Hourly intervals that fall
 * on UTC hours read the hourly rollups, which hold exactly these figures for every hour of history
 * (raw samples are kept only for the retention window); shorter intervals read the raw samples.
 */
export async function readingsOf(
  db: Db,
  dialect: Dialect,
  tenantId: number,
  counters: Counter[],
  origin: number,
  step: number,
  first: number,
  last: number,
): Promise<CounterReadings[]> {
  if (counters.length === 0) return [];
  const ids = counters.map((c) => c.varId);
  const lower = origin + (first - 1) * step;
  const upper = origin + (last + 1) * step;
  const buckets = new Map<number, Map<number, CounterBucket>>(ids.map((id) => [id, new Map()]));
  const hourly = step === HOUR_MS && origin % HOUR_MS === 0;
  if (hourly) {
    const rows = await db
      .selectFrom('rollupHour')
      .select(['varId', 'bucket', 'count', 'firstTs', 'lastTs', 'min', 'max'])
      .where('tenantId', '=', tenantId)
      .where('varId', 'in', ids)
      .where('bucket', '>=', lower)
      .where('bucket', '<', upper)
      .execute();
    for (const row of rows) {
      if (!Number(row.count)) continue;
      buckets.get(row.varId)?.set(Math.round((Number(row.bucket) - origin) / step), {
        count: Number(row.count),
        firstTs: Number(row.firstTs),
        lastTs: Number(row.lastTs),
        minValue: Number(row.min),
        maxValue: Number(row.max),
      });
    }
  } else {
    // Integer division of non-negative offsets (from `lower`): both engines truncate toward zero.
    const index =
      dialect === 'postgres'
        ? sql<number>`div(${sql.ref('ts')} - ${lower}::int8, ${step}::int8)`
        : sql<number>`(${sql.ref('ts')} - ${lower}) / ${step}`;
    const rows = await db
      .selectFrom('sample')
      .select([
        'varId',
        index.as('k'),
        sql<number>`count(*)`.as('count'),
        sql<number>`min(ts)`.as('firstTs'),
        sql<number>`max(ts)`.as('lastTs'),
        sql<number>`min(value)`.as('minValue'),
        sql<number>`max(value)`.as('maxValue'),
      ])
      .where('tenantId', '=', tenantId)
      .where('varId', 'in', ids)
      .where('ts', '>=', lower)
      .where('ts', '<', upper)
      .groupBy(['varId', index])
      .execute();
    for (const row of rows) {
      buckets.get(row.varId)?.set(Number(row.k) + first - 1, {
        count: Number(row.count),
        firstTs: Number(row.firstTs),
        lastTs: Number(row.lastTs),
        minValue: Number(row.minValue),
        maxValue: Number(row.maxValue),
      });
    }
  }
  const result: CounterReadings[] = [];
  for (const counter of counters) {
    result.push({
      flow: counter.flow,
      buckets: buckets.get(counter.varId) ?? new Map(),
      before: await readingBefore(db, tenantId, counter.varId, lower),
    });
  }
  return result;
}

/** A counter's last reading before an instant: the raw sample, else (samples pruned) the last of an hourly rollup. */
async function readingBefore(db: Db, tenantId: number, varId: number, before: number) {
  const sample = await db
    .selectFrom('sample')
    .select(['ts', 'value'])
    .where('tenantId', '=', tenantId)
    .where('varId', '=', varId)
    .where('ts', '<', before)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (sample) return { ts: Number(sample.ts), value: Number(sample.value) };
  const rollup = await db
    .selectFrom('rollupHour')
    .select(['lastTs', 'last'])
    .where('tenantId', '=', tenantId)
    .where('varId', '=', varId)
    .where('bucket', '<=', before - HOUR_MS)
    .orderBy('bucket', 'desc')
    .limit(1)
    .executeTakeFirst();
  return rollup ? { ts: Number(rollup.lastTs), value: Number(rollup.last) } : undefined;
}

/** The latest reading time of each counter (no sample older than it can be stored any more). */
export async function latestTimes(db: Db, tenantId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('varState')
    .select(['varId', 'ts'])
    .where('tenantId', '=', tenantId)
    .where('varId', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.varId, Number(row.ts)]));
}
