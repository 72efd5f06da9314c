import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { TenantScope } from '../auth/context';
import type { EntityRow, Tables } from '../db/tables';
import { ApiError } from '../errors';
import type { EntityModel, FieldModel } from './entityModel';

/** A record as the API shows it: the schema's properties, absent when empty. */
export type EntityRecord = Record<string, unknown>;

export interface ListQuery {
  /** Values by field: free text matches by "contains", anything else by equality. */
  filters: Record<string, unknown>;
  /** Only records owned by this user. */
  ownedBy?: number;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  current: number;
  size: number;
}

type Db = Kysely<Tables> | Transaction<Tables>;

function toColumn(field: FieldModel, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (field.kind === 'boolean') return value ? 1 : 0;
  if (field.kind === 'json') return JSON.stringify(value);
  return value;
}

/**
 * Tenant-scoped storage of every entity. Each method takes the caller's `TenantScope`, which
 * only an authenticated request has, and every statement is restricted to its tenant: a record
 * of another tenant is, to the caller, a record that does not exist.
 */
export class EntityRepository {
  private readonly models: Map<string, EntityModel>;

  constructor(
    private readonly db: Kysely<Tables>,
    models: EntityModel[],
  ) {
    this.models = new Map(models.map((m) => [m.entity, m]));
  }

  model(entity: string): EntityModel {
    const model = this.models.get(entity);
    if (!model) throw new Error(`unknown entity ${entity}`);
    return model;
  }

  async list(scope: TenantScope, entity: string, query: ListQuery): Promise<{ records: EntityRecord[]; total: number }> {
    const model = this.model(entity);
    const conditions = this.conditions(model, scope, query);
    const where = sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
    const counted = await this.db
      .selectFrom(model.table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(where)
      .executeTakeFirst();
    const sortField = model.field(query.sortField);
    const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
    const rows = await this.db
      .selectFrom(model.table)
      .selectAll()
      .where(where)
      .orderBy(sql`${sortField ? this.sortKey(sortField) : sql.ref('id')} ${direction} nulls last`)
      .orderBy(sql`${sql.ref('id')} ${direction}`)
      .limit(query.size)
      .offset((query.current - 1) * query.size)
      .execute();
    return { records: rows.map((row) => this.toRecord(model, row)), total: Number(counted?.count ?? 0) };
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
    return this.toRecord(model, row);
  }

  /** Id and name of at most `limit` records whose name contains the text, by name. */
  async options(scope: TenantScope, entity: string, name: string, limit = 20): Promise<{ id: number; name: string }[]> {
    const model = this.model(entity);
    const rows = await this.db
      .selectFrom(model.table)
      .select(['id', 'name'])
      .where('tenantId', '=', scope.tenantId)
      .where(this.contains('name', name))
      .orderBy('name')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), name: String(row.name) }));
  }

  async create(scope: TenantScope, entity: string, input: EntityRecord): Promise<EntityRecord> {
    const model = this.model(entity);
    return this.db.transaction().execute(async (trx) => {
      await this.checkRefs(trx, scope, model, input);
      const now = new Date().toISOString();
      const values: EntityRow = { ...this.writable(model, input), tenantId: scope.tenantId };
      for (const field of model.fields) {
        if (field.owner === 'id') values[field.name] = scope.userId;
        if (field.owner === 'name') values[field.name] = scope.userName;
        if (field.name === 'createTime' || field.name === 'updateTime') values[field.name] = now;
      }
      const inserted = await trx.insertInto(model.table).values(values).returning('id').executeTakeFirstOrThrow();
      return this.get(scope, entity, Number(inserted.id), trx);
    });
  }

  /** Replaces the writable fields of a record: a field left out of `input` is cleared. */
  async update(scope: TenantScope, entity: string, id: number, input: EntityRecord): Promise<EntityRecord> {
    const model = this.model(entity);
    return this.db.transaction().execute(async (trx) => {
      await this.get(scope, entity, id, trx);
      await this.checkRefs(trx, scope, model, input);
      const values: EntityRow = this.writable(model, input);
      if (model.field('updateTime')) values.updateTime = new Date().toISOString();
      await trx.updateTable(model.table).set(values).where('tenantId', '=', scope.tenantId).where('id', '=', id).execute();
      return this.get(scope, entity, id, trx);
    });
  }

  /** Deletes a record with the records that cascade from it; refuses while others refer to it. */
  async delete(scope: TenantScope, entity: string, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.get(scope, entity, id, trx);
      await this.deleteWithDependents(trx, scope, this.model(entity), id);
    });
  }

  private async deleteWithDependents(trx: Db, scope: TenantScope, model: EntityModel, id: number): Promise<void> {
    for (const other of this.models.values()) {
      for (const field of other.fields) {
        if (field.ref?.entity !== model.entity) continue;
        const dependents = await trx
          .selectFrom(other.table)
          .select('id')
          .where('tenantId', '=', scope.tenantId)
          .where(field.name, '=', id)
          .execute();
        if (dependents.length === 0) continue;
        if (field.ref.onDelete === 'restrict') throw new ApiError('conflict');
        for (const dependent of dependents) await this.deleteWithDependents(trx, scope, other, Number(dependent.id));
      }
    }
    await trx.deleteFrom(model.table).where('tenantId', '=', scope.tenantId).where('id', '=', id).execute();
  }

  private writable(model: EntityModel, input: EntityRecord): EntityRow {
    const values: EntityRow = {};
    for (const field of model.fields) {
      if (!field.readOnly) values[field.name] = toColumn(field, input[field.name]);
    }
    return values;
  }

  private async checkRefs(trx: Db, scope: TenantScope, model: EntityModel, input: EntityRecord): Promise<void> {
    for (const field of model.fields) {
      const value = input[field.name];
      if (!field.ref || value === undefined || value === null) continue;
      const target = this.model(field.ref.entity);
      const found = await trx
        .selectFrom(target.table)
        .select('id')
        .where('tenantId', '=', scope.tenantId)
        .where('id', '=', Number(value))
        .executeTakeFirst();
      if (!found) throw new ApiError('refMissing', { field: field.name, entity: field.ref.entity });
    }
  }

  private conditions(model: EntityModel, scope: TenantScope, query: ListQuery): Expression<SqlBool>[] {
    const conditions: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref('tenantId')} = ${scope.tenantId}`];
    const owner = model.fields.find((f) => f.owner === 'id');
    if (query.ownedBy !== undefined && owner) conditions.push(sql<SqlBool>`${sql.ref(owner.name)} = ${query.ownedBy}`);
    for (const [name, value] of Object.entries(query.filters)) {
      const field = model.field(name);
      if (!field || value === undefined || value === '') continue;
      conditions.push(
        field.text ? this.contains(name, String(value)) : sql<SqlBool>`${sql.ref(name)} = ${toColumn(field, value)}`,
      );
    }
    return conditions;
  }

  private contains(column: string, text: string): Expression<SqlBool> {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  }

  /** Codes of a list sort in the order the schema lists them, not alphabetically. */
  private sortKey(field: FieldModel) {
    if (!field.values) return sql.ref(field.name);
    const cases = field.values.map((value, index) => sql`when ${value} then ${sql.lit(index)}`);
    return sql`case ${sql.ref(field.name)} ${sql.join(cases, sql` `)} end`;
  }

  private toRecord(model: EntityModel, row: EntityRow): EntityRecord {
    const record: EntityRecord = {};
    for (const field of model.fields) {
      const value = row[field.name];
      if (value === null || value === undefined) continue;
      if (field.kind === 'boolean') record[field.name] = value === 1 || value === true;
      else if (field.kind === 'json') record[field.name] = JSON.parse(String(value)) as unknown;
      else if (field.kind === 'integer' || field.kind === 'number') record[field.name] = Number(value);
      else record[field.name] = value;
    }
    return record;
  }
}
