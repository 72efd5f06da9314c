import { sql, type Expression, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import type { Tables } from '../db/tables';

/** Rows of each telemetry table, as one ingest or one back-fill writes them. */
export interface TelemetryRows {
  samples: Tables['sample'][];
  hours: Tables['rollupHour'][];
  days: Tables['rollupDay'][];
  months: Tables['rollupMonth'][];
  states: Tables['varState'][];
}

/** Most bound values in one statement (SQLite takes at most 32766). */
const PARAMETERS = 30_000;

/** PostgreSQL types of the columns of the telemetry tables, for inserts of whole arrays. */
const DOUBLE = 'float8';
const ROLLUP_TYPES = {
  tenantId: 'int4',
  varId: 'int4',
  min: DOUBLE,
  max: DOUBLE,
  sum: DOUBLE,
  count: 'int4',
  first: DOUBLE,
  firstTs: 'int8',
  last: DOUBLE,
  lastTs: 'int8',
  inc: DOUBLE,
  area: DOUBLE,
  span: DOUBLE,
};
const COLUMN_TYPES = {
  sample: { tenantId: 'int4', varId: 'int4', ts: 'int8', value: DOUBLE },
  varState: { tenantId: 'int4', varId: 'int4', ts: 'int8', value: DOUBLE },
  rollupHour: { ...ROLLUP_TYPES, bucket: 'int8' },
  rollupDay: { ...ROLLUP_TYPES, day: 'text' },
  rollupMonth: { ...ROLLUP_TYPES, month: 'text' },
} as const;

type TelemetryTable = keyof typeof COLUMN_TYPES;

function chunks<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(PARAMETERS / columns));
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

/** Values of a rollup merged with newer samples of the same hour or day. */
function mergeSet(dialect: Dialect, table: 'rollupHour' | 'rollupDay' | 'rollupMonth') {
  const current = (column: string) => sql.ref(`${table}.${column}`);
  const incoming = (column: string) => sql.ref(`excluded.${column}`);
  const least = (a: Expression<unknown>, b: Expression<unknown>) =>
    dialect === 'postgres' ? sql<number>`least(${a}, ${b})` : sql<number>`min(${a}, ${b})`;
  const greatest = (a: Expression<unknown>, b: Expression<unknown>) =>
    dialect === 'postgres' ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
  return {
    min: least(current('min'), incoming('min')),
    max: greatest(current('max'), incoming('max')),
    sum: sql<number>`${current('sum')} + ${incoming('sum')}`,
    count: sql<number>`${current('count')} + ${incoming('count')}`,
    last: sql<number>`${incoming('last')}`,
    lastTs: sql<number>`${incoming('lastTs')}`,
    inc: sql<number>`${current('inc')} + ${incoming('inc')}`,
    area: sql<number>`${current('area')} + ${incoming('area')}`,
    span: sql<number>`${current('span')} + ${incoming('span')}`,
  };
}

/**
 * Writes the rows of an ingest: samples added, each rollup merged into the one of its hour, day or
 * month already stored, and each latest value replacing the one before.
 */
export async function mergeRows(trx: Transaction<Tables>, dialect: Dialect, rows: TelemetryRows): Promise<void> {
  for (const chunk of chunks(rows.samples, 4)) await trx.insertInto('sample').values(chunk).execute();
  for (const chunk of chunks(rows.hours, 15)) {
    await trx
      .insertInto('rollupHour')
      .values(chunk)
      .onConflict((oc) => oc.columns(['tenantId', 'varId', 'bucket']).doUpdateSet(mergeSet(dialect, 'rollupHour')))
      .execute();
  }
  for (const chunk of chunks(rows.days, 15)) {
    await trx
      .insertInto('rollupDay')
      .values(chunk)
      .onConflict((oc) => oc.columns(['tenantId', 'varId', 'day']).doUpdateSet(mergeSet(dialect, 'rollupDay')))
      .execute();
  }
  for (const chunk of chunks(rows.months, 15)) {
    await trx
      .insertInto('rollupMonth')
      .values(chunk)
      .onConflict((oc) => oc.columns(['tenantId', 'varId', 'month']).doUpdateSet(mergeSet(dialect, 'rollupMonth')))
      .execute();
  }
  for (const chunk of chunks(rows.states, 4)) {
    await trx
      .insertInto('varState')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['tenantId', 'varId']).doUpdateSet({ ts: sql.ref('excluded.ts'), value: sql.ref('excluded.value') }),
      )
      .execute();
  }
}

/** Writes rows where none of their keys is stored yet (history made elsewhere): nothing is merged. */
export async function insertRows(trx: Transaction<Tables>, dialect: Dialect, rows: TelemetryRows): Promise<void> {
  await insertMany(trx, dialect, 'sample', rows.samples);
  await insertMany(trx, dialect, 'rollupHour', rows.hours);
  await insertMany(trx, dialect, 'rollupDay', rows.days);
  await insertMany(trx, dialect, 'rollupMonth', rows.months);
  await insertMany(trx, dialect, 'varState', rows.states);
}

/**
 * Inserts many rows: on PostgreSQL as one array per column (`unnest`), which spares parsing a
 * parameter per value; on SQLite as multi-row statements.
 */
async function insertMany<T extends TelemetryTable>(
  trx: Transaction<Tables>,
  dialect: Dialect,
  table: T,
  rows: Tables[T][],
): Promise<void> {
  if (rows.length === 0) return;
  const types = COLUMN_TYPES[table] as Record<string, string>;
  const columns = Object.keys(types);
  if (dialect === 'postgres') {
    const arrays = columns.map((column) => {
      const values = rows.map((row) => (row as Record<string, unknown>)[column]);
      return sql`${values}::${sql.raw(types[column] ?? 'text')}[]`;
    });
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(
      trx,
    );
    return;
  }
  for (const chunk of chunks(rows, columns.length))
    await trx
      .insertInto(table)
      .values(chunk as never)
      .execute();
}
