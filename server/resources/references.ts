import type { TenantScope } from '../auth/context';
import type { EntityRow } from '../db/tables';
import { ApiError } from '../errors';
import type { EntityModel, RefModel } from './entityModel';
import type { Db, EntityRecord } from './records';

/** Today as `YYYY-MM-DD`, what date fields are compared with. */
const today = () => new Date().toISOString().slice(0, 10);

/** Whether a record is past its entity's `activeUntil` date, so no longer to be newly referred to. */
export function isExpired(model: EntityModel, row: EntityRow): boolean {
  const until = model.activeUntil ? row[model.activeUntil] : undefined;
  return typeof until === 'string' && until < today();
}

/**
 * What records refer to (`x-ref`, also inside the items of an array): checked on writes, named on
 * reads, always within the tenant of the caller.
 */
export class References {
  constructor(private readonly modelOf: (entity: string) => EntityModel) {}

  /** Each reference must name a record of the tenant; a newly made one, a record that has not expired. */
  async check(trx: Db, scope: TenantScope, model: EntityModel, input: EntityRecord, before?: EntityRecord): Promise<void> {
    for (const field of model.fields) {
      const value = input[field.name];
      if (value === undefined || value === null) continue;
      if (field.ref) {
        const isNew = Number(before?.[field.name]) !== Number(value);
        await this.checkOne(trx, scope, model.entity, field.name, field.ref, Number(value), isNew);
      }
      for (const [property, ref] of Object.entries(field.itemRefs ?? {})) {
        const old = new Set(((before?.[field.name] as EntityRecord[] | undefined) ?? []).map((item) => Number(item[property])));
        for (const item of value as EntityRecord[]) {
          if (item[property] === undefined) continue;
          const target = Number(item[property]);
          await this.checkOne(trx, scope, model.entity, `${field.name}.${property}`, ref, target, !old.has(target));
        }
      }
    }
  }

  private async checkOne(
    trx: Db,
    scope: TenantScope,
    owner: string,
    field: string,
    ref: RefModel,
    id: number,
    isNew: boolean,
  ): Promise<void> {
    const target = this.modelOf(ref.entity);
    const found = await trx
      .selectFrom(target.table)
      .selectAll()
      .where('tenantId', '=', scope.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) throw new ApiError('refMissing', { field, owner });
    if (isNew && isExpired(target, found)) {
      throw ref.inactiveMessage
        ? new ApiError('refInactive', { field, owner, message: ref.inactiveMessage })
        : new ApiError('refInactive', { field, owner });
    }
  }

  /** Fills the `x-ref-label` fields: the names of the records the path refers to. */
  async withLabels(db: Db, scope: TenantScope, model: EntityModel, records: EntityRecord[]): Promise<EntityRecord[]> {
    for (const field of model.fields) {
      if (!field.labelOf) continue;
      const [name = '', property] = field.labelOf.split('.');
      const source = model.field(name);
      const ref = property ? source?.itemRefs?.[property] : source?.ref;
      if (!source || !ref) continue;
      const idsOf = (record: EntityRecord): number[] =>
        property
          ? ((record[name] as EntityRecord[] | undefined) ?? []).map((item) => Number(item[property]))
          : record[name] === undefined
            ? []
            : [Number(record[name])];
      const ids = [...new Set(records.flatMap(idsOf))];
      if (ids.length === 0) continue;
      const target = this.modelOf(ref.entity);
      const rows = await db
        .selectFrom(target.table)
        .select(['id', 'name'])
        .where('tenantId', '=', scope.tenantId)
        .where('id', 'in', ids)
        .execute();
      const names = new Map(rows.map((row) => [Number(row.id), String(row.name)]));
      for (const record of records) {
        const labels = idsOf(record).flatMap((id) => (names.has(id) ? [names.get(id)] : []));
        if (labels.length) record[field.name] = labels.join(', ');
      }
    }
    return records;
  }
}
