import type { PageSchema } from '../../generated/meta';
import pageList from '../../generated/pages.json';
import { loadContract, type JsonSchema, type Operation } from '../../server/contract';

export const contract = loadContract();

export const pages = pageList as PageSchema[];
export const entities: Record<string, JsonSchema> = contract.entities;

export function operation(id: string): Operation {
  const found = contract.operations.find((op) => op.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** The operation that does `action` for `entity` through the generic resource handler. */
export function resourceOperation(entity: string, action: string): Operation | undefined {
  return contract.operations.find((op) => op.resource?.entity === entity && op.resource.action === action);
}

/** The first example of an entity schema, without the fields only the server fills. */
export function example(entity: string, index = 0): Record<string, unknown> {
  const schema = entities[entity];
  const examples = (schema?.examples ?? []) as Record<string, unknown>[];
  const chosen = examples[index];
  if (!chosen) throw new Error(`entity ${entity} has no example ${index}`);
  return Object.fromEntries(Object.entries(chosen).filter(([name]) => schema?.properties?.[name]?.readOnly !== true));
}
