import type { CallContext } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';

/** Every record of an entity of the caller's tenant that meets the conditions, in the order of a field. */
export async function allRecords(
  call: CallContext,
  entity: string,
  filters: Filter[] = [],
  sortField = 'id',
  sortOrder: 'asc' | 'desc' = 'asc',
): Promise<EntityRecord[]> {
  return call.services.repository.all(call.scope(), entity, { filters, sortField, sortOrder });
}

/** Equality on a field, the condition the named handlers of this area filter with. */
export const equals = (field: string, value: unknown): Filter => ({ field, op: 'eq', value });
