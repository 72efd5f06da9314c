import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract, type JsonSchema, type Operation } from '../../server/contract';
import { call, databases, emsTokenOf, signIn, type Answer } from '../support/api';
import { entities, example, operation, pages } from '../support/contract';
import { readPdf } from '../support/pdf';
import { methodOf, operationFor, url, type Row } from '../support/records';
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

const contract = loadContract();
const TENANT_A = 2;
const TENANT_B = 44;
const OTHER_TENANT_OF_ADMIN = 10;

/** The actions the generic resource handler has, each checked below by `resourceCheck`. */
const GENERIC_ACTIONS = new Set([
  'list',
  'get',
  'options',
  'create',
  'update',
  'delete',
  'deleteMany',
  'patch',
  'transition',
  'aggregate',
  'export',
]);

// ---------------------------------------------------------------------------------------------
// Calls and records, from the schemas (the idea of tests/api/resources.test.ts)
// ---------------------------------------------------------------------------------------------

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
    if (name === 'size' && schema.maximum !== undefined) query.size = String(schema.maximum);
    else if (op.resource?.action === 'options' && (name === 'id' || name === 'name') && own !== undefined)
      query[name] = String(own);
    else if (op.query?.required?.includes(name)) query[name] = own === undefined ? plausible(schema) : String(own);
  }
  return query;
}

/** Query-string values of a record's fields. */
function stringValues(values: Row): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
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

const referringRecords = new WeakMap<Context, Map<string, Promise<Row>>>();

/**
 * The record of A a list call can be aimed at: `record`, or, when a required filter of the call
 * reads a field `record` lacks (an optional reference it was made without, such as the station of
 * a worksheet), one record of A made with every reference (once per entity).
 */
function recordFor(ctx: Context, op: Operation, record: Row): Promise<Row> {
  const lacking = (op.query?.required ?? []).some((name) => record[op.filters[name]?.field ?? name] === undefined);
  if (!lacking) return Promise.resolve(record);
  const entity = op.resource?.entity ?? '';
  const made = referringRecords.get(ctx) ?? new Map<string, Promise<Row>>();
  referringRecords.set(ctx, made);
  if (!made.has(entity))
    made.set(
      entity,
      (async () => {
        const payload = await exampleReferringTo(entity, async (target) => (await ctx.recordOf(target)).id);
        const create = operationFor(entity, 'create') ?? '';
        const answer = await call<Row>(ctx.app, ctx.a, { method: methodOf(create), url: url(create), payload });
        expect(answer.body.msg, `creating a ${entity} with its references`).toBe('success');
        return answer.body.data;
      })(),
    );
  return made.get(entity) as Promise<Row>;
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
      const aimed = await recordFor(ctx, op, record);
      const query = queryAimedAt(op, aimed);
      // A sees the record through this very call, so that B not seeing it means something.
      const own = await call(app, a, { method: methodOf(id), url: url(id), query });
      expect(idsIn(own.body.data), `${id} as tenant A`).toContain(aimed.id);
      const other = await call(app, b, { method: methodOf(id), url: url(id), query });
      if (refused === 403) expect(other.status).toBe(403);
      else {
        expect(other.status).toBe(200);
        expect(idsIn(other.body.data)).not.toContain(aimed.id);
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
      const answer = await call(app, b, { method: methodOf(id), url: url(id, record), payload });
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
    case 'deleteMany': {
      // By the query's ids, or a body of ids as the operation takes them.
      const answer = await call(app, b, {
        method: methodOf(id),
        url: url(id),
        ...(op.query?.properties?.ids
          ? { query: { ids: String(record.id) } }
          : { payload: op.body?.type === 'array' ? [record.id] : { ids: [record.id] } }),
      });
      expect(answer.status).toBe(refused);
      break;
    }
    case 'patch':
    case 'transition': {
      // The fields the call writes, with the values the record has (a transition's body, if any, from the example).
      const fields = op.resource.fields ?? Object.keys(op.body?.properties ?? {});
      const values = Object.fromEntries(fields.map((field) => [field, record[field] ?? example(entity)[field]]));
      const takesBody = op.body !== undefined;
      const takesId = Boolean(op.params?.properties?.id ?? op.query?.properties?.id ?? op.body?.properties?.id);
      const answer = !takesId
        ? undefined
        : await call(app, b, {
            method: methodOf(id),
            url: url(id, record),
            query: { ...(op.query?.properties?.id ? { id: String(record.id) } : {}), ...(takesBody ? {} : stringValues(values)) },
            ...(takesBody ? { payload: op.body?.properties?.id ? { ...values, id: record.id } : values } : {}),
          });
      if (answer) expect(answer.status).toBe(refused);
      // A batch names A's record among B's ids.
      expect(answer ?? op.body?.properties?.ids, `${id} takes an id or ids`).toBeDefined();
      if (op.body?.properties?.ids) {
        const batch = await call(app, b, { method: methodOf(id), url: url(id), payload: { ...values, ids: [record.id] } });
        expect(batch.status).toBe(refused);
      }
      break;
    }
    case 'aggregate': {
      // B's figures do not move when A adds a record; A's own do (when the query does not narrow them to another record).
      const query = queryAimedAt(op, record);
      const figures = async (token: string) => {
        const answer = await call<{ count: number }[]>(app, token, { method: methodOf(id), url: url(id), query });
        return answer;
      };
      const total = (rows: { count: number }[]) => rows.reduce((sum, row) => sum + row.count, 0);
      const ownBefore = await figures(a);
      const otherBefore = await figures(b);
      await newRecordOfA(ctx, entity);
      const ownAfter = await figures(a);
      const otherAfter = await figures(b);
      if (refused === 403) expect(otherAfter.status).toBe(403);
      else expect(otherAfter.body.data).toEqual(otherBefore.body.data);
      if (!op.query?.required?.length) expect(total(ownAfter.body.data)).toBe(total(ownBefore.body.data) + 1);
      break;
    }
    case 'export': {
      // The EMS calls take the EMS token of the user.
      const bearerOf = (token: string) => (url(id).startsWith('/ems/api/') ? emsTokenOf(ctx.app, token) : Promise.resolve(token));
      const page = pages.find((p) => p.page === op.resource?.page);
      const list = page?.resource.list ?? '';
      if (op.resource.format === 'pdf') {
        // Each tenant's document shows the text of its own rows, and none that only the other has.
        const textOf = async (token: string) => {
          const answer = await ctx.app.inject({
            method: methodOf(id),
            url: url(id),
            headers: { authorization: `Bearer ${await bearerOf(token)}` },
          });
          if (answer.statusCode !== 200) return { status: answer.statusCode, text: '' };
          return { status: 200, text: (await readPdf(answer.rawPayload)).map((p) => p.text.replace(/\s+/g, '')).join('') };
        };
        const textsOf = async (token: string) => {
          const answer = await call<{ records: Row[] }>(app, token, {
            method: methodOf(list),
            url: url(list),
            query: { size: '50' },
          });
          const plain = (page?.columns ?? []).filter(({ field }) => {
            const property = entities[entity]?.properties?.[field];
            return property?.type === 'string' && !property.enum && !property.format;
          });
          return answer.body.data.records.flatMap((row) =>
            plain.map(({ field }) => String(row[field] ?? '').replace(/\s+/g, '')),
          );
        };
        const ofB = await textsOf(b);
        const onlyA = (await textsOf(a)).filter((text) => text.length >= 4 && !ofB.some((other) => other.includes(text)));
        expect(onlyA.length).toBeGreaterThan(0);
        const own = await textOf(a);
        for (const text of onlyA) expect(own.text).toContain(text);
        const other = await textOf(b);
        if (refused === 403) expect(other.status).toBe(403);
        else for (const text of onlyA) expect(other.text).not.toContain(text);
        break;
      }
      // Each tenant's workbook has exactly the rows of its own list.
      const rowsOf = async (token: string) => {
        const answer = await ctx.app.inject({
          method: methodOf(id),
          url: url(id),
          headers: { authorization: `Bearer ${await bearerOf(token)}` },
        });
        if (answer.statusCode !== 200) return { status: answer.statusCode, rows: -1 };
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
        return { status: 200, rows: (workbook.worksheets[0]?.actualRowCount ?? 1) - 1 };
      };
      const totalOf = async (token: string) =>
        (await call<{ total: number }>(app, token, { method: methodOf(list), url: url(list), query: { size: '10' } })).body.data
          .total;
      const own = await rowsOf(a);
      expect(own.rows).toBe(await totalOf(a));
      expect(own.rows).toBeGreaterThan(0);
      const other = await rowsOf(b);
      if (refused === 403) expect(other.status).toBe(403);
      else expect(other.rows).toBe(await totalOf(b));
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

// Telemetry and alarms: tenant A's demo station T2-ST1, its devices and variables; tenant B has its own T44-…

const STATION_A = 'T2-ST1';
const DEVICE_A = 'T2-ST1-PCS1';
const VARIABLE_A = 'T2-ST1-PCS1.activePower';
const CONTROL_A = 'T2-ST1-PCS1.runState';

interface Request {
  method: Method | 'PATCH';
  url: string;
  query?: Record<string, string>;
  payload?: Row | Row[];
}

/** B sends a request naming A's station, devices, variables or records: to B they do not exist. */
function unknownToB(request: (ctx: Context) => Request | Promise<Request>, before?: (ctx: Context) => Promise<unknown>): Check {
  return async (ctx) => {
    const state = before ? await before(ctx) : undefined;
    const answer = await call(ctx.app, ctx.b, await request(ctx));
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(40400);
    if (before) expect(await before(ctx)).toEqual(state);
  };
}

/** A's view of a station-wide call, to compare before and after B's attempt. */
const asA = (request: Request) => async (ctx: Context) => (await call(ctx.app, ctx.a, request)).body;

/** A's station id, variable id, an alarm rule on the variable and an alarm it raised (made once per server). */
const alarmFixtures = new WeakMap<Context, Promise<{ stationId: number; generatorId: number; alarmId: number }>>();
function alarmOfA(ctx: Context): Promise<{ stationId: number; generatorId: number; alarmId: number }> {
  let fixture = alarmFixtures.get(ctx);
  if (!fixture) {
    fixture = (async () => {
      const station = await call<Row>(ctx.app, ctx.a, { method: 'GET', url: url('getStationBySn', { stationSn: STATION_A }) });
      const variables = await call<Row[]>(ctx.app, ctx.a, {
        method: 'POST',
        url: url('getDeviceVars'),
        payload: { deviceSns: DEVICE_A },
      });
      const variable = variables.body.data.find((v) => v.sn === VARIABLE_A);
      const types = await call<{ records: Row[] }>(ctx.app, ctx.a, {
        method: 'GET',
        url: url('getAlarmTypes'),
        query: { size: '50' },
      });
      const rule = await call<Row>(ctx.app, ctx.a, {
        method: 'POST',
        url: url('addAlarmGenerator'),
        payload: {
          name: 'Any power',
          variableId: variable?.id,
          comparison: 'gt',
          threshold: -1e9,
          typeId: types.body.data.records[0]?.id,
          info: 'x',
        },
      });
      expect(rule.body.msg).toBe('success');
      await call(ctx.app, ctx.a, {
        method: 'POST',
        url: url('ingestSamples'),
        payload: { samples: [{ sn: VARIABLE_A, ts: Date.now(), value: 1 }] },
      });
      const alarms = await call<{ records: Row[] }>(ctx.app, ctx.a, {
        method: 'POST',
        url: url('getAlarmSummarys'),
        payload: { stationSn: STATION_A, size: 50, status: '0,1' },
      });
      const alarm = alarms.body.data.records.find((a) => a.generatorId === rule.body.data.id);
      expect(alarm).toBeDefined();
      return { stationId: Number(station.body.data.id), generatorId: Number(rule.body.data.id), alarmId: Number(alarm?.id) };
    })();
    alarmFixtures.set(ctx, fixture);
  }
  return fixture;
}

/** Records only the server writes (no create call), and how tenant A comes to have one more. */
const SERVER_WRITTEN: Record<string, (ctx: Context) => Promise<Row>> = {
  /** A command to a new robot of A's: its entry in the robot's log. */
  robotEvent: async (ctx) => {
    const id = await robotOfA(ctx);
    await call(ctx.app, ctx.a, { method: 'POST', url: url('startRobotTask', { id }) });
    const log = await call<{ records: Row[] }>(ctx.app, ctx.a, {
      method: 'GET',
      url: url('getRobotEventPage'),
      query: { robotId: String(id) },
    });
    const [entry] = log.body.data.records;
    expect(entry).toBeDefined();
    return entry as Row;
  },
  /** A new rule of A's raising an alarm on A's first sample: its raising among the alarm task records. */
  alarmEvent: async (ctx) => {
    await alarmOfA(ctx);
    const variables = await call<Row[]>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('getDeviceVars'),
      payload: { deviceSns: DEVICE_A },
    });
    const types = await call<{ records: Row[] }>(ctx.app, ctx.a, {
      method: 'GET',
      url: url('getAlarmTypes'),
      query: { size: '50' },
    });
    const rule = await call<Row>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('addAlarmGenerator'),
      payload: {
        name: 'Any power again',
        variableId: variables.body.data.find((v) => v.sn === VARIABLE_A)?.id,
        comparison: 'gt',
        threshold: -1e9,
        typeId: types.body.data.records[0]?.id,
        info: 'y',
      },
    });
    await call(ctx.app, ctx.a, {
      method: 'POST',
      url: url('ingestSamples'),
      payload: { samples: [{ sn: VARIABLE_A, ts: Date.now(), value: 1 }] },
    });
    const events = await call<{ records: Row[] }>(ctx.app, ctx.a, {
      method: 'GET',
      url: url('getAlarmEventPage'),
      query: { size: '50', generatorId: String(rule.body.data.id), kind: 'raised' },
    });
    const [raised] = events.body.data.records;
    expect(raised).toBeDefined();
    return raised as Row;
  },
};

/** A robot of A's, new and idle. */
async function robotOfA(ctx: Context): Promise<number> {
  const station = await call<{ records: Row[] }>(ctx.app, ctx.a, {
    method: 'GET',
    url: url('getRobotPage'),
    query: { size: '10' },
  });
  const robot = await call<Row>(ctx.app, ctx.a, {
    method: 'POST',
    url: url('saveRobot'),
    payload: { name: 'A robot', sn: `RB-A-${Date.now() % 1e9}`, model: 'IR', stationId: station.body.data.records[0]?.stationId },
  });
  expect(robot.body.msg).toBe('success');
  return Number(robot.body.data.id);
}

/** A robot of A's, its state and log, to compare before and after B's attempt. */
const robotStateOfA = (id: number) => async (ctx: Context) => ({
  robot: (await call(ctx.app, ctx.a, { method: 'GET', url: url('getRobot', { id }) })).body,
  log: (await call(ctx.app, ctx.a, { method: 'GET', url: url('getRobotEventPage'), query: { robotId: String(id) } })).body,
});

/** B sends a command to a robot of A's (one in a state the command starts from). */
const robotCommandCheck =
  (operationId: string, before: string[]): Check =>
  async (ctx) => {
    const id = await robotOfA(ctx);
    for (const step of before) await call(ctx.app, ctx.a, { method: 'POST', url: url(step, { id }) });
    await unknownToB(() => ({ method: 'POST', url: url(operationId, { id }) }), robotStateOfA(id))(ctx);
  };

/** A new record of A's: made by its create call, or as the server makes it. */
const newRecordOfA = (ctx: Context, entity: string): Promise<Row> =>
  SERVER_WRITTEN[entity]?.(ctx) ?? createRecord(ctx, ctx.a, entity);

/** A's alarms and rules of the station, to compare before and after B's attempt. */
async function alarmStateOfA(ctx: Context): Promise<unknown> {
  const { alarmId } = await alarmOfA(ctx);
  return {
    alarm: (await call(ctx.app, ctx.a, { method: 'GET', url: url('getAlarm', { id: alarmId }) })).body,
    rules: (
      await call(ctx.app, ctx.a, { method: 'GET', url: url('getAlarmGenerators'), query: { stationSn: STATION_A, size: '50' } })
    ).body,
    switches: (await call(ctx.app, ctx.a, { method: 'GET', url: url('getAlarmSwitchers'), query: { stationSn: STATION_A } }))
      .body,
  };
}

/** The serial numbers in an answer, wherever they are. */
const snsIn = (data: unknown): string[] => JSON.stringify(data).match(/"(?:sn|stationSn)":"[^"]*"/g) ?? [];

const stationCall = (id: string, query: Record<string, string> = {}): Check =>
  unknownToB(() => ({ method: methodOf(id), url: url(id, { stationSn: STATION_A, sn: STATION_A }), query }));

const labelCall = (id: string, body: (labelId: number) => Row): Check =>
  unknownToB(async (ctx) => {
    const tree = await call<Row[]>(ctx.app, ctx.a, { method: 'GET', url: url('getEnergyLabelTree', { stationSn: STATION_A }) });
    const labelId = Number(tree.body.data[0]?.id);
    return { method: 'POST', url: url(id), payload: { type: 'DAY', querytime: '2026-11-20', ...body(labelId) } };
  });

/** A dashboard template of tenant A, made of its storage station's dashboard (once per server). */
const templateFixtures = new WeakMap<Context, Promise<Row>>();
function templateOfA(ctx: Context): Promise<Row> {
  let fixture = templateFixtures.get(ctx);
  if (!fixture) {
    fixture = call<Row>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('createKanbanTemplate'),
      payload: { name: 'Cross-tenant A', stationSn: STATION_A },
    }).then((answer) => answer.body.data);
    templateFixtures.set(ctx, fixture);
  }
  return fixture;
}

/** A call on A's template by B: 404, and A's template and its stations unchanged. */
const templateCall = (method: 'GET' | 'POST', id: string, body?: (template: Row) => Row): Check => {
  const ofA = async (ctx: Context) => {
    const template = await templateOfA(ctx);
    return [
      await asA({ method: 'GET', url: url('getKanbanTemplate', template) })(ctx),
      await asA({ method: 'GET', url: url('listKanbanTemplateStations', template) })(ctx),
    ];
  };
  return unknownToB(async (ctx) => {
    const template = await templateOfA(ctx);
    return { method, url: url(id, template), ...(body ? { payload: body(template) } : {}) };
  }, ofA);
};

const TELEMETRY_CHECKS: Record<string, Entry> = {
  getEnergyLabelTypes: 'not tenant-scoped: the fixed list of label types',
  listStations: async ({ app, a, b }) => {
    const ofA = await call(app, a, { method: 'GET', url: url('listStations') });
    const ofB = await call(app, b, { method: 'GET', url: url('listStations') });
    expect(snsIn(ofA.body.data)).toContain(`"sn":"${STATION_A}"`);
    expect(snsIn(ofB.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  getAllDevices: async (ctx) => {
    const all = await call(ctx.app, ctx.b, { method: 'GET', url: url('getAllDevices') });
    expect(all.status).toBe(200);
    expect(snsIn(all.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
    await unknownToB(() => ({ method: 'GET', url: url('getAllDevices'), query: { stationSn: STATION_A } }))(ctx);
  },
  getStationBySn: stationCall('getStationBySn'),
  getStationStatusDetail: stationCall('getStationStatusDetail'),
  getDevicesByStation: stationCall('getDevicesByStation'),
  getDeviceDetailsWithStatus: unknownToB(() => ({
    method: 'GET',
    url: url('getDeviceDetailsWithStatus'),
    query: { stationSn: STATION_A },
  })),
  getStationDetail: stationCall('getStationDetail'),
  getDailyDegree: stationCall('getDailyDegree', { day: '2026-11-20' }),
  getDailyLoad: stationCall('getDailyLoad', { day: '2026-11-20' }),
  getMonthlyCharge: stationCall('getMonthlyCharge', { month: '2026-11' }),
  getStationCharge: stationCall('getStationCharge', { chargeType: 'purchase' }),
  getStationChargeDays: stationCall('getStationChargeDays', { startDay: '2026-11-01', endDay: '2026-11-02' }),
  getPvKeyData: stationCall('getPvKeyData'),
  getPvInverters: stationCall('getPvInverters'),
  getPvPowerTrend: stationCall('getPvPowerTrend', { day: '2026-11-20' }),
  getStationWeather: stationCall('getStationWeather'),
  getEnergyLabelTree: stationCall('getEnergyLabelTree'),
  getEnergyTypes: stationCall('getEnergyTypes'),
  getYkVariables: stationCall('getYkVariables'),
  getSiteKanban: stationCall('getSiteKanban'),
  getDeviceVars: unknownToB(() => ({ method: 'POST', url: url('getDeviceVars'), payload: { deviceSns: DEVICE_A } })),
  getDeviceVarCodes: unknownToB(() => ({ method: 'POST', url: url('getDeviceVarCodes'), payload: { deviceSns: DEVICE_A } })),
  getVarsOfDevice: unknownToB(() => ({ method: 'GET', url: url('getVarsOfDevice', { deviceSn: DEVICE_A }) })),
  getRealtimeData: unknownToB(() => ({ method: 'POST', url: url('getRealtimeData'), payload: { sns: VARIABLE_A } })),
  getRealtimeDataPage: unknownToB(() => ({
    method: 'POST',
    url: url('getRealtimeDataPage'),
    query: { current: '1', size: '10' },
    payload: { sns: VARIABLE_A },
  })),
  getDevicesDataPage: unknownToB(() => ({
    method: 'POST',
    url: url('getDevicesDataPage'),
    query: { current: '1', size: '10' },
    payload: { sns: VARIABLE_A },
  })),
  getOneTimeDatas: unknownToB(() => ({
    method: 'GET',
    url: url('getOneTimeDatas'),
    query: { sns: VARIABLE_A, querytimes: '2026-11-20,2026-11-21' },
  })),
  getStatisticalValue: unknownToB(() => ({
    method: 'GET',
    url: url('getStatisticalValue'),
    query: { sns: VARIABLE_A, calcmethod: 'MAX', querytime: '2026-11-20', type: 'DAY' },
  })),
  getAccuSummarized: unknownToB(() => ({
    method: 'GET',
    url: url('getAccuSummarized'),
    query: { sns: VARIABLE_A, calcmethod: 'MAX', startTime: '2026-11-20', endTime: '2026-11-21' },
  })),
  getHistoryTrend: unknownToB(() => ({
    method: 'GET',
    url: url('getHistoryTrend'),
    query: { sns: VARIABLE_A, calcmethod: 'AVG', queryPeriod: 'HOUR', startTime: '2026-11-20', endTime: '2026-11-21' },
  })),
  getYkStatus: unknownToB(() => ({ method: 'GET', url: url('getYkStatus'), query: { sns: CONTROL_A } })),
  ykControl: unknownToB(
    () => ({ method: 'POST', url: url('ykControl'), payload: { sn: CONTROL_A, value: 0 } }),
    asA({ method: 'GET', url: url('getYkStatus'), query: { sns: CONTROL_A } }),
  ),
  saveSiteKanban: unknownToB(
    () => ({
      method: 'POST',
      url: url('saveSiteKanban'),
      payload: { stationSn: STATION_A, version: 0, schemaVersion: 1, layouts: {}, widgets: [] },
    }),
    asA({ method: 'GET', url: url('getSiteKanban', { stationSn: STATION_A }) }),
  ),
  listSiteKanbanVersions: stationCall('listSiteKanbanVersions'),
  getSiteKanbanVersion: unknownToB(() => ({
    method: 'GET',
    url: url('getSiteKanbanVersion', { stationSn: STATION_A, number: 1 }),
  })),
  restoreSiteKanbanVersion: unknownToB(
    () => ({
      method: 'POST',
      url: url('restoreSiteKanbanVersion', { stationSn: STATION_A, number: 1 }),
      payload: { version: 1 },
    }),
    asA({ method: 'GET', url: url('listSiteKanbanVersions', { stationSn: STATION_A }) }),
  ),
  planSiteKanbanCopy: unknownToB(() => ({
    method: 'POST',
    url: url('planSiteKanbanCopy', { stationSn: STATION_A }),
    payload: { targets: ['T2-PV1'] },
  })),
  planSiteKanbanImport: unknownToB(() => ({
    method: 'POST',
    url: url('planSiteKanbanImport', { stationSn: STATION_A }),
    payload: {
      document: { stationSn: STATION_A, version: 0, schemaVersion: 3, layouts: { desktop: [] }, widgets: [] },
      source: { stationSn: STATION_A },
    },
  })),
  detachSiteKanbanTemplate: unknownToB(
    () => ({ method: 'POST', url: url('detachSiteKanbanTemplate', { stationSn: STATION_A }) }),
    asA({ method: 'GET', url: url('listKanbanTemplates') }),
  ),
  listKanbanTemplates: async (ctx) => {
    const template = await templateOfA(ctx);
    const ofB = await call<Row[]>(ctx.app, ctx.b, { method: 'GET', url: url('listKanbanTemplates') });
    expect(ofB.status).toBe(200);
    expect(ofB.body.data.map((row) => row.id)).not.toContain(template.id);
  },
  createKanbanTemplate: unknownToB(
    () => ({ method: 'POST', url: url('createKanbanTemplate'), payload: { name: 'From A', stationSn: STATION_A } }),
    asA({ method: 'GET', url: url('listKanbanTemplates') }),
  ),
  getKanbanTemplate: templateCall('GET', 'getKanbanTemplate'),
  setKanbanTemplateDefault: templateCall('POST', 'setKanbanTemplateDefault', () => ({ isDefault: true })),
  attachKanbanTemplate: templateCall('POST', 'attachKanbanTemplate', () => ({
    stations: [{ stationSn: 'T44-ST1', version: 0 }],
  })),
  listKanbanTemplateStations: templateCall('GET', 'listKanbanTemplateStations'),
  getResolvedKanbanTemplate: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getResolvedKanbanTemplate', { id: (await templateOfA(ctx)).id, stationSn: STATION_A }),
  })),
  getSiteKanbanTemplate: stationCall('getSiteKanbanTemplate'),
  previewKanbanTemplate: templateCall('POST', 'previewKanbanTemplate', (template) => ({
    baseVersion: template.version,
    document: { stationSn: STATION_A, version: 0, schemaVersion: 2, layouts: { desktop: [] }, widgets: [] },
  })),
  publishKanbanTemplate: templateCall('POST', 'publishKanbanTemplate', (template) => ({
    baseVersion: template.version,
    document: { stationSn: STATION_A, version: 0, schemaVersion: 2, layouts: { desktop: [] }, widgets: [] },
    stations: [],
  })),
  getDashboardData: async (ctx) => {
    const answer = await call<{ code: number }[]>(ctx.app, ctx.b, {
      method: 'POST',
      url: url('getDashboardData'),
      payload: {
        needs: [
          { operationId: 'getStationStatusDetail', params: { stationSn: STATION_A } },
          { operationId: 'getRealtimeData', body: { sns: VARIABLE_A } },
          { operationId: 'getYkStatus', query: { sns: CONTROL_A } },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((need) => need.code)).toEqual([40400, 40400, 40400]);
  },
  ingestSamples: async (ctx) => {
    const before = await asA({ method: 'POST', url: url('getRealtimeData'), payload: { sns: VARIABLE_A } })(ctx);
    const answer = await call<{ accepted: number; unknown: string[] }>(ctx.app, ctx.b, {
      method: 'POST',
      url: url('ingestSamples'),
      payload: { samples: [{ sn: VARIABLE_A, ts: Date.now() + 60_000, value: 123_456 }] },
    });
    expect(answer.body.data).toMatchObject({ accepted: 0, unknown: [VARIABLE_A] });
    expect(await asA({ method: 'POST', url: url('getRealtimeData'), payload: { sns: VARIABLE_A } })(ctx)).toEqual(before);
  },
  getAllLabelTrendTotalDatas: labelCall('getAllLabelTrendTotalDatas', () => ({ stationSn: STATION_A })),
  getLabelTrendDatas: labelCall('getLabelTrendDatas', () => ({ stationSn: STATION_A })),
  getSomeLabelTrendDatas: labelCall('getSomeLabelTrendDatas', (labelId) => ({ labelIds: [labelId] })),
  getOneLabelTrendDatas: labelCall('getOneLabelTrendDatas', (labelId) => ({ labelId })),
  getElectricalDegreeAndCharge: labelCall('getElectricalDegreeAndCharge', (labelId) => ({ labelId })),
  getElectricalDegreeAndChargeTrend: labelCall('getElectricalDegreeAndChargeTrend', () => ({ stationSn: STATION_A })),

  getAlarmLevel: 'not tenant-scoped: the fixed list of alarm levels',
  getAlarmLevels: 'not tenant-scoped: the fixed list of alarm levels',
  getAlarmSource: 'not tenant-scoped: the fixed list of alarm sources',
  getAlarmGeneratorTypes: 'not tenant-scoped: the fixed list of comparisons',
  getAlarm: unknownToB(
    async (ctx) => ({ method: 'GET', url: url('getAlarm', { id: (await alarmOfA(ctx)).alarmId }) }),
    alarmStateOfA,
  ),
  updateAlarm: unknownToB(
    async (ctx) => ({
      method: 'PUT',
      url: url('updateAlarm', { id: (await alarmOfA(ctx)).alarmId }),
      payload: { checkInfo: 'mine', status: 0 },
    }),
    alarmStateOfA,
  ),
  confirmAlarm: unknownToB(
    async (ctx) => ({ method: 'POST', url: url('confirmAlarm', { id: (await alarmOfA(ctx)).alarmId }) }),
    alarmStateOfA,
  ),
  confirmStationAlarms: unknownToB(
    async (ctx) => ({ method: 'POST', url: url('confirmStationAlarms', { id: (await alarmOfA(ctx)).stationId }) }),
    alarmStateOfA,
  ),
  clearStationAlarms: unknownToB(
    async (ctx) => ({ method: 'DELETE', url: url('clearStationAlarms', { id: (await alarmOfA(ctx)).stationId }) }),
    alarmStateOfA,
  ),
  startRobotTask: robotCommandCheck('startRobotTask', []),
  returnRobotToDock: robotCommandCheck('returnRobotToDock', []),
  stopRobot: robotCommandCheck('stopRobot', ['startRobotTask']),
  dockRobot: robotCommandCheck('dockRobot', ['returnRobotToDock']),
  getAlarmPage: unknownToB(() => ({ method: 'GET', url: url('getAlarmPage'), query: { stationSn: STATION_A } })),
  exportAlarmRecords: unknownToB(() => ({ method: 'GET', url: url('exportAlarmRecords'), query: { stationSn: STATION_A } })),
  getAlarmSummarys: unknownToB(() => ({ method: 'POST', url: url('getAlarmSummarys'), payload: { stationSn: STATION_A } })),
  getEngeryAlarmList: unknownToB(() => ({ method: 'GET', url: url('getEngeryAlarmList'), query: { stationSn: STATION_A } })),
  getPeriodAlarms: unknownToB(() => ({
    method: 'GET',
    url: url('getPeriodAlarms'),
    query: { stationSn: STATION_A, startTime: '2020-01-01', endTime: '2030-01-01' },
  })),
  getWarningTrendValues: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getWarningTrendValues'),
    query: { alarmId: String((await alarmOfA(ctx)).alarmId) },
  })),
  getAlarmGenerators: unknownToB(() => ({ method: 'GET', url: url('getAlarmGenerators'), query: { stationSn: STATION_A } })),
  enableAllAlarmGenerators: unknownToB(
    async (ctx) => ({
      method: 'PUT',
      url: url('enableAllAlarmGenerators', { id: (await alarmOfA(ctx)).stationId }),
      query: { alarmEnable: 'false' },
    }),
    alarmStateOfA,
  ),
  enableOneAlarmGenerator: unknownToB(
    async (ctx) => ({
      method: 'PUT',
      url: url('enableOneAlarmGenerator', { id: (await alarmOfA(ctx)).generatorId }),
      query: { alarmEnable: 'false' },
    }),
    alarmStateOfA,
  ),
  addAlarmGenerator: async (ctx) => {
    // A rule on A's variable refers to no variable of B's.
    const variables = await call<Row[]>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('getDeviceVars'),
      payload: { deviceSns: DEVICE_A },
    });
    const types = await call<{ records: Row[] }>(ctx.app, ctx.b, {
      method: 'GET',
      url: url('getAlarmTypes'),
      query: { size: '50' },
    });
    const answer = await call(ctx.app, ctx.b, {
      method: 'POST',
      url: url('addAlarmGenerator'),
      payload: {
        name: 'Theirs',
        variableId: variables.body.data[0]?.id,
        comparison: 'gt',
        threshold: 1,
        typeId: types.body.data.records[0]?.id,
        info: 'x',
      },
    });
    expect(answer.status).toBe(400);
  },
  updateAlarmGenerator: unknownToB(async (ctx) => {
    const rules = await call<{ records: Row[] }>(ctx.app, ctx.a, {
      method: 'GET',
      url: url('getAlarmGenerators'),
      query: { stationSn: STATION_A, size: '50' },
    });
    const { generatorId } = await alarmOfA(ctx);
    const rule = rules.body.data.records.find((r) => r.id === generatorId) ?? {};
    return {
      method: 'PATCH',
      url: url('updateAlarmGenerator'),
      payload: { ...writable('alarmGenerator', rule), id: rule.id, threshold: 5 },
    };
  }, alarmStateOfA),
  deleteAlarmGenerator: unknownToB(
    async (ctx) => ({ method: 'DELETE', url: url('deleteAlarmGenerator', { id: (await alarmOfA(ctx)).generatorId }) }),
    alarmStateOfA,
  ),
  getAlarmSwitchers: unknownToB(() => ({ method: 'GET', url: url('getAlarmSwitchers'), query: { stationSn: STATION_A } })),
  closeAlarmSwitcher: unknownToB(
    () => ({ method: 'POST', url: url('closeAlarmSwitcher'), query: { stationSn: STATION_A, deviceSns: DEVICE_A } }),
    alarmStateOfA,
  ),
  openAlarmSwitcher: unknownToB(
    () => ({ method: 'POST', url: url('openAlarmSwitcher'), query: { stationSn: STATION_A } }),
    alarmStateOfA,
  ),
};

// Sales: A's orders, quotations and contracts; B names them, or hands its own order to A's employee

/** A's order as A reads it, to compare before and after B's attempt. */
const orderOfA = async (ctx: Context) => {
  const order = await ctx.recordOf('salesOrder');
  return (await call(ctx.app, ctx.a, { method: 'GET', url: url('getOrderById'), query: { id: String(order.id) } })).body;
};

/** B hands its own order to an employee of A: to B that employee does not exist, and B's order keeps its owner. */
function transferToEmployeeOfA(id: string, payload: (orderId: unknown, employeeId: unknown) => Row): Check {
  return async (ctx) => {
    const own = await createRecord(ctx, ctx.b, 'salesOrder');
    const employeeOfA = await existingId(ctx, ctx.a, 'user');
    const answer = await call(ctx.app, ctx.b, { method: 'POST', url: url(id), payload: payload(own.id, employeeOfA) });
    expect(answer.status).toBe(404);
    const after = await call<Row>(ctx.app, ctx.b, { method: 'GET', url: url('getOrderById'), query: { id: String(own.id) } });
    expect(after.body.data.ownerId).toBe(own.ownerId);
    const aimed = await call(ctx.app, ctx.b, {
      method: 'POST',
      url: url(id),
      payload: payload((await ctx.recordOf('salesOrder')).id, employeeOfA),
    });
    expect(aimed.status).toBe(404);
  };
}

/** A's contract moved into a list by its transitions: A's list of that state shows it, B's does not. */
function contractList(id: string, steps: string[]): Check {
  return async (ctx) => {
    const contract = await createRecord(ctx, ctx.a, 'contractFile');
    for (const step of steps) {
      const moved = await call(ctx.app, ctx.a, { method: 'PUT', url: url(step, { id: contract.id }) });
      expect(moved.status).toBe(200);
    }
    const query = { size: '50', contractNo: String(contract.contractNo) };
    const own = await call(ctx.app, ctx.a, { method: 'GET', url: url(id), query });
    expect(idsIn(own.body.data)).toContain(contract.id);
    const other = await call(ctx.app, ctx.b, { method: 'GET', url: url(id), query });
    expect(other.status).toBe(200);
    expect(idsIn(other.body.data)).not.toContain(contract.id);
  };
}

const SALES_CHECKS: Record<string, Entry> = {
  orderTransfer: transferToEmployeeOfA('orderTransfer', (id, userId) => ({ id, userId })),
  orderTransferBatch: transferToEmployeeOfA('orderTransferBatch', (id, userId) => ({ ids: [id], userId })),
  getRelatedOrders: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getRelatedOrders'),
    query: { id: String((await ctx.recordOf('salesOrder')).id) },
  })),
  getPayInvoiceStat: unknownToB(
    async (ctx) => ({
      method: 'GET',
      url: url('getPayInvoiceStat'),
      query: { orderId: String((await ctx.recordOf('salesOrder')).id) },
    }),
    orderOfA,
  ),
  getProjFinishCalcDtl: unknownToB(
    async (ctx) => ({
      method: 'GET',
      url: url('getProjFinishCalcDtl'),
      query: { orderId: String((await ctx.recordOf('salesOrder')).id) },
    }),
    orderOfA,
  ),
  getBudgetForQuoteInfo: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getBudgetForQuoteInfo'),
    query: { id: String((await ctx.recordOf('quote')).id) },
  })),
  getQuoteForOrder: async (ctx) => {
    const order = await ctx.recordOf('salesOrder');
    const quote = { ...freshExample('quote'), customerId: await existingId(ctx, ctx.a, 'customer'), orderId: order.id };
    expect((await call(ctx.app, ctx.a, { method: 'POST', url: url('saveQuote'), payload: quote })).status).toBe(200);
    const query = { orderId: String(order.id) };
    const own = await call(ctx.app, ctx.a, { method: 'GET', url: url('getQuoteForOrder'), query });
    expect(idsIn(own.body.data).length).toBeGreaterThan(0);
    const other = await call(ctx.app, ctx.b, { method: 'GET', url: url('getQuoteForOrder'), query });
    expect(other.status).toBe(404);
  },
  getOrderYearStat: async (ctx) => {
    const year = String(example('salesOrder').signDate).slice(0, 4);
    const figures = async (token: string) =>
      (await call<{ count: number }>(ctx.app, token, { method: 'GET', url: url('getOrderYearStat'), query: { year } })).body.data;
    const ownBefore = await figures(ctx.a);
    const otherBefore = await figures(ctx.b);
    await createRecord(ctx, ctx.a, 'salesOrder');
    expect((await figures(ctx.a)).count).toBe(ownBefore.count + 1);
    expect(await figures(ctx.b)).toEqual(otherBefore);
  },
  getContractRanking: async (ctx) => {
    const ranking = async (token: string) =>
      (await call<{ records: Row[] }>(ctx.app, token, { method: 'GET', url: url('getContractRanking') })).body.data.records;
    const otherBefore = await ranking(ctx.b);
    const customerId = await existingId(ctx, ctx.a, 'customer');
    const order = await createRecord(ctx, ctx.a, 'salesOrder');
    const top = { ...writable('salesOrder', order), id: order.id, customerId, contractAmount: 9999999999.99 };
    expect((await call(ctx.app, ctx.a, { method: 'PUT', url: url('updateOrder'), payload: top })).status).toBe(200);
    expect((await ranking(ctx.a))[0]?.customerId).toBe(customerId);
    expect(await ranking(ctx.b)).toEqual(otherBefore);
  },
  checkRankingPartake: async ({ app, b }) => {
    const answer = await call<{ partake: boolean }>(app, b, { method: 'GET', url: url('checkRankingPartake') });
    expect(answer.status).toBe(200);
    expect(typeof answer.body.data.partake).toBe('boolean');
  },
  getContractFilePendingSignaturePage: contractList('getContractFilePendingSignaturePage', []),
  getContractFileSignedPage: contractList('getContractFileSignedPage', ['signContractFile']),
  getContractFileCompletedPage: contractList('getContractFileCompletedPage', ['signContractFile', 'completeContractFile']),
  getContractFileDeletedPage: contractList('getContractFileDeletedPage', ['removeContractFile']),
};

// Station and device administration: tenant B names A's stations, channels, devices, servers and settings.

/** The id of the first record of one of A's lists. */
async function firstIdOfA(ctx: Context, list: string, query: Record<string, string> = {}): Promise<number> {
  const answer = await call<{ records: Row[] }>(ctx.app, ctx.a, {
    method: methodOf(list),
    url: url(list),
    query: { size: '50', ...query },
  });
  return Number(answer.body.data.records[0]?.id);
}

/** The id of A's demo station, as A reads it. */
const stationIdOfA = async (ctx: Context) =>
  Number((await call<Row>(ctx.app, ctx.a, { method: 'GET', url: url('getStationBySn', { stationSn: STATION_A }) })).body.data.id);

/** What A has of its first station: the station, its devices, channels, limits and charges. */
async function stationStateOfA(ctx: Context): Promise<unknown> {
  const id = await stationIdOfA(ctx);
  const read = async (opId: string, query: Record<string, string> = {}, params: Row = {}) =>
    (await call(ctx.app, ctx.a, { method: methodOf(opId), url: url(opId, params), query })).body;
  return {
    station: await read('getEmsStationById', { id: String(id) }),
    devices: await read('getMonitorDevicePage', { stationId: String(id), size: '50' }),
    channels: await read('getMonitorChannelPage', { stationId: String(id), size: '50' }),
    quality: await read('getQualityThresholdSetting', {}, { id }),
    charges: await read('getStationChargePage', { stationId: String(id), size: '50' }),
  };
}

/** B's answer holds none of A's ids (records A's list answered). */
const noneOfA =
  (opId: string, list: string): Check =>
  async (ctx) => {
    const ofA = await call<{ records: Row[] }>(ctx.app, ctx.a, { method: methodOf(list), url: url(list), query: { size: '50' } });
    const ofB = await call(ctx.app, ctx.b, { method: methodOf(opId), url: url(opId) });
    expect(ofB.status).toBe(200);
    expect(ofA.body.data.records.length).toBeGreaterThan(0);
    expect(idsIn(ofB.body.data).filter((id) => idsIn(ofA.body.data).includes(id))).toEqual([]);
  };

const EMSDEVICES_CHECKS: Record<string, Entry> = {
  deleteStation: unknownToB(
    async (ctx) => ({
      method: 'DELETE',
      url: url('deleteStation'),
      query: { id: String(await stationIdOfA(ctx)), sn: STATION_A },
    }),
    stationStateOfA,
  ),
  getStationByDept: async (ctx) => {
    const deptId = await firstIdOfA(ctx, 'getDepartmentPage');
    await unknownToB(() => ({ method: 'GET', url: url('getStationByDept'), query: { deptId: String(deptId) } }))(ctx);
    const all = await call(ctx.app, ctx.b, { method: 'GET', url: url('getStationByDept') });
    expect(snsIn(all.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  getCollectorStation: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getCollectorStation', { id: await firstIdOfA(ctx, 'getMonitorServerPage') }),
  })),
  getCompanyDevice: async (ctx) => {
    const all = await call(ctx.app, ctx.b, { method: 'GET', url: url('getCompanyDevice') });
    expect(all.status).toBe(200);
    expect(snsIn(all.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  addCopyStation: unknownToB(
    async (ctx) => ({
      method: 'POST',
      url: url('addCopyStation'),
      payload: { id: await stationIdOfA(ctx), sn: 'T2-COPIED-BY-B' },
    }),
    async (ctx) => ({
      a: await stationStateOfA(ctx),
      copy: (await call(ctx.app, ctx.a, { method: 'GET', url: url('getStationBySn', { stationSn: 'T2-COPIED-BY-B' }) })).status,
    }),
  ),
  updateMonitorChannelBySn: unknownToB(
    () => ({
      method: 'PUT',
      url: url('updateMonitorChannelBySn', { sn: `${STATION_A}-CH1` }),
      payload: { ...example('monitorChannel'), sn: `${STATION_A}-CH1` },
    }),
    stationStateOfA,
  ),
  deleteMonitorChannelBySn: unknownToB(
    () => ({ method: 'DELETE', url: url('deleteMonitorChannelBySn', { sn: `${STATION_A}-CH1` }) }),
    stationStateOfA,
  ),
  updateMonitorDeviceBySn: unknownToB(
    () => ({
      method: 'PUT',
      url: url('updateMonitorDeviceBySn', { sn: DEVICE_A }),
      payload: { ...example('device'), sn: DEVICE_A },
    }),
    stationStateOfA,
  ),
  deleteMonitorDeviceBySn: unknownToB(
    () => ({ method: 'DELETE', url: url('deleteMonitorDeviceBySn', { sn: DEVICE_A }) }),
    stationStateOfA,
  ),
  getAllServer: noneOfA('getAllServer', 'getMonitorServerPage'),
  getAllDeviceModels: async (ctx) => {
    const ofA = await call<Row[]>(ctx.app, ctx.a, { method: 'GET', url: url('getAllDeviceModels') });
    const ofB = await call<Row[]>(ctx.app, ctx.b, { method: 'GET', url: url('getAllDeviceModels') });
    expect(ofA.body.data.length).toBeGreaterThan(0);
    expect(idsIn(ofB.body.data).filter((id) => idsIn(ofA.body.data).includes(id))).toEqual([]);
  },
  saveEmsDeviceModel: async (ctx) => {
    // B's model lands in B's tenant only.
    const made = await call<Row>(ctx.app, ctx.b, {
      method: 'POST',
      url: url('saveEmsDeviceModel'),
      payload: freshExample('emsDeviceModel'),
    });
    expect(made.status).toBe(200);
    const ofA = await call<{ records: Row[] }>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('getEmsDeviceModelPage'),
      query: { size: '50' },
    });
    expect(idsIn(ofA.body.data)).not.toContain(made.body.data.id);
  },
  updateEmsDeviceModel: unknownToB(
    async (ctx) => ({
      method: 'PUT',
      url: url('updateEmsDeviceModel'),
      payload: { ...example('emsDeviceModel'), id: await firstIdOfA(ctx, 'getEmsDeviceModelPage') },
    }),
    async (ctx) =>
      asA({ method: 'GET', url: url('getEmsDeviceModel', { id: await firstIdOfA(ctx, 'getEmsDeviceModelPage') }) })(ctx),
  ),
  exportEmsDeviceModelMap: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('exportEmsDeviceModelMap', { id: await firstIdOfA(ctx, 'getEmsDeviceModelPage') }),
  })),
  exportEmsDeviceModelMapCsv: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('exportEmsDeviceModelMapCsv', { id: await firstIdOfA(ctx, 'getEmsDeviceModelPage') }),
  })),
  importEmsDeviceModelMap: async (ctx) => {
    // B's file, aimed at A's model: to B the model does not exist, and A's map stays as it was.
    const id = await firstIdOfA(ctx, 'getEmsDeviceModelPage');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('map');
    sheet.addRow(['code', 'name', 'kind']);
    sheet.addRow(['importedByB', 'x', 'gauge']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await asA({ method: 'GET', url: url('getEmsDeviceModel', { id }) })(ctx);
    const answer = await call(ctx.app, ctx.b, {
      method: 'POST',
      url: url('importEmsDeviceModelMap', { id }),
      ...multipart('map.xlsx', data),
    });
    expect(answer.status).toBe(404);
    expect(await asA({ method: 'GET', url: url('getEmsDeviceModel', { id }) })(ctx)).toEqual(before);
  },
  applyMonitorDeviceModel: unknownToB(
    async (ctx) => ({
      method: 'POST',
      url: url('applyMonitorDeviceModel', { id: await firstIdOfA(ctx, 'getMonitorDevicePage', { sn: DEVICE_A }) }),
    }),
    stationStateOfA,
  ),
  getQualityThresholdSetting: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getQualityThresholdSetting', { id: await stationIdOfA(ctx) }),
  })),
  resetQualityThresholdSetting: unknownToB(
    async (ctx) => ({ method: 'PUT', url: url('resetQualityThresholdSetting', { id: await stationIdOfA(ctx) }) }),
    stationStateOfA,
  ),
  updateQualityThresholdSetting: unknownToB(
    async (ctx) => ({
      method: 'PUT',
      url: url('updateQualityThresholdSetting'),
      payload: { ...example('qualityThreshold'), stationId: await stationIdOfA(ctx), voltageUpper: 50 },
    }),
    stationStateOfA,
  ),
  getElectricityPriceConfig: stationCall('getElectricityPriceConfig', { stationSn: STATION_A }),
  transformerMeterMonitoring: unknownToB(async (ctx) => ({
    method: 'POST',
    url: url('transformerMeterMonitoring'),
    query: { transformerId: String(await firstIdOfA(ctx, 'getTransformerPage')) },
  })),
  getStationChargeConfig: stationCall('getStationChargeConfig', { stationSn: STATION_A }),
  saveStationChargeConfig: unknownToB(
    async (ctx) => ({
      method: 'POST',
      url: url('saveStationChargeConfig'),
      payload: { ...example('stationCharge'), stationId: await stationIdOfA(ctx) },
    }),
    stationStateOfA,
  ),
  issueMqttCredentials: unknownToB(async (ctx) => ({
    method: 'POST',
    url: url('issueMqttCredentials'),
    payload: { channelId: await firstIdOfA(ctx, 'getMonitorChannelPage'), replace: true },
  })),
  saveVariableMap: unknownToB(
    async (ctx) => ({
      method: 'POST',
      url: url('saveVariableMap'),
      payload: { variableId: await firstIdOfA(ctx, 'getDeviceVarPage'), register: 60_000, dataType: 'int16' },
    }),
    asA({ method: 'GET', url: url('getVariableMapPage'), query: { size: '50' } }),
  ),
  updateVariableMap: unknownToB(
    async (ctx) => {
      const map = (
        await call<{ records: Row[] }>(ctx.app, ctx.a, { method: 'GET', url: url('getVariableMapPage'), query: { size: '1' } })
      ).body.data.records[0];
      return {
        method: 'PUT',
        url: url('updateVariableMap'),
        payload: { id: map?.id, variableId: map?.variableId, register: 60_000, dataType: 'int16' },
      };
    },
    asA({ method: 'GET', url: url('getVariableMapPage'), query: { size: '50' } }),
  ),
  getVars: async (ctx) => {
    await unknownToB(() => ({ method: 'GET', url: url('getVars'), query: { deviceSn: DEVICE_A } }))(ctx);
    const all = await call(ctx.app, ctx.b, { method: 'GET', url: url('getVars') });
    expect(snsIn(all.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  getVarsSimplify: async (ctx) => {
    await unknownToB(() => ({ method: 'GET', url: url('getVarsSimplify'), query: { stationSn: STATION_A } }))(ctx);
    const all = await call(ctx.app, ctx.b, { method: 'GET', url: url('getVarsSimplify') });
    expect(snsIn(all.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  batchImportDeviceVars: async (ctx) => {
    const deviceId = (
      await call<Row[]>(ctx.app, ctx.a, { method: 'GET', url: url('getDevicesByStation', { stationSn: STATION_A }) })
    ).body.data[0]?.id;
    const answer = await call(ctx.app, ctx.b, {
      method: 'POST',
      url: url('batchImportDeviceVars'),
      payload: { variables: [{ sn: 'T2-B-IMPORTED.x', name: 'x', kind: 'gauge', deviceId }] },
    });
    expect(answer.status).toBe(400);
    const ofA = await call(ctx.app, ctx.a, { method: 'GET', url: url('getVars'), query: { stationSn: STATION_A } });
    expect(JSON.stringify(ofA.body.data)).not.toContain('T2-B-IMPORTED');
  },
  getLabelLinkedVariables: unknownToB(async (ctx) => {
    const tree = await call<Row[]>(ctx.app, ctx.a, { method: 'GET', url: url('getEnergyLabelTree', { stationSn: STATION_A }) });
    return { method: 'GET', url: url('getLabelLinkedVariables', { id: tree.body.data[0]?.id }) };
  }),
  getEmsDeviceTree: async (ctx) => {
    await unknownToB(() => ({ method: 'GET', url: url('getEmsDeviceTree'), query: { stationSn: STATION_A } }))(ctx);
    const all = await call(ctx.app, ctx.b, { method: 'GET', url: url('getEmsDeviceTree') });
    expect(snsIn(all.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  importMonitorDevice: async (ctx) => {
    // B's workbook names A's station: to B it does not exist, and nothing is imported.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('devices');
    sheet.addRow(['sn', 'name', 'kind', 'stationName']);
    sheet.addRow(['T2-B-IMPORTED', 'x', 'meter', STATION_A]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const { payload, headers } = multipart('devices.xlsx', data);
    const answer = await call(ctx.app, ctx.b, { method: 'POST', url: url('importMonitorDevice'), payload, headers });
    expect(answer.status).toBe(400);
    const ofA = await call(ctx.app, ctx.a, { method: 'GET', url: url('getAllDevices') });
    expect(JSON.stringify(ofA.body.data)).not.toContain('T2-B-IMPORTED');
  },
  openAirConditioner: unknownToB(() => ({
    method: 'POST',
    url: url('openAirConditioner'),
    query: { deviceSn: `${STATION_A}-AC` },
  })),
  closeAirConditioner: unknownToB(() => ({
    method: 'POST',
    url: url('closeAirConditioner'),
    query: { deviceSn: `${STATION_A}-AC` },
  })),
  getDeviceDiagram: stationCall('getDeviceDiagram', { stationSn: STATION_A }),
  getDeviceDiagramData: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getDeviceDiagramData', { id: await firstIdOfA(ctx, 'getDeviceDiagramPage') }),
  })),
  saveDeviceDiagram: unknownToB(
    async (ctx) => ({
      method: 'POST',
      url: url('saveDeviceDiagram'),
      payload: {
        ...example('deviceDiagram'),
        id: await firstIdOfA(ctx, 'getDeviceDiagramPage'),
        stationId: await stationIdOfA(ctx),
      },
    }),
    async (ctx) =>
      (await call(ctx.app, ctx.a, { method: 'GET', url: url('getDeviceDiagram'), query: { stationSn: STATION_A } })).body,
  ),
  getQualityRealtime: unknownToB(() => ({
    method: 'POST',
    url: url('getQualityRealtime'),
    payload: { deviceSn: `${STATION_A}-MTR` },
  })),
  getQualityMonthlyReport: unknownToB(() => ({
    method: 'GET',
    url: url('getQualityMonthlyReport'),
    query: { deviceSn: `${STATION_A}-MTR`, month: '2026-11' },
  })),
  getStationReportGroups: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getStationReportGroups', { id: await stationIdOfA(ctx) }),
  })),
  getReportGroupTrend: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getReportGroupTrend', { id: await firstIdOfA(ctx, 'getReportGroupPage') }),
    query: { startTime: '2026-11-20', endTime: '2026-11-21' },
  })),
  getReportGroupDataInfo: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getReportGroupDataInfo', { id: await firstIdOfA(ctx, 'getReportGroupPage') }),
    query: { type: 'DAY', querytime: '2026-11-20' },
  })),
  getVariableDataTypes: 'not tenant-scoped: the fixed list of register data types',
};

/** Tenant A's own employee record (the demo administrator), who approves and is copied in A's approval fixtures. */
async function employeeOfA(ctx: Context): Promise<unknown> {
  const users = await call<{ records: Row[] }>(ctx.app, ctx.a, {
    method: 'GET',
    url: url('getUserPage'),
    query: { size: '50', name: '系统管理员' },
  });
  return users.body.data.records[0]?.id;
}

/** Approvals of tenant A assigned to and copied to A's administrator: one pending, one agreed (made once per server). */
const approvalFixtures = new WeakMap<Context, Promise<{ pending: Row; agreed: Row }>>();
function approvalsOfA(ctx: Context): Promise<{ pending: Row; agreed: Row }> {
  let fixture = approvalFixtures.get(ctx);
  if (!fixture) {
    fixture = (async () => {
      const me = await employeeOfA(ctx);
      const make = async () => {
        const answer = await call<Row>(ctx.app, ctx.a, {
          method: 'POST',
          url: url('saveApproval'),
          payload: { ...example('approval'), approverId: me, copyUsers: [{ userId: me }] },
        });
        expect(answer.body.msg).toBe('success');
        return answer.body.data;
      };
      const pending = await make();
      const decided = await make();
      const agreed = await call<Row>(ctx.app, ctx.a, { method: 'PUT', url: url('approveTask'), payload: { id: decided.id } });
      expect(agreed.body.data.state).toBe('agreed');
      return { pending, agreed: agreed.body.data };
    })();
    approvalFixtures.set(ctx, fixture);
  }
  return fixture;
}

/** A's approval as A reads it, to compare before and after B's attempt. */
const pendingApprovalOfA = async (ctx: Context) => {
  const { pending } = await approvalsOfA(ctx);
  return (await call(ctx.app, ctx.a, { method: 'GET', url: url('getApprovalById', pending) })).body;
};

/** A sees its approval in the list; B, asking the same, does not. */
const approvalListCheck =
  (id: string, which: 'pending' | 'agreed'): Check =>
  async (ctx) => {
    const record = (await approvalsOfA(ctx))[which];
    const own = await call(ctx.app, ctx.a, { method: 'GET', url: url(id), query: { size: '50' } });
    expect(idsIn(own.body.data)).toContain(record.id);
    const other = await call(ctx.app, ctx.b, { method: 'GET', url: url(id), query: { size: '50' } });
    expect(other.status).toBe(200);
    expect(idsIn(other.body.data)).not.toContain(record.id);
  };

/** B names A's pending approval in an approval step: to B it does not exist, and it stays as it was. */
const approvalStepCheck = (id: string, withOpinion: boolean): Check =>
  unknownToB(async (ctx) => {
    const { pending } = await approvalsOfA(ctx);
    return { method: 'PUT', url: url(id), payload: { id: pending.id, ...(withOpinion ? { opinion: 'Taken over' } : {}) } };
  }, pendingApprovalOfA);

/** B names A's expenditure or leave application in the applicant's steps: to B it does not exist, and it stays as it was. */
const applicationStepCheck = (id: string, entity: string, get: string): Check =>
  unknownToB(
    async (ctx) => ({ method: 'PUT', url: url(id), payload: { id: (await ctx.recordOf(entity)).id } }),
    async (ctx) => (await call(ctx.app, ctx.a, { method: 'GET', url: url(get, await ctx.recordOf(entity)) })).body,
  );

const OA_CHECKS: Record<string, Entry> = {
  getTodoTaskPage: approvalListCheck('getTodoTaskPage', 'pending'),
  getDoneTaskPage: approvalListCheck('getDoneTaskPage', 'agreed'),
  getCopiedApprovalPage: approvalListCheck('getCopiedApprovalPage', 'pending'),
  approveTask: approvalStepCheck('approveTask', true),
  rejectTask: approvalStepCheck('rejectTask', true),
  withdrawMyApproval: approvalStepCheck('withdrawMyApproval', false),
  resubmitMyApproval: approvalStepCheck('resubmitMyApproval', false),
  withdrawMyExpendProcess: applicationStepCheck('withdrawMyExpendProcess', 'expenditure', 'getExpendProcessById'),
  resubmitMyExpendProcess: applicationStepCheck('resubmitMyExpendProcess', 'expenditure', 'getExpendProcessById'),
  withdrawMyVacationProcess: applicationStepCheck('withdrawMyVacationProcess', 'leaveApplication', 'getVacationProcessById'),
  resubmitMyVacationProcess: applicationStepCheck('resubmitMyVacationProcess', 'leaveApplication', 'getVacationProcessById'),
};

// Customer relations: the customer pool, hand-overs, shares, the registry lookup, vehicles.

/** B aims a call at A's records: refused as `refusalFor` says (404: to B they do not exist), and A's view unchanged. */
function refusedToB(
  id: string,
  request: (ctx: Context) => Promise<Request> | Request,
  before: (ctx: Context) => Promise<unknown>,
): Check {
  return async (ctx) => {
    const state = await before(ctx);
    const answer = await call(ctx.app, ctx.b, await request(ctx));
    expect(answer.status).toBe(refusalFor(ctx, operation(id)));
    expect(await before(ctx)).toEqual(state);
  };
}

/** A's customers of the pool (the demo leaves some without an owner). */
async function poolOfA(ctx: Context): Promise<Row[]> {
  const pool = await call<{ records: Row[] }>(ctx.app, ctx.a, {
    method: 'GET',
    url: url('youyouCustomerList'),
    query: { size: '50' },
  });
  expect(pool.body.data.records.length).toBeGreaterThan(0);
  return pool.body.data.records;
}

/** A's own customer and how A sees it with its shares, to compare before and after. */
const customerOfA = async (ctx: Context) => (await ctx.recordOf('customer')).id as number;
const customerStateOfA = async (ctx: Context) => {
  const id = await customerOfA(ctx);
  const customer = await call(ctx.app, ctx.a, { method: 'GET', url: url('getCustomerInfoById'), query: { id: String(id) } });
  const shares = await call(ctx.app, ctx.a, {
    method: 'GET',
    url: url('getCustomerOwnerList'),
    query: { customerId: String(id), size: '50' },
  });
  return { customer: customer.body, shares: shares.body };
};

/** An employee of tenant B (as A's administrator account switched to tenant 10 sees its own). */
async function employeeOfOtherTenant(ctx: Context): Promise<number> {
  const page = await call<{ records: Row[] }>(ctx.app, ctx.adminOf10, {
    method: 'GET',
    url: url('getUserPage'),
    query: { size: '10' },
  });
  return Number(page.body.data.records[0]?.id);
}

/** A hands its customer to, or shares it with, an employee of another tenant: refused, nothing changes. */
function intoOtherTenant(id: string, payload: (customerId: number, employeeId: number) => Row): Check {
  return async (ctx) => {
    const before = await customerStateOfA(ctx);
    const employeeId = await employeeOfOtherTenant(ctx);
    const answer = await call(ctx.app, ctx.a, {
      method: 'POST',
      url: url(id),
      payload: payload(await customerOfA(ctx), employeeId),
    });
    expect([400, 404]).toContain(answer.status);
    expect(await customerStateOfA(ctx)).toEqual(before);
  };
}

const CRM_CHECKS: Record<string, Entry> = {
  getLocationByAddress: 'not tenant-scoped: geocoding from the city table shipped with the platform',
  getCityList: 'not tenant-scoped: the city table shipped with the platform',
  youyouCustomerList: async (ctx) => {
    const ofA = (await poolOfA(ctx)).map((c) => c.id);
    const ofB = await call<{ records: Row[] }>(ctx.app, ctx.b, {
      method: 'GET',
      url: url('youyouCustomerList'),
      query: { size: '50' },
    });
    expect(ofB.status).toBe(refusalFor(ctx, operation('youyouCustomerList')) === 403 ? 403 : 200);
    expect(idsIn(ofB.body.data).filter((id) => ofA.includes(id))).toEqual([]);
  },
  intoCustomer: refusedToB(
    'intoCustomer',
    async (ctx) => ({ method: 'POST', url: url('intoCustomer'), payload: { id: (await poolOfA(ctx))[0]?.id } }),
    async (ctx) => (await poolOfA(ctx)).map((c) => c.id),
  ),
  customerTrans: async (ctx) => {
    await refusedToB(
      'customerTrans',
      async (c) => ({ method: 'POST', url: url('customerTrans'), payload: { id: await customerOfA(c), userId: 1 } }),
      customerStateOfA,
    )(ctx);
    await intoOtherTenant('customerTrans', (id, userId) => ({ id, userId }))(ctx);
  },
  customerTransBatch: async (ctx) => {
    await refusedToB(
      'customerTransBatch',
      async (c) => ({ method: 'POST', url: url('customerTransBatch'), payload: { ids: [await customerOfA(c)], userId: 1 } }),
      customerStateOfA,
    )(ctx);
    await intoOtherTenant('customerTransBatch', (id, userId) => ({ ids: [id], userId }))(ctx);
  },
  customerShare: async (ctx) => {
    await refusedToB(
      'customerShare',
      async (c) => ({ method: 'POST', url: url('customerShare'), payload: { customerId: await customerOfA(c), userIds: [1] } }),
      customerStateOfA,
    )(ctx);
    await intoOtherTenant('customerShare', (customerId, userId) => ({ customerId, userIds: [userId] }))(ctx);
  },
  youyouCustomerInfo: async (ctx) => {
    // A's customer with a tax number of A's registry: B learns neither the registry entry nor the customer.
    const customer = await ctx.recordOf('customer');
    const taxNumber = String(customer.taxNumber);
    const ofA = await call<Row>(ctx.app, ctx.a, { method: 'POST', url: url('youyouCustomerInfo'), payload: { taxNumber } });
    expect(ofA.body.data.customerId).toBeDefined();
    const pool = await poolOfA(ctx);
    const own = await call<Row>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('youyouCustomerInfo'),
      payload: { taxNumber: '91320500MA1MXK8P3H' },
    });
    expect(own.body.data.found).toBe(true);
    const ofB = await call<Row>(ctx.app, ctx.b, { method: 'POST', url: url('youyouCustomerInfo'), payload: { taxNumber } });
    if (refusalFor(ctx, operation('youyouCustomerInfo')) === 403) expect(ofB.status).toBe(403);
    else {
      expect(ofB.status).toBe(200);
      expect([customer.id, ...pool.map((c) => c.id)]).not.toContain(ofB.body.data.customerId);
      expect(ofB.body.data.customerId).toBeNull();
    }
  },
  getRealTimeVehicle: async ({ app, a, b }) => {
    const ofA = await call<Row[]>(app, a, { method: 'GET', url: url('getRealTimeVehicle') });
    const ofB = await call<Row[]>(app, b, { method: 'GET', url: url('getRealTimeVehicle') });
    expect(ofA.body.data.length).toBeGreaterThan(0);
    expect(idsIn(ofB.body.data).filter((id) => idsIn(ofA.body.data).includes(id))).toEqual([]);
  },
};

/** The first article of tenant A, and how A sees its likes and comments. */
async function articleOfA(ctx: Context): Promise<number> {
  const list = await call<{ records: Row[] }>(ctx.app, ctx.a, {
    method: 'GET',
    url: url('getEnterpriseNewsInfoList'),
    query: { size: '10' },
  });
  return Number(list.body.data.records[0]?.id);
}
async function articleStateOfA(ctx: Context): Promise<unknown> {
  const enterpriseNewsId = String(await articleOfA(ctx));
  const info = await call(ctx.app, ctx.a, { method: 'GET', url: url('likeEnterpriseNewsInfo'), query: { enterpriseNewsId } });
  const comments = await call(ctx.app, ctx.a, {
    method: 'GET',
    url: url('getEnterpriseCommentData'),
    query: { enterpriseNewsId, size: '50' },
  });
  return { info: info.body, comments: comments.body };
}
async function commentOfA(ctx: Context): Promise<number> {
  const comments = await call<{ records: Row[] }>(ctx.app, ctx.a, {
    method: 'GET',
    url: url('getEnterpriseCommentData'),
    query: { enterpriseNewsId: String(await articleOfA(ctx)), size: '10' },
  });
  return Number(comments.body.data.records[0]?.id);
}
async function ownUserId(ctx: Context, token: string): Promise<string> {
  return String((await call<{ userId: number }>(ctx.app, token, { method: 'GET', url: url('getPrincipal') })).body.data.userId);
}

/**
 * A news call aimed at A's article or comment: tenant B (not a headlines tenant) is refused with 403;
 * A's own administrator account in tenant 10 (a headlines tenant) finds nothing (404); A's view is unchanged.
 */
function newsCall(id: string, request: (ctx: Context, token: string) => Promise<Request>): Check {
  return async (ctx) => {
    const before = await articleStateOfA(ctx);
    expect((await call(ctx.app, ctx.b, await request(ctx, ctx.b))).status).toBe(403);
    const other = await call(ctx.app, ctx.adminOf10, await request(ctx, ctx.adminOf10));
    expect(other.status).toBe(404);
    expect(await articleStateOfA(ctx)).toEqual(before);
    expect(operation(id).access.tenants).toContain(OTHER_TENANT_OF_ADMIN);
  };
}
const onArticle = (id: string, withUser: boolean) =>
  newsCall(id, async (ctx, token) => ({
    method: methodOf(id),
    url: url(id, { enterpriseNewsId: await articleOfA(ctx) }),
    query: { enterpriseNewsId: String(await articleOfA(ctx)), ...(withUser ? { userId: await ownUserId(ctx, token) } : {}) },
    ...(id === 'newComment' ? { payload: { content: 'Not yours' } } : {}),
  }));
const onComment = (id: string, withUser: boolean) =>
  newsCall(id, async (ctx, token): Promise<Request> => {
    const commentId = String(await commentOfA(ctx));
    return {
      method: methodOf(id),
      url: url(id),
      query: withUser ? { commentId, userId: await ownUserId(ctx, token) } : { id: commentId },
    };
  });

/** A's goods, points and exchanges, to compare before and after. */
async function mallStateOfA(ctx: Context): Promise<unknown> {
  const goods = await call(ctx.app, ctx.a, { method: 'GET', url: url('getMallGoodsPage'), query: { size: '50' } });
  const points = await call(ctx.app, ctx.a, { method: 'GET', url: url('getMyPoints') });
  const exchanges = await call(ctx.app, ctx.a, { method: 'GET', url: url('getExchangeRecords'), query: { size: '50' } });
  return { goods: goods.body, points: points.body, exchanges: exchanges.body };
}
async function goodOfA(ctx: Context): Promise<number> {
  const goods = await call<{ records: Row[] }>(ctx.app, ctx.a, {
    method: 'GET',
    url: url('getMallGoodsPage'),
    query: { size: '50' },
  });
  const inStock = goods.body.data.records.filter((g) => Number(g.stock) > 0);
  return Number(inStock.sort((x, y) => Number(x.pointsPrice) - Number(y.pointsPrice))[0]?.id);
}

/** A's first course and how A sees it. */
async function videoOfA(ctx: Context): Promise<number> {
  const page = await call<{ records: Row[] }>(ctx.app, ctx.a, {
    method: 'GET',
    url: url('getEnterpriseVideoPage'),
    query: { size: '10' },
  });
  return Number(page.body.data.records[0]?.id);
}
async function videoStateOfA(ctx: Context): Promise<unknown> {
  const id = String(await videoOfA(ctx));
  const info = await call(ctx.app, ctx.a, { method: 'GET', url: url('getEnterpriseVideoInfo'), query: { id } });
  const views = await call(ctx.app, ctx.a, { method: 'GET', url: url('getVideoViewRecords'), query: { size: '50' } });
  return { info: info.body, views: views.body };
}
const onVideo = (id: string) =>
  refusedToB(
    id,
    async (ctx) => ({ method: methodOf(id), url: url(id), query: { videoId: String(await videoOfA(ctx)) } }),
    videoStateOfA,
  );

/** B's list of its own records does not hold A's. */
function ownListOnly(id: string, query: Record<string, string> = { size: '50' }): Check {
  return async (ctx) => {
    const ofA = await call(ctx.app, ctx.a, { method: 'GET', url: url(id), query });
    const ofB = await call(ctx.app, ctx.b, { method: 'GET', url: url(id), query });
    expect(idsIn(ofA.body.data).length).toBeGreaterThan(0);
    expect(ofB.status).toBe(200);
    expect(idsIn(ofB.body.data).filter((rowId) => idsIn(ofA.body.data).includes(rowId))).toEqual([]);
  };
}

const CRM_SHARED_CHECKS: Record<string, Entry> = {
  likeEnterpriseNews: onArticle('likeEnterpriseNews', true),
  cancelLikeEnterpriseNews: onArticle('cancelLikeEnterpriseNews', true),
  likeEnterpriseNewsInfo: onArticle('likeEnterpriseNewsInfo', false),
  getEnterpriseCommentData: onArticle('getEnterpriseCommentData', false),
  newComment: onArticle('newComment', false),
  delComment: onComment('delComment', false),
  likeComment: onComment('likeComment', true),
  cancelLikeComment: onComment('cancelLikeComment', true),
  productExchange: refusedToB(
    'productExchange',
    async (ctx) => ({ method: 'POST', url: url('productExchange'), payload: { goodId: await goodOfA(ctx), quantity: 1 } }),
    mallStateOfA,
  ),
  getMyPoints: async (ctx) => {
    // Each caller's own points: A's exchange spends A's, not B's.
    const points = async (token: string) =>
      (await call<{ points: number }>(ctx.app, token, { method: 'GET', url: url('getMyPoints') })).body.data.points;
    const [a, b] = [await points(ctx.a), await points(ctx.b)];
    const made = await call<{ points: number }>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('productExchange'),
      payload: { goodId: await goodOfA(ctx) },
    });
    expect(made.body.msg).toBe('success');
    expect(await points(ctx.a)).toBeLessThan(a);
    expect(await points(ctx.b)).toBe(b);
  },
  getExchangeRecords: async (ctx) => {
    const good = await goodOfA(ctx);
    const made = await call<{ exchange: Row }>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('productExchange'),
      payload: { goodId: good },
    });
    expect(made.status).toBe(200);
    await ownListOnly('getExchangeRecords')(ctx);
    const byGood = await call(ctx.app, ctx.b, { method: 'GET', url: url('getExchangeRecords'), query: { goodId: String(good) } });
    expect(idsIn(byGood.body.data)).toEqual([]);
  },
  getEnterpriseVideoInfo: refusedToB(
    'getEnterpriseVideoInfo',
    async (ctx) => ({ method: 'GET', url: url('getEnterpriseVideoInfo'), query: { id: String(await videoOfA(ctx)) } }),
    videoStateOfA,
  ),
  likeEnterpriseVideo: onVideo('likeEnterpriseVideo'),
  cancelLikeEnterpriseVideo: onVideo('cancelLikeEnterpriseVideo'),
  collectEnterpriseVideo: onVideo('collectEnterpriseVideo'),
  cancelCollectEnterpriseVideo: onVideo('cancelCollectEnterpriseVideo'),
  getMyCollectedVideos: ownListOnly('getMyCollectedVideos'),
  recordVideoView: refusedToB(
    'recordVideoView',
    async (ctx) => ({ method: 'POST', url: url('recordVideoView'), payload: { videoId: await videoOfA(ctx), progress: 10 } }),
    videoStateOfA,
  ),
  getVideoViewRecords: ownListOnly('getVideoViewRecords'),
};

// Tenders, procurement and materials: B's figures, numbers, stock and bills of materials do not move with A's records.

/** B's answer to a figures call is the same before and after A adds a tender of the year (A's own answer changes). */
function tenderFiguresOfB(id: string): Check {
  return async (ctx) => {
    const year = String(new Date().getUTCFullYear());
    const ask = async (token: string) =>
      (await call(ctx.app, token, { method: methodOf(id), url: url(id), query: { year } })).body.data as unknown;
    const ownBefore = await ask(ctx.a);
    const otherBefore = await ask(ctx.b);
    await call(ctx.app, ctx.a, {
      method: 'POST',
      url: url('saveBusBiddingInfo'),
      payload: { ...freshExample('tender'), planBidDate: `${year}-06-15`, bidDate: `${year}-06-14`, openDate: `${year}-06-20` },
    });
    expect(await ask(ctx.a)).not.toEqual(ownBefore);
    expect(await ask(ctx.b)).toEqual(otherBefore);
  };
}

/** A workbook of bill of materials lines, header row first. */
async function bomWorkbook(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BOM');
  sheet.addRow(['Product', 'Material code', 'Material name', 'Specification', 'Unit', 'Quantity', 'Remark']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function bomLinesOf(ctx: Context, token: string, productName: string): Promise<unknown[]> {
  const page = await call<{ records: Row[] }>(ctx.app, token, {
    method: 'GET',
    url: url('getMaterialBomPage'),
    query: { productName, size: '50' },
  });
  return idsIn(page.body.data);
}

const TENDER_CHECKS: Record<string, Entry> = {
  getBusBiddingInfoStatistics: tenderFiguresOfB('getBusBiddingInfoStatistics'),
  getBusBiddingInfoTrend: tenderFiguresOfB('getBusBiddingInfoTrend'),
  getBusBiddingInfoPlanVsActual: tenderFiguresOfB('getBusBiddingInfoPlanVsActual'),
  getBusBiddingInfoRanking: tenderFiguresOfB('getBusBiddingInfoRanking'),
  getBusBiddingInfoFunnel: tenderFiguresOfB('getBusBiddingInfoFunnel'),
  getBusBiddingInfoWinRate: async (ctx) => {
    // The win rate moves only with a decided tender: A wins one.
    const year = String(new Date().getUTCFullYear());
    const ask = async (token: string) =>
      (await call(ctx.app, token, { method: 'GET', url: url('getBusBiddingInfoWinRate'), query: { year } })).body.data as unknown;
    const ownBefore = await ask(ctx.a);
    const otherBefore = await ask(ctx.b);
    const created = await call<Row>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('saveBusBiddingInfo'),
      payload: { ...freshExample('tender'), planBidDate: `${year}-07-15` },
    });
    await call(ctx.app, ctx.a, { method: 'PUT', url: url('winBusBiddingInfo', { id: created.body.data.id }) });
    expect(await ask(ctx.a)).not.toEqual(ownBefore);
    expect(await ask(ctx.b)).toEqual(otherBefore);
  },
  generateBusBiddingInfoNumber: async (ctx) => {
    const next = async (token: string) =>
      (await call<string>(ctx.app, token, { method: 'GET', url: url('generateBusBiddingInfoNumber') })).body.data;
    const ofA = await next(ctx.a);
    const ofB = await next(ctx.b);
    await call(ctx.app, ctx.a, {
      method: 'POST',
      url: url('saveBusBiddingInfo'),
      payload: { ...freshExample('tender'), tenderNo: ofA },
    });
    expect(await next(ctx.a)).not.toBe(ofA);
    expect(await next(ctx.b)).toBe(ofB);
  },
  saveMaterialStoreDetail: async (ctx) => {
    // B moves stock of A's material, in or out: to B it does not exist, and A's stock stays.
    const material = await ctx.recordOf('material');
    await call(ctx.app, ctx.a, {
      method: 'POST',
      url: url('saveMaterialStoreDetail'),
      payload: { materialId: material.id, direction: 'in', quantity: 5, movementDate: '2026-03-01' },
    });
    const stockOfA = async () =>
      (await call<Row>(ctx.app, ctx.a, { method: 'GET', url: url('getMaterialStoreById'), query: { id: String(material.id) } }))
        .body.data.stock;
    const before = await stockOfA();
    for (const direction of ['in', 'out']) {
      const answer = await call(ctx.app, ctx.b, {
        method: 'POST',
        url: url('saveMaterialStoreDetail'),
        payload: { materialId: material.id, direction, quantity: 1, movementDate: '2026-03-02' },
      });
      expect(answer.status).toBe(404);
    }
    expect(await stockOfA()).toBe(before);
  },
  matchMaterialBomData: async (ctx) => {
    const line = await ctx.recordOf('materialBom');
    const ask = (token: string) =>
      call<Row[]>(ctx.app, token, {
        method: 'POST',
        url: url('matchMaterialBomData'),
        payload: { productName: line.productName },
      });
    expect((await ask(ctx.a)).body.data.map((row) => row.bomId)).toContain(line.id);
    // B has a product of the same name (the demo's): its own lines, never A's.
    expect((await ask(ctx.b)).body.data.map((row) => row.bomId)).not.toContain(line.id);
  },
  importMaterialBom: async (ctx) => {
    // B's import lands in B's tenant only.
    const productName = `B的导入产品${(unique += 1)}`;
    const bytes = await bomWorkbook([[productName, 'WL-0001', '直流熔断器', '1000V 63A', '个', 3, '']]);
    const answer = await call(ctx.app, ctx.b, { method: 'POST', url: url('importMaterialBom'), ...multipart('bom.xlsx', bytes) });
    expect(answer.status).toBe(200);
    expect(await bomLinesOf(ctx, ctx.b, productName)).toHaveLength(1);
    expect(await bomLinesOf(ctx, ctx.a, productName)).toEqual([]);
  },
};

// Cameras, EMS execution and menus, alarm configuration (server/emsassets/).
const idsOf = (data: unknown): unknown[] => JSON.stringify(data).match(/"id":\d+/g) ?? [];
const aDeptTree = async (ctx: Context) =>
  (await call(ctx.app, ctx.a, { method: 'GET', url: url('getDeptStationTree') })).body.data;
const aCamera = async (ctx: Context) => (await ctx.recordOf('camera')).id;

const EMSASSETS_CHECKS: Record<string, Entry> = {
  getEmsMenuCatalogue: 'not tenant-scoped: the fixed list of EMS screens a station may show',
  getExecuteEmsStationPage: async ({ app, b }) => {
    const ofB = await call(app, b, { method: 'GET', url: url('getExecuteEmsStationPage'), query: { size: '50' } });
    expect(ofB.status).toBe(200);
    expect(snsIn(ofB.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  listIpcGroups: async (ctx) => {
    const group = await ctx.recordOf('ipcGroup');
    const ofB = await call(ctx.app, ctx.b, { method: 'GET', url: url('listIpcGroups') });
    expect(ofB.status).toBe(200);
    expect(idsOf(ofB.body.data)).not.toContain(`"id":${String(group.id)}`);
    await unknownToB(() => ({ method: 'GET', url: url('listIpcGroups'), query: { stationSn: STATION_A } }))(ctx);
  },
  listIpcByStationSn: unknownToB(() => ({ method: 'GET', url: url('listIpcByStationSn'), query: { stationSn: STATION_A } })),
  ptzStart: unknownToB(async (ctx) => ({ method: 'POST', url: url('ptzStart', { id: await aCamera(ctx), x: 0 }) })),
  ptzStop: unknownToB(async (ctx) => ({ method: 'POST', url: url('ptzStop', { id: await aCamera(ctx), x: 0 }) })),
  guardControlling: unknownToB(async (ctx) => ({
    method: 'POST',
    url: url('guardControlling', { id: await aCamera(ctx) }),
    payload: { direction: 2, action: 'start' },
  })),
  addGuardEvent: async (ctx) => {
    // B cannot report an event of A's camera: to B it does not exist.
    const answer = await call(ctx.app, ctx.b, {
      method: 'POST',
      url: url('addGuardEvent'),
      payload: { cameraId: await aCamera(ctx), eventType: 'intrusion', eventTime: '2026-11-21T08:00:00.000Z' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40003);
  },
  listPtzCommands: unknownToB(async (ctx) => ({ method: 'GET', url: url('listPtzCommands', { id: await aCamera(ctx) }) })),
  getGuardCamera: unknownToB(async (ctx) => ({ method: 'GET', url: url('getGuardCamera', { id: await aCamera(ctx) }) })),
  getGuardPlatform: unknownToB(async (ctx) => ({ method: 'GET', url: url('getGuardPlatform', { id: await aCamera(ctx) }) })),
  getGuardType: unknownToB(async (ctx) => ({ method: 'GET', url: url('getGuardType', { id: await aCamera(ctx) }) })),
  addCapturePic: async (ctx) => {
    const upload = await call<{ bucketName: string; fileName: string }>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('uploadFile'),
      ...multipart('capture.png', Buffer.from('picture of tenant A')),
    });
    // B can neither record A's picture nor use A's camera.
    const { bucketName, fileName } = upload.body.data;
    await unknownToB(async () => ({
      method: 'POST',
      url: url('addCapturePic'),
      payload: { ipcId: await aCamera(ctx), bucketName, fileName },
    }))(ctx);
  },
  listCaptureRecordByStationSn: unknownToB(() => ({
    method: 'GET',
    url: url('listCaptureRecordByStationSn'),
    query: { stationSn: STATION_A },
  })),
  getCaptureRecord: unknownToB(async (ctx) => {
    const upload = await call<{ bucketName: string; fileName: string }>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('uploadFile'),
      ...multipart('capture.png', Buffer.from('picture of tenant A')),
    });
    const capture = await call<Row>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('addCapturePic'),
      payload: { ipcId: await aCamera(ctx), bucketName: upload.body.data.bucketName, fileName: upload.body.data.fileName },
    });
    expect(capture.status).toBe(200);
    return { method: 'GET', url: url('getCaptureRecord', { id: capture.body.data.id }) };
  }),
  confirmGuardEvents: unknownToB(
    async (ctx) => ({
      method: 'POST',
      url: url('confirmGuardEvents'),
      payload: { ids: [(await ctx.recordOf('guardEvent')).id], confirmInfo: 'B' },
    }),
    async (ctx) =>
      (await call(ctx.app, ctx.a, { method: 'GET', url: url('getGuardEvent', { id: (await ctx.recordOf('guardEvent')).id }) }))
        .body,
  ),
  getEmsStationIds: async ({ app, a, b }) => {
    const ofA = await call<number[]>(app, a, { method: 'GET', url: url('getEmsStationIds') });
    const ofB = await call<number[]>(app, b, { method: 'GET', url: url('getEmsStationIds') });
    expect(ofA.body.data.length).toBeGreaterThan(0);
    expect(ofB.body.data.filter((id) => ofA.body.data.includes(id))).toEqual([]);
  },
  getEmsExecuteSiteIds: async ({ app, b }) => {
    const aimed = await call(app, b, {
      method: 'POST',
      url: url('getEmsExecuteSiteIds'),
      query: { tenantId: String(TENANT_A), current: '1', size: '50' },
      payload: {},
    });
    expect(aimed.status).toBe(403);
    const own = await call(app, b, {
      method: 'POST',
      url: url('getEmsExecuteSiteIds'),
      query: { tenantId: String(TENANT_B), current: '1', size: '50' },
      payload: {},
    });
    expect(own.status).toBe(200);
    expect(snsIn(own.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  getShushiLinkedStation: async ({ app, b }) => {
    const ofB = await call(app, b, { method: 'POST', url: url('getShushiLinkedStation'), payload: {} });
    expect(ofB.status).toBe(200);
    expect(snsIn(ofB.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  getSiteEmsMenu: unknownToB(() => ({ method: 'GET', url: url('getSiteEmsMenu'), query: { stationSn: STATION_A } })),
  getSiteEmsMenuNew: unknownToB(() => ({ method: 'GET', url: url('getSiteEmsMenuNew'), query: { stationSn: STATION_A } })),
  getSiteEmsMenuTree: unknownToB(() => ({ method: 'POST', url: url('getSiteEmsMenuTree'), payload: { stationSn: STATION_A } })),
  saveSiteEmsMenu: unknownToB(
    () => ({ method: 'PUT', url: url('saveSiteEmsMenu'), payload: { stationSn: STATION_A, menus: ['dashboard'] } }),
    asA({ method: 'GET', url: url('getSiteEmsMenu'), query: { stationSn: STATION_A } }),
  ),
  getEmsDeptTree: async (ctx) => {
    const ofA = await call(ctx.app, ctx.a, { method: 'GET', url: url('getEmsDeptTree') });
    const ofB = await call(ctx.app, ctx.b, { method: 'GET', url: url('getEmsDeptTree') });
    expect(idsOf(ofA.body.data).length).toBeGreaterThan(0);
    expect(idsOf(ofB.body.data).filter((id) => idsOf(ofA.body.data).includes(id))).toEqual([]);
  },
  getDeptStationTree: async (ctx) => {
    const ofB = await call(ctx.app, ctx.b, { method: 'GET', url: url('getDeptStationTree') });
    expect(snsIn(await aDeptTree(ctx)).length).toBeGreaterThan(0);
    expect(snsIn(ofB.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  },
  listDeptStations: async (ctx) => {
    const ofB = await call(ctx.app, ctx.b, { method: 'GET', url: url('listDeptStations') });
    expect(snsIn(ofB.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
    const [dept] = (await aDeptTree(ctx)) as Row[];
    await unknownToB(() => ({ method: 'GET', url: url('listDeptStations'), query: { deptId: String(dept?.id) } }))(ctx);
  },
  changeLabelAlarmSwitcher: unknownToB(
    async (ctx) => {
      const tree = await call<Row[]>(ctx.app, ctx.a, { method: 'GET', url: url('getEnergyLabelTree', { stationSn: STATION_A }) });
      return { method: 'POST', url: url('changeLabelAlarmSwitcher'), query: { id: String(tree.body.data[0]?.id), type: '0' } };
    },
    asA({ method: 'GET', url: `/ems/api/energy/energylabel/gettree/${STATION_A}` }),
  ),
  notifiyMonitorRouteUpdate: unknownToB(async (ctx) => ({
    method: 'POST',
    url: url('notifiyMonitorRouteUpdate'),
    query: { action: 'update', parent_index: String(await existingId(ctx, ctx.a, 'station')), type: 'device' },
  })),
};

// Site operations: support, notices, worksheets, inspections, factory tests

/** A's support request moved along its machine by A's own calls (submitted, then reviewed). */
async function reviewedSupportOfA(ctx: Context): Promise<Row> {
  const record = await createRecord(ctx, ctx.a, 'supportRequest');
  const id = String(record.id);
  await call(ctx.app, ctx.a, { method: 'POST', url: url('submitSupportNew'), query: { id } });
  const reviewed = await call<Row>(ctx.app, ctx.a, {
    method: 'POST',
    url: url('reviewSupportDetail'),
    query: { id },
    payload: { reviewResult: 'accepted' },
  });
  expect(reviewed.body.data.status).toBe('reviewed');
  return reviewed.body.data;
}

const supportAsA = (id: unknown) => asA({ method: 'GET', url: url('getSupportById'), query: { id: String(id) } });
const noticeAsA = (id: unknown) => asA({ method: 'GET', url: url('getNoticeById'), query: { id: String(id) } });

/** B's view of a worksheet calendar call, which must not show the worksheet A plans for today. */
function calendarOfB(id: string, query: Record<string, string>): Check {
  return async (ctx) => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const sheet = await createRecord(ctx, ctx.a, 'worksheet');
    const moved = await call<Row>(ctx.app, ctx.a, {
      method: 'PUT',
      url: url('updateTask'),
      payload: { ...writable('worksheet', sheet), id: sheet.id, planDate: today, endDate: today },
    });
    expect(moved.body.data.planDate).toBe(today);
    const ofA = await call(ctx.app, ctx.a, { method: 'GET', url: url(id), query: { month: today.slice(0, 7), ...query } });
    expect(JSON.stringify(ofA.body.data)).toContain(`"id":${String(sheet.id)},`);
    const ofB = await call(ctx.app, ctx.b, { method: 'GET', url: url(id), query: { month: today.slice(0, 7), ...query } });
    expect(ofB.status).toBe(200);
    expect(JSON.stringify(ofB.body.data)).not.toContain(`"id":${String(sheet.id)},`);
  };
}

/** B names A's station in a new record: to B it is no station (400), and B's list has no new record. */
function stationOfAInNewRecord(createId: string, entity: string, extra: Row = {}): Check {
  return async (ctx) => {
    const list = operationFor(entity, 'list') ?? '';
    const totalOfB = async () =>
      (await call<{ total: number }>(ctx.app, ctx.b, { method: methodOf(list), url: url(list), query: { size: '10' } })).body.data
        .total;
    const before = await totalOfB();
    for (const named of [{ stationId: await stationIdOfA(ctx) }, extra]) {
      if (Object.keys(named).length === 0) continue;
      const answer = await call(ctx.app, ctx.b, {
        method: methodOf(createId),
        url: url(createId),
        payload: { ...freshExample(entity), ...named },
      });
      expect(answer.status).toBe(400);
    }
    expect(await totalOfB()).toBe(before);
  };
}

/** B replaces A's record: not found (404), and A reads it as before. */
function replaceOfA(updateId: string, entity: string): Check {
  return async (ctx) => {
    const record = await ctx.recordOf(entity);
    const before = await readBack(ctx, entity, record);
    const answer = await call(ctx.app, ctx.b, {
      method: methodOf(updateId),
      url: url(updateId),
      payload: { ...writable(entity, record), id: record.id, name: 'Taken over' },
    });
    expect(answer.status).toBe(404);
    expect(await readBack(ctx, entity, record)).toEqual(before);
  };
}

const SITEOPS_CHECKS: Record<string, Entry> = {
  saveTask: stationOfAInNewRecord('saveTask', 'worksheet', { stationSn: STATION_A }),
  updateTask: replaceOfA('updateTask', 'worksheet'),
  addCustomizeTask: stationOfAInNewRecord('addCustomizeTask', 'worksheetTask'),
  editCustomizeTask: replaceOfA('editCustomizeTask', 'worksheetTask'),
  saveQualityCheck: stationOfAInNewRecord('saveQualityCheck', 'qualityCheck'),
  updateQualityCheck: replaceOfA('updateQualityCheck', 'qualityCheck'),
  saveInspectTask: stationOfAInNewRecord('saveInspectTask', 'inspectionTask'),
  updateInspectTask: replaceOfA('updateInspectTask', 'inspectionTask'),
  updateSupport: replaceOfA('updateSupport', 'supportRequest'),
  exportFactoryTestRecord: async (ctx) => {
    const record = await ctx.recordOf('factoryTestRecord');
    const rowsOf = async (token: string, query: Record<string, string>) => {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: url('exportFactoryTestRecord'),
        query,
        headers: { authorization: `Bearer ${await emsTokenOf(ctx.app, token)}` },
      });
      if (answer.statusCode !== 200) return answer.statusCode;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      return (workbook.worksheets[0]?.actualRowCount ?? 1) - 1;
    };
    expect(await rowsOf(ctx.a, { id: String(record.id) })).toBe(1);
    // By id, A's test is not found for B; by A's serial number, B's workbook has only B's own tests.
    expect(await rowsOf(ctx.b, { id: String(record.id) })).toBe(404);
    const ofB = await call<{ total: number }>(ctx.app, ctx.b, {
      method: 'GET',
      url: url('getFactoryTestRecordPage'),
      query: { size: '10', sn: String(record.sn) },
    });
    expect(await rowsOf(ctx.b, { sn: String(record.sn) })).toBe(ofB.body.data.total);
  },
  getFactoryTestStrategyEnum: 'not tenant-scoped: the fixed list of test strategies',
  getFactoryTestStatusEnum: 'not tenant-scoped: the fixed list of factory test states',
  getFactoryTestResultsEnum: 'not tenant-scoped: the fixed list of test results',
  getFactoryTestEnum: 'not tenant-scoped: the fixed list of factory tests',
  getChargeDischargeCapacityEnum: 'not tenant-scoped: the fixed list of charge-discharge capacities',
  getTestServiceTypes: 'not tenant-scoped: the fixed list of test service types',
  getTestStrategyTypes: 'not tenant-scoped: the fixed list of test strategies',
  getTestResults: 'not tenant-scoped: the fixed list of test results',
  getTestStatuses: 'not tenant-scoped: the fixed list of charge-discharge test states',
  getTestSteps: 'not tenant-scoped: the fixed list of test steps',
  setQuoteBasis: async (ctx) => {
    const record = await reviewedSupportOfA(ctx);
    await unknownToB(
      () => ({ method: 'POST', url: url('setQuoteBasis'), query: { supportDetailId: String(record.id) } }),
      supportAsA(record.id),
    )(ctx);
  },
  updateSupportRead: async (ctx) => {
    const record = await reviewedSupportOfA(ctx);
    await unknownToB(
      () => ({ method: 'GET', url: url('updateSupportRead'), query: { id: String(record.id) } }),
      supportAsA(record.id),
    )(ctx);
  },
  setSupportNoticeReadFlag: async (ctx) => {
    const notice = await ctx.recordOf('supportNotice');
    const asAOwn = asA({ method: 'GET', url: url('getSupportNoticeListPages'), query: { size: '50' } });
    await unknownToB(
      () => ({ method: 'PUT', url: url('setSupportNoticeReadFlag'), query: { noticeId: String(notice.id), readFlag: 'true' } }),
      asAOwn,
    )(ctx);
  },
  getNoticeById: async (ctx) => {
    const notice = await ctx.recordOf('notice');
    await unknownToB(() => ({ method: 'GET', url: url('getNoticeById'), query: { id: String(notice.id) } }))(ctx);
  },
  readNotice: async (ctx) => {
    const notice = await ctx.recordOf('notice');
    await unknownToB(() => ({ method: 'PUT', url: url('readNotice', notice) }), noticeAsA(notice.id))(ctx);
  },
  handleNotice: async (ctx) => {
    const notice = await ctx.recordOf('notice');
    await unknownToB(
      () => ({ method: 'PUT', url: url('handleNotice'), payload: { id: notice.id, handleResult: 'mine' } }),
      noticeAsA(notice.id),
    )(ctx);
  },
  deleteNotice: async (ctx) => {
    const notice = await ctx.recordOf('notice');
    await unknownToB(() => ({ method: 'DELETE', url: url('deleteNotice', notice) }), noticeAsA(notice.id))(ctx);
  },
  deleteNotices: async (ctx) => {
    const notice = await ctx.recordOf('notice');
    await unknownToB(
      () => ({ method: 'DELETE', url: url('deleteNotices'), query: { ids: String(notice.id) } }),
      noticeAsA(notice.id),
    )(ctx);
  },
  getUnreadNoticeCount: async (ctx) => {
    const own = await call<{ userId: number; tenantId: number }>(ctx.app, ctx.a, { method: 'GET', url: url('getPrincipal') });
    const principalOfB = await call<{ userId: number; tenantId: number }>(ctx.app, ctx.b, {
      method: 'GET',
      url: url('getPrincipal'),
    });
    // B naming A (user and tenant, or A's user in B's tenant) is refused.
    for (const query of [
      { userId: String(own.body.data.userId), tenantId: String(TENANT_A) },
      { userId: String(own.body.data.userId), tenantId: String(TENANT_B) },
    ]) {
      expect((await call(ctx.app, ctx.b, { method: 'GET', url: url('getUnreadNoticeCount'), query })).status).toBe(403);
    }
    // B's own count does not move when A gets a notice.
    const query = { userId: String(principalOfB.body.data.userId), tenantId: String(TENANT_B) };
    const before = await call<number>(ctx.app, ctx.b, { method: 'GET', url: url('getUnreadNoticeCount'), query });
    expect(before.status).toBe(200);
    await createRecord(ctx, ctx.a, 'notice');
    const after = await call<number>(ctx.app, ctx.b, { method: 'GET', url: url('getUnreadNoticeCount'), query });
    expect(after.body.data).toBe(before.body.data);
  },
  getNoticeTaskCount: async (ctx) => {
    const before = await call(ctx.app, ctx.b, { method: 'GET', url: url('getNoticeTaskCount') });
    await createRecord(ctx, ctx.a, 'notice');
    const after = await call(ctx.app, ctx.b, { method: 'GET', url: url('getNoticeTaskCount') });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  },
  getMonthTaskStatus: async (ctx) => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const query = { month: today.slice(0, 7) };
    const before = await call(ctx.app, ctx.b, { method: 'GET', url: url('getMonthTaskStatus'), query });
    await calendarOfB('getMonthArrange', {})(ctx);
    const after = await call(ctx.app, ctx.b, { method: 'GET', url: url('getMonthTaskStatus'), query });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  },
  getStationWorksheetStatus: async (ctx) => {
    // A worksheet of A at one of A's stations: A counts it; B, naming that station, counts nothing.
    const station = await ctx.recordOf('station');
    const sheet = await call<Row>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('saveTask'),
      payload: { ...freshExample('worksheet'), stationId: station.id },
    });
    expect(sheet.body.msg).toBe('success');
    const query = { stationSn: String(station.sn), period: String(sheet.body.data.planDate).slice(0, 7) };
    const own = await call<unknown[]>(ctx.app, ctx.a, { method: 'GET', url: url('getStationWorksheetStatus'), query });
    expect(own.body.data.length).toBeGreaterThan(0);
    const other = await call(ctx.app, ctx.b, { method: 'GET', url: url('getStationWorksheetStatus'), query });
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual([]);
  },
  getMonthArrange: calendarOfB('getMonthArrange', {}),
  getTodayArrange: calendarOfB('getTodayArrange', {}),
  getInspectTaskDetail: async (ctx) => {
    const sheet = await ctx.recordOf('worksheet');
    const task = await call<Row>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('saveInspectTask'),
      payload: { ...freshExample('inspectionTask'), worksheetId: sheet.id },
    });
    expect(task.body.msg).toBe('success');
    const query = { id: String(task.body.data.id), sheetId: String(sheet.id) };
    expect((await call(ctx.app, ctx.a, { method: 'POST', url: url('getInspectTaskDetail'), query })).status).toBe(200);
    await unknownToB(() => ({ method: 'POST', url: url('getInspectTaskDetail'), query }))(ctx);
  },
};

// Execution sites and their board: tenant A's site (made once) aimed at by tenant B.

const siteOfA = async (ctx: Context) => Number((await ctx.recordOf('executeSite')).id);
const siteAsASeesIt = async (ctx: Context) =>
  (await call(ctx.app, ctx.a, { method: 'GET', url: url('getExecuteSite'), query: { id: String(await siteOfA(ctx)) } })).body;
const totalOf = async (ctx: Context, token: string, query: Record<string, string> = {}) =>
  (await call<{ total: number }>(ctx.app, token, { method: 'GET', url: url('listExecuteSite'), query })).body.data.total;
const noStationOfA =
  (id: string, query: Record<string, string> = {}): Check =>
  async (ctx) => {
    const answer = await call(ctx.app, ctx.b, { method: 'GET', url: url(id), query });
    expect(answer.status).toBe(200);
    expect(snsIn(answer.body.data).filter((sn) => sn.includes('"T2-'))).toEqual([]);
  };

/**
 * A figure call of records (vehicles, their maintenance) answers B's own: what it counts agrees with
 * B's own list, never with A's.
 */
function ownFiguresOfB(
  id: string,
  listId: string,
  agrees: (figures: Record<string, number> | Record<string, number>[], records: Row[]) => boolean,
): Check {
  return async (ctx) => {
    const figures = await call<Record<string, number>>(ctx.app, ctx.b, { method: 'GET', url: url(id) });
    expect(figures.status).toBe(200);
    const list = await call<{ records: Row[]; total: number }>(ctx.app, ctx.b, {
      method: 'GET',
      url: url(listId),
      query: { size: '50' },
    });
    expect(list.body.data.records).toHaveLength(list.body.data.total);
    expect(agrees(figures.body.data, list.body.data.records)).toBe(true);
  };
}

/** The records of this year's maintenance (of the server's year: the test runs far from a new year's eve in Shanghai). */
const thisYears = (records: Row[]) =>
  records.filter((r) => String(r.maintenanceDate).startsWith(String(new Date().getFullYear())));

const PROJECT_CHECKS: Record<string, Entry> = {
  listServiceTypes: 'not tenant-scoped: the fixed list of service types',
  setProjStatus: unknownToB(
    async (ctx) => ({ method: 'POST', url: url('setProjStatus'), payload: { id: await siteOfA(ctx), projStatus: 'executing' } }),
    siteAsASeesIt,
  ),
  getSiteIndexInfo: unknownToB(async (ctx) => ({
    method: 'POST',
    url: url('getSiteIndexInfo'),
    payload: { id: await siteOfA(ctx) },
  })),
  listSetupProcessBySite: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('listSetupProcessBySite', { siteId: await siteOfA(ctx) }),
  })),
  listSetupTeam: unknownToB(async (ctx) => ({ method: 'GET', url: url('listSetupTeam', { siteId: await siteOfA(ctx) }) })),
  getBudgetByOrderId: async (ctx) => {
    const site = await ctx.recordOf('executeSite');
    const ofA = await call<{ sites: Row[] }>(ctx.app, ctx.a, {
      method: 'GET',
      url: url('getBudgetByOrderId'),
      query: { orderId: String(site.orderId) },
    });
    expect(idsIn(ofA.body.data.sites)).toContain(site.id);
    const ofB = await call<{ sites: Row[] }>(ctx.app, ctx.b, {
      method: 'GET',
      url: url('getBudgetByOrderId'),
      query: { orderId: String(site.orderId) },
    });
    expect(idsIn(ofB.body.data.sites)).not.toContain(site.id);
  },
  getEarnedValueStatistics: async (ctx) => {
    const site = await ctx.recordOf('executeSite');
    const query = { orderId: String(site.orderId) };
    const foreign = await call(ctx.app, ctx.b, {
      method: 'POST',
      url: url('getEarnedValueStatistics'),
      query: { ...query, tenantId: String(TENANT_A) },
    });
    expect(foreign.status).toBe(403);
    const ofB = await call<{ siteCount: number }>(ctx.app, ctx.b, {
      method: 'POST',
      url: url('getEarnedValueStatistics'),
      query,
    });
    const ofA = await call<{ siteCount: number }>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('getEarnedValueStatistics'),
      query,
    });
    expect(ofA.body.data.siteCount).toBeGreaterThan(0);
    expect(ofB.body.data.siteCount).toBe(0);
  },
  getProjectForecasts: async (ctx) => {
    const get = (token: string, query: Record<string, string> = {}) =>
      call<{ projects: { orderId: number }[] }>(ctx.app, token, { method: 'GET', url: url('getProjectForecasts'), query });
    const ofA = (await get(ctx.a)).body.data.projects.map((project) => project.orderId);
    expect(ofA.length).toBeGreaterThan(0);
    const ofB = (await get(ctx.b)).body.data.projects.map((project) => project.orderId);
    expect(ofB.filter((id) => ofA.includes(id))).toEqual([]);
    expect((await get(ctx.b, { tenantId: String(TENANT_A) })).status).toBe(403);
  },
  // A site-scheme entry names its order by id and its station by serial number: B naming A's is refused and adds nothing.
  saveSiteScheme: async (ctx) => {
    const order = await ctx.recordOf('salesOrder');
    const station = await ctx.recordOf('station');
    const answer = await call(ctx.app, ctx.b, {
      method: 'POST',
      url: url('saveSiteScheme'),
      payload: { orderId: order.id, sn: station.sn, name: 'Of tenant B' },
    });
    expect(answer.status).toBe(refusalFor(ctx, operation('saveSiteScheme')) === 403 ? 403 : 400);
    const ofA = await call<{ records: Row[] }>(ctx.app, ctx.a, {
      method: 'GET',
      url: url('getSiteSchemePage'),
      query: { orderId: String(order.id), size: '100' },
    });
    expect(ofA.body.data.records.map((entry) => entry.name)).not.toContain('Of tenant B');
  },
  updateSiteScheme: async (ctx) => {
    const station = await ctx.recordOf('station');
    const made = await call<Row>(ctx.app, ctx.a, {
      method: 'POST',
      url: url('saveSiteScheme'),
      payload: { orderId: (await ctx.recordOf('salesOrder')).id, sn: station.sn, name: 'Of tenant A' },
    });
    const entry = made.body.data;
    expect(made.status).toBe(200);
    const answer = await call(ctx.app, ctx.b, {
      method: 'PUT',
      url: url('updateSiteScheme'),
      payload: { id: entry.id, orderId: entry.orderId, sn: entry.sn, name: 'Of tenant B' },
    });
    expect(answer.status).toBe(refusalFor(ctx, operation('updateSiteScheme')));
    const after = await call<Row>(ctx.app, ctx.a, {
      method: 'GET',
      url: url('getSiteSchemeById'),
      query: { id: String(entry.id) },
    });
    expect(after.body.data.name).toBe(entry.name);
  },
  getSynthesizeInfo: async (ctx) => {
    await siteOfA(ctx);
    for (const token of [ctx.a, ctx.b]) {
      const answer = await call<{ siteCount: number }>(ctx.app, token, { method: 'POST', url: url('getSynthesizeInfo') });
      expect(answer.body.data.siteCount).toBe(await totalOf(ctx, token));
    }
  },
  getIdList: async (ctx) => {
    const answer = await call<number[]>(ctx.app, ctx.b, { method: 'POST', url: url('getIdList'), payload: {} });
    expect(answer.body.data).not.toContain(await siteOfA(ctx));
    expect(answer.body.data).toHaveLength(await totalOf(ctx, ctx.b));
  },
  getOperationInfo: async (ctx) => {
    for (const token of [ctx.a, ctx.b]) {
      const answer = await call<{ executingSites: number }>(ctx.app, token, { method: 'POST', url: url('getOperationInfo') });
      expect(answer.body.data.executingSites).toBe(await totalOf(ctx, token, { projStatus: 'executing' }));
    }
  },
  getSiteNameByIds: async (ctx) => {
    const ids = [await siteOfA(ctx)];
    const ofA = await call(ctx.app, ctx.a, { method: 'POST', url: url('getSiteNameByIds'), payload: { ids } });
    expect(idsIn(ofA.body.data)).toEqual(ids);
    const ofB = await call(ctx.app, ctx.b, { method: 'POST', url: url('getSiteNameByIds'), payload: { ids } });
    expect(ofB.body.data).toEqual([]);
  },
  getSiteAlarmInfo: noStationOfA('getSiteAlarmInfo'),
  getDailyChargeSum: async (ctx) => {
    await noStationOfA('getDailyChargeSum')(ctx);
    await unknownToB(() => ({ method: 'GET', url: url('getDailyChargeSum'), query: { stationSn: STATION_A } }))(ctx);
  },
  getYearlyChargeSum: async (ctx) => {
    await noStationOfA('getYearlyChargeSum')(ctx);
    await unknownToB(() => ({ method: 'GET', url: url('getYearlyChargeSum'), query: { stationSn: STATION_A } }))(ctx);
  },
  getStationRanking: noStationOfA('getStationRanking'),
  getBoardProfit: noStationOfA('getBoardProfit'),
  getStorageIncome: async (ctx) => {
    await noStationOfA('getStorageIncome')(ctx);
    await unknownToB(() => ({ method: 'GET', url: url('getStorageIncome'), query: { stationSn: STATION_A } }))(ctx);
  },
  getStationLedger: unknownToB(() => ({
    method: 'GET',
    url: url('getStationLedger'),
    query: { stationSn: STATION_A, type: 'DAY' },
  })),
  getFleetLedger: noStationOfA('getFleetLedger'),
  exportStationLedger: unknownToB(() => ({
    method: 'GET',
    url: url('exportStationLedger'),
    query: { stationSn: STATION_A, type: 'DAY' },
  })),
  getLedgerRecomputes: unknownToB(() => ({ method: 'GET', url: url('getLedgerRecomputes'), query: { stationSn: STATION_A } })),
  getLedgerReadings: unknownToB(() => ({
    method: 'GET',
    url: url('getLedgerReadings'),
    query: { stationSn: STATION_A, time: new Date().toISOString().slice(0, 10) },
  })),
  correctLedgerSample: unknownToB(
    () => ({
      method: 'POST',
      url: url('correctLedgerSample'),
      payload: { varSn: 'T2-ST1-PCS1.chargeEnergy', ts: 1, value: 1, reason: 'cross-tenant' },
    }),
    asA({ method: 'GET', url: url('getLedgerRecomputes'), query: { stationSn: STATION_A } }),
  ),
  getDeviceDetection: async (ctx) => {
    await noStationOfA('getDeviceDetection')(ctx);
    await unknownToB(() => ({ method: 'GET', url: url('getDeviceDetection'), query: { stationSn: STATION_A } }))(ctx);
  },
  getVehicleOverview: ownFiguresOfB(
    'getVehicleOverview',
    'getVehiclePage',
    (figures, records) => (figures as { total: number }).total === records.length,
  ),
  getVehicleMaintenanceYear: ownFiguresOfB(
    'getVehicleMaintenanceYear',
    'getVehicleMaintenancePage',
    (figures, records) => (figures as { count: number }).count === thisYears(records).length,
  ),
  getVehicleMaintenanceByType: ownFiguresOfB(
    'getVehicleMaintenanceByType',
    'getVehicleMaintenancePage',
    (groups, records) => (groups as { count: number }[]).reduce((sum, g) => sum + g.count, 0) === thisYears(records).length,
  ),
};

// EMS configuration, storage and power quality: B names A's station, meter and transactions.

/** What A has of its first station's energy settings and charging transactions. */
async function energyStateOfA(ctx: Context): Promise<unknown> {
  const read = async (opId: string, params: Row = {}, query: Record<string, string> = {}) =>
    (await call(ctx.app, ctx.a, { method: methodOf(opId), url: url(opId, params), query })).body;
  return {
    setting: await read('getEnergySetting', { stationSn: STATION_A }),
    deals: await read('getChargeDealPage', {}, { size: '50' }),
  };
}

/** One character of a link's token changed: what B would have to guess to reach A's record through an open call. */
async function guessedLinkOfA(ctx: Context, operationId: 'createQuoteLink' | 'createAssetLink', entity: string): Promise<string> {
  const made = await call<{ token: string }>(ctx.app, ctx.a, {
    method: 'POST',
    url: url(operationId, { id: (await ctx.recordOf(entity)).id }),
  });
  const token = made.body.data.token;
  return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
}

/** A's view of its record of `entity`, to compare before and after B's attempt. */
const recordAsA = (entity: string, getId: string) => async (ctx: Context) =>
  (
    await call(ctx.app, ctx.a, {
      method: 'GET',
      url: url(getId, { id: (await ctx.recordOf(entity)).id }),
      query: { id: String((await ctx.recordOf(entity)).id) },
    })
  ).body;

const HEALTH_CHECKS: Record<string, Entry> = {
  getHealth: 'not tenant-scoped: whether the node answers, without a token',
  getReadiness: 'not tenant-scoped: whether the node and its database answer, without a token',
};

const OPEN_LINK_CHECKS: Record<string, Entry> = {
  createQuoteLink: unknownToB(async (ctx) => ({
    method: 'POST',
    url: url('createQuoteLink', { id: (await ctx.recordOf('quote')).id }),
  })),
  createAssetLink: unknownToB(async (ctx) => ({
    method: 'POST',
    url: url('createAssetLink', { id: (await ctx.recordOf('asset')).id }),
  })),
  getOpenQuotation: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getOpenQuotation'),
    query: { token: await guessedLinkOfA(ctx, 'createQuoteLink', 'quote') },
  })),
  replyOpenQuotation: unknownToB(
    async (ctx) => ({
      method: 'POST',
      url: url('replyOpenQuotation'),
      payload: { token: await guessedLinkOfA(ctx, 'createQuoteLink', 'quote'), decision: 'accepted' },
    }),
    recordAsA('quote', 'getQuoteById'),
  ),
  getOpenDeviceDocuments: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getOpenDeviceDocuments'),
    query: { token: await guessedLinkOfA(ctx, 'createAssetLink', 'asset') },
  })),
  getOpenDeviceDocumentFile: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('getOpenDeviceDocumentFile'),
    query: {
      token: await guessedLinkOfA(ctx, 'createAssetLink', 'asset'),
      documentId: String((await ctx.recordOf('assetDocument')).id),
    },
  })),
};

const EMSCONFIG_CHECKS: Record<string, Entry> = {
  getQualityUnbalance: unknownToB(() => ({
    method: 'GET',
    url: url('getQualityUnbalance'),
    query: { deviceSn: `${STATION_A}-MTR`, type: 'DAY', time: '2026-01-15' },
  })),
  getStorageDevicePage: async (ctx) => {
    const ofA = await call<{ records: Row[] }>(ctx.app, ctx.a, {
      method: 'GET',
      url: url('getStorageDevicePage'),
      query: { size: '50' },
    });
    expect(ofA.body.data.records.map((d) => d.sn)).toContain(DEVICE_A);
    const ofB = await call(ctx.app, ctx.b, {
      method: 'GET',
      url: url('getStorageDevicePage'),
      query: { size: '50', stationId: String(await stationIdOfA(ctx)) },
    });
    expect(ofB.status).toBe(200);
    expect(idsIn(ofB.body.data).filter((id) => idsIn(ofA.body.data).includes(id))).toEqual([]);
  },
  getEnergySetting: stationCall('getEnergySetting'),
  saveEnergySetting: unknownToB(
    async (ctx) => ({
      method: 'PUT',
      url: url('saveEnergySetting'),
      payload: { ...example('energySetting'), stationId: await stationIdOfA(ctx) },
    }),
    energyStateOfA,
  ),
  saveChargeDeal: unknownToB(
    async (ctx) => ({
      method: 'POST',
      url: url('saveChargeDeal'),
      payload: { ...example('chargeDeal'), orderNo: 'CD-FROM-B', stationId: await stationIdOfA(ctx) },
    }),
    energyStateOfA,
  ),
  updateChargeDeal: unknownToB(
    async (ctx) => ({
      method: 'PUT',
      url: url('updateChargeDeal'),
      payload: {
        ...example('chargeDeal'),
        id: await firstIdOfA(ctx, 'getChargeDealPage'),
        stationId: await stationIdOfA(ctx),
        energy: 999,
      },
    }),
    energyStateOfA,
  ),
};

// Reports: A's definition, run now; B's calls name A's definition and runs, the administrator of tenant 10 sets its own rule.

const reportRunOfA = async (ctx: Context): Promise<number> => {
  const definition = await ctx.recordOf('reportDefinition');
  const run = await call<{ id: number }>(ctx.app, ctx.a, { method: 'POST', url: url('runReportNow', { id: definition.id }) });
  expect(run.status).toBe(200);
  return run.body.data.id;
};
const reportRunsAsA = asA({ method: 'GET', url: url('getReportRunPage'), query: { current: '1', size: '50' } });
const reportPolicyAsA = asA({ method: 'GET', url: url('getReportPolicy') });

const REPORT_CHECKS: Record<string, Entry> = {
  runReportNow: unknownToB(
    async (ctx) => ({ method: 'POST', url: url('runReportNow', { id: (await ctx.recordOf('reportDefinition')).id }) }),
    reportRunsAsA,
  ),
  getReportRunPage: async (ctx) => {
    const id = await reportRunOfA(ctx);
    const page = await call<{ records: Row[] }>(ctx.app, ctx.b, {
      method: 'GET',
      url: url('getReportRunPage'),
      query: { current: '1', size: '50' },
    });
    expect(page.status).toBe(200);
    expect(idsIn(page.body.data)).not.toContain(id);
  },
  downloadReportPdf: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('downloadReportPdf', { id: await reportRunOfA(ctx) }),
  })),
  downloadReportWorkbook: unknownToB(async (ctx) => ({
    method: 'GET',
    url: url('downloadReportWorkbook', { id: await reportRunOfA(ctx) }),
  })),
  getReportPolicy: async (ctx) => {
    const allowed = await call(ctx.app, ctx.a, { method: 'PUT', url: url('saveReportPolicy'), payload: { allowOutside: true } });
    expect(allowed.status).toBe(200);
    const ofB = await call<{ allowOutside: boolean }>(ctx.app, ctx.b, { method: 'GET', url: url('getReportPolicy') });
    expect(ofB.body.data.allowOutside).toBe(false);
    await call(ctx.app, ctx.a, { method: 'PUT', url: url('saveReportPolicy'), payload: { allowOutside: false } });
  },
  saveReportPolicy: async (ctx) => {
    const before = await reportPolicyAsA(ctx);
    const ofOther = await call(ctx.app, ctx.adminOf10, {
      method: 'PUT',
      url: url('saveReportPolicy'),
      payload: { allowOutside: true },
    });
    expect(ofOther.status).toBe(200);
    expect(await reportPolicyAsA(ctx)).toEqual(before);
    await call(ctx.app, ctx.adminOf10, { method: 'PUT', url: url('saveReportPolicy'), payload: { allowOutside: false } });
  },
};

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
  saveOrderFiles: async (ctx) => {
    const { app, a, b, adminOf10 } = ctx;
    const order = await ctx.recordOf('salesOrder');
    const uploadAs = async (token: string, fileName: string) => {
      const upload = await call<{ url: string }>(app, token, {
        method: 'POST',
        url: url('uploadFile'),
        ...multipart(fileName, Buffer.from(`${fileName} ${(unique += 1)}`)),
      });
      expect(upload.status).toBe(200);
      return upload.body.data.url;
    };
    const attach = (token: string, orderId: unknown, address: string) =>
      call<Row[]>(app, token, { method: 'POST', url: url('saveOrderFiles'), payload: { orderId, files: [address] } });
    const filesOfA = async () =>
      (await call(app, a, { method: 'GET', url: url('getOrderFilePage'), query: { orderId: String(order.id), size: '50' } }))
        .body;
    // B attaches a file of its own to A's order: to B the order does not exist, and A's order keeps its files...
    const ofB = await uploadAs(b, 'plan.pdf');
    await unknownToB(
      () => ({ method: 'POST', url: url('saveOrderFiles'), payload: { orderId: order.id, files: [ofB] } }),
      filesOfA,
    )(ctx);
    // ...nor can another tenant take A's upload for an order of its own.
    const ofA = await uploadAs(a, 'contract.txt');
    const taken = await attach(adminOf10, await existingId(ctx, adminOf10, 'salesOrder'), ofA);
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe(40010);
    // A itself may: the refusals were about the tenant, not the input.
    const own = await attach(a, order.id, ofA);
    expect(own.status).toBe(200);
    expect(own.body.data.map((file) => file.fileName)).toEqual(['contract.txt']);
  },
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
  ...TELEMETRY_CHECKS,
  ...SALES_CHECKS,
  ...EMSDEVICES_CHECKS,
  ...OA_CHECKS,
  ...CRM_CHECKS,
  ...CRM_SHARED_CHECKS,
  ...TENDER_CHECKS,
  ...EMSASSETS_CHECKS,
  ...SITEOPS_CHECKS,
  ...PROJECT_CHECKS,
  ...EMSCONFIG_CHECKS,
  ...OPEN_LINK_CHECKS,
  ...HEALTH_CHECKS,
  ...REPORT_CHECKS,
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
      'getAlarmGeneratorTypes',
      'getAlarmLevel',
      'getAlarmLevels',
      'getAlarmSource',
      'getCaptcha',
      'getChargeDischargeCapacityEnum',
      'getCityList',
      'getClientToken',
      'getEmsMenuCatalogue',
      'getEmsToken',
      'getEnergyLabelTypes',
      'getFactoryTestEnum',
      'getFactoryTestResultsEnum',
      'getFactoryTestStatusEnum',
      'getFactoryTestStrategyEnum',
      'getHealth',
      'getInquiryPeople',
      'getLocationByAddress',
      'getPrincipal',
      'getReadiness',
      'getRoleList',
      'getTestResults',
      'getTestServiceTypes',
      'getTestStatuses',
      'getTestSteps',
      'getTestStrategyTypes',
      'getUserMenu',
      'getVariableDataTypes',
      'listServiceTypes',
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
        if (!records.has(entity)) records.set(entity, newRecordOfA(ctx, entity));
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
