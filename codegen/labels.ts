import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { flattenRoutes, type Entities, type PageDecl } from './declarations';
import { propertyOf, type StateMachine } from './operations';
import { isObject, LANGUAGES, type Json, type JsonObject, type Sources } from './sources';

/*
 * Labels: the translation fragments merged per language, the label keys the schemas and the code
 * use, and the check that each has its text in every language.
 */

export function flatten(value: Json, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (typeof value === 'string') {
    out.set(prefix, value);
  }
  return out;
}

/** Deep-merges the translation fragments of each language; a key defined twice is a problem. */
export function mergeTranslations(src: Sources, problems: string[]): Record<string, JsonObject> {
  const result: Record<string, JsonObject> = {};
  for (const lng of LANGUAGES) {
    const merged: JsonObject = {};
    const origin = new Map<string, string>();
    for (const fragment of src.i18n[lng] ?? []) {
      for (const [key, text] of flatten(fragment.content)) {
        const before = origin.get(key);
        if (before) problems.push(`${fragment.path}: label ${key} is already defined in ${before}`);
        origin.set(key, fragment.path);
        setPath(merged, key.split('.'), text, problems, fragment.path);
      }
    }
    result[lng] = merged;
  }
  return result;
}

function setPath(target: JsonObject, keys: string[], text: string, problems: string[], where: string): void {
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === undefined) node[key] = {};
    else if (!isObject(next)) {
      problems.push(`${where}: ${keys.join('.')} sits below the label ${key}`);
      return;
    }
    node = node[key] as JsonObject;
  }
  node[keys[keys.length - 1] ?? ''] = text;
}

/**
 * Labels of the fields of a schema: `<prefix>.fields.<name>` for its properties, and
 * `<prefix>.itemFields.<parent>.<name>` for the properties of an object property or of the
 * items of an array property.
 */
function fieldKeys(schema: JsonObject, prefix: string, where: string, keys: Map<string, string>): void {
  const nested = (child: JsonObject): JsonObject | undefined =>
    isObject(child.properties) ? child : isObject(child.items) && isObject(child.items.properties) ? child.items : undefined;
  for (const [name, child] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    if (!isObject(child)) continue;
    keys.set(`${prefix}.fields.${name}`, where);
    const inner = nested(child);
    for (const innerName of Object.keys(inner && isObject(inner.properties) ? inner.properties : {})) {
      keys.set(`${prefix}.itemFields.${name}.${innerName}`, where);
    }
  }
}

/** Message labels named by `x-messages` anywhere in a schema, and those of its named checks and rules. */
function messageKeysOf(schema: Json, where: string, keys: Map<string, string>): void {
  if (Array.isArray(schema)) schema.forEach((item) => messageKeysOf(item, where, keys));
  if (!isObject(schema)) return;
  if (typeof schema['x-format'] === 'string') keys.set(`errors.format.${schema['x-format']}`, where);
  if (typeof schema['x-below'] === 'string') keys.set('errors.belowMaximum', where);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'x-messages' && isObject(value)) {
      for (const label of Object.values(value)) if (typeof label === 'string') keys.set(label, where);
    } else messageKeysOf(value, where, keys);
  }
}

/** Labels of the coded values of `x-enum` properties anywhere in a schema (`enums.<name>.<value>`). */
export function enumKeysOf(schema: Json, where: string, keys: Map<string, string>): void {
  if (Array.isArray(schema)) schema.forEach((item) => enumKeysOf(item, where, keys));
  if (!isObject(schema)) return;
  const name = schema['x-enum'];
  if (typeof name === 'string' && Array.isArray(schema.enum)) {
    for (const value of schema.enum) keys.set(`enums.${name}.${String(value)}`, where);
  }
  for (const value of Object.values(schema)) enumKeysOf(value, where, keys);
}

/** Every label key the schemas use, with where each use is. */
export function labelKeysOfSchemas(
  src: Sources,
  entities: Entities,
  widgets: Record<string, JsonObject> = {},
  forms: Record<string, JsonObject> = {},
): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [type, schema] of Object.entries(widgets)) {
    const where = `schemas/widgets/${type}.json`;
    keys.set(`widgets.${type}.title`, where);
    keys.set(`widgets.${type}.description`, where);
    fieldKeys(schema, `widgets.${type}`, where, keys);
    enumKeysOf(schema, where, keys);
  }
  for (const [entity, schema] of Object.entries(entities)) {
    const where = `entity ${entity}`;
    keys.set(`entities.${entity}.title`, where);
    fieldKeys(schema, `entities.${entity}`, where, keys);
    const states = schema['x-states'] as StateMachine | undefined;
    for (const transition of Object.keys(states?.transitions ?? {}))
      keys.set(`entities.${entity}.transitions.${transition}`, where);
  }
  for (const file of src.schemas) {
    const form = file.content['x-form'];
    if (typeof form === 'string') {
      keys.set(`forms.${form}.title`, file.path);
      // Dereferenced, a list of records of an entity (variables added at once) names their fields too.
      fieldKeys(forms[form] ?? file.content, `forms.${form}`, file.path, keys);
    }
    messageKeysOf(file.content, file.path, keys);
    const name = file.content['x-enum'];
    if (typeof name !== 'string') continue;
    for (const value of Array.isArray(file.content.enum) ? file.content.enum : []) {
      keys.set(`enums.${name}.${String(value)}`, file.path);
    }
  }
  for (const { path, content } of src.pages) {
    const page = content as unknown as PageDecl;
    keys.set(`pages.${page.page}.title`, path);
    if (page.notice) for (const value of ['true', 'false']) keys.set(`pages.${page.page}.notice.${value}`, path);
    if (page.lookupColumn) keys.set(`pages.${page.page}.lookupColumn`, path);
    // A page offering several lists names each in its choice of lists, its own list first.
    if (page.lists)
      for (const operation of [page.resource.list, ...page.lists.map((list) => list.operation)])
        keys.set(`pages.${page.page}.lists.${operation ?? ''}`, path);
    const charts = [
      ...(page.charts?.panels ?? []),
      ...(page.rowActions ?? []).flatMap((a) => (a.action === 'chart' ? [a.chart] : [])),
    ];
    for (const chart of charts) {
      keys.set(`charts.${chart.call}.title`, path);
      for (const field of chart.values) keys.set(`charts.${chart.call}.${field}`, path);
    }
    for (const action of page.rowActions ?? []) {
      if (action.action === 'delete' || ((action.action === 'transition' || action.action === 'call') && action.confirm))
        keys.set(action.confirm ?? '', path);
      if (action.action === 'call' && action.label) keys.set(action.label, path);
      else if (action.action === 'call' || action.action === 'view' || action.action === 'download' || action.action === 'upload')
        keys.set(`actions.${action.operation}`, path);
      if (action.action === 'form')
        for (const field of action.answer ?? []) keys.set(`forms.${action.form}.answer.${field}`, path);
      // A view's column its entity lacks (a property of the call's own records) is labelled by the view.
      if (action.action === 'view')
        for (const column of action.columns)
          if (!propertyOf(entities[action.entity ?? page.entity], column)) keys.set(`views.${action.operation}.${column}`, path);
    }
  }
  for (const route of flattenRoutes(src.routes.routes)) {
    keys.set(`routes.${route.name}.title`, 'schemas/routes/routes.json');
    if (route.shortcut) keys.set(`routes.${route.name}.shortcut`, 'schemas/routes/routes.json');
  }
  return keys;
}

const CODE_FOLDERS = ['runtime', 'pages', 'widgets', 'server'];
const LITERAL_KEY = /\b(?:t|translate)\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g;

/** Label keys written literally in the code (`t('common.save')`, `translate('http.408')`). */
export function labelKeysOfCode(root: string): Map<string, string> {
  const keys = new Map<string, string>();
  const visit = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) visit(file);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        for (const match of readFileSync(file, 'utf8').matchAll(LITERAL_KEY)) {
          keys.set(match[1] ?? '', relative(root, file));
        }
      }
    }
  };
  for (const folder of CODE_FOLDERS) visit(join(root, folder));
  return keys;
}

export function checkLabels(used: Map<string, string>, translations: Record<string, JsonObject>, problems: string[]): void {
  const flat = Object.fromEntries(LANGUAGES.map((lng) => [lng, flatten(translations[lng] ?? {})]));
  for (const [key, where] of used) {
    for (const lng of LANGUAGES) {
      if (!flat[lng]?.has(key)) problems.push(`${where}: label ${key} is missing in ${lng} (schemas/i18n/${lng}/)`);
    }
  }
  for (const lng of LANGUAGES) {
    for (const other of LANGUAGES) {
      if (lng === other) continue;
      for (const key of flat[lng]?.keys() ?? []) {
        if (!flat[other]?.has(key))
          problems.push(`schemas/i18n/${lng}: label ${key} has no ${other} translation in schemas/i18n/${other}/`);
      }
    }
  }
}
