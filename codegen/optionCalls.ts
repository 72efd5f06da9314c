import type { Entities } from './declarations';
import { propertyOf, requiredParamsOf, type Operation } from './operations';
import { isObject } from './sources';

/**
 * `"x-options": "<operationId>"` on a coded property: a form offers the codes the call answers,
 * with the names it gives them (in the language of the request), in place of a fixed list. The
 * call is a GET without required parameters that answers a list of `{ code, name }`; the schema's
 * `enum` still holds what may be stored.
 */
export function checkOptionCalls(entities: Entities, operations: Operation[], problems: string[]): void {
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  for (const [name, entity] of Object.entries(entities)) {
    for (const [field, property] of Object.entries(isObject(entity.properties) ? entity.properties : {})) {
      if (!isObject(property) || property['x-options'] === undefined) continue;
      const fail = (text: string) => problems.push(`entity ${name}: ${field}: x-options ${text}`);
      const id = property['x-options'];
      const operation = typeof id === 'string' ? byId.get(id) : undefined;
      if (!operation) {
        fail(`names ${String(id)}, which is no operation`);
        continue;
      }
      if (!Array.isArray(property.enum)) fail('is for a coded property (an enum)');
      if (operation.method !== 'get' || requiredParamsOf(operation).length > 0)
        fail(`${operation.operationId} must be a GET without required parameters`);
      const data = propertyOf(operation.response, 'data');
      const item = isObject(data?.items) ? data.items : undefined;
      if (data?.type !== 'array' || !propertyOf(item, 'code') || propertyOf(item, 'name')?.type !== 'string')
        fail(`${operation.operationId} must answer a list of { code, name }`);
    }
  }
}
