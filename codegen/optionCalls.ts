import type { Entities } from './declarations';
import { propertyOf, requiredParamsOf, type Operation } from './operations';
import { isObject, type JsonObject } from './sources';

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

/**
 * `"x-option-groups": "<operationId>"` on a list of codes (a multiple choice): a form offers the
 * codes as ticks in the groups the call answers, named as it names them (the EMS screens a
 * station shows, grouped as the EMS menu groups them). The call takes no parameters and no body
 * and answers a list of `{ key, name, children: [{ key, name }] }`; the items' `enum` still holds
 * what may be stored. `schemas` are the entities and the forms, by `entity <name>` or `form <name>`.
 */
export function checkOptionGroups(schemas: Record<string, JsonObject>, operations: Operation[], problems: string[]): void {
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const named = (node: JsonObject | undefined) =>
    propertyOf(node, 'key')?.type === 'string' && propertyOf(node, 'name')?.type === 'string';
  for (const [where, schema] of Object.entries(schemas)) {
    for (const [field, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
      if (!isObject(property) || property['x-option-groups'] === undefined) continue;
      const fail = (text: string) => problems.push(`${where}: ${field}: x-option-groups ${text}`);
      const id = property['x-option-groups'];
      const operation = typeof id === 'string' ? byId.get(id) : undefined;
      if (!operation) {
        fail(`names ${String(id)}, which is no operation`);
        continue;
      }
      if (property.type !== 'array' || !isObject(property.items) || !Array.isArray(property.items.enum))
        fail('is for a list of codes (an array whose items are an enum)');
      if (requiredParamsOf(operation).length > 0 || operation.body)
        fail(`${operation.operationId} must take no parameters and no body`);
      const data = propertyOf(operation.response, 'data');
      const group = isObject(data?.items) ? data.items : undefined;
      const children = propertyOf(group, 'children');
      const leaf = isObject(children?.items) ? children.items : undefined;
      if (data?.type !== 'array' || !named(group) || children?.type !== 'array' || !named(leaf))
        fail(`${operation.operationId} must answer a list of { key, name, children: [{ key, name }] }`);
    }
  }
}
