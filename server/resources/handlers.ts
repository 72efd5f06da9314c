import type { ResourceBinding } from '../contract';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';

function idOf(call: CallContext): number {
  const id = call.params.id ?? call.query.id;
  if (typeof id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  return id;
}

/** The generic handler of an `x-resource` operation: CRUD on the tenant's records of an entity. */
export function resourceHandler(binding: ResourceBinding): Handler {
  const { entity } = binding;
  switch (binding.action) {
    case 'list':
      return async (call) => {
        const { current, size, sortField, sortOrder, ...filters } = call.query as {
          current: number;
          size: number;
          sortField?: string;
          sortOrder?: 'asc' | 'desc';
        } & Record<string, unknown>;
        const scope = call.scope();
        const page = await call.services.repository.list(scope, entity, {
          filters,
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
      return (call) => call.services.repository.options(call.scope(), entity, String(call.query.name ?? ''));
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
