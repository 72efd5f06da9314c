import type { Operation, ResourceBinding } from '../contract';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { Filter } from './repository';

const PAGING = new Set(['current', 'size', 'sortField', 'sortOrder']);

function idOf(call: CallContext): number {
  const id = call.params.id ?? call.query.id;
  if (typeof id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  return id;
}

/**
 * The conditions of a list call: each query parameter the operation declares filters the field
 * of the same name ("contains" for free text, equality otherwise) unless `x-filter` binds it to
 * another field or a bound; `where` of the binding adds fixed conditions. Parameters the
 * operation does not declare are ignored: only validated values reach a query.
 */
function filtersOf(call: CallContext, operation: Operation, binding: ResourceBinding): Filter[] {
  const model = call.services.repository.model(binding.entity);
  const filters: Filter[] = Object.entries(binding.where ?? {}).map(([field, value]) => ({ field, op: 'eq', value }));
  for (const name of Object.keys(operation.query?.properties ?? {})) {
    const value = call.query[name];
    if (PAGING.has(name) || value === undefined) continue;
    const bound = operation.filters[name];
    if (bound) filters.push({ ...bound, value });
    else if (model.field(name)) filters.push({ field: name, op: model.field(name)?.text ? 'contains' : 'eq', value });
  }
  return filters;
}

/** The generic handler of an `x-resource` operation: CRUD on the tenant's records of an entity. */
export function resourceHandler(operation: Operation, binding: ResourceBinding): Handler {
  const { entity } = binding;
  switch (binding.action) {
    case 'list':
      return async (call) => {
        const { current, size, sortField, sortOrder } = call.query as {
          current: number;
          size: number;
          sortField?: string;
          sortOrder?: 'asc' | 'desc';
        };
        const scope = call.scope();
        const page = await call.services.repository.list(scope, entity, {
          filters: filtersOf(call, operation, binding),
          ...(binding.mine ? { ownedBy: scope.userId } : {}),
          sortField: sortField ?? 'id',
          sortOrder: sortOrder ?? 'desc',
          current,
          size,
        });
        return { ...page, current, size };
      };
    case 'get':
      return (call) => call.services.repository.get(call.scope(), entity, idOf(call));
    case 'options':
      return (call) => {
        const { name, id } = call.query as { name?: string; id?: number };
        return call.services.repository.options(call.scope(), entity, { ...(name ? { name } : {}), ...(id ? { id } : {}) });
      };
    case 'create':
      return (call) => call.services.repository.create(call.scope(), entity, call.body as Record<string, unknown>);
    case 'update':
      return (call) => {
        const body = call.body as Record<string, unknown>;
        if (typeof body.id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
        return call.services.repository.update(call.scope(), entity, body.id, body);
      };
    case 'delete':
      return async (call) => {
        await call.services.repository.delete(call.scope(), entity, idOf(call));
        return true;
      };
  }
}
