import { sql, type Kysely, type Transaction } from 'kysely';
import type { TenantScope } from '../auth/context';
import type { Dialect } from '../db/database';
import type { Tables } from '../db/tables';

/**
 * How a rule judges its variable (`schemas/enums/alarmComparison.json`): its value against the
 * threshold, or (`offline`) its device's link, whose changes come as values 1 (offline) and 0.
 */
export type Comparison = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'ne' | 'offline';

/** A device's link as its collector found it, at a poll where it changed. */
export interface LinkChange {
  deviceId: number;
  ts: number;
  offline: boolean;
}

/** A sample of a variable, as ingest stored it. */
export interface Change {
  varId: number;
  ts: number;
  value: number;
}

/** An enabled alarm rule whose device's switch is open, with what its alarms carry. */
export interface Rule {
  id: number;
  varId: number;
  stationId: number;
  deviceId: number;
  typeId: number;
  comparison: Comparison;
  threshold: number;
  /** Hysteresis of recovery, 0 for none. */
  deadband: number;
  /** The rule's level, else its type's. */
  level: string;
  source: string;
  info: string;
}

/**
 * An alarm a batch raises; `recoveredAt` (with the value then) when a later sample of the same
 * batch already recovered it.
 */
export interface Raised {
  rule: Rule;
  ts: number;
  value: number;
  recoveredAt?: number;
  recoveredValue?: number;
}

/** Active alarms (by id) that a sample at `ts`, of this value, recovered. */
export interface Recovered {
  ruleId: number;
  alarmIds: number[];
  ts: number;
  value: number;
}

export interface Plan {
  raised: Raised[];
  recovered: Recovered[];
}

/** Equal, allowing for the rounding of decimal fractions (0.1 + 0.2 equals 0.3). */
function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Whether a value meets a rule's condition: a rule without an active alarm raises one. */
export function holds(comparison: Comparison, value: number, threshold: number): boolean {
  switch (comparison) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
    case 'eq':
      return same(value, threshold);
    case 'ne':
      return !same(value, threshold);
    case 'offline':
      return value === 1;
  }
}

/**
 * Whether an active alarm stays active at a value: the condition with the threshold moved by the
 * deadband towards the normal side, so that a value wavering at the threshold does not raise and
 * recover alarms at every sample. With no deadband, the condition itself. For "equal" the
 * deadband is the distance within which the value still counts as equal; "not equal" has none.
 */
export function keeps(comparison: Comparison, value: number, threshold: number, deadband: number): boolean {
  switch (comparison) {
    case 'gt':
      return value > threshold - deadband;
    case 'gte':
      return value >= threshold - deadband;
    case 'lt':
      return value < threshold + deadband;
    case 'lte':
      return value <= threshold + deadband;
    case 'eq':
      return deadband > 0 ? Math.abs(value - threshold) <= deadband : same(value, threshold);
    case 'ne':
      return !same(value, threshold);
    case 'offline':
      return value === 1;
  }
}

/**
 * What the samples of one batch do to the rules of their variables, sample by sample in time
 * order: a rule without an active alarm whose condition holds raises one (reported at the time of
 * the sample, with its value); a rule with active alarms whose value is back to normal recovers
 * them. An alarm is active from its raising until its value is back to normal, whether or not a
 * user confirmed it meanwhile: a confirmed alarm whose condition still holds is not raised again.
 * `active` has the ids of the active alarms of each rule before the batch.
 */
export function plan(rules: Rule[], samples: Map<number, Change[]>, active: Map<number, number[]>): Plan {
  const raised: Raised[] = [];
  const recovered: Recovered[] = [];
  for (const rule of rules) {
    let stored = active.get(rule.id) ?? [];
    let pending: Raised | undefined;
    for (const sample of samples.get(rule.varId) ?? []) {
      if (stored.length === 0 && !pending) {
        if (holds(rule.comparison, sample.value, rule.threshold)) {
          pending = { rule, ts: sample.ts, value: sample.value };
          raised.push(pending);
        }
      } else if (!keeps(rule.comparison, sample.value, rule.threshold, rule.deadband)) {
        if (stored.length > 0) recovered.push({ ruleId: rule.id, alarmIds: stored, ts: sample.ts, value: sample.value });
        if (pending) {
          pending.recoveredAt = sample.ts;
          pending.recoveredValue = sample.value;
        }
        stored = [];
        pending = undefined;
      }
    }
  }
  return { raised, recovered };
}

/** What the engine keeps of one tenant: its rules on values by variable, its rules on links by device. */
interface TenantState {
  byVar: Map<number, Rule[]>;
  byDevice: Map<number, Rule[]>;
}

/** The first key of the PostgreSQL advisory locks under which a tenant's batches are evaluated (the tenant is the second). */
const EVALUATION_LOCK = 730_245;

/** Entities whose changes change a tenant's rules or its alarms (deleted with a station, a rule...). */
const WATCHED = new Set(['alarmGenerator', 'alarmType', 'alarmSwitch', 'deviceVariable', 'device', 'station', 'alarm']);

/** Most ids in one `in (...)` list, and most rows in one insert (SQLite binds at most 32766 values). */
const IDS_PER_STATEMENT = 1000;
const ROWS_PER_INSERT = 1000;

const iso = (ts: number) => new Date(ts).toISOString();

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** A record of an alarm's raising, recovery or confirmation (`schemas/entities/alarmEvent.json`). */
export type AlarmEventRow = {
  tenantId: number;
  alarmId: number;
  kind: 'raised' | 'recovered' | 'confirmed';
  time: string;
  stationId: number;
  deviceId: number;
  generatorId: number;
  level: string;
  source: string;
  info: string;
  value: number | null;
};

function eventRow(
  tenantId: number,
  alarmId: number,
  kind: 'raised' | 'recovered',
  rule: Rule,
  ts: number,
  value: number | undefined,
): AlarmEventRow {
  return {
    tenantId,
    alarmId,
    kind,
    time: iso(ts),
    stationId: rule.stationId,
    deviceId: rule.deviceId,
    generatorId: rule.id,
    level: rule.level,
    source: rule.source,
    info: rule.info,
    value: value ?? null,
  };
}

/**
 * Raises and recovers alarms as samples arrive. The enabled rules of a tenant whose devices'
 * switches are open are kept in memory by variable, read again after rules, types, switches,
 * stations, devices or variables change. A batch looks up the rules of its variables in memory;
 * a batch meeting no rule costs no statement. One meeting rules reads the active alarms of those
 * rules and writes what changed, in one transaction. Batches of one tenant are evaluated one
 * after the other, so that two batches cannot both raise an alarm for one rule: in this process
 * by a queue per tenant, and across the nodes of a cluster (which ingest samples each) under a
 * PostgreSQL advisory lock of the tenant held by the transaction, which reads the active alarms
 * after taking it.
 */
export class AlarmEngine {
  private readonly tenants = new Map<number, Promise<TenantState>>();
  private readonly queues = new Map<number, Promise<void>>();

  /** `cached`: whether the rules may be kept (not while a node of a cluster may miss changes). */
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly dialect: Dialect,
    private readonly cached: () => boolean = () => true,
  ) {}

  /** Drops what the engine keeps of the tenant when `entity` is one it is made of (a repository `onChange` listener). */
  invalidate(entity: string, tenantId: number): void {
    if (WATCHED.has(entity)) this.tenants.delete(tenantId);
  }

  /** Drops what the engine keeps of every tenant. */
  clear(): void {
    this.tenants.clear();
  }

  /** How many open (unconfirmed, not recovered) alarms a station of the tenant has: the station alarm widget's figure. */
  async openCount(scope: TenantScope, stationId: number): Promise<number> {
    const row = await this.db
      .selectFrom('alarm')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenantId', '=', scope.tenantId)
      .where('stationId', '=', stationId)
      .where('status', '=', 1)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Evaluates the stored samples of a batch of one tenant against its rules. */
  evaluate(tenantId: number, changes: Change[]): Promise<void> {
    if (changes.length === 0) return Promise.resolve();
    return this.queued(tenantId, async () => {
      const { byVar } = await this.stateOf(tenantId);
      const samples = new Map<number, Change[]>();
      for (const change of changes) {
        if (!byVar.has(change.varId)) continue;
        const list = samples.get(change.varId);
        if (list) list.push(change);
        else samples.set(change.varId, [change]);
      }
      const rules = [...samples.keys()].flatMap((varId) => byVar.get(varId) ?? []);
      await this.run(tenantId, rules, samples);
    });
  }

  /**
   * Evaluates devices' link changes of one tenant against its communication-loss rules (`offline`):
   * a device lost raises their alarms, a device answering again recovers them.
   */
  evaluateLinks(tenantId: number, links: LinkChange[]): Promise<void> {
    if (links.length === 0) return Promise.resolve();
    return this.queued(tenantId, async () => {
      const { byDevice } = await this.stateOf(tenantId);
      const rules = [...new Set(links.map((link) => link.deviceId))].flatMap((deviceId) => byDevice.get(deviceId) ?? []);
      // Each rule reads its device's link as values of its own variable: 1 offline, 0 online.
      const samples = new Map(
        rules.map((rule) => [
          rule.varId,
          links
            .filter((link) => link.deviceId === rule.deviceId)
            .map((link) => ({ varId: rule.varId, ts: link.ts, value: link.offline ? 1 : 0 })),
        ]),
      );
      await this.run(tenantId, rules, samples);
    });
  }

  /** Runs `work` after the tenant's evaluations under way, so that two cannot both raise an alarm of one rule. */
  private queued(tenantId: number, work: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(tenantId) ?? Promise.resolve();
    const run = previous.then(work, work);
    this.queues.set(tenantId, run);
    const done = () => {
      if (this.queues.get(tenantId) === run) this.queues.delete(tenantId);
    };
    run.then(done, done);
    return run;
  }

  private stateOf(tenantId: number): Promise<TenantState> {
    if (!this.cached()) return this.load(tenantId);
    let state = this.tenants.get(tenantId);
    if (!state) {
      state = this.load(tenantId);
      state.catch(() => this.tenants.delete(tenantId));
      this.tenants.set(tenantId, state);
    }
    return state;
  }

  private async load(tenantId: number): Promise<TenantState> {
    const rows = await this.db
      .selectFrom('alarmGenerator as g')
      .innerJoin('alarmType as t', 't.id', 'g.typeId')
      .innerJoin('deviceVariable as v', 'v.id', 'g.variableId')
      .innerJoin('device as d', 'd.id', 'v.deviceId')
      .select([
        'g.id as id',
        'g.variableId as varId',
        'd.stationId as stationId',
        'd.id as deviceId',
        'g.typeId as typeId',
        'g.comparison as comparison',
        'g.threshold as threshold',
        'g.deadband as deadband',
        'g.level as level',
        't.level as typeLevel',
        't.source as source',
        'g.info as info',
      ])
      .where('g.tenantId', '=', tenantId)
      .where('t.tenantId', '=', tenantId)
      .where('v.tenantId', '=', tenantId)
      .where('d.tenantId', '=', tenantId)
      .where('g.enabled', '=', 1)
      .orderBy('g.id')
      .execute();
    const closed = await this.db
      .selectFrom('alarmSwitch')
      .select('deviceId')
      .where('tenantId', '=', tenantId)
      .where('opened', '=', 0)
      .execute();
    const closedDevices = new Set(closed.map((row) => Number(row.deviceId)));
    const byVar = new Map<number, Rule[]>();
    const byDevice = new Map<number, Rule[]>();
    for (const row of rows) {
      const rule: Rule = {
        id: Number(row.id),
        varId: Number(row.varId),
        stationId: Number(row.stationId),
        deviceId: Number(row.deviceId),
        typeId: Number(row.typeId),
        comparison: String(row.comparison) as Comparison,
        threshold: Number(row.threshold),
        deadband: row.deadband === null ? 0 : Number(row.deadband),
        level: String(row.level ?? row.typeLevel),
        source: String(row.source),
        info: String(row.info),
      };
      if (closedDevices.has(rule.deviceId)) continue;
      if (rule.comparison === 'offline') byDevice.set(rule.deviceId, [...(byDevice.get(rule.deviceId) ?? []), rule]);
      else byVar.set(rule.varId, [...(byVar.get(rule.varId) ?? []), rule]);
    }
    return { byVar, byDevice };
  }

  /** The active alarms (raised, not yet back to normal, open or confirmed) of some rules of a tenant, by rule. */
  private async activeOf(trx: Transaction<Tables>, tenantId: number, ruleIds: number[]): Promise<Map<number, number[]>> {
    const active = new Map<number, number[]>();
    for (const ids of chunks(ruleIds, IDS_PER_STATEMENT)) {
      const rows = await trx
        .selectFrom('alarm')
        .select(['id', 'generatorId'])
        .where('tenantId', '=', tenantId)
        .where('generatorId', 'in', ids)
        .where('recoverTime', 'is', null)
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const generatorId = Number(row.generatorId);
        active.set(generatorId, [...(active.get(generatorId) ?? []), Number(row.id)]);
      }
    }
    return active;
  }

  /** Raises and recovers the alarms of some rules by their samples, under the tenant's lock. */
  private async run(tenantId: number, rules: Rule[], samples: Map<number, Change[]>): Promise<void> {
    if (rules.length === 0) return;
    for (const list of samples.values()) list.sort((a, b) => a.ts - b.ts);
    await this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${EVALUATION_LOCK}, ${tenantId})`.execute(trx);
      const active = await this.activeOf(
        trx,
        tenantId,
        rules.map((rule) => rule.id),
      );
      await this.write(trx, tenantId, rules, plan(rules, samples, active));
    });
  }

  /** Writes what a batch raised and recovered, with their events. */
  private async write(trx: Transaction<Tables>, tenantId: number, rules: Rule[], { raised, recovered }: Plan): Promise<void> {
    if (raised.length === 0 && recovered.length === 0) return;
    const rows = raised.map(({ rule, ts, value, recoveredAt }) => ({
      tenantId,
      stationId: rule.stationId,
      deviceId: rule.deviceId,
      variableId: rule.varId,
      generatorId: rule.id,
      typeId: rule.typeId,
      level: rule.level,
      source: rule.source,
      info: rule.info,
      value,
      reportTime: iso(ts),
      status: recoveredAt === undefined ? 1 : 0,
      recoverTime: recoveredAt === undefined ? null : iso(recoveredAt),
    }));
    const byTime = new Map<number, number[]>();
    for (const { alarmIds, ts } of recovered) byTime.set(ts, [...(byTime.get(ts) ?? []), ...alarmIds]);
    const events: AlarmEventRow[] = [];
    for (const part of chunks(rows, ROWS_PER_INSERT)) {
      const added = await trx.insertInto('alarm').values(part).returning(['id', 'generatorId', 'reportTime']).execute();
      // Rows come back in no promised order: each is its raising by rule and time (a rule raises once at a time).
      const ids = new Map(added.map((row) => [`${Number(row.generatorId)}|${String(row.reportTime)}`, Number(row.id)]));
      for (const raise of raised) {
        const alarmId = ids.get(`${raise.rule.id}|${iso(raise.ts)}`);
        if (alarmId === undefined) continue;
        events.push(eventRow(tenantId, alarmId, 'raised', raise.rule, raise.ts, raise.value));
        if (raise.recoveredAt !== undefined)
          events.push(eventRow(tenantId, alarmId, 'recovered', raise.rule, raise.recoveredAt, raise.recoveredValue));
      }
    }
    const byRule = new Map(rules.map((rule) => [rule.id, rule]));
    for (const { ruleId, alarmIds, ts, value } of recovered) {
      const rule = byRule.get(ruleId);
      if (rule) for (const alarmId of alarmIds) events.push(eventRow(tenantId, alarmId, 'recovered', rule, ts, value));
    }
    for (const [ts, alarmIds] of byTime) {
      for (const ids of chunks(alarmIds, IDS_PER_STATEMENT)) {
        // Open alarms recover by themselves; confirmed ones keep their checker and get the time.
        await trx
          .updateTable('alarm')
          .set({ status: 0, recoverTime: iso(ts) })
          .where('tenantId', '=', tenantId)
          .where('recoverTime', 'is', null)
          .where('id', 'in', ids)
          .execute();
      }
    }
    for (const part of chunks(events, ROWS_PER_INSERT)) await trx.insertInto('alarmEvent').values(part).execute();
  }
}

// What handlers work with (`call.services`), given by this area.
declare module '../http/services' {
  interface Services {
    /** The alarm rules of every tenant, evaluated on each stored sample. */
    alarms: AlarmEngine;
  }
}
