import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Answer } from './api';
import type { PageSchema } from '../../generated/meta';
import { initialListState, listQuery, scopeQuery } from '../../runtime/list/listQuery';
import { listTakes } from '../../runtime/list/pages';
import { entities, example, operation, pages, resourceOperation } from './contract';

export type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The URL of an operation with its path parameters filled in. */
export function url(id: string, params: Row = {}): string {
  return operation(id).path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * The query of one of a page's lists (its own, or another of its `lists`) as the page opens it:
 * its first page, order, tabs and fixed conditions, within `scope`, as that list takes them.
 */
export const openingQuery = (page: PageSchema, scope: Row = {}, listId = page.resource.list): Record<string, string> =>
  Object.fromEntries(
    Object.entries(listQuery(initialListState(page), scopeQuery(page, scope), listTakes(page, listId))).map(([name, value]) => [
      name,
      String(value),
    ]),
  );

/** What one of a page's lists (its own, or another of its `lists`) answers as the page opens it, within `scope`. */
export async function openingList(
  app: FastifyInstance,
  token: string,
  page: PageSchema,
  scope: Row = {},
  listId = page.resource.list,
): Promise<{ records: Row[]; total: number }> {
  const answer = await call<{ records: Row[]; total: number }>(app, token, {
    method: methodOf(listId),
    url: url(listId),
    query: openingQuery(page, scope, listId),
  });
  return answer.body.data;
}

export const methodOf = (id: string) => operation(id).method.toUpperCase() as Method;

/**
 * Calls an operation on the record `id`: in the path, or as the `id` query parameter (a call
 * taking both forms gets both). The query and payload are the caller's.
 */
export function callOn<T>(
  app: FastifyInstance,
  token: string,
  operationId: string,
  id: unknown,
  extra: { query?: Record<string, string>; payload?: Row | unknown[] } = {},
): Promise<Answer<T>> {
  const takesQueryId = operation(operationId).query?.properties?.id !== undefined;
  return call<T>(app, token, {
    method: methodOf(operationId),
    url: url(operationId, { id }),
    query: { ...(takesQueryId ? { id: String(id) } : {}), ...extra.query },
    ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
  });
}

/** The operation of the page of `entity` doing `action`, else the generic one. */
export function operationFor(entity: string, action: 'list' | 'get' | 'create' | 'update' | 'delete'): string | undefined {
  return pages.find((p) => p.entity === entity)?.resource[action] ?? resourceOperation(entity, action)?.operationId;
}

let unique = 0;

/** A record of `entity` the tenant has already (the demo data has one of each), for references. */
async function existingRecord(app: FastifyInstance, token: string, entity: string): Promise<Row | undefined> {
  const list = operationFor(entity, 'list');
  if (!list) return undefined;
  const answer = await call<{ records: Row[] }>(app, token, { method: methodOf(list), url: url(list), query: { size: '50' } });
  // A record past its `x-active-until` date cannot be newly referred to.
  const until = entities[entity]?.['x-active-until'];
  const today = new Date().toISOString().slice(0, 10);
  return answer.body.data.records.find((r) => !until || !r[until] || String(r[until]) >= today);
}

async function referenced(app: FastifyInstance, token: string, entity: string): Promise<unknown> {
  return ((await existingRecord(app, token, entity)) ?? (await createRecord(app, token, entity))).id;
}

/** Whether a list page of `entity` filters by `field` or is scoped by it (a record made for it must then set the field). */
const filteredBy = (entity: string, field: string) =>
  pages.some(
    (page) => page.entity === entity && (page.scope?.includes(field) || page.filters?.some((filter) => filter.field === field)),
  );

/**
 * Creates a record of `entity` from its example, with `values` over it. Required references, and
 * those a list of the entity filters or is scoped by, point at a record the tenant has (or a new one); other
 * optional ones are left out; unique values get a suffix.
 */
export async function createRecord(app: FastifyInstance, token: string, entity: string, values: Row = {}): Promise<Row> {
  const schema = entities[entity];
  const body = { ...(await recordBody(app, token, entity)), ...values };
  const create = operationFor(entity, 'create');
  if (!create) throw new Error(`${entity} has no create operation`);
  const answer = await call<Row>(app, token, { method: methodOf(create), url: url(create), payload: body });
  expect(answer.body.msg, `creating a ${entity}`).toBe('success');
  const written = Object.fromEntries(Object.entries(body).filter(([name]) => schema?.properties?.[name]?.writeOnly !== true));
  expect(answer.body.data).toMatchObject(written);
  return answer.body.data;
}

/** The body that creates a record of `entity`: its example, references resolved, unique values suffixed. */
export async function recordBody(app: FastifyInstance, token: string, entity: string): Promise<Row> {
  const schema = entities[entity];
  const body = example(entity);
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (property['x-unique'] || name === 'username') body[name] = `${String(body[name])}${(unique += 1)}`;
    if (property['x-ref']) {
      // A reference that must be unique points at a record made for it.
      if (property['x-unique']) body[name] = (await createRecord(app, token, property['x-ref'])).id;
      else if (schema?.required?.includes(name) || filteredBy(entity, name))
        body[name] = await referenced(app, token, property['x-ref']);
      else delete body[name];
    }
    for (const [inner, item] of Object.entries(property.items?.properties ?? {})) {
      if (!item['x-ref'] || !Array.isArray(body[name])) continue;
      const target = await referenced(app, token, item['x-ref']);
      body[name] = (body[name] as Row[]).map((entry) => ({ ...entry, [inner]: target }));
    }
  }
  return body;
}

/** A record as its tenant reads it back, by the get call of its entity. */
export async function readRecord(app: FastifyInstance, token: string, entity: string, id: unknown): Promise<Answer<Row>> {
  const get = operationFor(entity, 'get');
  if (!get) throw new Error(`${entity} has no get operation`);
  return callOn<Row>(app, token, get, id);
}
