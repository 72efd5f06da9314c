import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import type { Operation as CodegenOperation, ResourceBinding, RouteDecl, StateMachine } from '../generated/contract';
import bodyValidators from '../generated/validators/serverBody.js';
import requestValidators from '../generated/validators/serverRequest.js';

/** A JSON Schema object as the server reads it. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  examples?: unknown[];
  'x-entity'?: string;
  'x-table'?: string;
  'x-ref'?: string;
  'x-on-delete'?: 'cascade' | 'restrict';
  'x-ref-label'?: string;
  'x-active-until'?: string;
  'x-states'?: StateMachine;
  'x-enum'?: string;
  'x-owner'?: 'id' | 'name';
  'x-create-only'?: boolean;
  'x-unique'?: boolean;
  'x-messages'?: Record<string, string>;
  [keyword: string]: unknown;
}

/** A documented call, as codegen lists it in `generated/operations.json`. */
export type Operation = CodegenOperation<JsonSchema>;
export type { ResourceBinding };
export type Route = RouteDecl;

/** What the server takes from `generated/`: the calls, the entity schemas, the routes, the labels. */
export interface Contract {
  operations: Operation[];
  /** The bundled OpenAPI document, served at /docs. */
  document: Record<string, unknown>;
  /** Dereferenced entity schemas by entity name. */
  entities: Record<string, JsonSchema>;
  /** The route tree, flat in tree order. */
  routes: Route[];
  /** The list pages, by name: what an export takes its columns from. */
  pages: Record<string, { page: string; entity: string; columns: { field: string }[] }>;
  translations: Record<string, Record<string, unknown>>;
  validator(operationId: string, part: string): ValidateFunction;
}

const generated = (path: string) => fileURLToPath(new URL(`../generated/${path}`, import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(generated(path), 'utf8')) as T;

export function loadContract(): Contract {
  const entities: Record<string, JsonSchema> = {};
  for (const file of readdirSync(generated('entities'))) {
    if (!file.endsWith('.json')) continue;
    const schema = readJson<JsonSchema>(`entities/${file}`);
    if (schema['x-entity']) entities[schema['x-entity']] = schema;
  }
  const translations: Record<string, Record<string, unknown>> = {};
  for (const file of readdirSync(generated('i18n'))) {
    translations[file.replace(/\.json$/, '')] = readJson(`i18n/${file}`);
  }
  const validators: Record<string, ValidateFunction> = { ...bodyValidators, ...requestValidators };
  return {
    operations: readJson<Operation[]>('operations.json'),
    document: readJson('openapi.json'),
    entities,
    routes: readJson<Route[]>('routes.json'),
    pages: Object.fromEntries(readJson<Contract['pages'][string][]>('pages.json').map((page) => [page.page, page])),
    translations,
    validator(operationId, part) {
      const validate = validators[`${operationId}.${part}`];
      if (!validate) throw new Error(`no precompiled validator for ${operationId}.${part}; run npm run codegen`);
      return validate;
    },
  };
}
