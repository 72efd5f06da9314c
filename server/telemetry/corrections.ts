import { sql, type Transaction } from 'kysely';
import type { Tables } from '../db/tables';
import { ApiError } from '../errors';
import { HOUR_MS, hourOf, periodOf, type LocalDays } from './calendar';
import { increase } from './counters';
import { HOLD_MS } from './rollups';
import type { VariableInfo } from './store';

/** What correcting a stored sample changed: its value before, and the reading after it (whose growth changed too). */
export interface Correction {
  ts: number;
  before: number;
  value: number;
  nextTs: number | null;
}

/**
 * Corrects the value of a stored raw sample, in the caller's transaction, and carries the change
 * into its rollups: the sum, the counter's growth at it and at the reading after it (in that
 * reading's hour, day and month), the time-weighted area of the time it held in its own hour, the
 * first and last values, and the least and greatest (the hour's from its samples, the day's from
 * its hours, the month's from its days). The variable's latest value follows when the sample is
 * the latest. A sample that is not stored is a 404.
 */
export async function correctSample(
  trx: Transaction<Tables>,
  localDays: LocalDays,
  variable: VariableInfo,
  ts: number,
  value: number,
): Promise<Correction> {
  const tenantId = variable.tenantId;
  const varId = variable.id;
  const stored = await trx
    .selectFrom('sample')
    .select('value')
    .where('tenantId', '=', tenantId)
    .where('varId', '=', varId)
    .where('ts', '=', ts)
    .executeTakeFirst();
  if (!stored) throw new ApiError('notFound');
  const old = Number(stored.value);
  const near = (op: '<' | '>') =>
    trx
      .selectFrom('sample')
      .select(['ts', 'value'])
      .where('tenantId', '=', tenantId)
      .where('varId', '=', varId)
      .where('ts', op, ts)
      .orderBy('ts', op === '<' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  const previous = await near('<');
  const next = await near('>');
  await trx
    .updateTable('sample')
    .set({ value })
    .where('tenantId', '=', tenantId)
    .where('varId', '=', varId)
    .where('ts', '=', ts)
    .execute();
  const counter = variable.kind === 'counter';
  const before = previous ? Number(previous.value) : undefined;
  const incHere = counter ? increase(before, value) - increase(before, old) : 0;
  const incNext = counter && next ? increase(value, Number(next.value)) - increase(old, Number(next.value)) : 0;
  const held = next ? Math.max(0, Math.min(Number(next.ts) - ts, HOLD_MS, hourOf(ts) + HOUR_MS - ts)) : 0;
  const keysOf = (at: number) => {
    const day = localDays.dayOf(at, variable.zone);
    return [
      ['rollupHour', 'bucket', hourOf(at)],
      ['rollupDay', 'day', day],
      ['rollupMonth', 'month', day.slice(0, 7)],
    ] as const;
  };
  for (const [table, key, at] of keysOf(ts)) {
    await trx
      .updateTable(table)
      .set({
        sum: sql`sum + ${value - old}`,
        inc: sql`inc + ${incHere}`,
        area: sql`area + ${(value - old) * held}`,
        first: sql`case when first_ts = ${ts} then ${value} else first end`,
        last: sql`case when last_ts = ${ts} then ${value} else last end`,
      } as never)
      .where('tenantId', '=', tenantId)
      .where('varId', '=', varId)
      .where(key as never, '=', at as never)
      .execute();
  }
  await extremes(trx, variable, ts, localDays);
  if (next && incNext !== 0) {
    for (const [table, key, at] of keysOf(Number(next.ts))) {
      await trx
        .updateTable(table)
        .set({ inc: sql`inc + ${incNext}` } as never)
        .where('tenantId', '=', tenantId)
        .where('varId', '=', varId)
        .where(key as never, '=', at as never)
        .execute();
    }
  }
  await trx
    .updateTable('varState')
    .set({ value })
    .where('tenantId', '=', tenantId)
    .where('varId', '=', varId)
    .where('ts', '=', ts)
    .execute();
  return { ts, before: old, value, nextTs: next ? Number(next.ts) : null };
}

/** The least and greatest of the hour, day and month of an instant, again from what they are made of. */
async function extremes(trx: Transaction<Tables>, variable: VariableInfo, ts: number, localDays: LocalDays): Promise<void> {
  const { tenantId, id: varId } = variable;
  const hour = hourOf(ts);
  const day = localDays.dayOf(ts, variable.zone);
  const { start, end } = periodOf('DAY', day, variable.zone);
  const set = async (
    table: 'rollupHour' | 'rollupDay' | 'rollupMonth',
    key: string,
    at: string | number,
    of: { min: unknown; max: unknown } | undefined,
  ) => {
    if (!of || of.min === null) return;
    await trx
      .updateTable(table)
      .set({ min: Number(of.min), max: Number(of.max) } as never)
      .where('tenantId', '=', tenantId)
      .where('varId', '=', varId)
      .where(key as never, '=', at as never)
      .execute();
  };
  const scoped = <T extends 'sample' | 'rollupHour' | 'rollupDay'>(table: T) =>
    trx
      .selectFrom(table as 'sample')
      .where('tenantId', '=', tenantId)
      .where('varId', '=', varId);
  await set(
    'rollupHour',
    'bucket',
    hour,
    await scoped('sample')
      .select((eb) => [eb.fn.min('value').as('min'), eb.fn.max('value').as('max')])
      .where('ts', '>=', hour)
      .where('ts', '<', hour + HOUR_MS)
      .executeTakeFirst(),
  );
  await set(
    'rollupDay',
    'day',
    day,
    await trx
      .selectFrom('rollupHour')
      .select((eb) => [eb.fn.min('min').as('min'), eb.fn.max('max').as('max')])
      .where('tenantId', '=', tenantId)
      .where('varId', '=', varId)
      .where('bucket', '>=', start)
      .where('bucket', '<', end)
      .executeTakeFirst(),
  );
  await set(
    'rollupMonth',
    'month',
    day.slice(0, 7),
    await trx
      .selectFrom('rollupDay')
      .select((eb) => [eb.fn.min('min').as('min'), eb.fn.max('max').as('max')])
      .where('tenantId', '=', tenantId)
      .where('varId', '=', varId)
      .where('day', 'like', `${day.slice(0, 7)}-%`)
      .executeTakeFirst(),
  );
}
