import { binaryMediaTypes, HTTP_METHODS, type HttpMethod } from './bundleOpenapi';
import { isObject, type Json, type JsonObject } from './sources';

/** What the generic resource handler does for an operation (`x-resource`). */
export interface ResourceBinding {
  entity: string;
  action:
    'list' | 'get' | 'create' | 'update' | 'delete' | 'options' | 'deleteMany' | 'patch' | 'transition' | 'aggregate' | 'export';
  /** Lists only the records the signed-in user owns. */
  mine?: boolean;
  /** Fixed conditions of a list, an aggregate or an export, by field: a value, or a list of values any of which matches. */
  where?: Record<string, string | number | boolean | (string | number)[]>;
  /** `transition`: the name of a transition of the entity's `x-states`. */
  transition?: string;
  /** `patch`: the writable fields taken from the body (the rest of the record is kept). */
  fields?: string[];
  /** `aggregate`: the field whose values group the records (absent: one group of all). */
  groupBy?: string;
  /** `aggregate`: a numeric field summed per group beside the count. */
  sum?: string;
  /** `aggregate`: at most this many groups, largest first. */
  limit?: number;
  /** `export`: the page schema whose columns and labels make the workbook. */
  page?: string;
  /** `export`: an Excel workbook (the default) or a PDF document on A4 pages. */
  format?: 'xlsx' | 'pdf';
}

/** The transition of an entity's `x-states` a named handler makes (`x-transition`). */
export interface TransitionBinding {
  entity: string;
  transition: string;
}

/** A state machine of an entity (`x-states`): the field holding the state, the state of a new record, the transitions. */
export interface StateMachine {
  field: string;
  initial: string | number;
  transitions: Record<string, { from: (string | number)[]; to: string | number }>;
}

/**
 * How a query parameter filters a list when it is not simply the field of the same name
 * (`x-filter`); `in` takes a comma-separated list of values, any of which matches.
 */
export interface FilterBinding {
  field: string;
  op: 'eq' | 'contains' | 'lte' | 'gte' | 'in';
}

/** Who may make a call, beside the security schemes. */
export interface Access {
  /** Administrators of the current tenant only (`x-admin`). */
  admin: boolean;
  /** The per-user permission needed (`x-permission` of the operation or of its tag). */
  permission?: string;
  /** Only these tenants (`x-tenants`). */
  tenants?: number[];
  /** The call reaches tenant data (false for sign-in and the like: `x-tenant-scoped: false`). */
  tenantScoped: boolean;
  /** A `tenantId` parameter names the tenant to switch to, not the caller's own (`x-switch-tenant`). */
  switchTenant: boolean;
  /** The session cookie is accepted instead of the Authorization header (`x-cookie-auth`, for pictures). */
  cookieAuth: boolean;
  /**
   * The call is also answered without any credentials (an empty requirement `{}` in its security):
   * the open routes' calls, whose own link token is the credential, reachable from a plain link.
   */
  anonymous: boolean;
}

/**
 * One operation of the dereferenced document, in the shape the server and the client use: the
 * parameters of each place gathered into one object schema, so each can be validated at once.
 */
export interface Operation<Schema = JsonObject> {
  operationId: string;
  method: HttpMethod;
  path: string;
  tags: string[];
  summary: string;
  /** Security schemes, any one of which admits the call. */
  security: string[];
  access: Access;
  query?: Schema;
  params?: Schema;
  body?: Schema;
  /** The body is `multipart/form-data` (an upload), read by the handler itself. */
  multipart: boolean;
  /** Query parameters that filter on another field or by a comparison. */
  filters: Record<string, FilterBinding>;
  /**
   * Schema the server serialises the HTTP 200 answer by (absent for a binary answer): the
   * document's, but for the batch call (`x-data-batch`), whose answers are listed as they are
   * (see `answersAsListed`).
   */
  response?: Schema;
  /** The answer is a file, not JSON. */
  binary: boolean;
  /** The media types a file answer has (`x-binary`: xlsx, pdf, csv or file). */
  mediaTypes?: string[];
  resource?: ResourceBinding;
  handler?: string;
  /** A named handler that moves a record along its entity's state machine (`x-transition`), with effects of its own. */
  transition?: TransitionBinding;
  /** The answer is sent as it is, without the `{ code, msg, data }` envelope. */
  plain: boolean;
  /** A read that the dashboard's batch call may answer among others (`x-batchable`). */
  batchable: boolean;
  /** A POST that only reads, its body being what it is asked (`x-read`): a row's chart may send it the row. */
  read: boolean;
}

function parameterSchema(parameters: Json[], place: string): JsonObject | undefined {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    if (!isObject(parameter) || parameter.in !== place || typeof parameter.name !== 'string') continue;
    const schema = isObject(parameter.schema) ? parameter.schema : {};
    const numeric = schema.type === 'integer' || schema.type === 'number';
    properties[parameter.name] = numeric ? { ...schema, 'x-finite': true } : schema;
    if (parameter.required === true) required.push(parameter.name);
  }
  if (Object.keys(properties).length === 0) return undefined;
  // Unknown query parameters (cache busters and the like) are ignored, not refused.
  return { type: 'object', properties, required, additionalProperties: place !== 'path' };
}

function filterBindings(parameters: Json[]): Record<string, FilterBinding> {
  const filters: Record<string, FilterBinding> = {};
  for (const parameter of parameters) {
    if (isObject(parameter) && typeof parameter.name === 'string' && isObject(parameter['x-filter'])) {
      filters[parameter.name] = parameter['x-filter'] as unknown as FilterBinding;
    }
  }
  return filters;
}

export function listOperations(document: JsonObject, problems: string[]): Operation[] {
  const operations: Operation[] = [];
  const ids = new Set<string>();
  const globalSecurity = schemeNames(document.security);
  const tagPermissions = new Map(
    asArray(document.tags).flatMap((tag) =>
      isObject(tag) && typeof tag.name === 'string' && typeof tag['x-permission'] === 'string'
        ? [[tag.name, tag['x-permission']] as const]
        : [],
    ),
  );
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const operationId = typeof op.operationId === 'string' ? op.operationId : '';
      if (!/^[a-z][A-Za-z0-9]*$/.test(operationId))
        problems.push(`${where}: operationId '${operationId}' is not a camelCase name`);
      if (ids.has(operationId)) problems.push(`${where}: operationId ${operationId} is used twice`);
      ids.add(operationId);
      const parameters = [...asArray(item.parameters), ...asArray(op.parameters)];
      const requestBody = isObject(op.requestBody) ? op.requestBody : undefined;
      if (requestBody && requestBody.required !== true) problems.push(`${where}: a request body must be required`);
      const body = requestBody ? schemaOf(requestBody, 'application/json') : undefined;
      const multipart = requestBody ? schemaOf(requestBody, 'multipart/form-data') !== undefined : false;
      if (requestBody && !body && !multipart) problems.push(`${where}: a request body must be JSON or multipart/form-data`);
      const responses = isObject(op.responses) ? op.responses : {};
      const ok = isObject(responses['200']) ? responses['200'] : {};
      const resource = isObject(op['x-resource']) ? (op['x-resource'] as unknown as ResourceBinding) : undefined;
      const handler = typeof op['x-handler'] === 'string' ? op['x-handler'] : undefined;
      // A picker's options may be answered by a named handler (names joined from other records),
      // its x-resource still saying whose options they are.
      if (Boolean(resource) === Boolean(handler) && !(resource?.action === 'options' && handler))
        problems.push(`${where}: needs exactly one of x-resource and x-handler (or both, for options)`);
      const transition = isObject(op['x-transition']) ? (op['x-transition'] as unknown as TransitionBinding) : undefined;
      if (transition && !handler) problems.push(`${where}: x-transition is for a named handler (x-resource names its own)`);
      const tags = asArray(op.tags).filter((t): t is string => typeof t === 'string');
      if (tags.length === 0) problems.push(`${where}: has no tag`);
      const query = parameterSchema(parameters, 'query');
      const params = parameterSchema(parameters, 'path');
      const documented = schemaOf(ok, 'application/json');
      const response = documented && op['x-data-batch'] === true ? answersAsListed(documented) : documented;
      const permission =
        typeof op['x-permission'] === 'string' ? op['x-permission'] : tags.map((t) => tagPermissions.get(t)).find(Boolean);
      const tenants = asArray(op['x-tenants']).filter((t): t is number => typeof t === 'number');
      operations.push({
        operationId,
        method,
        path,
        tags,
        summary: typeof op.summary === 'string' ? op.summary : '',
        security: op.security === undefined ? globalSecurity : schemeNames(op.security),
        access: {
          admin: op['x-admin'] === true,
          ...(permission ? { permission } : {}),
          ...(tenants.length ? { tenants } : {}),
          tenantScoped: op['x-tenant-scoped'] !== false,
          switchTenant: op['x-switch-tenant'] === true,
          cookieAuth: op['x-cookie-auth'] === true,
          anonymous: asArray(op.security).some((requirement) => isObject(requirement) && Object.keys(requirement).length === 0),
        },
        ...(query ? { query } : {}),
        ...(params ? { params } : {}),
        ...(body ? { body } : {}),
        multipart,
        filters: filterBindings(parameters),
        ...(response ? { response } : {}),
        binary: op['x-binary'] !== undefined,
        ...(op['x-binary'] !== undefined ? { mediaTypes: binaryMediaTypes(op['x-binary']) ?? [] } : {}),
        ...(resource ? { resource } : {}),
        ...(handler ? { handler } : {}),
        ...(transition ? { transition } : {}),
        plain: op['x-plain'] === true,
        batchable: op['x-batchable'] === true,
        read: op['x-read'] === true,
      });
    }
  }
  return operations.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/**
 * The batch call's answer as the server serialises it: the documented envelope, the items of its
 * list left free. Each answer is serialised by its own call's response schema before it is
 * listed; serialising the list by the documented `oneOf` (`DataBatchAnswer`, a variant per
 * batchable call) would have fast-json-stringify try the variants with ajv on every answer of
 * every refresh, to the same text.
 */
function answersAsListed(response: JsonObject): JsonObject {
  const properties = isObject(response.properties) ? response.properties : {};
  const data = isObject(properties.data) ? properties.data : {};
  return { ...response, properties: { ...properties, data: { ...data, items: {} } } };
}

function asArray(value: Json | undefined): Json[] {
  return Array.isArray(value) ? value : [];
}

function schemeNames(security: Json | undefined): string[] {
  return asArray(security).flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : []));
}

function schemaOf(holder: JsonObject, mediaType: string): JsonObject | undefined {
  const content = isObject(holder.content) ? holder.content : {};
  const media = content[mediaType];
  return isObject(media) && isObject(media.schema) ? media.schema : undefined;
}

/** The record schema of a paged list answer (`data.records.items`). */
export function pageRecordSchema(operation: Operation): JsonObject | undefined {
  const data = propertyOf(operation.plain ? operation.response : propertyOf(operation.response, 'data'), 'records');
  return isObject(data?.items) ? data.items : undefined;
}

/** The schema of the records a call answers as a list, or as a page of them (its `records`); none otherwise. */
export function listedRecordSchema(operation: Operation): JsonObject | undefined {
  const data = operation.plain ? operation.response : propertyOf(operation.response, 'data');
  const records = data?.type === 'array' ? data : propertyOf(data, 'records');
  return records?.type === 'array' && isObject(records.items) ? records.items : undefined;
}

/** The fields a list call sorts by (the values of its `sortField`). */
export function sortFieldsOf(operation: Operation): string[] {
  const offered = propertyOf(operation.query, 'sortField')?.enum;
  return Array.isArray(offered) ? offered.map(String) : [];
}

/** The parameters a call cannot be made without, in its path and its query. */
export function requiredParamsOf(operation: Operation | undefined): string[] {
  return [operation?.params?.required, operation?.query?.required].flatMap((list) =>
    Array.isArray(list) ? list.map(String) : [],
  );
}

/** The query parameters a call needs. */
export function requiredQueryOf(operation: Operation): string[] {
  return Array.isArray(operation.query?.required) ? operation.query.required.map(String) : [];
}

export function propertyOf(schema: JsonObject | undefined, name: string): JsonObject | undefined {
  const properties = schema && isObject(schema.properties) ? schema.properties : undefined;
  const value = properties?.[name];
  return isObject(value) ? value : undefined;
}
