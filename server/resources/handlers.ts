import type { Operation, ResourceBinding } from '../contract';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { sendPdf, streamWorkbook } from './export';
import type { EntityRecord, Filter } from './repository';

const PAGING = new Set(['current', 'size', 'sortField', 'sortOrder', 'ids']);

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
  const filters: Filter[] = Object.entries(binding.where ?? {}).map(([field, value]) => ({
    field,
    op: Array.isArray(value) ? 'in' : 'eq',
    value,
  }));
  for (const name of Object.keys(operation.query?.properties ?? {})) {
    const value = call.query[name];
    if (PAGING.has(name) || value === undefined) continue;
    const bound = operation.filters[name];
    if (bound) filters.push({ ...bound, value });
    else if (model.field(name)) filters.push({ field: name, op: model.field(name)?.text ? 'contains' : 'eq', value });
  }
  return filters;
}

/** The ids of a `deleteMany`: a comma list in the query, or a body of ids (an array, or `{ ids }`). */
function idsOf(call: CallContext): number[] {
  const body = call.body as { ids?: unknown } | unknown[] | undefined;
  const raw = call.query.ids ?? (Array.isArray(body) ? body : body?.ids);
  const ids = (Array.isArray(raw) ? raw : String(raw ?? '').split(',')).map((id) => Number(id));
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2147483647))
    throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  return ids;
}

/** The fields a `patch` writes, from the body, else from the query string. */
function patchOf(call: CallContext, fields: string[]): EntityRecord {
  const body = (call.body ?? {}) as EntityRecord;
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = field in body ? body[field] : call.query[field];
      return value === undefined ? [] : [[field, value]];
    }),
  );
}

/** The generic handler of an `x-resource` operation: CRUD on the tenant's records of an entity, and the actions beyond. */
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
      return (call) => {
        // A record with a state machine starts in its initial state, whatever the body says.
        const states = call.services.repository.model(entity).states;
        const set = states ? { set: { [states.field]: states.initial } } : {};
        return call.services.repository.create(call.scope(), entity, call.body as Record<string, unknown>, set);
      };
    case 'update':
      return (call) => {
        const body = call.body as Record<string, unknown>;
        // The record of the path when the operation names one (an id in the body must be the same), else the body's.
        const id = typeof call.params.id === 'number' ? call.params.id : body.id;
        if (typeof id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
        if (body.id !== undefined && body.id !== id) throw new ApiError('validation', { detail: call.t('errors.idNotPath') });
        return call.services.repository.update(call.scope(), entity, id, body);
      };
    case 'delete':
      return async (call) => {
        await call.services.repository.delete(call.scope(), entity, idOf(call));
        return true;
      };
    case 'deleteMany':
      return async (call) => {
        await call.services.repository.deleteMany(call.scope(), entity, idsOf(call));
        return true;
      };
    case 'patch':
      return async (call) => {
        const values = patchOf(call, binding.fields ?? []);
        const body = call.body as { ids?: unknown; id?: unknown } | undefined;
        // A batch (a transfer of several records) is one transaction: all of them or none.
        if (Array.isArray(body?.ids)) {
          const ids = idsOf(call);
          return call.services.repository.patchMany(call.scope(), entity, ids, values);
        }
        const id = typeof body?.id === 'number' ? body.id : idOf(call);
        return call.services.repository.patch(call.scope(), entity, id, values);
      };
    case 'transition':
      return (call) =>
        call.services.repository.transition(
          call.scope(),
          entity,
          idOf(call),
          binding.transition ?? '',
          // Only a body the operation declares (and so validated) is recorded with the step.
          (operation.body ? (call.body ?? {}) : {}) as EntityRecord,
        );
    case 'aggregate':
      return (call) =>
        call.services.repository.aggregate(call.scope(), entity, {
          filters: filtersOf(call, operation, binding),
          ...(binding.groupBy ? { groupBy: binding.groupBy } : {}),
          ...(binding.sum ? { sum: binding.sum } : {}),
          ...(binding.limit ? { limit: binding.limit } : {}),
        });
    case 'export':
      return async (call) => {
        const { sortField, sortOrder } = call.query as { sortField?: string; sortOrder?: 'asc' | 'desc' };
        const scope = call.scope();
        const query = {
          filters: filtersOf(call, operation, binding),
          ...(binding.mine ? { ownedBy: scope.userId } : {}),
          sortField: sortField ?? 'id',
          sortOrder: sortOrder ?? 'desc',
        };
        const write = binding.format === 'pdf' ? sendPdf : streamWorkbook;
        return write(call, entity, binding.page ?? '', query);
      };
  }
}
