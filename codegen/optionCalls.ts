import type { Entities } from './declarations';
import { propertyOf, requiredParamsOf, type Operation } from './operations';
import { isObject, type JsonObject } from './sources';

/**
 * Each property of `schemas` (named by where they are, `entity <name>` or `form <name>`) whose
 * `keyword` names a call: an unknown call is reported, and the others are given to `check` with
 * their property, their call and how to report a problem of them.
 */
function eachCalledProperty(
  schemas: Record<string, JsonObject>,
  keyword: string,
  operations: Operation[],
  problems: string[],
  check: (property: JsonObject, operation: Operation, fail: (text: string) => void) => void,
): void {
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  for (const [where, schema] of Object.entries(schemas)) {
    for (const [field, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
      if (!isObject(property) || property[keyword] === undefined) continue;
      const fail = (text: string) => problems.push(`${where}: ${field}: ${keyword} ${text}`);
      const id = property[keyword];
      const operation = typeof id === 'string' ? byId.get(id) : undefined;
      if (operation) check(property, operation, fail);
      else fail(`names ${String(id)}, which is no operation`);
    }
  }
}

/**
 * `"x-options": "<operationId>"` on a coded property: a form offers the codes the call answers,
 * with the names it gives them (in the language of the request), in place of a fixed list. The
 * call is a GET without required parameters that answers a list of `{ code, name }`; the schema's
 * `enum` still holds what may be stored.
 */
export function checkOptionCalls(entities: Entities, operations: Operation[], problems: string[]): void {
  const named = Object.fromEntries(Object.entries(entities).map(([name, entity]) => [`entity ${name}`, entity]));
  eachCalledProperty(named, 'x-options', operations, problems, (property, operation, fail) => {
    if (!Array.isArray(property.enum)) fail('is for a coded property (an enum)');
    if (operation.method !== 'get' || requiredParamsOf(operation).length > 0)
      fail(`${operation.operationId} must be a GET without required parameters`);
    const data = propertyOf(operation.response, 'data');
    const item = isObject(data?.items) ? data.items : undefined;
    if (data?.type !== 'array' || !propertyOf(item, 'code') || propertyOf(item, 'name')?.type !== 'string')
      fail(`${operation.operationId} must answer a list of { code, name }`);
  });
}

/**
 * `"x-option-groups": "<operationId>"` on a list of codes (a multiple choice): a form offers the
 * codes as ticks in the groups the call answers, named as it names them (the EMS screens a
 * station shows, grouped as the EMS menu groups them). The call takes no parameters and no body
 * and answers a list of `{ key, name, children: [{ key, name }] }`; the items' `enum` still holds
 * what may be stored. `schemas` are the entities and the forms, by `entity <name>` or `form <name>`.
 */
export function checkOptionGroups(schemas: Record<string, JsonObject>, operations: Operation[], problems: string[]): void {
  const named = (node: JsonObject | undefined) =>
    propertyOf(node, 'key')?.type === 'string' && propertyOf(node, 'name')?.type === 'string';
  eachCalledProperty(schemas, 'x-option-groups', operations, problems, (property, operation, fail) => {
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
  });
}
