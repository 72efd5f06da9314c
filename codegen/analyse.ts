import { join } from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { bundleOpenapi } from './bundleOpenapi';
import { checkNamedChecks, checkOperations, checkRoutes, checkStates, checkWidgets } from './checks';
import type { Entities, PageDecl, RouteDecl } from './declarations';
import { keptByText } from './kept';
import { checkLabels, enumKeysOf, labelKeysOfCode, labelKeysOfSchemas, mergeTranslations } from './labels';
import { checkLookups, checkProposals, checkSuggestions } from './lookups';
import { checkPages } from './pageChecks';
import { checkOptionCalls, checkOptionGroups } from './optionCalls';
import { listOperations, type Operation } from './operations';
import { isObject, type JsonObject, type Sources } from './sources';
import { checkViews, labelKeysOfViews, type ViewFile } from './views';

/** What codegen learns from the sources, with every inconsistency it found. */
export interface Analysis {
  /** The bundled OpenAPI document (internal references only). */
  document: JsonObject;
  operations: Operation[];
  /** Dereferenced entity schemas by `x-entity` name. */
  entities: Entities;
  /** Merged labels by language. */
  translations: Record<string, JsonObject>;
  /** Call schemas that are forms (`x-form`), dereferenced, by form name. */
  forms: Record<string, JsonObject>;
  /** Widget configuration schemas, dereferenced, by type. */
  widgets: Record<string, JsonObject>;
  /** The route tree, flat, paths absolute. */
  routes: RouteDecl[];
  /** The screens declared as data for the generic screen kinds (`schemas/views/`). */
  views: ViewFile[];
  problems: string[];
}

export async function analyse(src: Sources): Promise<Analysis> {
  const problems: string[] = [];
  const { document, problems: bundleProblems } = bundleOpenapi(src);
  problems.push(...bundleProblems);
  const dereferenced = structuredClone(
    await keptByText('openapi', document, (copy) =>
      $RefParser.dereference(copy as JsonObject, { dereference: { circular: false } }),
    ),
  ) as JsonObject;
  const operations = listOperations(dereferenced, problems);
  const components = isObject(dereferenced.components) ? dereferenced.components : {};
  const entities: Entities = {};
  const forms: Record<string, JsonObject> = {};
  for (const schema of Object.values(isObject(components.schemas) ? components.schemas : {})) {
    if (isObject(schema) && typeof schema['x-entity'] === 'string') entities[schema['x-entity']] = schema;
    if (isObject(schema) && typeof schema['x-form'] === 'string') forms[schema['x-form']] = schema;
  }
  const pageMeta = src.meta.page;
  if (!pageMeta) throw new Error('schemas/meta/page.schema.json is missing');
  checkPages(src, pageMeta, entities, operations, problems);
  const permissions = src.schemas.find((file) => file.path === 'schemas/enums/permission.json')?.content.enum;
  checkOperations(
    operations,
    entities,
    document.tags,
    Array.isArray(permissions) ? permissions : [],
    src.pages.map(({ content }) => content as unknown as PageDecl),
    problems,
  );
  checkStates(entities, problems);
  checkOptionCalls(entities, operations, problems);
  const named = (kind: string, schemas: Record<string, JsonObject>) =>
    Object.entries(schemas).map(([name, schema]) => [`${kind} ${name}`, schema] as const);
  checkOptionGroups(Object.fromEntries([...named('entity', entities), ...named('form', forms)]), operations, problems);
  const lookupLabels = checkLookups(src.uiSchemas, entities, operations, problems);
  checkSuggestions(src.uiSchemas, entities, operations, problems);
  checkProposals(src.uiSchemas, entities, operations, problems);
  const routesMeta = src.meta.routes;
  if (!routesMeta) throw new Error('schemas/meta/routes.schema.json is missing');
  const routes = checkRoutes(src, routesMeta, operations, problems);
  const widgets: Record<string, JsonObject> = {};
  for (const widget of src.widgets) {
    // Its references to other files are read from the disk, which does not change while codegen runs.
    const path = join(src.root, widget.path);
    widgets[widget.type] = structuredClone(
      await keptByText(`widget ${path}`, widget.content, (copy) =>
        $RefParser.dereference(path, copy as JsonObject, { dereference: { circular: false } }),
      ),
    ) as JsonObject;
  }
  checkWidgets(src, problems);
  checkNamedChecks(src, problems);
  const { views } = src;
  const viewMeta = src.meta.view;
  if (!viewMeta) throw new Error('schemas/meta/view.schema.json is missing');
  const enumKeys = new Map<string, string>();
  for (const file of src.schemas) enumKeysOf(file.content, file.path, enumKeys);
  const enums = new Set([...enumKeys.keys()].map((key) => key.split('.')[1] ?? ''));
  checkViews(views, viewMeta, routes, operations, widgets, enums, problems);
  const translations = mergeTranslations(src, problems);
  const used = [
    ...labelKeysOfSchemas(src, entities, widgets, forms),
    ...labelKeysOfViews(views),
    ...labelKeysOfCode(src.root),
    ...lookupLabels,
  ];
  checkLabels(new Map(used), translations, problems);
  return { document, operations, entities, translations, forms, widgets, routes, views, problems };
}
