import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import type { Rollup, Tables } from '../db/tables';
import { hourOf, LocalDays, partKey, periodOf, subPeriods, type PeriodType } from './calendar';
import { downsample, type Point } from './counters';
import { SamplePartitions } from './partitions';
import { RollupBuilder } from './rollups';

/** How a figure is made of the samples of a period. */
export type CalcMethod = 'DIFF' | 'SUM' | 'AVG' | 'MAX' | 'MIN';

/** A variable as ingest and queries need it. */
export interface VariableInfo {
  id: number;
  tenantId: number;
  zone: string;
  kind: 'counter' | 'gauge' | 'signal';
}

export interface SampleInput {
  varId: number;
  ts: number;
  value: number;
}

/** What one batch of samples did: samples stored, and samples left out (not newer than the variable's last, or unknown). */
export interface IngestResult {
  accepted: number;
  skipped: number;
  /** The samples stored, for what evaluates them (alarms). */
  stored: SampleInput[];
}

/** A statistic of a variable over a period: the figure and its series over the sub-periods. */
export interface Statistic {
  value: number | null;
  series: (number | null)[];
  labels: string[];
}

/** Resolutions of a trend: the samples themselves, or hourly, daily, monthly figures. */
export type Resolution = 'RAW' | 'HOUR' | 'DAY' | 'MONTH';

export type HourRollup = Rollup & { bucket: number };
export type DayRollup = Rollup & { day: string };
export type MonthRollup = Rollup & { month: string };

/** Variables whose old samples one statement removes. */
const PRUNE_VARIABLES = 50;

/** Most bound values in one statement (SQLite takes at most 32766). */
const PARAMETERS = 30_000;

/** The totals of some rollups, from which any method's figure is made. */
interface Totals {
  min: number | null;
  max: number | null;
  sum: number | null;
  count: number | null;
  inc: number | null;
  area: number | null;
  span: number | null;
}

/** The figure of a method from the totals of a period; null when the period has no sample. */
export function figure(method: CalcMethod, totals: Totals | undefined): number | null {
  if (!totals || !totals.count) return null;
  switch (method) {
    case 'DIFF':
      return totals.inc;
    case 'SUM':
      return totals.sum;
    case 'AVG':
      // Weighted by time where the samples count for any (a period of one sample: its value).
      if (totals.span) return (totals.area ?? 0) / totals.span;
      return totals.sum === null ? null : totals.sum / totals.count;
    case 'MAX':
      return totals.max;
    case 'MIN':
      return totals.min;
  }
}

function combine(a: Totals, b: Totals): Totals {
  const pick = (x: number | null, y: number | null, f: (p: number, q: number) => number) =>
    x === null ? y : y === null ? x : f(x, y);
  return {
    min: pick(a.min, b.min, Math.min),
    max: pick(a.max, b.max, Math.max),
    sum: (a.sum ?? 0) + (b.sum ?? 0),
    count: (a.count ?? 0) + (b.count ?? 0),
    inc: (a.inc ?? 0) + (b.inc ?? 0),
    area: (a.area ?? 0) + (b.area ?? 0),
    span: (a.span ?? 0) + (b.span ?? 0),
  };
}

const EMPTY: Totals = { min: null, max: null, sum: null, count: 0, inc: null, area: null, span: null };

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

/**
 * Samples and their rollups. Ingest keeps the hourly and daily rollups up to date as samples
 * arrive, in one transaction with the samples, so that a day, month or year figure reads a few
 * rollup rows, never the samples of the period.
 */
export class TelemetryStore {
  readonly localDays = new LocalDays();
  /** On PostgreSQL, the day partitions of the raw samples. */
  readonly partitions: SamplePartitions | undefined;

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly dialect: Dialect,
  ) {
    this.partitions = dialect === 'postgres' ? new SamplePartitions(db) : undefined;
  }

  /** Values of a rollup merged with newer samples of the same hour or day. */
  private mergeSet(table: 'rollupHour' | 'rollupDay' | 'rollupMonth') {
    const current = (column: string) => sql.ref(`${table}.${column}`);
    const incoming = (column: string) => sql.ref(`excluded.${column}`);
    const least = (a: Expression<unknown>, b: Expression<unknown>) =>
      this.dialect === 'postgres' ? sql<number>`least(${a}, ${b})` : sql<number>`min(${a}, ${b})`;
    const greatest = (a: Expression<unknown>, b: Expression<unknown>) =>
      this.dialect === 'postgres' ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
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
   * Stores samples of one tenant's variables, with `alongside` written in the same transaction. A
   * sample not newer than the last stored sample of its variable is left out, so that a collector
   * sending a batch again changes nothing.
   */
  async ingest(
    tenantId: number,
    samples: SampleInput[],
    variables: Map<number, VariableInfo>,
    alongside?: (trx: Transaction<Tables>) => Promise<void>,
  ): Promise<IngestResult> {
    const byVar = new Map<number, SampleInput[]>();
    for (const sample of samples) {
      const list = byVar.get(sample.varId);
      if (list) list.push(sample);
      else byVar.set(sample.varId, [sample]);
    }
    const states = new Map((await this.latest(tenantId, [...byVar.keys()])).map((state) => [state.varId, state] as const));
    const raw: Tables['sample'][] = [];
    const hours: HourRollup[] = [];
    const days: DayRollup[] = [];
    const months: MonthRollup[] = [];
    const newStates: Tables['varState'][] = [];
    let skipped = 0;
    for (const [varId, list] of byVar) {
      const variable = variables.get(varId);
      if (variable?.tenantId !== tenantId) {
        skipped += list.length;
        continue;
      }
      list.sort((a, b) => a.ts - b.ts);
      const state = states.get(varId);
      let last = state ? { ts: state.ts, value: state.value } : undefined;
      const builder = new RollupBuilder(variable.zone, variable.kind === 'counter', this.localDays, last);
      for (const sample of list) {
        if ((last && sample.ts <= last.ts) || !Number.isFinite(sample.value)) {
          skipped += 1;
          continue;
        }
        last = { ts: sample.ts, value: sample.value };
        builder.add(sample.ts, sample.value);
        raw.push({ tenantId, varId, ts: sample.ts, value: sample.value });
      }
      for (const [bucket, values] of builder.hours) hours.push({ tenantId, varId, bucket, ...values });
      for (const [day, values] of builder.days) days.push({ tenantId, varId, day, ...values });
      for (const [month, values] of builder.months) months.push({ tenantId, varId, month, ...values });
      if (last && last.ts !== state?.ts) newStates.push({ tenantId, varId, ...last });
    }
    await this.db.transaction().execute(async (trx) => {
      for (const rows of chunks(raw, 4)) await trx.insertInto('sample').values(rows).execute();
      for (const rows of chunks(hours, 15)) {
        await trx
          .insertInto('rollupHour')
          .values(rows)
          .onConflict((oc) => oc.columns(['tenantId', 'varId', 'bucket']).doUpdateSet(this.mergeSet('rollupHour')))
          .execute();
      }
      for (const rows of chunks(days, 15)) {
        await trx
          .insertInto('rollupDay')
          .values(rows)
          .onConflict((oc) => oc.columns(['tenantId', 'varId', 'day']).doUpdateSet(this.mergeSet('rollupDay')))
          .execute();
      }
      for (const rows of chunks(months, 15)) {
        await trx
          .insertInto('rollupMonth')
          .values(rows)
          .onConflict((oc) => oc.columns(['tenantId', 'varId', 'month']).doUpdateSet(this.mergeSet('rollupMonth')))
          .execute();
      }
      for (const rows of chunks(newStates, 4)) {
        await trx
          .insertInto('varState')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['tenantId', 'varId']).doUpdateSet({ ts: sql.ref('excluded.ts'), value: sql.ref('excluded.value') }),
          )
          .execute();
      }
      await alongside?.(trx);
    });
    return { accepted: raw.length, skipped, stored: raw };
  }

  /**
   * Writes history made elsewhere (the simulator's back-fill): rollups already folded, samples of
   * the raw window, and each variable's latest value. For variables without any yet: nothing is
   * merged. The caller gives the transaction.
   */
  async writeHistory(
    history: {
      samples: Tables['sample'][];
      hours: HourRollup[];
      days: DayRollup[];
      months: MonthRollup[];
      states: Tables['varState'][];
    },
    trx: Transaction<Tables>,
  ): Promise<void> {
    await this.insertMany(trx, 'sample', history.samples);
    await this.insertMany(trx, 'rollupHour', history.hours);
    await this.insertMany(trx, 'rollupDay', history.days);
    await this.insertMany(trx, 'rollupMonth', history.months);
    await this.insertMany(trx, 'varState', history.states);
  }

  /**
   * Inserts many rows: on PostgreSQL as one array per column (`unnest`), which spares parsing a
   * parameter per value; on SQLite as multi-row statements.
   */
  private async insertMany<T extends TelemetryTable>(trx: Transaction<Tables>, table: T, rows: Tables[T][]): Promise<void> {
    if (rows.length === 0) return;
    const types = COLUMN_TYPES[table] as Record<string, string>;
    const columns = Object.keys(types);
    if (this.dialect === 'postgres') {
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

  /** How many hours between two instants each variable has any sample in (hourly rollups; hours from `start`'s). */
  async hoursWithData(tenantId: number, varIds: number[], start: number, end: number): Promise<Map<number, number>> {
    if (varIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('rollupHour')
      .select(['varId', sql<number>`count(*)`.as('hours')])
      .where('tenantId', '=', tenantId)
      .where('varId', 'in', varIds)
      .where('bucket', '>=', hourOf(start))
      .where('bucket', '<', end)
      .groupBy('varId')
      .execute();
    return new Map(rows.map((row) => [row.varId, Number(row.hours)]));
  }

  /**
   * The latest value of each variable that has one. On PostgreSQL the ids go as one array
   * parameter (`= any`), not one parameter each: the realtime calls of every dashboard make this
   * query, and a statement of hundreds of parameters costs more to send and parse than to run.
   */
  async latest(tenantId: number, varIds: number[]): Promise<Tables['varState'][]> {
    if (varIds.length === 0) return [];
    return this.db
      .selectFrom('varState')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where((eb) =>
        this.dialect === 'postgres' ? sql<boolean>`${eb.ref('varId')} = any(${varIds}::int4[])` : eb('varId', 'in', varIds),
      )
      .execute();
  }

  /**
   * A figure of each variable over the DAY, MONTH or YEAR containing `time` in its station's zone,
   * with its series over the hours, days or months of the period. Days read hourly rollups,
   * months and years daily ones.
   */
  async statistic(
    tenantId: number,
    variables: VariableInfo[],
    method: CalcMethod,
    type: PeriodType,
    time: string | number,
  ): Promise<Map<number, Statistic>> {
    const result = new Map<number, Statistic>();
    const byZone = new Map<string, VariableInfo[]>();
    for (const variable of variables) {
      const ofZone = byZone.get(variable.zone);
      if (ofZone) ofZone.push(variable);
      else byZone.set(variable.zone, [variable]);
    }
    for (const [zone, group] of byZone) {
      const period = periodOf(type, time, zone);
      const parts = subPeriods(period, zone);
      const ids = group.map((v) => v.id);
      const rows: (Totals & { varId: number; key: string | number })[] = (
        type === 'DAY'
          ? await this.db
              .selectFrom('rollupHour')
              .select(['varId', 'bucket as key', 'min', 'max', 'sum', 'count', 'inc', 'area', 'span'])
              .where('tenantId', '=', tenantId)
              .where('varId', 'in', ids)
              .where('bucket', '>=', period.start)
              .where('bucket', '<', period.end)
              .execute()
          : type === 'MONTH'
            ? await this.db
                .selectFrom('rollupDay')
                .select(['varId', 'day as key', 'min', 'max', 'sum', 'count', 'inc', 'area', 'span'])
                .where('tenantId', '=', tenantId)
                .where('varId', 'in', ids)
                .where('day', '>=', period.firstDay)
                .where('day', '<', period.dayAfter)
                .execute()
            : await this.db
                .selectFrom('rollupMonth')
                .select(['varId', 'month as key', 'min', 'max', 'sum', 'count', 'inc', 'area', 'span'])
                .where('tenantId', '=', tenantId)
                .where('varId', 'in', ids)
                .where('month', '>=', period.firstDay.slice(0, 7))
                .where('month', '<', period.dayAfter.slice(0, 7))
                .execute()
      ) as (Totals & { varId: number; key: string | number })[];
      const totals = new Map<number, Map<string, Totals>>();
      for (const row of rows) {
        const perVar = totals.get(row.varId) ?? new Map<string, Totals>();
        perVar.set(String(row.key), {
          min: row.min === null ? null : Number(row.min),
          max: row.max === null ? null : Number(row.max),
          sum: row.sum === null ? null : Number(row.sum),
          count: row.count === null ? null : Number(row.count),
          inc: row.inc === null ? null : Number(row.inc),
          area: row.area === null ? null : Number(row.area),
          span: row.span === null ? null : Number(row.span),
        });
        totals.set(row.varId, perVar);
      }
      for (const variable of group) {
        const perVar = totals.get(variable.id) ?? new Map<string, Totals>();
        const series = parts.map((part) => figure(method, perVar.get(partKey(part))));
        const whole = [...perVar.values()].reduce(combine, EMPTY);
        result.set(variable.id, { value: figure(method, whole), series, labels: parts.map((p) => p.label) });
      }
    }
    return result;
  }

  /**
   * The values of each variable from `start` to `end`: its samples (RAW), or a figure per hour,
   * day or month of its zone that overlaps them; at most `points` points per variable, keeping
   * peaks and dips.
   */
  async trend(
    tenantId: number,
    variables: VariableInfo[],
    method: CalcMethod,
    resolution: Resolution,
    start: number,
    end: number,
    points: number,
  ): Promise<Map<number, Point[]>> {
    const ids = variables.map((v) => v.id);
    const series = new Map<number, Point[]>(ids.map((id) => [id, []]));
    // No variables, no statement: PostgreSQL refuses an empty `in ()` (a storage station has no photovoltaic power).
    if (ids.length === 0) return series;
    if (resolution === 'RAW' || resolution === 'HOUR') {
      const rows =
        resolution === 'RAW'
          ? (
              await this.db
                .selectFrom('sample')
                .select(['varId', 'ts', 'value'])
                .where('tenantId', '=', tenantId)
                .where('varId', 'in', ids)
                .where('ts', '>=', start)
                .where('ts', '<', end)
                .orderBy('ts')
                .execute()
            ).map((row) => ({ varId: row.varId, ts: Number(row.ts), value: row.value }))
          : (
              await this.db
                .selectFrom('rollupHour')
                // The totals a figure is made of, not the first and last samples: a month of a few
                // variables is thousands of rows, and each column more costs to read and to map.
                .select(['varId', 'bucket', 'min', 'max', 'sum', 'count', 'inc', 'area', 'span'])
                .where('tenantId', '=', tenantId)
                .where('varId', 'in', ids)
                .where('bucket', '>=', hourOf(start))
                .where('bucket', '<', end)
                .orderBy('bucket')
                .execute()
            ).map((row) => ({ varId: row.varId, ts: Number(row.bucket), value: figure(method, row) }));
      for (const row of rows) if (row.value !== null) series.get(row.varId)?.push({ ts: row.ts, value: row.value });
    } else {
      for (const variable of variables) {
        const first = periodOf('DAY', start, variable.zone).firstDay;
        const last = periodOf('DAY', end - 1, variable.zone).firstDay;
        const rows: (Totals & { key: string })[] =
          resolution === 'MONTH'
            ? await this.db
                .selectFrom('rollupMonth')
                .select(['month as key', 'min', 'max', 'sum', 'count', 'inc', 'area', 'span'])
                .where('tenantId', '=', tenantId)
                .where('varId', '=', variable.id)
                .where('month', '>=', first.slice(0, 7))
                .where('month', '<=', last.slice(0, 7))
                .orderBy('month')
                .execute()
            : await this.db
                .selectFrom('rollupDay')
                .select(['day as key', 'min', 'max', 'sum', 'count', 'inc', 'area', 'span'])
                .where('tenantId', '=', tenantId)
                .where('varId', '=', variable.id)
                .where('day', '>=', first)
                .where('day', '<=', last)
                .orderBy('day')
                .execute();
        for (const row of rows) {
          const value = figure(method, row);
          if (value !== null) {
            series
              .get(variable.id)
              ?.push({ ts: periodOf(resolution === 'MONTH' ? 'MONTH' : 'DAY', row.key, variable.zone).start, value });
          }
        }
      }
    }
    for (const [id, list] of series) series.set(id, downsample(list, points));
    return series;
  }

  /** Removes everything stored of some variables of a tenant: samples, rollups and latest values. */
  async clear(tenantId: number, varIds: number[]): Promise<void> {
    if (varIds.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const table of ['sample', 'rollupHour', 'rollupDay', 'rollupMonth', 'varState'] as const) {
        await trx.deleteFrom(table).where('tenantId', '=', tenantId).where('varId', 'in', varIds).execute();
      }
    });
  }

  /**
   * Removes samples older than `before`; rollups stay. On PostgreSQL by dropping the partitions
   * of the days wholly before it (the samples of `before`'s day stay until that day is past); on
   * SQLite by deleting them.
   */
  async pruneSamples(before: number): Promise<void> {
    if (this.partitions) await this.partitions.prune(before);
    else await this.deleteSamples(before);
  }

  /**
   * Deletes samples older than `before`, variable by variable along the key (a delete by time
   * alone would read the whole table), a few at a time; answers how many.
   */
  async deleteSamples(before: number): Promise<number> {
    const variables = await this.db
      .selectFrom('varState')
      .select(['tenantId', 'varId'])
      .orderBy('tenantId')
      .orderBy('varId')
      .execute();
    let removed = 0;
    for (let i = 0; i < variables.length; i += PRUNE_VARIABLES) {
      const part = variables.slice(i, i + PRUNE_VARIABLES);
      for (const tenantId of new Set(part.map((v) => v.tenantId))) {
        const result = await this.db
          .deleteFrom('sample')
          .where('tenantId', '=', tenantId)
          .where(
            'varId',
            'in',
            part.filter((v) => v.tenantId === tenantId).map((v) => v.varId),
          )
          .where('ts', '<', before)
          .executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
      // Requests waiting meanwhile are answered between two deletes.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return removed;
  }
}
