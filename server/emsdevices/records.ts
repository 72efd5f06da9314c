import type { TenantScope } from '../auth/context';
import type { CallContext, Handler, Services } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';

/** Every record of an entity the conditions select (administration lists are small: a tenant has tens of them). */
export async function allOf(
  call: CallContext,
  entity: string,
  filters: Filter[] = [],
  sortField = 'name',
  sortOrder: 'asc' | 'desc' = 'asc',
): Promise<EntityRecord[]> {
  return call.services.repository.all(call.scope(), entity, { filters, sortField, sortOrder });
}

/** The writable fields of a record, from a body that may carry read-only ones a client sent back. */
export function bodyOf(call: CallContext): EntityRecord {
  return { ...(call.body as EntityRecord) };
}

/**
 * Handlers of the calls that name a record by its serial number in the path (`.../{sn}`): an
 * unknown serial number, or one of another tenant, is a 404 and nothing is written.
 */
export function bySn(entity: string): { update: Handler; remove: Handler } {
  return {
    update: async (call) => {
      const scope = call.scope();
      const record = await call.services.repository.findBy(scope, entity, 'sn', String(call.params.sn));
      const body = bodyOf(call);
      return call.services.repository.update(scope, entity, Number(record.id), { ...body, sn: body.sn ?? record.sn });
    },
    remove: async (call) => {
      const scope = call.scope();
      const record = await call.services.repository.findBy(scope, entity, 'sn', String(call.params.sn));
      await call.services.repository.delete(scope, entity, Number(record.id));
      return true;
    },
  };
}

/** Every record of an entity of a tenant, outside a call (the demo's seeding). */
export async function allRecords(
  services: Services,
  scope: TenantScope,
  entity: string,
  sortField = 'name',
): Promise<EntityRecord[]> {
  return services.repository.all(scope, entity, { filters: [], sortField, sortOrder: 'asc' });
}
