import { sql, type Kysely } from 'kysely';
import type { TenantScope } from '../auth/context';
import type { EntityRow, Tables } from '../db/tables';
import { ApiError } from '../errors';
import { toColumn, toRecord } from './columnValues';
import { isStored, type EntityModel } from './entityModel';
import { containsText, listConditions, sortKey } from './listConditions';
import { isExpired, References } from './references';
import type { Db, EntityRecord, Filter, ListQuery } from './records';

export type { Db, EntityRecord, Filter, ListQuery };

/** A record for a picker. */
export interface NameOption {
  id: number;
  name: string;
  inactive?: boolean;
}

/**
 * What follows from a write of a record, in the write's own transaction (a device given its model
 * gets the model's variables): `before` is the record as it was, absent for a new one. A rule that
 * throws undoes the write.
 */
export type WriteRule = (write: { db: Db; scope: TenantScope; record: EntityRecord; before?: EntityRecord }) => Promise<void>;

/** What follows from deleting a record, in the delete's transaction: `before` is the record deleted. A rule that throws undoes the delete. */
export type DeleteRule = (deleted: { db: Db; scope: TenantScope; before: EntityRecord }) => Promise<void>;

/** How a write runs: in the caller's transaction, and with values of server-filled fields a named handler sets. */
export interface WriteOptions {
  db?: Db;
  set?: EntityRow;
}

/**
 * Tenant-scoped storage of every entity. Each method takes the caller's `TenantScope`, which
 * only an authenticated request has, and every statement is restricted to its tenant: a record
 * of another tenant is, to the caller, a record that does not exist. Writes run in one
 * transaction, or in the caller's when one is given.
 */
export class EntityRepository {
  private readonly models: Map<string, EntityModel>;
  private readonly listeners: ((entity: string, tenantId: number) => void)[] = [];
  private readonly rules = new Map<string, WriteRule[]>();
  private readonly deleteRules = new Map<string, DeleteRule[]>();
  private readonly references = new References((entity) => this.model(entity));

  constructor(
    private readonly db: Kysely<Tables>,
    models: EntityModel[],
  ) {
    this.models = new Map(models.map((m) => [m.entity, m]));
  }

  /** Calls `listener` after every committed write of an entity (caches of derived data drop their copy). */
  onChange(listener: (entity: string, tenantId: number) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Runs `rule` after every create, update and patch of an entity, in the write's transaction: an
   * area keeps what derives from its records whichever call writes them.
   */
  onWrite(entity: string, rule: WriteRule): void {
    this.rules.set(entity, [...(this.rules.get(entity) ?? []), rule]);
  }

  /** Runs `rule` after every delete of a record of an entity (not of those a delete cascades to), in its transaction. */
  onDelete(entity: string, rule: DeleteRule): void {
    this.deleteRules.set(entity, [...(this.deleteRules.get(entity) ?? []), rule]);
  }

  private async followWrite(
    db: Db,
    scope: TenantScope,
    entity: string,
    record: EntityRecord,
    before?: EntityRecord,
  ): Promise<void> {
    for (const rule of this.rules.get(entity) ?? []) await rule({ db, scope, record, ...(before ? { before } : {}) });
  }

  private changed(entity: string, scope: TenantScope): void {
    for (const listener of this.listeners) listener(entity, scope.tenantId);
  }

  model(entity: string): EntityModel {
    const model = this.models.get(entity);
    if (!model) throw new Error(`unknown entity ${entity}`);
    return model;
  }

  async list(scope: TenantScope, entity: string, query: ListQuery): Promise<{ records: EntityRecord[]; total: number }> {
    const model = this.model(entity);
    const counted = await this.db
      .selectFrom(model.table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(listConditions(model, scope, query))
      .executeTakeFirst();
    return { records: await this.rows(scope, model, query), total: Number(counted?.count ?? 0) };
  }

  /** The records of one page of a list, in its order, with the names of what they refer to. */
  private async rows(scope: TenantScope, model: EntityModel, query: ListQuery, db: Db = this.db): Promise<EntityRecord[]> {
    const sortField = model.field(query.sortField);
    const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
    const rows = await db
      .selectFrom(model.table)
      .selectAll()
      .where(listConditions(model, scope, query))
      .orderBy(sql`${sortField ? sortKey(sortField) : sql.ref('id')} ${direction} nulls last`)
      .orderBy(sql`${sql.ref('id')} ${direction}`)
      .limit(query.size)
      .offset((query.current - 1) * query.size)
      .execute();
    return this.references.withLabels(
      db,
      scope,
      model,
      rows.map((row) => toRecord(model, row)),
    );
  }

  async get(scope: TenantScope, entity: string, id: number, db: Db = this.db): Promise<EntityRecord> {
    const model = this.model(entity);
    const row = await db
      .selectFrom(model.table)
      .selectAll()
      .where('tenantId', '=', scope.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError('notFound');
    const [record] = await this.references.withLabels(db, scope, model, [toRecord(model, row)]);
    return record ?? {};
  }

  /** The one record of the tenant whose field has the value (a serial number...), or 404. */
  async findBy(scope: TenantScope, entity: string, field: string, value: string | number): Promise<EntityRecord> {
    const model = this.model(entity);
    const row = await this.db
      .selectFrom(model.table)
      .select('id')
      .where('tenantId', '=', scope.tenantId)
      .where(field, '=', value)
      .executeTakeFirst();
    if (!row) throw new ApiError('notFound');
    return this.get(scope, entity, Number(row.id));
  }

  /** Id and name of at most `limit` records whose name contains the text (by name), or of the one with `id`. */
  async options(scope: TenantScope, entity: string, query: { name?: string; id?: number }, limit = 20): Promise<NameOption[]> {
    const model = this.model(entity);
    let select = this.db.selectFrom(model.table).selectAll().where('tenantId', '=', scope.tenantId).orderBy('name').limit(limit);
    if (query.id !== undefined) select = select.where('id', '=', query.id);
    if (query.name) select = select.where(containsText('name', query.name));
    const rows = await select.execute();
    return rows.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      ...(isExpired(model, row) ? { inactive: true } : {}),
    }));
  }

  async create(scope: TenantScope, entity: string, input: EntityRecord, options: WriteOptions = {}): Promise<EntityRecord> {
    const model = this.model(entity);
    return this.run(options.db, scope, entity, async (trx) => {
      await this.references.check(trx, scope, model, input);
      await this.checkUnique(trx, scope, model, input);
      const now = new Date().toISOString();
      const values: EntityRow = { ...this.writable(model, input, 'create'), ...options.set, tenantId: scope.tenantId };
      for (const field of model.fields) {
        if (field.owner === 'id') values[field.name] = scope.userId;
        if (field.owner === 'name') values[field.name] = scope.userName;
        if (field.name === 'createTime' || field.name === 'updateTime') values[field.name] = now;
      }
      const inserted = await trx.insertInto(model.table).values(values).returning('id').executeTakeFirstOrThrow();
      const record = await this.get(scope, entity, Number(inserted.id), trx);
      await this.followWrite(trx, scope, entity, record);
      return record;
    });
  }

  /** Replaces the writable fields of a record: a field left out of `input` is cleared. */
  update(scope: TenantScope, entity: string, id: number, input: EntityRecord, options: WriteOptions = {}): Promise<EntityRecord> {
    return this.write(scope, entity, id, input, 'update', options);
  }

  /** Changes only the writable fields present in `input`. */
  patch(scope: TenantScope, entity: string, id: number, input: EntityRecord, options: WriteOptions = {}): Promise<EntityRecord> {
    return this.write(scope, entity, id, input, 'patch', options);
  }

  private async write(
    scope: TenantScope,
    entity: string,
    id: number,
    input: EntityRecord,
    mode: 'update' | 'patch',
    options: WriteOptions,
  ): Promise<EntityRecord> {
    const model = this.model(entity);
    return this.run(options.db, scope, entity, async (trx) => {
      const before = await this.get(scope, entity, id, trx);
      await this.references.check(trx, scope, model, input, before);
      await this.checkUnique(trx, scope, model, input, id);
      const values: EntityRow = { ...this.writable(model, input, mode), ...options.set };
      if (model.field('updateTime')) values.updateTime = new Date().toISOString();
      await trx.updateTable(model.table).set(values).where('tenantId', '=', scope.tenantId).where('id', '=', id).execute();
      const record = await this.get(scope, entity, id, trx);
      await this.followWrite(trx, scope, entity, record, before);
      return record;
    });
  }

  /** Deletes a record with the records that cascade from it; refuses while others refer to it. */
  async delete(scope: TenantScope, entity: string, id: number, options: WriteOptions = {}): Promise<void> {
    await this.run(options.db, scope, entity, async (trx) => {
      const before = await this.get(scope, entity, id, trx);
      await this.deleteWithDependents(trx, scope, this.model(entity), id);
      for (const rule of this.deleteRules.get(entity) ?? []) await rule({ db: trx, scope, before });
    });
  }

  /**
   * Moves a record along its state machine: refused with 409 (and nothing written) unless its
   * state is one the transition starts from. `input` may carry writable fields the transition
   * records beside the state (a reason, a confirmation note), and `set` read-only fields the
   * server itself records with it (the decision of a customer's reply).
   */
  async transition(
    scope: TenantScope,
    entity: string,
    id: number,
    name: string,
    input: EntityRecord = {},
    set: EntityRow = {},
  ): Promise<EntityRecord> {
    const model = this.model(entity);
    const machine = model.states;
    const step = machine?.transitions[name];
    if (!machine || !step) throw new Error(`${entity} has no transition ${name}`);
    return this.run(undefined, scope, entity, async (trx) => {
      const before = await this.get(scope, entity, id, trx);
      const state = before[machine.field];
      if (!step.from.some((from) => String(from) === String(state))) {
        const list = model.field(machine.field)?.enumName;
        throw new ApiError('transitionRefused', {
          transitionLabel: `entities.${entity}.transitions.${name}`,
          stateLabel: list ? `enums.${list}.${String(state)}` : String(state),
        });
      }
      return this.patch(scope, entity, id, input, { db: trx, set: { ...set, [machine.field]: step.to } });
    });
  }

  /** Changes the same fields of several records, in one transaction: a missing one leaves them all. */
  async patchMany(scope: TenantScope, entity: string, ids: number[], input: EntityRecord): Promise<EntityRecord[]> {
    return this.run(undefined, scope, entity, async (trx) => {
      const records: EntityRecord[] = [];
      for (const id of new Set(ids)) records.push(await this.patch(scope, entity, id, input, { db: trx }));
      return records;
    });
  }

  /** Deletes several records at once, each as `delete` does; one that is missing or in use leaves them all. */
  async deleteMany(scope: TenantScope, entity: string, ids: number[]): Promise<void> {
    await this.run(undefined, scope, entity, async (trx) => {
      for (const id of new Set(ids)) await this.delete(scope, entity, id, { db: trx });
    });
  }

  /**
   * How many records match, grouped by a field's values (largest groups first, at most `limit`),
   * with the sum of a numeric field per group.
   */
  async aggregate(
    scope: TenantScope,
    entity: string,
    query: { filters: Filter[]; groupBy?: string; sum?: string; limit?: number },
  ): Promise<{ key: unknown; count: number; sum?: number }[]> {
    const model = this.model(entity);
    const key = query.groupBy ? sql.ref(query.groupBy) : sql`null`;
    const total = query.sum ? sql<number>`coalesce(sum(${sql.ref(query.sum)}), 0)` : sql<number>`0`;
    let select = this.db
      .selectFrom(model.table)
      .select([sql<unknown>`${key}`.as('key'), sql<number>`count(*)`.as('count'), total.as('sum')])
      .where(listConditions(model, scope, query));
    if (query.groupBy) select = select.groupBy(sql.ref(query.groupBy)).orderBy(query.sum ? sql`3` : sql`2`, 'desc');
    if (query.limit) select = select.limit(query.limit);
    const rows = await select.execute();
    const field = query.groupBy ? model.field(query.groupBy) : undefined;
    return rows.map((row) => ({
      key: field?.kind === 'boolean' ? row.key === 1 || row.key === true : row.key,
      count: Number(row.count),
      // Sums of amounts come back with the binary noise of floating point (6900.299999999999).
      ...(query.sum ? { sum: Math.round(Number(row.sum) * 1e6) / 1e6 } : {}),
    }));
  }

  /** Every record matching a list's conditions, in its order, a batch at a time (for exports, with no row cap). */
  async *each(
    scope: TenantScope,
    entity: string,
    query: Omit<ListQuery, 'current' | 'size'>,
    batch = 500,
    db: Db = this.db,
  ): AsyncGenerator<EntityRecord[]> {
    const model = this.model(entity);
    for (let current = 1; ; current += 1) {
      const records = await this.rows(scope, model, { ...query, current, size: batch }, db);
      if (records.length) yield records;
      if (records.length < batch) return;
    }
  }

  /**
   * Every record matching a list's conditions, in its order, read a batch at a time (for the calls
   * that work on a whole set); within a transaction when one is given.
   */
  async all(
    scope: TenantScope,
    entity: string,
    query: Omit<ListQuery, 'current' | 'size'>,
    db: Db = this.db,
  ): Promise<EntityRecord[]> {
    const records: EntityRecord[] = [];
    for await (const batch of this.each(scope, entity, query, 500, db)) records.push(...batch);
    return records;
  }

  /**
   * Runs a write in the caller's transaction or a new one, then tells the listeners. (Within a
   * caller's transaction they are told before it commits; a listener only drops caches, which is
   * harmless early.)
   */
  private async run<T>(db: Db | undefined, scope: TenantScope, entity: string, work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await (db ? work(db) : this.db.transaction().execute(work));
    this.changed(entity, scope);
    return result;
  }

  private async deleteWithDependents(trx: Db, scope: TenantScope, model: EntityModel, id: number): Promise<void> {
    for (const other of this.models.values()) {
      for (const field of other.fields) {
        const direct = field.ref?.entity === model.entity ? field.ref : undefined;
        const inItems = Object.entries(field.itemRefs ?? {}).filter(([, ref]) => ref.entity === model.entity);
        if (!direct && inItems.length === 0) continue;
        const rows = await trx
          .selectFrom(other.table)
          .select(['id', field.name])
          .where('tenantId', '=', scope.tenantId)
          .where(field.name, 'is not', null)
          .execute();
        const dependents = rows.filter((row) => {
          const value = row[field.name];
          if (direct) return Number(value) === id;
          const items = JSON.parse(String(value)) as Record<string, unknown>[];
          return items.some((item) => inItems.some(([property]) => Number(item[property]) === id));
        });
        if (dependents.length === 0) continue;
        if (direct?.onDelete !== 'cascade') throw new ApiError('conflict');
        for (const dependent of dependents) await this.deleteWithDependents(trx, scope, other, Number(dependent.id));
      }
    }
    await trx.deleteFrom(model.table).where('tenantId', '=', scope.tenantId).where('id', '=', id).execute();
  }

  private writable(model: EntityModel, input: EntityRecord, mode: 'create' | 'update' | 'patch'): EntityRow {
    const values: EntityRow = {};
    for (const field of model.fields) {
      if (field.readOnly || !isStored(field) || (mode !== 'create' && field.createOnly)) continue;
      if (mode === 'patch' && !(field.name in input)) continue;
      values[field.name] = toColumn(field, input[field.name]);
    }
    return values;
  }

  private async checkUnique(trx: Db, scope: TenantScope, model: EntityModel, input: EntityRecord, id?: number): Promise<void> {
    for (const field of model.fields) {
      const value = input[field.name];
      if (!field.unique || value === undefined || value === null) continue;
      let query = trx
        .selectFrom(model.table)
        .select('id')
        .where('tenantId', '=', scope.tenantId)
        .where(field.name, '=', toColumn(field, value));
      if (id !== undefined) query = query.where('id', '!=', id);
      if (await query.executeTakeFirst()) throw new ApiError('duplicate', { field: field.name, owner: model.entity });
    }
  }
}

// What handlers work with (`call.services`), given by this area.
declare module '../http/services' {
  interface Services {
    /** The records of every entity, read and written for a tenant. */
    repository: EntityRepository;
  }
}
