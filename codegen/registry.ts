import type { PageDecl, RouteDecl } from './declarations';
import { requiredQueryOf, sortFieldsOf, type Operation } from './operations';
import { isObject } from './sources';

function loaders(folder: string, names: string[]): string[] {
  return names.map(
    (name) =>
      `  ${name}: async () => {\n` +
      `    const [schema, validators] = await Promise.all([import('./${folder}/${name}.json'), import('./${folder}/${name}.validator.js')]);\n` +
      `    return { schema: schema.default as RJSFSchema, validators: validators.default as unknown as ValidatorFunctions };\n` +
      `  },`,
  );
}

/**
 * The client's index of what codegen made: method, path and security of every operation, the
 * route tree, and loaders of the widgets' configuration schemas with their precompiled validators
 * and of their UI schemas (loaded on first use, so a widget's schemas are in its own chunk).
 */
export function registryModule(input: { operations: Operation[]; widgets: string[]; banner: string }): string {
  const { operations, widgets, banner } = input;
  const ops = operations.map(
    (op) =>
      `  ${op.operationId}: { method: '${op.method}', path: '${op.path}', security: ${JSON.stringify(op.security)}${op.body ? ', body: true' : ''} },`,
  );
  const options = operations
    .filter((op) => op.resource?.action === 'options')
    .map((op) => `  ${op.resource?.entity ?? ''}: '${op.operationId}',`);
  const transitions = operations
    .filter((op) => op.resource?.action === 'transition')
    .map((op) => `  ${op.operationId}: '${op.resource?.transition ?? ''}',`);
  return [
    banner,
    "import type { RJSFSchema, UiSchema } from '@rjsf/utils';",
    "import type { ValidatorFunctions } from '@rjsf/validator-ajv8';",
    "import routeList from './clientRoutes.json';",
    '',
    '/** Method, path and security schemes of every operation, by operation id; `body` where it takes a JSON body. */',
    'export const operations = {',
    ...ops,
    '} as const;',
    'export type OperationId = keyof typeof operations;',
    '',
    "/** The data calls the dashboard's batch call answers (`x-batchable`). */",
    'export const batchableOperations = [',
    ...operations.filter((op) => op.batchable).map((op) => `  '${op.operationId}',`),
    '] as const;',
    'export type BatchableOperationId = (typeof batchableOperations)[number];',
    '',
    '/** The operation answering the id and name of the records of an entity, for pickers. */',
    'export const optionsOperations: Record<string, OperationId> = {',
    ...options,
    '};',
    '',
    "/** The transition of its entity's state machine (`x-states`) each transition operation makes. */",
    'export const transitionOperations: Record<string, string> = {',
    ...transitions,
    '};',
    '',
    '/** A route of the tree, flat, with its absolute path. */',
    'export interface RouteEntry {',
    '  name: string;',
    '  path: string;',
    '  parent?: string;',
    '  redirect?: string;',
    '  page?: string;',
    '  screen?: string;',
    '  open?: boolean;',
    '  refresh?: boolean;',
    '  keepAlive?: boolean;',
    '  navigation?: string;',
    '  /** Also at the top of the menu (`routes.<name>.shortcut`). */',
    '  shortcut?: boolean;',
    '}',
    '',
    "/** The route tree of `schemas/routes/routes.json`, flat in tree order, as the client reads it (see codegen's `clientRoutes`). */",
    'export const routes = routeList as RouteEntry[];',
    '',
    '/** A JSON Schema (dereferenced) and its precompiled form validator. */',
    'export interface SchemaModule {',
    '  schema: RJSFSchema;',
    '  validators: ValidatorFunctions;',
    '}',
    '',
    '/** Configuration schemas of the dashboard widgets, by type. */',
    'export const widgetLoaders: Record<string, () => Promise<SchemaModule>> = {',
    ...loaders('widgets', widgets),
    '};',
    '',
    '/** UI schemas of the dashboard widgets, by type. */',
    'export const widgetUiLoaders: Record<string, () => Promise<UiSchema>> = {',
    ...widgets.map((name) => `  ${name}: async () => (await import('../schemas/widgets/${name}.ui.json')).default as UiSchema,`),
    '};',
    '',
  ].join('\n');
}

/**
 * Loaders of the entity and form schemas with their precompiled validators and of the entities'
 * UI schemas, apart from the registry: only the screens with forms and lists load this index.
 */
export function schemaLoadersModule(input: { entities: string[]; forms: string[]; uiSchemas: string[]; banner: string }): string {
  const { entities, forms, uiSchemas, banner } = input;
  return [
    banner,
    "import type { RJSFSchema, UiSchema } from '@rjsf/utils';",
    "import type { ValidatorFunctions } from '@rjsf/validator-ajv8';",
    "import type { SchemaModule } from './registry';",
    '',
    '/** Entity schemas by entity name. */',
    'export const entityLoaders: Record<string, () => Promise<SchemaModule>> = {',
    ...loaders('entities', entities),
    '};',
    '',
    '/** Schemas of the forms of calls (`x-form`), by form name. */',
    'export const formLoaders: Record<string, () => Promise<SchemaModule>> = {',
    ...loaders('forms', forms),
    '};',
    '',
    'export const uiSchemaLoaders: Record<string, () => Promise<UiSchema>> = {',
    ...uiSchemas.map(
      (name) => `  ${name}: async () => (await import('../schemas/entities/${name}.ui.json')).default as UiSchema,`,
    ),
    '};',
    '',
  ].join('\n');
}

/** What the client reads of a route; the rest (who may see it: permission, tenants, participation, hidden) is the server's, in the menu it answers. */
const CLIENT_ROUTE_FIELDS = [
  'name',
  'path',
  'parent',
  'redirect',
  'page',
  'screen',
  'open',
  'refresh',
  'keepAlive',
  'navigation',
  'shortcut',
];

/** `generated/clientRoutes.json`: the route tree with the fields of `CLIENT_ROUTE_FIELDS` only, which the shell of every screen loads. */
export function clientRoutes(routes: RouteDecl[]): Record<string, unknown>[] {
  return routes.map((route) =>
    Object.fromEntries(Object.entries(route).filter(([field]) => CLIENT_ROUTE_FIELDS.includes(field))),
  );
}

/**
 * What each list of the pages offering several (`lists`) takes, by operation id: its query
 * parameters, those it needs, and the fields its `sortField` offers. Of the page's filters, tabs
 * and column sorts, the list screen shows those the chosen list takes (loaded with the list
 * screens, as the pages are). The calls counting a page's records for its tabs (`counts`) are
 * here too: they are sent the list's query parameters they take.
 */
export function pageListParameters(
  pages: PageDecl[],
  operations: Operation[],
): Record<string, { query: string[]; required: string[]; sorts: string[] }> {
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const parameters: Record<string, { query: string[]; required: string[]; sorts: string[] }> = {};
  for (const page of pages) {
    const lists = page.lists ? [page.resource.list, ...page.lists.map((list) => list.operation)] : [];
    for (const id of [...lists, ...(page.tabs ?? []).flatMap((tab) => tab.counts ?? [])]) {
      const op = byId.get(id ?? '');
      if (!op) continue;
      parameters[op.operationId] = {
        query: Object.keys(isObject(op.query?.properties) ? op.query.properties : {}),
        required: requiredQueryOf(op),
        sorts: sortFieldsOf(op),
      };
    }
  }
  return parameters;
}
