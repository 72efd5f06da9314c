import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { parse as parseYaml } from 'yaml';
import { HTTP_METHODS } from './bundleOpenapi';
import { rowActionCalls, type PageDecl } from './declarations';
import type { Operation } from './operations';
import { isObject, type Json, type Sources } from './sources';

/**
 * Every operation of the contract is within a user's reach, or says why it is not. An operation is
 * reached when the schemas declare a call of it (a page schema's resource, actions, exports, charts
 * and tab counts; a chart board's panels; a coded field's `x-options` or `x-option-groups`; a
 * reference field's `x-ref`, whose picker asks the entity's options call) or when client code names
 * its id as a string literal (`api.call('getStationDetail', …)`, a widget's need `{ operationId:
 * 'getKeyData' }`). An operation no screen should call says why in its path file (`x-api-only:
 * <reason>`: a probe, a collector's ingest, a file fetched by its address); one a user should reach
 * but no screen offers yet is listed in `openapi/awaiting-screen.yaml` with the screen it should
 * get, a list that only shrinks.
 */

/** The operations a user should reach that no screen offers yet, each with the screen or control it should get. */
export const AWAITING_SCREEN = 'openapi/awaiting-screen.yaml';

/** The client's code: what the browser runs, not its tests, stories or test helpers. */
const CLIENT_FOLDERS = ['runtime', 'pages', 'widgets'];
const CLIENT_FILE = /\.tsx?$/;
const NOT_CLIENT = /\.(test|test-d|stories)\.tsx?$|(^|[./])testing\.tsx?$/;

/** Where each reached operation is called from (a file, with what in it calls), by operation id. */
export type Callers = Map<string, string[]>;

/** An operation as its path file declares it: the file, and its `x-api-only` if it has one. */
export interface Declaration {
  file: string;
  method: string;
  path: string;
  apiOnly?: Json;
}

function addCaller(callers: Callers, id: string | undefined, where: string): void {
  if (!id) return;
  const list = callers.get(id) ?? [];
  if (!list.includes(where)) list.push(where);
  callers.set(id, list);
}

/** Every `key` of a schema, at any depth, with its value. */
function* keywords(schema: Json, key: string): Generator<Json> {
  if (Array.isArray(schema)) for (const item of schema) yield* keywords(item, key);
  if (!isObject(schema)) return;
  for (const [name, value] of Object.entries(schema)) {
    if (name === key) yield value;
    yield* keywords(value, key);
  }
}

/** The calls a page schema makes: what the generic list page sends for it (see runtime/list/ListPage.tsx). */
function pageCalls(page: PageDecl): string[] {
  // A create form of its own (`createForm`) replaces the entity's create call, unless it stands beside New.
  const { create, ...resource } = page.resource;
  return [
    ...Object.values(resource),
    ...(page.createForm && !page.createForm.beside ? [] : [create]),
    ...(page.lists ?? []).map((list) => list.operation),
    ...(page.tabs ?? []).map((tab) => tab.counts),
    ...(page.rowActions ?? []).flatMap(rowActionCalls),
    ...(page.bulkActions ?? []).map((action) => action.save),
    page.createForm?.save,
    page.export,
    page.exportPdf,
    page.import,
    page.deleteSelected,
    ...(page.charts?.panels ?? []).map((panel) => panel.call),
    page.tree?.call,
    page.notice?.call,
    page.lookupColumn?.call,
  ].filter((id): id is string => typeof id === 'string');
}

/**
 * The calls the schemas declare, as codegen reads them: page schemas, chart boards, look-up fields
 * of UI schemas, and the fields whose pickers ask a call (`x-options` or `x-option-groups` names
 * it; `x-ref` names an entity, whose options call the registry's `optionsOperations` gives, the
 * last by id when an entity has two).
 */
export function schemaCallers(src: Sources, operations: Operation[]): Callers {
  const callers: Callers = new Map();
  for (const { path, content } of src.pages)
    for (const id of pageCalls(content as unknown as PageDecl)) addCaller(callers, id, path);
  for (const { path, content } of src.views)
    if (content.kind === 'chartBoard' && Array.isArray(content.panels))
      for (const panel of content.panels) if (isObject(panel)) addCaller(callers, String(panel.call), path);
  const optionsOf = new Map(
    operations.flatMap((op) => (op.resource?.action === 'options' ? [[op.resource.entity, op.operationId] as const] : [])),
  );
  // A look-up field asks its call with what is typed, a field with suggestions for them
  // (`ui:options.suggest.operation`), a new record's field for the value it proposes (`propose`).
  for (const [name, ui] of Object.entries(src.uiSchemas))
    for (const key of ['lookup', 'suggest', 'propose'])
      for (const found of keywords(ui, key))
        if (isObject(found) && typeof found.operation === 'string')
          addCaller(callers, found.operation, `schemas/entities/${name}.ui.json (${key})`);
  const schemas = [...src.schemas, ...src.widgets];
  for (const { path, content } of schemas) {
    for (const key of ['x-options', 'x-option-groups'])
      for (const id of keywords(content, key)) if (typeof id === 'string') addCaller(callers, id, `${path} (${key})`);
    for (const entity of keywords(content, 'x-ref'))
      if (typeof entity === 'string') addCaller(callers, optionsOf.get(entity), `${path} (x-ref ${entity})`);
  }
  return callers;
}

function clientFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return clientFiles(file);
    return CLIENT_FILE.test(name) && !NOT_CLIENT.test(name) ? [file] : [];
  });
}

/**
 * The operations client code names by id, in the code of runtime/, pages/ and widgets/: string
 * literals equal to an operation id (not in comments, not types such as `CallResult<'getX'>`), and
 * the registry's entries read by name (`operations.getX.path`: a link the browser follows).
 */
export function codeCallers(root: string, ids: ReadonlySet<string>): Callers {
  const callers: Callers = new Map();
  for (const file of CLIENT_FOLDERS.flatMap((folder) => clientFiles(join(root, folder)))) {
    const where = relative(root, file).split('\\').join('/');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node): void => {
      if (ts.isLiteralTypeNode(node)) return;
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ids.has(node.text))
        addCaller(callers, node.text, where);
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'operations' &&
        ids.has(node.name.text)
      )
        addCaller(callers, node.name.text, where);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return callers;
}

/** Each operation's path file, method, path and `x-api-only`, by operation id, as written in `openapi/paths/`. */
export function declarations(src: Sources): Map<string, Declaration> {
  const found = new Map<string, Declaration>();
  for (const { path: file, content } of src.pathFiles)
    for (const [path, item] of Object.entries(content))
      for (const method of HTTP_METHODS) {
        const op = isObject(item) ? item[method] : undefined;
        if (isObject(op) && typeof op.operationId === 'string')
          found.set(op.operationId, {
            file,
            method,
            path,
            ...(op['x-api-only'] !== undefined ? { apiOnly: op['x-api-only'] } : {}),
          });
      }
  return found;
}

/** `openapi/awaiting-screen.yaml`: operation id → the screen or control it should get (empty when the file is absent). */
export function readAwaiting(root: string): Record<string, Json> {
  const file = join(root, AWAITING_SCREEN);
  if (!existsSync(file)) return {};
  const value: unknown = parseYaml(readFileSync(file, 'utf8'));
  if (value === null || value === undefined) return {};
  if (!isObject(value)) throw new Error(`${AWAITING_SCREEN}: expected a mapping of operation id to a line`);
  return value;
}

/**
 * The three rules: an operation without a caller says why (`x-api-only: <reason>`) or awaits its
 * screen (listed in `openapi/awaiting-screen.yaml`); an operation that is reached, or API-only,
 * leaves that list; `x-api-only` gives a reason and is not on an operation a screen calls.
 */
export function checkReachability(input: {
  declared: Map<string, Declaration>;
  callers: Callers;
  awaiting: Record<string, Json>;
}): string[] {
  const { declared, callers, awaiting } = input;
  const problems: string[] = [];
  for (const [id, { file, method, path, apiOnly }] of declared) {
    const where = `${file}: ${method.toUpperCase()} ${path} (${id})`;
    const calledFrom = callers.get(id) ?? [];
    const waits = Object.hasOwn(awaiting, id);
    if (apiOnly !== undefined && (typeof apiOnly !== 'string' || apiOnly.trim() === ''))
      problems.push(`${where}: x-api-only gives no reason; say why no screen calls it (x-api-only: <reason>)`);
    if (apiOnly !== undefined && calledFrom.length > 0)
      problems.push(`${where}: is x-api-only but ${calledFrom.join(', ')} calls it; remove its x-api-only`);
    if (waits && calledFrom.length > 0)
      problems.push(`${AWAITING_SCREEN}: ${id} is reached now (${calledFrom.join(', ')}); remove it from the list`);
    if (waits && apiOnly !== undefined)
      problems.push(`${AWAITING_SCREEN}: ${id} is x-api-only in ${file}; remove it from the list`);
    if (calledFrom.length === 0 && apiOnly === undefined && !waits)
      problems.push(
        `${where}: no screen calls it. Call it from a screen (a page schema, a widget's needs, or client code ` +
          `in runtime/, pages/ or widgets/ naming '${id}'), or, if no user should reach it, say why in ${file}: ` +
          `x-api-only: <reason>`,
      );
  }
  for (const [id, line] of Object.entries(awaiting)) {
    if (!declared.has(id)) problems.push(`${AWAITING_SCREEN}: ${id} is no operation; remove it from the list`);
    if (typeof line !== 'string' || line.trim() === '')
      problems.push(`${AWAITING_SCREEN}: ${id} says nothing of the screen or control it should get`);
  }
  return problems;
}

/** Every operation's callers, declared by the schemas or named by the client's code. */
export function reachingCallers(src: Sources, operations: Operation[]): Callers {
  const callers = schemaCallers(src, operations);
  for (const [id, places] of codeCallers(src.root, new Set(operations.map((op) => op.operationId))))
    for (const place of places) addCaller(callers, id, place);
  return callers;
}

/** The reachability check of the project's contract (run by `npm run codegen -- --check`). */
export function reachabilityProblems(src: Sources, operations: Operation[]): string[] {
  return checkReachability({
    declared: declarations(src),
    callers: reachingCallers(src, operations),
    awaiting: readAwaiting(src.root),
  });
}
