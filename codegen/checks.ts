import { flattenRoutes, type Entities, type PageDecl, type RouteDecl } from './declarations';
import { schemaValidator } from './kept';
import { propertyOf, type Operation, type StateMachine } from './operations';
import { isObject, type Json, type JsonObject, type Sources } from './sources';

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
    if (op.read && (op.method !== 'post' || !op.body || op.resource || op.transition))
      problems.push(`${where}: x-read is for a POST taking a body that only reads (no resource, no transition)`);
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
export function checkRoutes(src: Sources, meta: JsonObject, operations: Operation[], problems: string[]): RouteDecl[] {
  const where = 'schemas/routes/routes.json';
  const validate = schemaValidator(meta);
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
  const lists = new Map(src.pages.map(({ content }) => [String(content.page), (content as unknown as PageDecl).resource.list]));
  const forAdministrators = new Set(operations.filter((op) => op.access.admin).map((op) => op.operationId));
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
    // A page listed by a call for administrators is no entry of anyone else's menu.
    const list = lists.get(route.page);
    if (list && forAdministrators.has(list) && route.admin !== true)
      problems.push(
        `${where}: ${route.name} shows page ${route.page}, whose list ${list} is for administrators (x-admin): mark it "admin": true`,
      );
    const pageRoute = pages.get(route.page);
    if (pageRoute === undefined) problems.push(`${where}: ${route.name} shows page ${route.page}, which does not exist`);
    else if (pageRoute !== route.path)
      problems.push(`${where}: ${route.name} is at ${route.path} but page ${route.page} says ${pageRoute}`);
  }
  for (const [page, path] of pages) {
    if (!routes.some((route) => route.page === page))
      problems.push(`schemas/pages/${page}.json: no route of ${where} shows this page (its route is ${path})`);
  }
  return routes;
}
