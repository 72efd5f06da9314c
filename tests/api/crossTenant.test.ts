import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract, type JsonSchema, type Operation } from '../../server/contract';
import { call, databases, signIn, type Answer } from '../support/api';
import { entities, example, operation, pages } from '../support/contract';
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
    if (name === 'size' && schema.enum?.length) query.size = String(Math.max(...schema.enum.map(Number)));
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
      await createRecord(ctx, a, entity);
      const ownAfter = await figures(a);
      const otherAfter = await figures(b);
      if (refused === 403) expect(otherAfter.status).toBe(403);
      else expect(otherAfter.body.data).toEqual(otherBefore.body.data);
      if (!op.query?.required?.length) expect(total(ownAfter.body.data)).toBe(total(ownBefore.body.data) + 1);
      break;
    }
    case 'export': {
      // Each tenant's workbook has exactly the rows of its own list.
      const page = pages.find((p) => p.page === op.resource?.page);
      const list = page?.resource.list ?? '';
      const rowsOf = async (token: string) => {
        const answer = await ctx.app.inject({
          method: methodOf(id),
          url: url(id),
          headers: { authorization: `Bearer ${token}` },
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
  getAlarmSummarys: unknownToB(() => ({ method: 'POST', url: url('getAlarmSummarys'), payload: { stationSn: STATION_A } })),
  getEngeryAlarmList: unknownToB(() => ({ method: 'GET', url: url('getEngeryAlarmList'), query: { stationSn: STATION_A } })),
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
  ...PROJECT_CHECKS,
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
      'getClientToken',
      'getEmsToken',
      'getEnergyLabelTypes',
      'getInquiryPeople',
      'getPrincipal',
      'getRoleList',
      'getUserMenu',
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
