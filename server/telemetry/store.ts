import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import type { Rollup, Tables } from '../db/tables';
import { insertRows, mergeRows, type TelemetryRows } from './bulkWrites';
import { hourOf, LocalDays, partKey, periodOf, subPeriods, type PeriodType } from './calendar';
import { downsample, type Point } from './counters';
import { figure, figureOfAll, type CalcMethod, type Totals } from './figure';
import { SamplePartitions } from './partitions';
import { RollupBuilder } from './rollups';

export type { CalcMethod };

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
      await mergeRows(trx, this.dialect, { samples: raw, hours, days, months, states: newStates });
      await alongside?.(trx);
    });
    return { accepted: raw.length, skipped, stored: raw };
  }

  /**
   * Writes history made elsewhere (the simulator's back-fill): rollups already folded, samples of
   * the raw window, and each variable's latest value. For variables without any yet: nothing is
   * merged. The caller gives the transaction.
   */
  async writeHistory(history: TelemetryRows, trx: Transaction<Tables>): Promise<void> {
    await insertRows(trx, this.dialect, history);
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
        result.set(variable.id, { value: figureOfAll(method, perVar.values()), series, labels: parts.map((p) => p.label) });
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
