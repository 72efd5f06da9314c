import { dirname, posix } from 'node:path';
import uploadRules from '../schemas/constants/upload.json';
import { BATCH_DATA, batchAnswerSchemas, checkBatchAnswers } from './batchAnswers';
import { isObject, type Json, type JsonObject, type Sources } from './sources';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Statuses every operation may answer with the error body `{ code, msg }`. */
const ERROR_STATUSES: Record<string, string> = {
  '400': 'Bad input; nothing was changed.',
  '401': 'Missing, unknown or expired token.',
  '403': 'The token may not make this call.',
  '404': 'No such record in the tenant.',
  '409': 'The change conflicts with the stored state; nothing was changed.',
  '503': 'The node is not ready (its database does not answer) or is shutting down; another node can answer.',
};

const ERROR_BODY: JsonObject = {
  description: 'Error answer: a non-zero code and a readable message.',
  type: 'object',
  additionalProperties: false,
  required: ['code', 'msg'],
  properties: {
    code: { type: 'integer', not: { const: 0 }, description: 'Non-zero error code.' },
    msg: { type: 'string', description: 'What was wrong, in the language of the request.' },
    data: {
      description: 'Of bad input: each field that was wrong, and what is expected there, in the language of the request.',
      type: ['array', 'null'],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'message'],
        properties: {
          path: {
            type: 'string',
            description: 'Where the field is, dotted (contacts.0.phone); a query or path parameter by its name.',
          },
          message: { type: 'string', description: 'What is expected there, the field named by its label.' },
        },
      },
    },
  },
};

/**
 * The media types a file answer (`x-binary`) has: a workbook, a PDF document, a CSV table, or a
 * stored file (by its extension, else `application/octet-stream`).
 */
const BINARY_MEDIA_TYPES: Record<string, string[]> = {
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  pdf: ['application/pdf'],
  csv: ['text/csv'],
  file: [...new Set([...Object.values(uploadRules.mediaTypes), 'application/octet-stream'])],
};

/** The media types of a file answer of this kind (`x-binary`); undefined for an unknown kind. */
export function binaryMediaTypes(kind: Json | undefined): string[] | undefined {
  return typeof kind === 'string' ? BINARY_MEDIA_TYPES[kind] : undefined;
}

function envelope(data: Json): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer', enum: [0] }, msg: { type: 'string' }, data },
  };
}

function page(record: Json): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['records', 'total', 'current', 'size'],
    properties: {
      records: { type: 'array', items: record },
      total: { type: 'integer', description: 'Records matching the query, on all pages.' },
      current: { type: 'integer', description: 'This page number, from 1.' },
      size: { type: 'integer', description: 'Records per page.' },
    },
  };
}

/**
 * Merges `openapi/openapi.yaml` and `openapi/paths/*.yaml` into one OpenAPI document whose only
 * `$ref`s are internal: every file of `schemas/` becomes a named component. Operation shorthands
 * are expanded: `x-data` (the `data` of the envelope), `x-data-page` (a page of records),
 * `x-data-batch` (the batch call's answers, documented per `x-batchable` call by components made
 * here) and `x-plain` (no envelope); every operation gets the error responses.
 */
export function bundleOpenapi(src: Sources): { document: JsonObject; problems: string[] } {
  const problems: string[] = [];
  const byPath = new Map(src.schemas.map((s) => [s.path, s.component]));

  const rewrite = (value: Json, fromFile: string, selfComponent?: string): Json => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item, fromFile, selfComponent));
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        out[key] = resolveRef(child, fromFile, selfComponent);
      } else {
        out[key] = rewrite(child, fromFile, selfComponent);
      }
    }
    return out;
  };

  const resolveRef = (ref: string, fromFile: string, selfComponent?: string): string => {
    const [target = '', fragment = ''] = ref.split('#');
    if (target === '') {
      if (selfComponent) return `#/components/schemas/${selfComponent}${fragment}`;
      problems.push(`${fromFile}: local reference ${ref} has no meaning outside a schema file`);
      return ref;
    }
    const resolved = posix.normalize(posix.join(dirname(fromFile), target));
    const component = byPath.get(resolved);
    if (component) return `#/components/schemas/${component}${fragment}`;
    if (resolved === 'openapi/openapi.yaml') return `#${fragment}`;
    problems.push(`${fromFile}: cannot resolve reference ${ref}`);
    return ref;
  };

  const base = rewrite(src.openapi, 'openapi/openapi.yaml') as JsonObject;
  const components = isObject(base.components) ? base.components : {};
  const schemas: JsonObject = {};
  const seen = new Set<string>();
  for (const file of src.schemas) {
    if (seen.has(file.component)) problems.push(`${file.path}: a second schema named ${file.component}`);
    seen.add(file.component);
    schemas[file.component] = rewrite(file.content, file.path, file.component);
  }
  schemas.ErrorBody = ERROR_BODY;
  const responses: JsonObject = {
    Error: {
      description: 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    },
  };

  const paths: JsonObject = {};
  for (const file of src.pathFiles) {
    for (const [path, item] of Object.entries(rewrite(file.content, file.path) as JsonObject)) {
      if (!isObject(item)) {
        problems.push(`${file.path}: ${path} is not a path item`);
        continue;
      }
      const merged: JsonObject = isObject(paths[path]) ? paths[path] : {};
      for (const [method, operation] of Object.entries(item)) {
        if (!(HTTP_METHODS as readonly string[]).includes(method) || !isObject(operation)) {
          problems.push(`${file.path}: ${path} has ${method}, which is not an operation`);
          continue;
        }
        if (merged[method]) problems.push(`${file.path}: ${method.toUpperCase()} ${path} is declared twice`);
        merged[method] = expandOperation(operation, `${file.path}: ${method.toUpperCase()} ${path}`, problems);
      }
      paths[path] = merged;
    }
  }

  for (const [name, schema] of Object.entries(batchAnswerSchemas(paths))) {
    if (seen.has(name)) problems.push(`a schema file is named ${name}, a component of the batch answer`);
    schemas[name] = schema;
  }

  const document: JsonObject = {
    ...base,
    paths,
    components: {
      ...components,
      schemas: { ...(isObject(components.schemas) ? components.schemas : {}), ...schemas },
      responses,
    },
  };
  problems.push(...checkBatchAnswers(document));
  return { document, problems };
}

function expandOperation(operation: JsonObject, where: string, problems: string[]): JsonObject {
  const { 'x-data': data, 'x-data-page': record, ...rest } = operation;
  const batch = rest['x-data-batch'] === true;
  const errors: JsonObject = {};
  for (const [status, description] of Object.entries(ERROR_STATUSES)) {
    errors[status] = { $ref: '#/components/responses/Error', description };
  }
  if (rest['x-binary'] !== undefined) {
    const types = binaryMediaTypes(rest['x-binary']);
    if (!types) problems.push(`${where}: x-binary is one of ${Object.keys(BINARY_MEDIA_TYPES).join(', ')}`);
    const content = Object.fromEntries((types ?? []).map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
    return { ...rest, responses: { '200': { description: 'The file', content }, ...errors } };
  }
  if ([data !== undefined, record !== undefined, batch].filter(Boolean).length > 1) {
    problems.push(`${where}: states its answer by one of x-data, x-data-page and x-data-batch`);
  }
  let payload: Json | undefined;
  if (record !== undefined) payload = page(record);
  else if (data !== undefined) payload = data;
  else if (batch) payload = structuredClone(BATCH_DATA);
  if (payload === undefined) {
    problems.push(`${where}: says nothing of its answer (x-data, x-data-page or x-data-batch)`);
    payload = {};
  }
  const schema = rest['x-plain'] === true ? payload : envelope(payload);
  return { ...rest, responses: { '200': { description: 'Success', content: { 'application/json': { schema } } }, ...errors } };
}
