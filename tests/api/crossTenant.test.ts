import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract, type JsonSchema, type Operation } from '../../server/contract';
import { call, databases, signIn, type Answer } from '../support/api';
import { entities, example, operation, pages, resourceOperation } from '../support/contract';
import type { TestServer } from '../support/server';

/**
 * Tenant isolation, generated from the contract: every operation is either aimed by another
 * tenant at tenant A's data (and must not reach it), or listed as not tenant-scoped. A new
 * operation fails the last test until it is covered one way or the other.
 *
 * Tenant A is `admin` in tenant 2; tenant B is `auditor` in tenant 44, a staff member (not an
 * administrator) of a tenant the news calls are not for. The administrator checks use `admin`
 * switched to tenant 10: the same person, administrator there, aiming at tenant 2's employees.
 */

type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const contract = loadContract();
const TENANT_A = 2;
const TENANT_B = 44;
const OTHER_TENANT_OF_ADMIN = 10;

/** The actions the generic resource handler has, each checked below by `resourceCheck`. */
const GENERIC_ACTIONS = new Set(['list', 'get', 'options', 'create', 'update', 'delete']);

// ---------------------------------------------------------------------------------------------
// Calls and records, from the schemas (the idea of tests/api/resources.test.ts)
// ---------------------------------------------------------------------------------------------

/** The URL of an operation with its path parameters filled in. */
function url(id: string, params: Row = {}): string {
  return operation(id).path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
}

const methodOf = (id: string) => operation(id).method.toUpperCase() as Method;

const pageOf = (entity: string) => pages.find((p) => p.entity === entity);

/** The operation of the page of `entity` doing `action`, else the generic one. */
function operationFor(entity: string, action: 'list' | 'get' | 'create'): string | undefined {
  return pageOf(entity)?.resource[action] ?? resourceOperation(entity, action)?.operationId;
}

/** The entities an entity schema refers to with `x-ref`, directly or in the items of an array. */
function references(entity: string): { field: string; item?: string; entity: string; required: boolean }[] {
  const schema = entities[entity];
  return Object.entries(schema?.properties ?? {}).flatMap(([field, property]) => [
    ...(property['x-ref'] ? [{ field, entity: property['x-ref'], required: schema?.required?.includes(field) ?? false }] : []),
    ...Object.entries(property.items?.properties ?? {}).flatMap(([item, inner]) =>
      inner['x-ref'] ? [{ field, item, entity: inner['x-ref'], required: true }] : [],
    ),
  ]);
}

let unique = 0;

/** The example of an entity with fresh values where they must be unique. */
function freshExample(entity: string): Row {
  const body = example(entity);
  for (const [name, property] of Object.entries(entities[entity]?.properties ?? {})) {
    if (property['x-unique'] || name === 'username') body[name] = `${String(body[name])}${(unique += 1)}`;
  }
  return body;
}

/** The example of an entity with every reference (required or not) pointing at `target(entity)`. */
async function exampleReferringTo(entity: string, target: (entity: string) => Promise<unknown>): Promise<Row> {
  const body = freshExample(entity);
  for (const ref of references(entity)) {
    const id = await target(ref.entity);
    if (!ref.item) body[ref.field] = id;
    else body[ref.field] = ((body[ref.field] as Row[] | undefined) ?? [{}]).map((entry) => ({ ...entry, [ref.item ?? '']: id }));
  }
  return body;
}

/** The fields of a record a client may send back (the server fills the read-only ones). */
function writable(entity: string, record: Row): Row {
  const properties = entities[entity]?.properties ?? {};
  return Object.fromEntries(Object.entries(record).filter(([name]) => !properties[name]?.readOnly));
}

/** A value the schema of a query parameter takes, for parameters the record has no value for. */
function plausible(schema: JsonSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.format === 'date') return '2999-12-31';
  if (schema.type === 'integer' || schema.type === 'number') return '1';
  return 'a';
}

/**
 * The query of a list or options call aimed at `record`: its required parameters (such as the
 * customer of contacts) filled from the record, the largest page size, and for pickers its id and name.
 */
function queryAimedAt(op: Operation, record: Row): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, schema] of Object.entries(op.query?.properties ?? {})) {
    const own = record[op.filters[name]?.field ?? name];
    if (name === 'size' && schema.enum?.length) query.size = String(Math.max(...schema.enum.map(Number)));
    else if (op.resource?.action === 'options' && (name === 'id' || name === 'name') && own !== undefined)
      query[name] = String(own);
    else if (op.query?.required?.includes(name)) query[name] = own === undefined ? plausible(schema) : String(own);
  }
  return query;
}

/** The ids a list (`{ records }`) or options (`[{ id, name }]`) call answered. */
function idsIn(data: unknown): unknown[] {
  const rows = Array.isArray(data) ? (data as Row[]) : ((data as { records?: Row[] } | undefined)?.records ?? []);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// The test context: one server per database, tenant A, tenant B, and A's records
// ---------------------------------------------------------------------------------------------

interface Context {
  app: FastifyInstance;
  /** admin, in tenant 2. */
  a: string;
  /** auditor, in tenant 44. */
  b: string;
  /** admin again, switched to tenant 10 where they are administrator too. */
  adminOf10: string;
  /** What tenant B's user may do: administrator or not, and the per-user permissions. */
  bAccess: { isAdmin: boolean; permissions: string[] };
  /** A record of each entity, made by tenant A (made once, on first use). */
  recordOf(entity: string): Promise<Row>;
}

/**
 * The answer tenant B must get from `op` aimed at A's data: 403 when the call is not for B at all
 * (administrators only, other tenants only, a permission B lacks), else 404 — to B, a record of
 * another tenant does not exist.
 */
function refusalFor(ctx: Context, op: Operation): 403 | 404 {
  const { access } = op;
  const notForB =
    (access.admin && !ctx.bAccess.isAdmin) ||
    (access.tenants !== undefined && !access.tenants.includes(TENANT_B)) ||
    (access.permission !== undefined && !ctx.bAccess.isAdmin && !ctx.bAccess.permissions.includes(access.permission));
  return notForB ? 403 : 404;
}

/** A record of the tenant for references: the first active one it has, else a new one. */
async function existingId(ctx: Context, token: string, entity: string): Promise<unknown> {
  const list = operationFor(entity, 'list');
  if (list) {
    const answer = await call<{ records: Row[] }>(ctx.app, token, {
      method: methodOf(list),
      url: url(list),
      query: { size: '50' },
    });
    const until = entities[entity]?.['x-active-until'];
    const today = new Date().toISOString().slice(0, 10);
    const found = answer.body.data.records.find((r) => !until || !r[until] || String(r[until]) >= today);
    if (found) return found.id;
  }
  return (await createRecord(ctx, token, entity)).id;
}

/** Creates a record of `entity` as the owner of `token`, from its example; required references to the tenant's records. */
async function createRecord(ctx: Context, token: string, entity: string): Promise<Row> {
  const body = freshExample(entity);
  for (const ref of references(entity)) {
    if (!ref.required) delete body[ref.field];
    else if (!ref.item) body[ref.field] = await existingId(ctx, token, ref.entity);
    else {
      const id = await existingId(ctx, token, ref.entity);
      body[ref.field] = ((body[ref.field] as Row[] | undefined) ?? [{}]).map((entry) => ({ ...entry, [ref.item ?? '']: id }));
    }
  }
  const create = operationFor(entity, 'create');
  if (!create) throw new Error(`${entity} has no create operation`);
  const answer = await call<Row>(ctx.app, token, { method: methodOf(create), url: url(create), payload: body });
  expect(answer.body.msg, `creating a ${entity}`).toBe('success');
  return answer.body.data;
}

/** A record as tenant A reads it: by its get call, else found in its list. */
async function readBack(ctx: Context, entity: string, record: Row): Promise<Row | undefined> {
  const get = operationFor(entity, 'get');
  if (get) {
    const answer = await call<Row>(ctx.app, ctx.a, {
      method: methodOf(get),
      url: url(get, record),
      ...(operation(get).query?.properties?.id ? { query: { id: String(record.id) } } : {}),
    });
    return answer.status === 200 ? answer.body.data : undefined;
  }
  const list = operationFor(entity, 'list') ?? '';
  const answer = await call<{ records: Row[] }>(ctx.app, ctx.a, {
    method: methodOf(list),
    url: url(list),
    query: queryAimedAt(operation(list), record),
  });
  return answer.body.data.records.find((r) => r.id === record.id);
}

// ---------------------------------------------------------------------------------------------
// The generic path: every x-resource operation, aimed by B at A's record
// ---------------------------------------------------------------------------------------------

/** What tenant B tries with `op` against A's `record`, and what it must answer. */
async function resourceCheck(ctx: Context, op: Operation, record: Row): Promise<void> {
  const { app, a, b } = ctx;
  const entity = op.resource?.entity ?? '';
  const refused = refusalFor(ctx, op);
  const id = op.operationId;
  switch (op.resource?.action) {
    case 'list':
    case 'options': {
      const query = queryAimedAt(op, record);
      // A sees the record through this very call, so that B not seeing it means something.
      const own = await call(app, a, { method: methodOf(id), url: url(id), query });
      expect(idsIn(own.body.data), `${id} as tenant A`).toContain(record.id);
      const other = await call(app, b, { method: methodOf(id), url: url(id), query });
      if (refused === 403) expect(other.status).toBe(403);
      else {
        expect(other.status).toBe(200);
        expect(idsIn(other.body.data)).not.toContain(record.id);
      }
      break;
    }
    case 'get':
    case 'delete': {
      const answer = await call(app, b, {
        method: methodOf(id),
        url: url(id, record),
        ...(op.query?.properties?.id ? { query: { id: String(record.id) } } : {}),
      });
      expect(answer.status).toBe(refused);
      break;
    }
    case 'update': {
      const payload = { ...writable(entity, record), id: record.id };
      const answer = await call(app, b, { method: methodOf(id), url: url(id), payload });
      expect(answer.status).toBe(refused);
      break;
    }
    case 'create': {
      // References to A's records must not resolve for B.
      if (references(entity).length > 0) {
        const payload = await exampleReferringTo(entity, async (target) => (await ctx.recordOf(target)).id);
        const answer = await call(app, b, { method: methodOf(id), url: url(id), payload });
        if (refused === 403) expect(answer.status).toBe(403);
        else expect([400, 404]).toContain(answer.status);
      }
      // Nor may B write into A's tenant by naming it.
      const payload = { ...freshExample(entity), tenantId: TENANT_A };
      const answer = await call(app, b, { method: methodOf(id), url: url(id), payload });
      expect(answer.status).toBe(403);
      break;
    }
    default:
      throw new Error(`${id}: no cross-tenant check for action ${String(op.resource?.action)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Named handlers: one explicit entry each
// ---------------------------------------------------------------------------------------------

type Check = (ctx: Context) => Promise<void>;
type Entry = Check | `not tenant-scoped: ${string}`;

/** A file upload as the web client sends it. */
function multipart(fileName: string, data: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----crossTenant${(unique += 1)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A uploads a file through `uploadId`; neither B nor A's own account in tenant 10 can fetch it. */
async function fileStaysInItsTenant(ctx: Context, uploadId: string): Promise<void> {
  const { app } = ctx;
  const bytes = Buffer.from(`tenant ${TENANT_A} only ${(unique += 1)}`);
  const upload = await call<{ url: string } | string>(ctx.app, ctx.a, {
    method: 'POST',
    url: url(uploadId),
    ...multipart('secret.txt', bytes),
  });
  expect(upload.status).toBe(200);
  const address = typeof upload.body.data === 'string' ? upload.body.data : upload.body.data.url;
  const fetch = (headers: Record<string, string>, path = address) => app.inject({ method: 'GET', url: path, headers });
  const own = await fetch({ authorization: `Bearer ${ctx.a}` });
  expect(own.statusCode).toBe(200);
  expect(own.rawPayload.equals(bytes)).toBe(true);
  // The same address, by header or by the session cookie; and the file name under B's own bucket.
  for (const attempt of [
    await fetch({ authorization: `Bearer ${ctx.b}` }),
    await fetch({ cookie: `EMS-access_token=${ctx.b}` }),
    await fetch({ authorization: `Bearer ${ctx.adminOf10}` }),
    await fetch({ authorization: `Bearer ${ctx.b}` }, address.replace(`tenant-${TENANT_A}`, `tenant-${TENANT_B}`)),
  ]) {
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json()).toMatchObject({ code: 40400 });
  }
}

/** An employee of tenant 2 with a sign-in of their own: their record, credentials and a session. */
interface Victim {
  record: Row;
  username: string;
  password: string;
  token: string;
}

/** A new employee of tenant 2 with an account of their own, to aim the administrator calls at. */
async function newVictim(ctx: Context): Promise<Victim> {
  const password = 'victim123';
  const body = await exampleReferringTo('user', (entity) => existingId(ctx, ctx.a, entity));
  const answer = await call<Row>(ctx.app, ctx.a, { method: 'POST', url: url('saveUser'), payload: { ...body, password } });
  expect(answer.body.msg).toBe('success');
  const username = String(answer.body.data.username);
  return { record: answer.body.data, username, password, token: await signIn(ctx.app, username, password) };
}

async function victimAsASeesThem(ctx: Context, victim: Victim): Promise<unknown> {
  const id = String(victim.record.id);
  const record = await call(ctx.app, ctx.a, { method: 'GET', url: url('getUserById'), query: { id } });
  const permissions = await call(ctx.app, ctx.a, { method: 'GET', url: url('getUserPermissions'), query: { id } });
  return { record: record.body, permissions: permissions.body };
}

/**
 * The administrator of tenant 10 aims `attempt` at an employee of tenant 2: it must answer 404,
 * and the employee, their permissions, password and session are as before.
 */
function administratorOfOtherTenant(attempt: (ctx: Context, victim: Victim) => Promise<Answer>): Check {
  return async (ctx) => {
    const victim = await newVictim(ctx);
    const before = await victimAsASeesThem(ctx, victim);
    const answer = await attempt(ctx, victim);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(40400);
    expect(await victimAsASeesThem(ctx, victim)).toEqual(before);
    expect((await call(ctx.app, victim.token, { method: 'GET', url: url('getPrincipal') })).status).toBe(200);
    await expect(signIn(ctx.app, victim.username, victim.password)).resolves.toEqual(expect.any(String));
  };
}

const CHECKS: Record<string, Entry> = {
  changePassword: "not tenant-scoped: changes the caller's own password, checked against their current one",
  changePasswordPut: "not tenant-scoped: changes the caller's own password, checked against their current one",
  getCaptcha: 'not tenant-scoped: a new captcha for a client token, before anyone signs in',
  getClientToken: "not tenant-scoped: a token for the web client's Basic credentials, or for a refresh token",
  getEmsToken: "not tenant-scoped: a token bound to the caller's own user and tenant",
  getPrincipal: "not tenant-scoped: the caller's own account, in the token's tenant",
  getRoleList: 'not tenant-scoped: the fixed list of role codes',
  getUserMenu: "not tenant-scoped: the caller's own menu",
  userMenu: "not tenant-scoped: the caller's own route names",
  pcLogin: 'not tenant-scoped: sign-in with a user name and password',
  updateInfoData: "not tenant-scoped: the caller's own employee record in the token's tenant",

  // Marked not tenant-scoped, but each answers something of a tenant: checked all the same.
  getInquiryPeople: async ({ app, a, b }) => {
    const ofA = await call<Row[]>(app, a, { method: 'GET', url: url('getInquiryPeople') });
    const ofB = await call<Row[]>(app, b, { method: 'GET', url: url('getInquiryPeople') });
    expect(ofA.body.data.length).toBeGreaterThan(0);
    expect(idsIn(ofB.body.data).filter((id) => idsIn(ofA.body.data).includes(id))).toEqual([]);
  },
  updateDefaultTenant: async ({ app, b }) => {
    for (const tenantId of [TENANT_A, OTHER_TENANT_OF_ADMIN]) {
      const answer = await call(app, b, {
        method: 'PUT',
        url: url('updateDefaultTenant'),
        query: { tenantId: String(tenantId) },
      });
      expect(answer.status).toBe(403);
    }
    const principal = await call<{ tenantId: number }>(app, b, { method: 'GET', url: url('getPrincipal') });
    expect(principal.body.data.tenantId).toBe(TENANT_B);
  },
  uploadFile: (ctx) => fileStaysInItsTenant(ctx, 'uploadFile'),
  uploadFileReturnUrl: (ctx) => fileStaysInItsTenant(ctx, 'uploadFileReturnUrl'),

  getFile: (ctx) => fileStaysInItsTenant(ctx, 'uploadFile'),
  delUser: administratorOfOtherTenant((ctx, victim) =>
    call(ctx.app, ctx.adminOf10, { method: 'DELETE', url: url('delUser', victim.record) }),
  ),
  resetPassword: administratorOfOtherTenant((ctx, victim) =>
    call(ctx.app, ctx.adminOf10, {
      method: 'PUT',
      url: url('resetPassword'),
      payload: { id: victim.record.id, newPassword: 'taken-over', confirmPassword: 'taken-over', phrase: 'I confirm' },
    }),
  ),
  getUserPermissions: administratorOfOtherTenant((ctx, victim) =>
    call(ctx.app, ctx.adminOf10, { method: 'GET', url: url('getUserPermissions'), query: { id: String(victim.record.id) } }),
  ),
  saveUserPermissions: administratorOfOtherTenant((ctx, victim) =>
    call(ctx.app, ctx.adminOf10, {
      method: 'POST',
      url: url('saveUserPermissions'),
      payload: { id: victim.record.id, permissions: [] },
    }),
  ),
  updateUserById: administratorOfOtherTenant((ctx, victim) =>
    call(ctx.app, ctx.adminOf10, {
      method: 'PUT',
      url: url('updateUserById'),
      payload: { ...writable('user', victim.record), id: victim.record.id, name: 'Taken over', accountActive: false },
    }),
  ),
  saveUser: async (ctx) => {
    const { app, a, adminOf10 } = ctx;
    // A new user of tenant 10 cannot be put into one of tenant 2's departments...
    const intoA = await exampleReferringTo('user', (entity) => existingId(ctx, a, entity));
    const refused = await call(app, adminOf10, { method: 'POST', url: url('saveUser'), payload: intoA });
    expect(refused.status).toBe(400);
    // ...and the refusal wrote nothing: the same user name is still free.
    const own = await exampleReferringTo('user', (entity) => existingId(ctx, adminOf10, entity));
    own.username = intoA.username;
    const created = await call<Row>(app, adminOf10, { method: 'POST', url: url('saveUser'), payload: own });
    expect(created.body.msg).toBe('success');
    // The new user is tenant 10's: tenant 2's user page, picker and get do not know them.
    const page = await call<{ records: Row[] }>(app, a, {
      method: 'GET',
      url: url('getUserPage'),
      query: { size: '50', name: String(own.name) },
    });
    expect(idsIn(page.body.data)).not.toContain(created.body.data.id);
    const options = await call(app, a, {
      method: 'GET',
      url: url('listUserOptions'),
      query: { id: String(created.body.data.id) },
    });
    expect(options.body.data).toEqual([]);
    const get = await call(app, a, { method: 'GET', url: url('getUserById'), query: { id: String(created.body.data.id) } });
    expect(get.status).toBe(404);
  },
};

// ---------------------------------------------------------------------------------------------
// The contract: what is not tenant data, and that every operation is covered
// ---------------------------------------------------------------------------------------------

const genericOperations = contract.operations.filter((op) => op.resource && GENERIC_ACTIONS.has(op.resource.action));

describe('the contract', () => {
  test('the operations that reach no tenant data are these (a new one shows up here in review)', () => {
    const notScoped = contract.operations.filter((op) => !op.access.tenantScoped);
    expect(notScoped.map((o) => o.operationId).sort()).toEqual([
      'changePassword',
      'changePasswordPut',
      'getCaptcha',
      'getClientToken',
      'getEmsToken',
      'getInquiryPeople',
      'getPrincipal',
      'getRoleList',
      'getUserMenu',
      'pcLogin',
      'updateDefaultTenant',
      'updateInfoData',
      'uploadFile',
      'uploadFileReturnUrl',
      'userMenu',
    ]);
  });

  test('only an operation marked not tenant-scoped may be excused from the cross-tenant check', () => {
    const excused = Object.entries(CHECKS).filter(([, entry]) => typeof entry === 'string');
    expect(excused.filter(([id]) => operation(id).access.tenantScoped).map(([id]) => id)).toEqual([]);
  });

  test('every operation is covered by the generic resource check or by the table, and the table names no other', () => {
    const covered = new Set([...genericOperations.map((op) => op.operationId), ...Object.keys(CHECKS)]);
    const uncovered = contract.operations.map((op) => op.operationId).filter((id) => !covered.has(id));
    expect(uncovered).toEqual([]);
    const ids = new Set(contract.operations.map((op) => op.operationId));
    expect(Object.keys(CHECKS).filter((id) => !ids.has(id))).toEqual([]);
    // The table is for named handlers; a generic operation is checked generically.
    expect(Object.keys(CHECKS).filter((id) => operation(id).resource)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The checks, on each database
// ---------------------------------------------------------------------------------------------

/** The generic operations by entity, for one describe block each. */
const byEntity = [...new Set(genericOperations.map((op) => op.resource?.entity ?? ''))].map((entity) => ({
  entity,
  operations: genericOperations.filter((op) => op.resource?.entity === entity),
}));

describe.each(databases())('tenant isolation on $name', ({ start }) => {
  let server: TestServer;
  const ctx = {} as Context;

  beforeAll(async () => {
    server = await start();
    const { app } = server;
    const records = new Map<string, Promise<Row>>();
    Object.assign(ctx, {
      app,
      a: await signIn(app, 'admin', 'admin123'),
      b: await signIn(app, 'auditor', 'auditor123'),
      adminOf10: await signIn(app, 'admin', 'admin123'),
      recordOf(entity: string) {
        if (!records.has(entity)) records.set(entity, createRecord(ctx, ctx.a, entity));
        return records.get(entity) as Promise<Row>;
      },
    });
    // The switch moves the token of the call to tenant 10 (it also makes 10 admin's default tenant,
    // which no later sign-in here depends on).
    const switched = await call<{ tenantId: number; isAdmin: boolean }>(app, ctx.adminOf10, {
      method: 'PUT',
      url: url('updateDefaultTenant'),
      query: { tenantId: String(OTHER_TENANT_OF_ADMIN) },
    });
    expect(switched.body.data).toMatchObject({ tenantId: OTHER_TENANT_OF_ADMIN, isAdmin: true });
    const a = await call<{ tenantId: number }>(app, ctx.a, { method: 'GET', url: url('getPrincipal') });
    expect(a.body.data.tenantId).toBe(TENANT_A);
    const b = await call<{ tenantId: number; isAdmin: boolean; permissions: string[] }>(app, ctx.b, {
      method: 'GET',
      url: url('getPrincipal'),
    });
    expect(b.body.data.tenantId).toBe(TENANT_B);
    ctx.bAccess = { isAdmin: b.body.data.isAdmin, permissions: b.body.data.permissions };
  });
  afterAll(() => server.stop());

  describe.each(byEntity)('records of $entity', ({ entity, operations }) => {
    test.each(operations)('$operationId aimed at tenant A by tenant B does not reach them', async (op) => {
      const record = await ctx.recordOf(entity);
      const before = await readBack(ctx, entity, record);
      expect(before).toBeDefined();
      await resourceCheck(ctx, op, record);
      expect(await readBack(ctx, entity, record)).toEqual(before);
    });
  });

  describe('named handlers', () => {
    test.each(Object.entries(CHECKS).filter((entry): entry is [string, Check] => typeof entry[1] === 'function'))(
      '%s does not reach another tenant',
      async (_id, check) => {
        await check(ctx);
      },
    );
  });
});
