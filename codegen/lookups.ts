import type { Entities } from './declarations';
import { propertyOf, requiredParamsOf, type Operation } from './operations';
import { isObject, type JsonObject } from './sources';

/**
 * `"ui:field": "Lookup"` with `ui:options.lookup` `{ operation, query, fill }` in a UI schema:
 * the field's value is sent as the query parameter `query` of the GET `operation`, whose answer
 * says `found` and fills the sibling fields of `fill` (field: property of the answer). Checks
 * that the call, its parameter, the answer's properties and the fields exist, and returns the
 * labels the form shows (`lookups.<operation>.action|found|notFound`) for the label check.
 */
export function checkLookups(
  uiSchemas: Record<string, JsonObject>,
  entities: Entities,
  operations: Operation[],
  problems: string[],
): Map<string, string> {
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const labels = new Map<string, string>();
  for (const [name, ui] of Object.entries(uiSchemas)) {
    for (const [field, entry] of Object.entries(ui)) {
      if (!isObject(entry) || entry['ui:field'] !== 'Lookup') continue;
      const where = `schemas/entities/${name}.ui.json`;
      const fail = (text: string) => problems.push(`${where}: ${field}: lookup ${text}`);
      const options = isObject(entry['ui:options']) ? entry['ui:options'] : {};
      const lookup = isObject(options.lookup) ? options.lookup : undefined;
      if (!lookup) {
        fail('needs ui:options.lookup { operation, query, fill }');
        continue;
      }
      const operation = typeof lookup.operation === 'string' ? byId.get(lookup.operation) : undefined;
      if (!operation) {
        fail(`names ${String(lookup.operation)}, which is no operation`);
        continue;
      }
      if (operation.method !== 'get') fail(`${operation.operationId} must be a GET`);
      const query = String(lookup.query);
      if (!propertyOf(operation.query, query)) fail(`${operation.operationId} has no query parameter ${query}`);
      const answer = propertyOf(operation.response, 'data');
      if (propertyOf(answer, 'found')?.type !== 'boolean') fail(`${operation.operationId} must answer { found: boolean, ... }`);
      const entity = entities[name];
      for (const [target, from] of Object.entries(isObject(lookup.fill) ? lookup.fill : {})) {
        if (!propertyOf(entity, target)) fail(`fills ${target}, which entity ${name} does not have`);
        if (!propertyOf(answer, String(from))) fail(`fills ${target} from ${String(from)}, which the answer does not have`);
      }
      for (const key of ['action', 'found', 'notFound']) labels.set(`lookups.${operation.operationId}.${key}`, where);
      labels.set('lookups.differs', where);
      labels.set('lookups.use', where);
    }
  }
  return labels;
}

/**
 * Each text field that UI schemas draw with `widget`, whose `ui:options[keyword].operation` names
 * a GET whose required parameters the options give (`query`, fixed values: the dictionary a field's
 * suggestions come from): checked as such, then given to `check` with its options and call (a
 * field that names no operation is reported and not given).
 */
function textFieldCalls(
  {
    uiSchemas,
    entities,
    operations,
    problems,
  }: { uiSchemas: Record<string, JsonObject>; entities: Entities; operations: Operation[]; problems: string[] },
  widget: string,
  keyword: string,
  check: (entity: string, options: JsonObject, operation: Operation, fail: (text: string) => void) => void,
): void {
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  for (const [name, ui] of Object.entries(uiSchemas)) {
    for (const [field, entry] of Object.entries(ui)) {
      if (!isObject(entry) || entry['ui:widget'] !== widget) continue;
      const fail = (text: string) => problems.push(`schemas/entities/${name}.ui.json: ${field}: ${keyword} ${text}`);
      if (propertyOf(entities[name], field)?.type !== 'string') fail(`is for a text field, and ${name} has no text ${field}`);
      const options = isObject(entry['ui:options']) && isObject(entry['ui:options'][keyword]) ? entry['ui:options'][keyword] : {};
      const operation = typeof options.operation === 'string' ? byId.get(options.operation) : undefined;
      if (!operation) {
        fail(`needs ui:options.${keyword} naming an operation`);
        continue;
      }
      const fixed = isObject(options.query) ? options.query : {};
      if (operation.method !== 'get' || requiredParamsOf(operation).some((param) => !(param in fixed)))
        fail(`${operation.operationId} must be a GET without required parameters but those of query`);
      for (const param of Object.keys(fixed))
        if (!propertyOf(operation.query, param)) fail(`query ${param} is no query parameter of ${operation.operationId}`);
      check(name, options, operation, fail);
    }
  }
}

/**
 * `"ui:widget": "SuggestInput"` with `ui:options.suggest` `{ operation, value, query?, params? }`
 * in a UI schema: a text field offered, as the user types, the property `value` of the items the
 * GET `operation` answers (a list, or a page of them), asked with the fixed values of `query` (the
 * dictionary of a visit's subjects) and those of `params` (each an optional query parameter of the
 * call, given the value of a field of the same form once it has one: a device's models of its
 * kind). Checks the field is text, the call, its items' property and the parameters.
 */
export function checkSuggestions(
  uiSchemas: Record<string, JsonObject>,
  entities: Entities,
  operations: Operation[],
  problems: string[],
): void {
  textFieldCalls({ uiSchemas, entities, operations, problems }, 'SuggestInput', 'suggest', (name, suggest, operation, fail) => {
    const data = propertyOf(operation.response, 'data');
    // A list, or a page of them (its records).
    const answer = data?.type === 'array' ? data : propertyOf(data, 'records');
    const item = isObject(answer?.items) ? answer.items : undefined;
    if (answer?.type !== 'array' || propertyOf(item, String(suggest.value))?.type !== 'string')
      fail(`${operation.operationId} must answer a list of items with the text ${String(suggest.value)}`);
    const params = suggest.params;
    if (params !== undefined && !isObject(params)) fail('params must map parameters of the call to fields of the form');
    for (const [param, from] of Object.entries(isObject(params) ? params : {})) {
      if (!propertyOf(operation.query, param)) fail(`${param} is no query parameter of ${operation.operationId}`);
      if (typeof from !== 'string' || !propertyOf(entities[name], from))
        fail(`${param} is given by ${String(from)}, no field of ${name}`);
    }
  });
}

/**
 * `"ui:widget": "ProposedInput"` with `ui:options.propose` `{ operation }` in a UI schema: a text
 * field the form of a new record fills with the text the GET `operation` answers without
 * parameters (the next free tender number). Checks the field is text and the call.
 */
export function checkProposals(
  uiSchemas: Record<string, JsonObject>,
  entities: Entities,
  operations: Operation[],
  problems: string[],
): void {
  textFieldCalls(
    { uiSchemas, entities, operations, problems },
    'ProposedInput',
    'propose',
    (_name, _options, operation, fail) => {
      if (propertyOf(operation.response, 'data')?.type !== 'string') fail(`${operation.operationId} must answer a text`);
    },
  );
}
