import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** A JSON value as read from a source file. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One schema file of `schemas/` with its component name. */
export interface SchemaFile {
  /** Path relative to the project root, with forward slashes. */
  path: string;
  /** Name of the schema in the OpenAPI components: the file name in PascalCase. */
  component: string;
  content: JsonObject;
}

/** Everything codegen reads, loaded once. */
export interface Sources {
  root: string;
  /** Schemas of records and calls (`schemas/entities`, `schemas/enums`, `schemas/calls`). */
  schemas: SchemaFile[];
  /** UI schemas by name (`schemas/entities/<name>.ui.json`). */
  uiSchemas: Record<string, JsonObject>;
  /** Widget configuration schemas (`schemas/widgets/<type>.json`) by type, with their UI schemas. */
  widgets: { type: string; path: string; content: JsonObject; ui?: JsonObject }[];
  /** Page schemas by file path. */
  pages: { path: string; content: JsonObject }[];
  /** Screens declared as data for the generic screen kinds (`schemas/views/<route name>.json`). */
  views: { path: string; content: JsonObject }[];
  /** Meta-schemas by file name without `.schema.json`. */
  meta: Record<string, JsonObject>;
  /** Translation fragments by language, each with its file path. */
  i18n: Record<string, { path: string; content: JsonObject }[]>;
  /** The route tree (`schemas/routes/routes.json`). */
  routes: JsonObject;
  /** `openapi/openapi.yaml`. */
  openapi: JsonObject;
  /** `openapi/paths/*.yaml`, each a map of paths. */
  pathFiles: { path: string; content: JsonObject }[];
}

/** Languages every label must exist in. */
export const LANGUAGES = ['zh', 'en'] as const;
/** Folders of `schemas/` whose files become OpenAPI components. */
const COMPONENT_FOLDERS = ['enums', 'entities', 'calls'] as const;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readJson(file: string): JsonObject {
  const text = readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
  if (!isObject(value)) throw new Error(`${file}: expected a JSON object`);
  return value;
}

function readYaml(file: string): JsonObject {
  const value: unknown = parseYaml(readFileSync(file, 'utf8'));
  if (!isObject(value)) throw new Error(`${file}: expected a YAML mapping`);
  return value;
}

function list(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => join(dir, name));
}

export function pascalCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function loadSources(root: string): Sources {
  const rel = (file: string) => relative(root, file).split('\\').join('/');
  const schemas: SchemaFile[] = [];
  const uiSchemas: Record<string, JsonObject> = {};
  for (const folder of COMPONENT_FOLDERS) {
    for (const file of list(join(root, 'schemas', folder), '.json')) {
      if (file.endsWith('.ui.json')) {
        uiSchemas[basename(file, '.ui.json')] = readJson(file);
        continue;
      }
      schemas.push({ path: rel(file), component: pascalCase(basename(file, '.json')), content: readJson(file) });
    }
  }
  const meta: Record<string, JsonObject> = {};
  for (const file of list(join(root, 'schemas', 'meta'), '.schema.json')) {
    meta[basename(file, '.schema.json')] = readJson(file);
  }
  const i18n: Sources['i18n'] = {};
  for (const lng of LANGUAGES) {
    i18n[lng] = list(join(root, 'schemas', 'i18n', lng), '.json').map((file) => ({
      path: rel(file),
      content: readJson(file),
    }));
  }
  const widgets = list(join(root, 'schemas', 'widgets'), '.json')
    .filter((file) => !file.endsWith('.ui.json'))
    .map((file) => {
      const uiFile = file.replace(/\.json$/, '.ui.json');
      return {
        type: basename(file, '.json'),
        path: rel(file),
        content: readJson(file),
        ...(existsSync(uiFile) ? { ui: readJson(uiFile) } : {}),
      };
    });
  return {
    root,
    schemas,
    uiSchemas,
    widgets,
    pages: list(join(root, 'schemas', 'pages'), '.json').map((file) => ({ path: rel(file), content: readJson(file) })),
    views: list(join(root, 'schemas', 'views'), '.json').map((file) => ({ path: rel(file), content: readJson(file) })),
    meta,
    i18n,
    routes: readJson(join(root, 'schemas', 'routes', 'routes.json')),
    openapi: readYaml(join(root, 'openapi', 'openapi.yaml')),
    pathFiles: list(join(root, 'openapi', 'paths'), '.yaml').map((file) => ({ path: rel(file), content: readYaml(file) })),
  };
}
