import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import { pageRecordSchema, propertyOf, type Operation, type StateMachine } from './operations';
import { isObject, LANGUAGES, type Json, type JsonObject, type Sources } from './sources';

/** A page schema, as far as the checks read it (the meta-schema has checked its shape). */
export interface PageDecl {
  page: string;
  entity: string;
  scope?: string[];
  links?: { route: string }[];
  resource: Record<string, string>;
  columns: { field: string; sortable?: boolean; tenThousands?: boolean }[];
  filters?: { field: string; range?: string[] }[];
  tabs?: { field: string; values?: (string | number)[] }[];
  defaultSort: { field: string };
  rowActions?: (
    | { action: 'edit' }
    | { action: 'delete'; confirm: string }
    | { action: 'navigate'; page: string; params: Record<string, string> }
    | {
        action: 'form';
        form: string;
        load?: string;
        save: string;
        params: Record<string, string>;
        listParams?: string[];
        answer?: string[];
        when?: When;
      }
    | {
        action: 'call';
        operation: string;
        params: Record<string, string>;
        values?: Record<string, unknown>;
        label?: string;
        confirm?: string;
        when?: When;
      }
    | { action: 'view'; operation: string; params: Record<string, string>; columns: string[] }
    | { action: 'open'; route: string; params: Record<string, string> }
    | { action: 'transition'; operation: string; confirm?: string; form?: string }
    | { action: 'download'; operation: string; params: Record<string, string> }
    | { action: 'upload'; operation: string; params: Record<string, string>; accept: string }
  )[];
  bulkActions?: { form: string; save: string; ids: string }[];
  form?: { ui: string };
  createForm?: { form: string; save: string };
  /** Operation id of the page's Excel export. */
  export?: string;
  /** Operation id of the page's PDF export. */
  exportPdf?: string;
  /** Operation id of the page's Excel import (a multipart upload of one workbook). */
  import?: string;
  deleteSelected?: string;
  charts?: { year?: boolean; panels: ChartDecl[] };
}

/** Rows an action is offered on: those whose field has one of the values. */
export interface When {
  field: string;
  in: string[];
}

/** A chart panel of a page (see the meta-schema's `chart`). */
export interface ChartDecl {
  call: string;
  type: 'figures' | 'gauge' | 'funnel' | 'bar' | 'line' | 'pie';
  category?: string;
  categoryEnum?: string;
  values: string[];
  money?: string[];
}

/** Schemas of `schemas/entities` by their `x-entity` name, dereferenced. */
export type Entities = Record<string, JsonObject>;

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

/**
 * Fields whose name says what they hold, and the check (`x-format`) each must carry: in records
 * and forms alike, or in records only (a lookup form also takes the older tax numbers).
 */
const NAMED_CHECKS: { name: RegExp; formats: string[]; recordsOnly?: boolean }[] = [
  { name: /(^p|P)hone$|(^t|T)elephone$|(^m|M)obile$/, formats: ['phone', 'mobile'] },
  { name: /^taxNumber$/, formats: ['creditCode'], recordsOnly: true },
  { name: /^idCard(Number)?$/, formats: ['idCard'] },
];

/**
 * Every field of an entity or a form that holds a telephone number or a tax number carries its
 * check, so that each present and future form checks what people type there, as the server does.
 */
export function checkNamedChecks(src: Sources, problems: string[]): void {
  for (const file of src.schemas) {
    const record = typeof file.content['x-entity'] === 'string';
    if (!record && typeof file.content['x-form'] !== 'string') continue;
    const properties = isObject(file.content.properties) ? file.content.properties : {};
    for (const [name, property] of Object.entries(properties)) {
      // A field with a pattern of its own (an alarm phone, which is dialled) keeps to it.
      if (!isObject(property) || property.type !== 'string' || property.readOnly === true || property.pattern) continue;
      const rule = NAMED_CHECKS.find((candidate) => candidate.name.test(name) && (record || !candidate.recordsOnly));
      if (rule && !rule.formats.includes(String(property['x-format'])))
        problems.push(
          `${file.path}: ${name} holds a ${rule.formats.join(' or ')}: give it "x-format" (${rule.formats.join(', ')})`,
        );
    }
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

/** Widget schemas: closed objects with a UI schema beside them, and disabled options (`x-disabled`) among their property's options. */
export function checkWidgets(src: Sources, problems: string[]): void {
  for (const widget of src.widgets) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(widget.type)) problems.push(`${widget.path}: a widget type is a camelCase name`);
    if (!widget.ui) problems.push(`${widget.path}: has no UI schema beside it`);
    if (widget.content.type !== 'object' || widget.content.additionalProperties !== false) {
      problems.push(`${widget.path}: a widget schema is an object without additional properties`);
    }
    const visit = (schema: Json, at: string) => {
      if (!isObject(schema)) return;
      const disabled = schema['x-disabled'];
      if (disabled !== undefined) {
        const options = Array.isArray(schema.enum)
          ? schema.enum
          : isObject(schema.items) && Array.isArray(schema.items.enum)
            ? schema.items.enum
            : [];
        if (!Array.isArray(disabled) || disabled.some((value) => !options.includes(value))) {
          problems.push(`${widget.path}: ${at} x-disabled names values that are not options`);
        }
      }
      for (const [name, child] of Object.entries(isObject(schema.properties) ? schema.properties : {}))
        visit(child, `${at}/${name}`);
      if (isObject(schema.items)) visit(schema.items, `${at}/items`);
    };
    visit(widget.content, '');
    checkPickVariables(widget, problems);
  }
}

/**
 * A list whose UI schema offers "Add variables…" (`ui:options.pickVariables`: the property of its
 * items that holds the device variable, or `true` for items that are variables) has such items.
 */
function checkPickVariables(widget: Sources['widgets'][number], problems: string[]): void {
  const properties = isObject(widget.content.properties) ? widget.content.properties : {};
  for (const [name, ui] of Object.entries(widget.ui ?? {})) {
    const options = isObject(ui) && isObject(ui['ui:options']) ? ui['ui:options'] : {};
    if (!('pickVariables' in options)) continue;
    const pick = options.pickVariables;
    const list = properties[name];
    const items = isObject(list) && list.type === 'array' && isObject(list.items) ? list.items : undefined;
    const held =
      pick === true ? items : typeof pick === 'string' && isObject(items?.properties) ? items.properties[pick] : undefined;
    if (!isObject(held) || !String(held.$ref).endsWith('parts/deviceVar.json'))
      problems.push(
        `${widget.path}: ${name} has ui:options.pickVariables ${JSON.stringify(pick)}, but its items hold no device variable (parts/deviceVar.json) there`,
      );
  }
}

/** A route of the tree, with its absolute path. */
export interface RouteDecl {
  name: string;
  path: string;
  parent?: string;
  redirect?: string;
  page?: string;
  screen?: string;
  open?: boolean;
  hidden?: boolean;
  tenants?: number[];
  permission?: string;
  participation?: boolean;
  participationPermission?: boolean;
  refresh?: boolean;
  keepAlive?: boolean;
  navigation?: string;
  shortcut?: boolean;
}

/** The route tree, flat in tree order, every path absolute. */
export function flattenRoutes(routes: Json | undefined, parent?: RouteDecl): RouteDecl[] {
  return (Array.isArray(routes) ? routes : []).flatMap((route) => {
    if (!isObject(route)) return [];
    const { children, path, ...rest } = route as JsonObject & { path: string };
    const absolute = path.startsWith('/') ? path : `${parent?.path === '/' ? '' : (parent?.path ?? '')}/${path}`;
    const flat = { ...(rest as unknown as RouteDecl), path: absolute, ...(parent ? { parent: parent.name } : {}) };
    return [flat, ...flattenRoutes(children, flat)];
  });
}

/** Every label key the schemas use, with where each use is. */
export function labelKeysOfSchemas(
  src: Sources,
  entities: Entities,
  widgets: Record<string, JsonObject> = {},
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
      fieldKeys(file.content, `forms.${form}`, file.path, keys);
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
    for (const chart of page.charts?.panels ?? []) {
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
      if (!flat[lng]?.has(key)) problems.push(`${where}: label ${key} is missing in ${lng}`);
    }
  }
  for (const lng of LANGUAGES) {
    for (const other of LANGUAGES) {
      if (lng === other) continue;
      for (const key of flat[lng]?.keys() ?? []) {
        if (!flat[other]?.has(key)) problems.push(`schemas/i18n/${lng}: label ${key} has no ${other} translation`);
      }
    }
  }
}

export function checkPages(
  src: Sources,
  meta: JsonObject,
  entities: Entities,
  operations: Operation[],
  problems: string[],
): void {
  const ajv = new Ajv({ strict: true, allErrors: true });
  const validate = ajv.compile(meta);
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const pages = new Map(src.pages.map(({ content }) => [String(content.page), content as unknown as PageDecl]));
  const routes = flattenRoutes(src.routes.routes);
  // The enumerations (`x-enum`) anywhere in the schemas, which may name the categories of charts.
  const enumKeys = new Map<string, string>();
  for (const file of src.schemas) enumKeysOf(file.content, file.path, enumKeys);
  const enums = new Set([...enumKeys.keys()].map((key) => key.split('.')[1] ?? ''));
  for (const { path, content } of src.pages) {
    if (!validate(content)) {
      for (const error of validate.errors ?? []) problems.push(`${path}: ${error.instancePath || '/'} ${error.message ?? ''}`);
      continue;
    }
    const page = content as unknown as PageDecl;
    const fail = (text: string) => problems.push(`${path}: ${text}`);
    const entity = entities[page.entity];
    if (!entity) fail(`entity ${page.entity} does not exist`);
    for (const link of page.links ?? []) {
      const route = routes.find((candidate) => candidate.name === link.route);
      if (!route?.screen && !route?.page) fail(`link: ${link.route} is no route with a page or a screen`);
    }
    for (const [role, id] of Object.entries(page.resource)) {
      const op = byId.get(id);
      if (!op) {
        fail(`${role} operation ${id} is not in the OpenAPI document`);
        continue;
      }
      if (op.resource && op.resource.entity !== page.entity)
        fail(`${role} operation ${id} serves ${op.resource.entity}, not ${page.entity}`);
      if ((role === 'create' || role === 'update') && op.body?.['x-entity'] !== page.entity)
        fail(`${role} operation ${id} does not take a ${page.entity}`);
      if ((role === 'get' || role === 'delete') && !propertyOf(op.query, 'id') && !propertyOf(op.params, 'id'))
        fail(`${role} operation ${id} takes no id`);
    }
    const list = byId.get(page.resource.list ?? '');
    if (!list) continue;
    const record = pageRecordSchema(list);
    if (!record) {
      fail(`list operation ${list.operationId} does not answer a page of records`);
      continue;
    }
    for (const column of page.columns) {
      const property = propertyOf(record, column.field);
      if (!property) fail(`column ${column.field} is not a property of what ${list.operationId} answers`);
      else if (column.tenThousands && (property.type !== 'number' || property['x-decimals'] !== 2))
        fail(`column ${column.field} is shown in ten-thousands but is no amount (a number with x-decimals 2)`);
    }
    for (const filter of page.filters ?? []) {
      if (!filter.range) {
        if (!propertyOf(list.query, filter.field)) fail(`filter ${filter.field} is not a query parameter of ${list.operationId}`);
        continue;
      }
      const format = propertyOf(entity, filter.field)?.format;
      if (format !== 'date' && format !== 'date-time') fail(`range filter ${filter.field} is not a date or date-time property`);
      filter.range.forEach((param, index) => {
        const binding = list.filters[param];
        const op = index === 0 ? 'gte' : 'lte';
        if (binding?.field !== filter.field || binding.op !== op)
          fail(`range filter ${filter.field}: ${param} is no query parameter of ${list.operationId} filtering it by ${op}`);
      });
    }
    for (const tab of page.tabs ?? []) {
      if (!propertyOf(list.query, tab.field)) fail(`tab ${tab.field} is not a query parameter of ${list.operationId}`);
      const codes = propertyOf(entity, tab.field)?.enum;
      if (!Array.isArray(codes)) fail(`tab ${tab.field} is not a coded property of ${page.entity}`);
      else if ((tab.values ?? []).some((value) => !codes.includes(value)))
        fail(`tab ${tab.field} offers a value ${page.entity} does not have`);
    }
    for (const field of page.scope ?? []) {
      if (!propertyOf(list.query, field)) fail(`scope ${field} is not a query parameter of ${list.operationId}`);
      if (!propertyOf(entity, field)) fail(`scope ${field} is not a property of ${page.entity}`);
    }
    const sortable = propertyOf(list.query, 'sortField')?.enum;
    const sortFields = Array.isArray(sortable) ? sortable : [];
    for (const field of [...page.columns.filter((c) => c.sortable).map((c) => c.field), page.defaultSort.field]) {
      if (!sortFields.includes(field)) fail(`${list.operationId} cannot sort by ${field} (its sortField does not offer it)`);
    }
    for (const action of page.rowActions ?? []) {
      if ((action.action === 'form' || action.action === 'call') && action.when && !propertyOf(record, action.when.field))
        fail(`${action.action} action: it is offered by field ${action.when.field}, which the rows do not have`);
      if (action.action === 'edit' && !page.resource.update) fail('an edit action needs an update operation');
      if (action.action === 'delete' && !page.resource.delete) fail('a delete action needs a delete operation');
      if (action.action === 'transition') {
        const op = byId.get(action.operation);
        if (op?.resource?.action !== 'transition' || op.resource.entity !== page.entity)
          fail(`transition action: ${action.operation} is no transition of ${page.entity}`);
        const form = op?.body?.['x-form'];
        if (op?.body && form !== action.form)
          fail(
            `transition action: ${action.operation} takes a body; the action names its form (${String(form ?? 'none: give the body an x-form')})`,
          );
        if (!op?.body && action.form) fail(`transition action: ${action.operation} takes no body, so no form`);
        continue;
      }
      if (action.action === 'form') {
        const save = byId.get(action.save);
        if (save?.body?.['x-form'] !== action.form) fail(`form action: ${action.save} does not take the form ${action.form}`);
        if (action.load && !byId.get(action.load)) fail(`form action: ${action.load} is not in the OpenAPI document`);
        for (const [param, field] of Object.entries(action.params)) {
          if (!propertyOf(save?.body, param)) fail(`form action: ${param} is not a field of the form ${action.form}`);
          if (!propertyOf(record, field)) fail(`form action: field ${field} is not in the rows`);
        }
        const answer = save && (save.plain ? save.response : propertyOf(save.response, 'data'));
        const answered = answer?.type === 'array' && isObject(answer.items) ? answer.items : undefined;
        for (const field of action.answer ?? [])
          if (!propertyOf(answered, field)) fail(`form action: ${action.save} answers no list of records with ${field}`);
        for (const param of action.listParams ?? []) {
          if (!(param in action.params)) fail(`form action: list parameter ${param} is not one of its params`);
          if (propertyOf(save?.body, param)?.type !== 'array')
            fail(`form action: ${param} of the form ${action.form} is no list`);
        }
        continue;
      }
      if (action.action === 'call' || action.action === 'view') {
        const op = byId.get(action.operation);
        const where = `${action.action} action`;
        if (!op) fail(`${where}: ${action.operation} is not in the OpenAPI document`);
        if (op?.body && action.action === 'view') fail(`${where}: ${action.operation} takes a body; a view reads`);
        // A view reads its list with a query; a call fills its path and its query, or, when it takes a
        // body, its path and the body (every field of which comes from the row: no form asks for one).
        const sources = action.action === 'view' ? [op?.query] : op?.body ? [op.params, op.body] : [op?.query, op?.params];
        for (const [param, field] of Object.entries(action.params)) {
          if (!sources.some((schema) => propertyOf(schema, param)))
            fail(`${where}: ${param} is no ${action.action === 'view' ? 'query ' : ''}parameter of ${action.operation}`);
          if (!propertyOf(record, field)) fail(`${where}: field ${field} is not in the rows`);
        }
        const values = action.action === 'call' ? (action.values ?? {}) : {};
        for (const param of Object.keys(values))
          if (!sources.some((schema) => propertyOf(schema, param)))
            fail(`${where}: ${param} is no parameter of ${action.operation}`);
        for (const required of [op?.params?.required, op?.query?.required, op?.body?.required].flatMap((list) =>
          Array.isArray(list) ? list : [],
        ))
          if (!(String(required) in action.params) && !(String(required) in values))
            fail(`${where}: ${action.operation} needs ${String(required)}, which it does not give`);
        if (action.action === 'view' && op) {
          const data = op.plain ? op.response : propertyOf(op.response, 'data');
          const item = data?.type === 'array' && isObject(data.items) ? data.items : undefined;
          if (item?.['x-entity'] !== page.entity) fail(`${where}: ${action.operation} does not answer a list of ${page.entity}`);
          else
            for (const column of action.columns)
              if (!propertyOf(item, column)) fail(`${where}: column ${column} is not a property of ${page.entity}`);
        }
        continue;
      }
      if (action.action === 'download' || action.action === 'upload') {
        // A download answers a file and takes no body; an upload sends one file and answers data.
        const op = byId.get(action.operation);
        const where = `${action.action} action`;
        if (action.action === 'download' && (!op?.binary || op.body))
          fail(`${where}: ${action.operation} is no call answering a file without a body (x-binary)`);
        if (action.action === 'upload' && (!op?.multipart || op.binary))
          fail(`${where}: ${action.operation} is no upload of a file (a multipart body, answering data)`);
        for (const [param, field] of Object.entries(action.params)) {
          if (!propertyOf(op?.params, param) && !propertyOf(op?.query, param))
            fail(`${where}: ${param} is no parameter of ${action.operation}`);
          if (!propertyOf(record, field)) fail(`${where}: field ${field} is not in the rows`);
        }
        for (const required of [op?.params?.required, op?.query?.required].flatMap((list) => (Array.isArray(list) ? list : [])))
          if (!(String(required) in action.params))
            fail(`${where}: ${action.operation} needs ${String(required)}, which it does not give`);
        continue;
      }
      if (action.action === 'open') {
        const route = routes.find((candidate) => candidate.name === action.route);
        if (!route?.screen) fail(`open action: ${action.route} is no route with a screen`);
        for (const field of Object.values(action.params))
          if (!propertyOf(record, field)) fail(`open action: field ${field} is not in the rows`);
        continue;
      }
      if (action.action !== 'navigate') continue;
      const target = pages.get(action.page);
      if (!target) fail(`navigates to page ${action.page}, which does not exist`);
      for (const [param, field] of Object.entries(action.params)) {
        if (!target?.scope?.includes(param)) fail(`navigates with ${param}, which page ${action.page} does not take`);
        if (!propertyOf(record, field)) fail(`navigates with field ${field}, which the rows do not have`);
      }
    }
    for (const bulk of page.bulkActions ?? []) {
      const body = byId.get(bulk.save)?.body;
      if (body?.['x-form'] !== bulk.form) fail(`bulk action: ${bulk.save} does not take the form ${bulk.form}`);
      const ids = propertyOf(body, bulk.ids);
      if (ids?.type !== 'array' || !isObject(ids.items) || ids.items.type !== 'integer')
        fail(`bulk action: ${bulk.ids} of the form ${bulk.form} is no list of ids`);
    }
    if (page.form && !src.uiSchemas[page.form.ui]) fail(`form UI schema ${page.form.ui} does not exist`);
    if (page.createForm) {
      const body = byId.get(page.createForm.save)?.body;
      if (body?.['x-form'] !== page.createForm.form)
        fail(`create form: ${page.createForm.save} does not take the form ${page.createForm.form}`);
      for (const field of page.scope ?? [])
        if (!propertyOf(body, field)) fail(`create form: ${page.createForm.form} has no field ${field} of the page's scope`);
    }
    for (const [id, format] of [
      [page.export, 'xlsx'],
      [page.exportPdf, 'pdf'],
    ] as const) {
      if (!id) continue;
      const op = byId.get(id);
      if (op?.resource?.action !== 'export' || op.resource.page !== page.page || (op.resource.format ?? 'xlsx') !== format)
        fail(`export ${id} is no ${format} export of this page (x-resource action export, page ${page.page}, format ${format})`);
      // Dates and times are written as the list shows them, in the zone the client names.
      if (!propertyOf(op?.query, 'timeZone')) fail(`export ${id} takes no timeZone (components/parameters/timeZone)`);
    }
    if (page.import) {
      const op = byId.get(page.import);
      if (!op?.multipart || op.binary)
        fail(`import ${page.import} is no upload of a workbook (a multipart body, answering data)`);
    }
    if (page.deleteSelected) {
      const op = byId.get(page.deleteSelected);
      if (op?.method !== 'delete' || propertyOf(op.query, 'ids')?.type !== 'string')
        fail(`deleteSelected ${page.deleteSelected} is no delete taking the ids as a comma list (query ids)`);
    }
    if (page.charts) checkCharts(page.charts, byId, enums, fail);
  }
}

/**
 * A page's charts: each call is a read of the contract (no body) answering what its type draws (an object
 * for figures and gauges, a list of objects otherwise) with the numeric values it names; a
 * category that names each item; an enumeration that exists; the year sent to calls that take it.
 */
export function checkCharts(
  charts: NonNullable<PageDecl['charts']>,
  byId: Map<string, Operation>,
  enums: Set<string>,
  fail: (text: string) => void,
): void {
  for (const chart of charts.panels) {
    const op = byId.get(chart.call);
    const where = `chart ${chart.call}`;
    if (!op) {
      fail(`${where} is not in the OpenAPI document`);
      continue;
    }
    if (op.body) fail(`${where} takes a body; a chart's call reads with query parameters only`);
    if (charts.year && !propertyOf(op.query, 'year')) fail(`${where} takes no year`);
    const data = op.plain ? op.response : propertyOf(op.response, 'data');
    const listed = chart.type !== 'figures' && chart.type !== 'gauge';
    const item = listed ? (data?.type === 'array' && isObject(data.items) ? data.items : undefined) : data;
    if (item?.type !== 'object') {
      fail(`${where} does not answer ${listed ? 'a list of objects' : 'an object'}, which a ${chart.type} draws`);
      continue;
    }
    for (const field of chart.values) {
      const type = propertyOf(item, field)?.type;
      const types = Array.isArray(type) ? type : [type];
      if (!types.includes('number') && !types.includes('integer')) fail(`${where}: ${field} is no number of its answer`);
    }
    for (const field of chart.money ?? [])
      if (!chart.values.includes(field)) fail(`${where}: money ${field} is not one of its values`);
    if (listed && !(chart.category && propertyOf(item, chart.category)))
      fail(`${where}: a ${chart.type} names its items by a category, a property of the answer's items`);
    if (!listed && chart.category) fail(`${where}: a ${chart.type} has no category`);
    if (chart.categoryEnum && !enums.has(chart.categoryEnum)) fail(`${where}: enumeration ${chart.categoryEnum} does not exist`);
  }
}

export function checkOperations(
  operations: Operation[],
  entities: Entities,
  tags: Json | undefined,
  permissions: Json[],
  pages: PageDecl[],
  problems: string[],
): void {
  const pagesByName = new Map(pages.map((page) => [page.page, page]));
  const declared = new Set((Array.isArray(tags) ? tags : []).map((tag) => (isObject(tag) ? String(tag.name) : '')));
  for (const op of operations) {
    const where = `${op.method.toUpperCase()} ${op.path}`;
    for (const tag of op.tags) if (!declared.has(tag)) problems.push(`${where}: tag ${tag} is not declared in openapi.yaml`);
    // A call without a scheme says so (`security: [{}]`): the health checks a load balancer makes.
    if (op.security.length === 0 && !op.access.anonymous) problems.push(`${where}: has no security scheme`);
    const ems = op.path.startsWith('/ems/api/');
    if (ems && op.security.join() !== 'emsToken') problems.push(`${where}: an /ems/api call takes the EMS token only`);
    if (!ems && op.security.includes('emsToken')) problems.push(`${where}: only /ems/api calls take the EMS token`);
    if (op.access.permission && !permissions.includes(op.access.permission)) {
      problems.push(`${where}: permission ${op.access.permission} is not in schemas/enums/permission.json`);
    }
    if (op.batchable && (!ems || op.binary || op.plain || op.multipart || (op.method !== 'get' && op.method !== 'post'))) {
      problems.push(`${where}: x-batchable is for /ems/api reads answering JSON in the envelope`);
    }
    if (op.transition) {
      const { entity, transition } = op.transition;
      const states = entities[entity]?.['x-states'] as StateMachine | undefined;
      if (!states?.transitions[transition])
        problems.push(`${where}: x-transition ${transition} is not in the x-states of ${entity}`);
    }
    if (!op.resource) continue;
    const entity = entities[op.resource.entity];
    if (!entity) {
      problems.push(`${where}: x-resource names entity ${op.resource.entity}, which does not exist`);
      continue;
    }
    for (const field of [...Object.keys(op.resource.where ?? {}), ...Object.values(op.filters).map((f) => f.field)]) {
      if (!propertyOf(entity, field)) problems.push(`${where}: filters on ${field}, which ${op.resource.entity} does not have`);
    }
    checkAction(op, entity, pagesByName, (text) => problems.push(`${where}: ${text}`));
  }
}

/** What the actions beyond CRUD name: a declared transition, writable fields, fields to group and sum, a page of the entity. */
function checkAction(op: Operation, entity: JsonObject, pages: Map<string, PageDecl>, fail: (text: string) => void): void {
  const binding = op.resource;
  if (!binding) return;
  const states = entity['x-states'] as StateMachine | undefined;
  const idParam = propertyOf(op.params, 'id') ?? propertyOf(op.query, 'id');
  switch (binding.action) {
    case 'transition':
      if (!binding.transition || !states?.transitions[binding.transition])
        fail(`transition ${String(binding.transition)} is not in the x-states of ${binding.entity}`);
      if (!idParam) fail('a transition takes the id of the record in the path or the query');
      for (const field of Object.keys(op.body?.properties ?? {})) {
        const property = propertyOf(entity, field);
        if (!property || property.readOnly === true) fail(`the body's ${field} is not a writable field of ${binding.entity}`);
      }
      break;
    case 'patch':
      if (!binding.fields?.length) fail('a patch names the fields it writes');
      for (const field of binding.fields ?? []) {
        const property = propertyOf(entity, field);
        if (!property || property.readOnly === true) fail(`patches ${field}, which is not a writable field of ${binding.entity}`);
        if (states?.field === field) fail(`patches ${field}, which only the transitions of ${binding.entity} change`);
      }
      break;
    case 'aggregate':
      for (const field of [binding.groupBy, binding.sum]) {
        if (field && !propertyOf(entity, field)) fail(`aggregates by ${field}, which ${binding.entity} does not have`);
      }
      break;
    case 'export': {
      const page = pages.get(binding.page ?? '');
      if (!page || page.entity !== binding.entity)
        fail(`exports with page ${String(binding.page)}, which is no page of ${binding.entity}`);
      if (!op.binary) fail('an export answers a file (x-binary)');
      if (binding.format !== undefined && binding.format !== 'xlsx' && binding.format !== 'pdf')
        fail(`exports as ${String(binding.format)}: a workbook (xlsx) or a PDF document (pdf)`);
      break;
    }
    case 'deleteMany':
      if (!propertyOf(op.query, 'ids') && !op.body) fail('a deleteMany takes ids in the query or a body of ids');
      break;
  }
}

/** A state machine (`x-states`): its field is read-only, and every state it names is a value of that field. */
export function checkStates(entities: Entities, problems: string[]): void {
  for (const [name, entity] of Object.entries(entities)) {
    const states = entity['x-states'] as StateMachine | undefined;
    if (!states) continue;
    const fail = (text: string) => problems.push(`entity ${name}: x-states ${text}`);
    const field = propertyOf(entity, states.field);
    if (!field) {
      fail(`names field ${states.field}, which does not exist`);
      continue;
    }
    if (field.readOnly !== true) fail(`field ${states.field} must be readOnly (only transitions change it)`);
    const values = Array.isArray(field.enum) ? field.enum : undefined;
    if (!values) fail(`field ${states.field} must have an enum of states`);
    const known = (value: unknown) => values?.includes(value as Json) ?? false;
    if (!known(states.initial)) fail(`initial state ${String(states.initial)} is not a value of ${states.field}`);
    for (const [transition, { from, to }] of Object.entries(states.transitions)) {
      for (const state of [...from, to])
        if (!known(state)) fail(`${transition} names state ${String(state)}, which is not a value of ${states.field}`);
    }
  }
}

/** The route tree against its meta-schema and the page schemas. */
export function checkRoutes(src: Sources, meta: JsonObject, problems: string[]): RouteDecl[] {
  const where = 'schemas/routes/routes.json';
  const validate = new Ajv({ strict: true, allErrors: true }).compile(meta);
  if (!validate(src.routes)) {
    for (const error of validate.errors ?? []) problems.push(`${where}: ${error.instancePath || '/'} ${error.message ?? ''}`);
    return [];
  }
  const routes = flattenRoutes(src.routes.routes);
  const byName = new Map<string, RouteDecl>();
  const byPath = new Map<string, RouteDecl>();
  for (const route of routes) {
    if (byName.has(route.name)) problems.push(`${where}: route name ${route.name} is used twice`);
    if (byPath.has(route.path)) problems.push(`${where}: path ${route.path} is used twice`);
    byName.set(route.name, route);
    byPath.set(route.path, route);
  }
  const pages = new Map(src.pages.map(({ content }) => [String(content.page), String(content.route)]));
  const permissions = src.schemas.find((file) => file.path === 'schemas/enums/permission.json')?.content.enum ?? [];
  for (const route of routes) {
    if (route.permission && !(Array.isArray(permissions) && permissions.includes(route.permission))) {
      problems.push(
        `${where}: ${route.name} needs permission ${route.permission}, which is not in schemas/enums/permission.json`,
      );
    }
    if (route.redirect && !byPath.has(route.redirect))
      problems.push(`${where}: ${route.name} redirects to ${route.redirect}, which is no route`);
    if (!route.page) continue;
    const pageRoute = pages.get(route.page);
    if (pageRoute === undefined) problems.push(`${where}: ${route.name} shows page ${route.page}, which does not exist`);
    else if (pageRoute !== route.path)
      problems.push(`${where}: ${route.name} is at ${route.path} but page ${route.page} says ${pageRoute}`);
  }
  for (const [page, path] of pages) {
    if (!routes.some((route) => route.page === page))
      problems.push(`schemas/pages/${page}.json: no route shows this page (its route is ${path})`);
  }
  return routes;
}
