import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PageSchema } from '../../generated/meta';
import { scopeQuery } from '../../runtime/list/listQuery';
import { call, databases, signIn } from '../support/api';
import { entities, example, operation, pages } from '../support/contract';
import { callOn, createRecord, methodOf, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * Every page schema with a resource is exercised the same way, from its schemas alone: create,
 * read, list with each filter and each sort, update, refuse another tenant, delete.
 */
describe.each(databases())('page resources on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let otherTenant: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    otherTenant = await signIn(app, 'operator', 'operator123');
  });
  afterAll(() => server.stop());

  describe.each(pages.filter((p: PageSchema) => p.resource.create).map((p) => ({ ...p, name: p.page })))('page $name', (page) => {
    const { resource } = page;
    let record: Row;
    /** The record's fields of the page's scope, and (`scopeOf`) those as the page's list takes them. */
    const scopeFields = (row: Row) => Object.fromEntries((page.scope ?? []).map((field) => [field, row[field]]));
    const scopeOf = (row: Row) => scopeQuery(page, scopeFields(row));
    /** The page's first list (its own, then its `lists`) that takes every one of the query parameters. */
    const listTaking = (...params: string[]) =>
      [resource.list, ...(page.lists ?? []).map(({ operation: id }) => id)].find((id) =>
        params.every((param) => operation(id).query?.properties?.[param]),
      ) ?? resource.list;
    const list = async (token: string, query: Row, listId = resource.list) => {
      const answer = await call<{ records: Row[]; total: number }>(app, token, {
        method: methodOf(listId),
        url: url(listId),
        query: Object.fromEntries(Object.entries({ ...scopeOf(record), size: 50, ...query }).map(([k, v]) => [k, String(v)])),
      });
      expect(answer.status).toBe(200);
      return answer.body.data;
    };

    beforeAll(async () => {
      record = await createRecord(app, admin, page.entity);
    });

    test('creates a record that reads back the same', async () => {
      expect(typeof record.id).toBe('number');
      if (resource.get) {
        const read = await callOn<Row>(app, admin, resource.get, record.id);
        expect(read.body.data).toEqual(record);
      }
      expect((await list(admin, {})).records.map((r) => r.id)).toContain(record.id);
    });

    test.each((page.filters ?? []).filter((f) => f.range).map((f) => ({ field: f.field, range: f.range ?? [] })))(
      'finds the record by a range of its $field, and not by a range that ends before it',
      async ({ field, range }) => {
        const value = String(record[field]);
        const [start = '', end = ''] = range;
        const by = listTaking(start, end);
        const within = await list(admin, { [start]: value, [end]: value }, by);
        expect(within.records.map((r) => r.id)).toContain(record.id);
        for (const row of within.records) expect(row[field]).toEqual(record[field]);
        // A date-time field is searched between two instants (the first and last of the days chosen).
        const instants = entities[page.entity]?.properties?.[field]?.format === 'date-time';
        const before = await list(
          admin,
          instants
            ? { [start]: '2000-01-01T00:00:00.000Z', [end]: '2000-01-02T23:59:59.999Z' }
            : { [start]: '2000-01-01', [end]: '2000-01-02' },
          by,
        );
        expect(before.records.map((r) => r.id)).not.toContain(record.id);
      },
    );

    test.each((page.filters ?? []).filter((f) => !f.range).map((f) => f.field))(
      'finds the record by its %s filter',
      async (field) => {
        const value = record[field];
        expect(value, `the example of ${page.entity} should set ${field}`).toBeDefined();
        // Free text is searched by a part of it; a code or a day as it is.
        const property = entities[page.entity]?.properties?.[field];
        const text =
          typeof value === 'string' && value.length > 2 && !property?.enum && !property?.format ? value.slice(1, -1) : value;
        const found = await list(admin, { [field]: text }, listTaking(field));
        expect(found.records.map((r) => r.id)).toContain(record.id);
        for (const row of found.records) {
          if (typeof value === 'string' && text !== value)
            expect(String(row[field]).toLowerCase()).toContain(String(text).toLowerCase());
          else expect(row[field]).toEqual(value);
        }
      },
    );

    /** Every record of the list in the order asked for, page after page. */
    const all = async (query: Row): Promise<Row[]> => {
      const rows: Row[] = [];
      for (let current = 1; ; current += 1) {
        const { records, total } = await list(admin, { ...query, current });
        rows.push(...records);
        if (rows.length >= total || records.length === 0) return rows;
      }
    };

    test.each(page.columns.filter((c) => c.sortable).map((c) => c.field))('sorts by %s both ways', async (field) => {
      const ascending = (await all({ sortField: field, sortOrder: 'asc' })).filter((r) => r[field] !== undefined);
      const descending = (await all({ sortField: field, sortOrder: 'desc' })).filter((r) => r[field] !== undefined);
      expect(descending.map((r) => r.id)).toEqual([...ascending].reverse().map((r) => r.id));
      const codes = entities[page.entity]?.properties?.[field]?.enum;
      const keys = ascending.map((r) => (codes ? codes.indexOf(r[field]) : r[field]));
      if (codes || typeof keys[0] === 'number' || entities[page.entity]?.properties?.[field]?.format === 'date-time') {
        expect(keys).toEqual([...keys].sort((a, b) => (a === b ? 0 : (a as number) < (b as number) ? -1 : 1)));
      }
    });

    test('pages through the records with the page sizes of the page schema', async () => {
      const all = await list(admin, { size: 50 });
      const first = await list(admin, { size: page.pageSizes[0], current: 1 });
      expect(first.total).toBe(all.total);
      expect(first.records).toHaveLength(Math.min(page.pageSizes[0] ?? 10, all.total));
    });

    test('updates the writable fields', async () => {
      if (!resource.update) return;
      const properties = entities[page.entity]?.properties ?? {};
      const field = Object.entries(properties).find(
        ([, p]) =>
          p.type === 'string' && !p.readOnly && !p.enum && !p.format && !p['x-format'] && !p['x-create-only'] && !p.pattern,
      )?.[0];
      expect(field).toBeDefined();
      const writable = Object.entries(record).filter(([name]) => !properties[name]?.readOnly);
      const changed = { ...Object.fromEntries(writable), id: record.id, [field ?? '']: 'Changed by the test' };
      const answer = await call<Row>(app, admin, {
        method: methodOf(resource.update),
        url: url(resource.update),
        payload: changed,
      });
      expect(answer.body.data[field ?? '']).toBe('Changed by the test');
      record = answer.body.data;
    });

    test('another tenant can neither see, change nor delete the record', async () => {
      // A call for some tenants only, or for administrators only, refuses the others outright (403);
      // otherwise the record of another tenant does not exist for the caller (404).
      const refusal = (id: string) => (operation(id).access.tenants || operation(id).access.admin ? 403 : 404);
      const refused = refusal(resource.list);
      const others = await call<{ records: Row[] }>(app, otherTenant, {
        method: methodOf(resource.list),
        url: url(resource.list),
        query: Object.fromEntries(Object.entries(scopeOf(record)).map(([k, v]) => [k, String(v)])),
      });
      if (refused === 403) expect(others.status).toBe(403);
      else expect(others.body.data.records.map((r) => r.id)).not.toContain(record.id);
      if (resource.get) {
        const read = await callOn(app, otherTenant, resource.get, record.id);
        expect(read.status).toBe(refusal(resource.get));
      }
      if (resource.update) {
        const body = { ...example(page.entity), ...scopeFields(record), id: record.id };
        const update = await call(app, otherTenant, {
          method: methodOf(resource.update),
          url: url(resource.update),
          payload: body,
        });
        expect(update.status).toBe(refusal(resource.update));
      }
      if (resource.delete) {
        const remove = await callOn(app, otherTenant, resource.delete, record.id);
        expect(remove.status).toBe(refusal(resource.delete));
      }
      expect((await list(admin, {})).records.find((r) => r.id === record.id)).toEqual(record);
    });

    test('deletes the record', async () => {
      if (!resource.delete) return;
      const remove = await callOn(app, admin, resource.delete, record.id);
      expect(remove.body).toEqual({ code: 0, msg: 'success', data: true });
      expect((await list(admin, {})).records.map((r) => r.id)).not.toContain(record.id);
      const again = await callOn(app, admin, resource.delete, record.id);
      expect(again.status).toBe(404);
    });
  });
});
