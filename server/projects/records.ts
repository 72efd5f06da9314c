import type { CallContext } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';

/** A condition that a field equals a value. */
export const eq = (field: string, value: unknown): Filter => ({ field, op: 'eq', value });

/** Every record of the caller's tenant matching the conditions, in the order of a field. */
export async function allOf(
  call: CallContext,
  entity: string,
  filters: Filter[] = [],
  sortField = 'id',
  sortOrder: 'asc' | 'desc' = 'asc',
): Promise<EntityRecord[]> {
  return call.services.repository.all(call.scope(), entity, { filters, sortField, sortOrder });
}

/** How many records of the caller's tenant match the conditions. */
export async function countOf(call: CallContext, entity: string, filters: Filter[] = []): Promise<number> {
  const [group] = await call.services.repository.aggregate(call.scope(), entity, { filters });
  return group?.count ?? 0;
}

/** The sum of a numeric field over the records matching the conditions (0 for none). */
export async function sumOf(call: CallContext, entity: string, field: string, filters: Filter[] = []): Promise<number> {
  const [group] = await call.services.repository.aggregate(call.scope(), entity, { filters, sum: field });
  return group?.sum ?? 0;
}

/** Counts of records by the values of a field. */
export async function countsBy(
  call: CallContext,
  entity: string,
  field: string,
  filters: Filter[] = [],
): Promise<Map<unknown, number>> {
  const groups = await call.services.repository.aggregate(call.scope(), entity, { filters, groupBy: field });
  return new Map(groups.map((group) => [group.key, group.count]));
}

/** Amounts in yuan, to the fen, without floating-point noise. */
export const yuan = (value: number): number => Math.round(value * 100) / 100;

/** A number field of a record, 0 when it has none. */
export const numberOf = (record: EntityRecord, field: string): number => {
  const value = record[field];
  return typeof value === 'number' ? value : 0;
};
