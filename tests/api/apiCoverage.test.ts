import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_COVERAGE, coverageRows } from '../../codegen/coverage';
import { loadContract, type JsonSchema, type Operation } from '../../server/contract';
import { call, databases, emsTokenOf, signIn } from '../support/api';
import { baseline } from '../support/baseline';
import { entities, example, operation } from '../support/contract';
import { createRecord, operationFor, recordBody, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * `docs/api-coverage.md` lists each call of the specifications beside its operation (codegen's
 * check holds the table to the contract: every operation listed, with its method and path). This
 * suite calls every listed operation with valid input, as a client would: it must answer success, or
 * 409 where the record is not in a state the call applies to — never 404, 500 or 501.
 *
 * Valid input comes from the contract: a parameter's own `examples`, a record of the entity its
 * `x-ref` names, a fresh record for the id of a generic resource call, the demo's station and
 * device for station and device serial numbers, else the least its schema allows; bodies start
 * from their schema's example.
 */

const contract = loadContract();
const rows = coverageRows(readFileSync(new URL(`../../${API_COVERAGE}`, import.meta.url), 'utf8'));

/** Demo values by parameter name: tenant 2's storage station and its first converter. */
const DEMO_VALUES: Record<string, string> = {
  stationSn: 'T2-ST1',
  sn: 'T2-ST1',
  siteSn: 'T2-ST1',
  currentSiteSn: 'T2-ST1',
  deviceSn: 'T2-ST1-PCS1',
  deviceSns: 'T2-ST1-PCS1',
  tenantId: '2',
};

/** An approval of tenant 2 assigned to the signed-in administrator, for the approver's steps. */
async function approvalForCaller(ctx: Context): Promise<Row> {
  const employees = await call<{ records: Row[] }>(ctx.app, ctx.admin, {
    method: 'GET',
    url: url('getUserPage'),
    query: { size: '50', name: '系统管理员' },
  });
  const answer = await call<Row>(ctx.app, ctx.admin, {
    method: 'POST',
    url: url('saveApproval'),
    payload: { ...example('approval'), approverId: employees.body.data.records[0]?.id, copyUsers: [] },
  });
  return answer.body.data;
}

interface Fixture {
  body?: Row;
  params?: Record<string, string>;
  query?: Record<string, string>;
}

/** A site-scheme entry's body: a station of tenant 2's on a fresh order of its own. */
async function schemeEntryBody(ctx: Context): Promise<Row> {
  const order = await createRecord(ctx.app, ctx.admin, 'salesOrder');
  const station = await recordOf(ctx, 'station');
  return { orderId: order.id, sn: station.sn, name: 'Covered' };
}

/** A picture of a camera of tenant 2's, stored as a capture record. */
async function captureOfCaller(ctx: Context): Promise<Row> {
  const upload = picture();
  const stored = await call<Row>(ctx.app, ctx.admin, {
    method: 'POST',
    url: url('uploadFile'),
    payload: upload.payload,
    headers: upload.headers,
  });
  const { bucketName, fileName } = stored.body.data;
  const capture = await call<Row>(ctx.app, ctx.admin, {
    method: 'POST',
    url: url('addCapturePic'),
    payload: { ipcId: (await recordOf(ctx, 'camera')).id, bucketName, fileName },
  });
  return { bucketName, fileName, id: capture.body.data.id };
}

/** A dashboard template of the demo storage station's dashboard, with T2-ST2 following it (made once per server). */
const templates = new WeakMap<Context, Promise<Row>>();
function templateOfCaller(ctx: Context): Promise<Row> {
  let made = templates.get(ctx);
  if (!made) {
    made = (async () => {
      const template = await call<Row>(ctx.app, ctx.admin, {
        method: 'POST',
        url: url('createKanbanTemplate'),
        payload: { name: 'Coverage', stationSn: 'T2-ST1' },
      });
      await attach(ctx, template.body.data.id, 'T2-ST2');
      return template.body.data;
    })();
    templates.set(ctx, made);
  }
  return made;
}

/** The stored version of a station's dashboard. */
const kanbanVersion = async (ctx: Context, stationSn: string) =>
  Number((await call<Row>(ctx.app, ctx.admin, { method: 'GET', url: url('getSiteKanban', { stationSn }) })).body.data.version);

/** A station follows a template. */
async function attach(ctx: Context, id: unknown, stationSn: string): Promise<void> {
  await call(ctx.app, ctx.admin, {
    method: 'POST',
    url: url('attachKanbanTemplate', { id }),
    payload: { stations: [{ stationSn, version: await kanbanVersion(ctx, stationSn) }] },
  });
}

/** A new version of the template, made on the demo storage station, at the template's current version. */
async function templateChange(ctx: Context): Promise<{ id: string; baseVersion: number; document: Row }> {
  const { id } = await templateOfCaller(ctx);
  const current = await call<Row>(ctx.app, ctx.admin, { method: 'GET', url: url('getKanbanTemplate', { id }) });
  const document = await call<Row>(ctx.app, ctx.admin, { method: 'GET', url: url('getSiteKanban', { stationSn: 'T2-ST1' }) });
  return { id: String(id), baseVersion: Number(current.body.data.version), document: document.body.data };
}

/** Requests that need records in a particular relation to each other or to the caller. */
/** A new link of an open route to the record `id` (the token the customer or the QR code carries). */
async function openLinkTo(ctx: Context, operationId: 'createQuoteLink' | 'createAssetLink', id: unknown): Promise<string> {
  const made = await call<{ token: string }>(ctx.app, ctx.admin, { method: 'POST', url: url(operationId, { id }) });
  return made.body.data.token;
}

/** The link of a quotation of the caller's, made and submitted for the call (a reply moves it on). */
async function pendingQuoteLink(ctx: Context): Promise<string> {
  const quote = await createRecord(ctx.app, ctx.admin, 'quote');
  await call(ctx.app, ctx.admin, { method: 'PUT', url: url('submitQuote', { id: quote.id }) });
  return openLinkTo(ctx, 'createQuoteLink', quote.id);
}

/** A run of a report of tenant 2 (PDF and workbook), made now. */
async function reportRunOf(ctx: Context): Promise<number> {
  const definition = await recordOf(ctx, 'reportDefinition');
  const run = await call<{ id: number }>(ctx.app, ctx.admin, { method: 'POST', url: url('runReportNow', { id: definition.id }) });
  return run.body.data.id;
}

const FIXTURES: Record<string, (ctx: Context) => Promise<Fixture>> = {
  // A reading stored now, corrected: the ledger recomputes what it changes.
  correctLedgerSample: async (ctx) => {
    const sample = { sn: 'T2-ST1-PCS1.chargeEnergy', ts: Date.now(), value: 10 };
    await call(ctx.app, ctx.admin, { method: 'POST', url: url('ingestSamples'), payload: { samples: [sample] } });
    return { body: { varSn: sample.sn, ts: sample.ts, value: 11, reason: 'coverage' } };
  },
  // A report's files are those of a run: one made now.
  runReportNow: async (ctx) => ({ params: { id: String((await recordOf(ctx, 'reportDefinition')).id) } }),
  downloadReportPdf: async (ctx) => ({ params: { id: String(await reportRunOf(ctx)) } }),
  downloadReportWorkbook: async (ctx) => ({ params: { id: String(await reportRunOf(ctx)) } }),
  // A station is in an order's scheme once: a fresh order takes any station of the tenant.
  saveSiteScheme: async (ctx) => ({ body: await schemeEntryBody(ctx) }),
  updateSiteScheme: async (ctx) => {
    const entry = await call<Row>(ctx.app, ctx.admin, {
      method: 'POST',
      url: url('saveSiteScheme'),
      payload: await schemeEntryBody(ctx),
    });
    return { body: { id: entry.body.data.id, orderId: entry.body.data.orderId, sn: entry.body.data.sn, name: 'Covered again' } };
  },
  createQuoteLink: async (ctx) => ({ params: { id: String((await recordOf(ctx, 'quote')).id) } }),
  createAssetLink: async (ctx) => ({ params: { id: String((await recordOf(ctx, 'asset')).id) } }),
  getOpenQuotation: async (ctx) => ({ query: { token: await pendingQuoteLink(ctx) } }),
  // Credentials are only for a channel of protocol mqtt (the demo's speak Modbus).
  issueMqttCredentials: async (ctx) => ({
    body: {
      channelId: (await createRecord(ctx.app, ctx.admin, 'monitorChannel', { protocol: 'mqtt', sn: 'CH-COVER-MQTT' })).id,
      replace: true,
    },
  }),
  replyOpenQuotation: async (ctx) => ({ body: { token: await pendingQuoteLink(ctx), decision: 'accepted', comment: 'Agreed' } }),
  getOpenDeviceDocuments: async (ctx) => ({
    query: { token: await openLinkTo(ctx, 'createAssetLink', (await recordOf(ctx, 'asset')).id) },
  }),
  // A document with a file of its own, on the asset the link names.
  getOpenDeviceDocumentFile: async (ctx) => {
    const upload = picture();
    const stored = await call<Row>(ctx.app, ctx.admin, {
      method: 'POST',
      url: url('uploadFile'),
      payload: upload.payload,
      headers: upload.headers,
    });
    const asset = await recordOf(ctx, 'asset');
    const doc = await call<Row>(ctx.app, ctx.admin, {
      method: 'POST',
      url: url('addAssetDocument'),
      payload: {
        assetId: asset.id,
        name: 'Manual',
        bucketName: stored.body.data.bucketName,
        fileName: stored.body.data.fileName,
        originalFilename: 'pixel.png',
      },
    });
    return { query: { token: await openLinkTo(ctx, 'createAssetLink', asset.id), documentId: String(doc.body.data.id) } };
  },
  getKanbanTemplate: async (ctx) => ({ params: { id: String((await templateOfCaller(ctx)).id) } }),
  setKanbanTemplateDefault: async (ctx) => ({
    params: { id: String((await templateOfCaller(ctx)).id) },
    body: { isDefault: true },
  }),
  listKanbanTemplateStations: async (ctx) => ({ params: { id: String((await templateOfCaller(ctx)).id) } }),
  getResolvedKanbanTemplate: async (ctx) => ({ params: { id: String((await templateOfCaller(ctx)).id), stationSn: 'T2-ST2' } }),
  attachKanbanTemplate: async (ctx) => ({
    params: { id: String((await templateOfCaller(ctx)).id) },
    body: { stations: [{ stationSn: 'T2-ST3', version: await kanbanVersion(ctx, 'T2-ST3') }] },
  }),
  previewKanbanTemplate: async (ctx) => {
    const { id, ...body } = await templateChange(ctx);
    return { params: { id }, body };
  },
  publishKanbanTemplate: async (ctx) => {
    const { id, ...body } = await templateChange(ctx);
    return { params: { id }, body: { ...body, stations: ['T2-ST2'] } };
  },
  // A station of the call's own with one version of an empty dashboard: what the other calls moved
  // between stations (devices) binds nothing of it to another station.
  restoreSiteKanbanVersion: async (ctx) => {
    const stationSn = String((await createRecord(ctx.app, ctx.admin, 'station')).sn);
    await call(ctx.app, ctx.admin, {
      method: 'POST',
      url: url('saveSiteKanban'),
      payload: { stationSn, version: 0, schemaVersion: 3, layouts: { desktop: [] }, widgets: [] },
    });
    return { params: { stationSn, number: '1' }, body: { version: 1 } };
  },
  // The demo PV station's dashboard as a file, imported onto the EMS station.
  planSiteKanbanImport: async (ctx) => {
    const file = await call<Row>(ctx.app, ctx.admin, { method: 'GET', url: url('getSiteKanban', { stationSn: 'T2-PV1' }) });
    const { updatedBy: _by, updateTime: _at, ...document } = file.body.data;
    return {
      params: { stationSn: 'T2-EMS1' },
      body: {
        document: { ...document, stationSn: 'T2-EMS1', version: await kanbanVersion(ctx, 'T2-EMS1') },
        source: { stationSn: 'T2-PV1' },
      },
    };
  },
  // A station that follows the template, for the call that detaches it.
  detachSiteKanbanTemplate: async (ctx) => {
    await attach(ctx, (await templateOfCaller(ctx)).id, 'T2-ST3');
    return { params: { stationSn: 'T2-ST3' } };
  },
  approveTask: async (ctx) => ({ body: { id: (await approvalForCaller(ctx)).id } }),
  rejectTask: async (ctx) => ({ body: { id: (await approvalForCaller(ctx)).id, opinion: 'Not this quarter' } }),
  // A picture the caller uploaded, of one of the tenant's cameras.
  addCapturePic: async (ctx) => {
    const upload = picture();
    const stored = await call<Row>(ctx.app, ctx.admin, {
      method: 'POST',
      url: url('uploadFile'),
      payload: upload.payload,
      headers: upload.headers,
    });
    const { bucketName, fileName } = stored.body.data;
    return { body: { ipcId: (await recordOf(ctx, 'camera')).id, bucketName, fileName } };
  },
  // Files the caller uploaded, attached to one of the tenant's orders.
  saveOrderFiles: async (ctx) => {
    const upload = picture();
    const stored = await call<Row>(ctx.app, ctx.admin, {
      method: 'POST',
      url: url('uploadFile'),
      payload: upload.payload,
      headers: upload.headers,
    });
    return { body: { orderId: (await recordOf(ctx, 'salesOrder')).id, files: [stored.body.data.url] } };
  },
  getCaptureRecord: async (ctx) => ({ params: { id: String((await captureOfCaller(ctx)).id) } }),
  // A device of the demo, which has a model to be applied again.
  applyMonitorDeviceModel: async (ctx) => {
    const devices = await call<{ records: Row[] }>(ctx.app, ctx.admin, {
      method: 'GET',
      url: url('getMonitorDevicePage'),
      query: { sn: DEMO_VALUES.deviceSn ?? '' },
    });
    return { params: { id: String(devices.body.data.records[0]?.id) } };
  },
  // The caller's own notices (each user has copies of their own).
  deleteNotices: async (ctx) => ({ query: { ids: String((await recordOf(ctx, 'notice')).id) } }),
  // A station's energy settings (saved whole, by the station; they have no list to read one from).
  saveEnergySetting: async (ctx) => {
    const station = await call<Row>(ctx.app, ctx.admin, { method: 'GET', url: url('getStationBySn', { stationSn: 'T2-ST1' }) });
    return { body: { ...example('energySetting'), stationId: station.body.data.id } };
  },
  // An inspection with the worksheet it belongs to.
  getInspectTaskDetail: async (ctx) => {
    const task = await recordOf(ctx, 'inspectionTask', (record) => record.worksheetId !== undefined);
    return { query: { id: String(task.id), sheetId: String(task.worksheetId) } };
  },
};

/** Calls that end the caller's session or change its tenant: made by an account of their own. */
const OWN_ACCOUNT = new Set(['changePassword', 'changePasswordPut', 'updateDefaultTenant']);

/** Each operation once (several calls of the specification may share one), deletions last, so the records other calls read are still there. */
const ordered = [...new Map(rows.map((row) => [row.operationId, row])).values()].sort(
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || a.operationId.localeCompare(b.operationId),
);

const writableOf = (entity: string, record: Row): Row =>
  Object.fromEntries(Object.entries(record).filter(([name]) => entities[entity]?.properties?.[name]?.readOnly !== true));

interface Context {
  app: FastifyInstance;
  admin: string;
  userId: number;
}

/** Records no generic list answers, read by the call that lists them. */
const SPECIAL_LISTS: Record<string, (ctx: Context) => Promise<Row[]>> = {
  alarm: async (ctx) => {
    const answer = await call<{ records: Row[] }>(ctx.app, ctx.admin, {
      method: 'POST',
      url: url('getAlarmSummarys'),
      payload: { current: 1, size: 5, stationSn: 'T2-ST1', status: '0,1' },
    });
    return answer.body.data.records;
  },
};

/** A call that answers a page of `entity` records and needs no parameter. */
function pageOperationOf(entity: string): string | undefined {
  return contract.operations.find((op) => {
    const data = op.response?.properties?.data;
    return (
      op.method === 'get' &&
      !op.params &&
      !op.query?.required?.length &&
      data?.properties?.records?.items?.['x-entity'] === entity
    );
  })?.operationId;
}

/** A record of `entity` the tenant has: the first its list answers (that `which` accepts), else a new one. */
async function recordOf(ctx: Context, entity: string, which: (record: Row) => boolean = () => true): Promise<Row> {
  const special = SPECIAL_LISTS[entity];
  if (special) {
    const found = (await special(ctx)).find(which);
    if (!found) throw new Error(`tenant 2 has no ${entity}`);
    return found;
  }
  const list = operationFor(entity, 'list') ?? pageOperationOf(entity);
  if (list) {
    const answer = await call<{ records?: Row[] } | Row[]>(ctx.app, ctx.admin, {
      method: operation(list).method.toUpperCase() as 'GET',
      url: url(list),
      query: { size: '50' },
    });
    const records = Array.isArray(answer.body.data) ? answer.body.data : (answer.body.data.records ?? []);
    const found = records.find(which);
    if (found) return found;
  }
  return createRecord(ctx.app, ctx.admin, entity);
}

/** The entity of the record a call answers, if it answers one. */
function answeredEntity(op: Operation): string | undefined {
  return op.response?.properties?.data?.['x-entity'];
}

/** A record of `entity` the caller made (its applicant, owner or author), else one the tenant has. */
async function ownRecordOf(ctx: Context, entity: string): Promise<Row> {
  return operationFor(entity, 'create') ? createRecord(ctx.app, ctx.admin, entity) : recordOf(ctx, entity);
}

/** A valid value of a parameter of `op`, by what its schema and name say. */
async function parameterValue(ctx: Context, op: Operation, name: string, schema: JsonSchema, subject: () => Promise<Row>) {
  if (Array.isArray(schema.examples) && schema.examples.length) return String(schema.examples[0]);
  if (schema['x-ref']) {
    const record = await ownRecordOf(ctx, schema['x-ref']);
    return String(schema.type === 'string' ? record[name] : record.id);
  }
  if ((name === 'id' || name === 'ids') && op.resource) return String((await subject()).id);
  if (name === 'userId') return String(ctx.userId);
  if (DEMO_VALUES[name]) return DEMO_VALUES[name];
  const value = baseline(schema);
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** A valid body of `op`: the record's own fields for an update, else its schema's example or least value. */
async function bodyOf(ctx: Context, op: Operation, subject: () => Promise<Row>): Promise<unknown> {
  const schema = op.body;
  if (!schema) return undefined;
  const entity = schema['x-entity'];
  if (
    entity &&
    (op.resource?.action === 'update' || (!op.resource && ['put', 'patch'].includes(op.method) && schema.properties?.id))
  ) {
    const record = op.resource ? await subject() : await recordOf(ctx, entity);
    return { ...writableOf(entity, record), id: record.id };
  }
  if (entity && op.resource?.action === 'create') return recordBody(ctx.app, ctx.admin, entity);
  const first = schema.examples?.[0];
  const value = (first ?? baseline(schema)) as Row;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      // What the example leaves out stays out unless required; what it gives is used as given.
      if ((first && name in value) || !(schema.required ?? []).includes(name)) continue;
      // An id without a reference names a record of what the call answers.
      const target = property['x-ref'] ?? (name === 'id' ? answeredEntity(op) : undefined);
      if (target) value[name] = (await ownRecordOf(ctx, target)).id;
      else if (DEMO_VALUES[name]) value[name] = DEMO_VALUES[name];
    }
    // A confirmation (`x-same-as`) repeats the field it confirms.
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const same = property['x-same-as'];
      if (typeof same === 'string') value[name] = value[same];
    }
    if (entity) return { ...(example(entity) as Row), ...value };
  }
  return value;
}

/** A file as the web client uploads it. */
function multipart(fileName: string, contentType: string, data: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----coverage';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A one-pixel PNG, as the web client uploads a picture. */
const picture = () =>
  multipart(
    'pixel.png',
    'image/png',
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  );

/**
 * The workbook an import takes: the one its export gives (`importX` takes what `exportX` gives),
 * of the record the import's path names (a device model's register map) when it names one.
 */
async function workbookFor(
  ctx: Context,
  importId: string,
  params: Record<string, string>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const exportId = importId.replace(/^import/, 'export');
  const exported = operation(exportId);
  const token = exported.path.startsWith('/ems/api/') ? await emsTokenOf(ctx.app, ctx.admin) : ctx.admin;
  const query: Record<string, string> = {};
  for (const name of exported.query?.required ?? [])
    query[name] = DEMO_VALUES[name] ?? String(baseline(exported.query?.properties?.[name] ?? {}));
  const answer = await ctx.app.inject({
    method: exported.method.toUpperCase() as 'GET',
    url: exported.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? '')),
    query,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode, `${exportId} gives the workbook ${importId} takes`).toBe(200);
  return multipart('import.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', answer.rawPayload);
}

describe.each(databases())('every listed call answers valid input on $name', ({ start }) => {
  let server: TestServer;
  const ctx = {} as Context;
  let own: { id: unknown; username: string; password: string };

  beforeAll(async () => {
    server = await start();
    ctx.app = server.app;
    ctx.admin = await signIn(server.app, 'admin', 'admin123');
    const principal = await call<{ userId: number }>(ctx.app, ctx.admin, { method: 'GET', url: '/manager/user/getPrincipal' });
    ctx.userId = principal.body.data.userId;
    const body = await createRecord(ctx.app, ctx.admin, 'user');
    const password = 'coverage123';
    await call(ctx.app, ctx.admin, {
      method: 'PUT',
      url: url('resetPassword'),
      payload: { id: body.id, newPassword: password, confirmPassword: password, phrase: 'I confirm' },
    });
    own = { id: body.id, username: String(body.username), password };
    // A fault of tenant 2's converter raises an alarm, for the calls on one.
    await call(ctx.app, ctx.admin, {
      method: 'POST',
      url: url('ingestSamples'),
      payload: { samples: [{ sn: 'T2-ST1-PCS1.faultState', ts: Date.now(), value: 1 }] },
    });
  });
  afterAll(() => server.stop());

  test.each(ordered)('$operationId', async ({ operationId }) => {
    const op = operation(operationId);
    let made: Promise<Row> | undefined;
    const subject = () => (made ??= createRecord(ctx.app, ctx.admin, op.resource?.entity ?? ''));
    const params: Record<string, string> = {};
    for (const [name, schema] of Object.entries(op.params?.properties ?? {}))
      params[name] = await parameterValue(ctx, op, name, schema, subject);
    const query: Record<string, string> = {};
    for (const name of op.query?.required ?? [])
      query[name] = await parameterValue(ctx, op, name, op.query?.properties?.[name] ?? {}, subject);
    if (op.query?.properties?.id && op.resource && !query.id) query.id = String((await subject()).id);
    const fixture = await FIXTURES[operationId]?.(ctx);
    Object.assign(params, fixture?.params);
    Object.assign(query, fixture?.query);
    let payload: unknown = op.multipart ? undefined : (fixture?.body ?? (await bodyOf(ctx, op, subject)));
    // Path parameters the body names too (the record's id or serial number) are the body's.
    if (payload && typeof payload === 'object' && !op.resource) {
      for (const name of Object.keys(params))
        if ((payload as Row)[name] !== undefined) params[name] = String((payload as Row)[name]);
    }
    let token: string | undefined = OWN_ACCOUNT.has(operationId) ? await signIn(ctx.app, own.username, own.password) : ctx.admin;
    const headers: Record<string, string> = {};
    if (op.multipart) {
      const upload = operationId.startsWith('import') ? await workbookFor(ctx, operationId, params) : picture();
      payload = upload.payload;
      Object.assign(headers, upload.headers);
    }
    if (operationId === 'getFile') {
      const upload = picture();
      const stored = await call<{ bucketName: string; fileName: string }>(ctx.app, ctx.admin, {
        method: 'POST',
        url: url('uploadFile'),
        payload: upload.payload,
        headers: upload.headers,
      });
      Object.assign(params, { bucketName: stored.body.data.bucketName, fileName: stored.body.data.fileName });
    }
    if (operationId === 'getClientToken') {
      query.grant_type = 'client_credentials';
      headers.authorization = `Basic ${Buffer.from('web:web').toString('base64')}`;
      token = undefined;
    }
    if (operationId === 'pcLogin' || operationId === 'getCaptcha') {
      const client = await ctx.app.inject({
        method: 'GET',
        url: '/auth/oauth/token?grant_type=client_credentials',
        headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}` },
      });
      token = client.json<{ access_token: string }>().access_token;
      if (operationId === 'pcLogin') payload = { username: own.username, password: own.password };
    }
    if (operationId === 'changePassword' || operationId === 'changePasswordPut') {
      payload = { oldPassword: own.password, newPassword: own.password, confirmPassword: own.password };
    }
    if (operationId === 'updateDefaultTenant') query.tenantId = '2';
    if (operationId === 'resetPassword') {
      payload = { id: own.id, newPassword: own.password, confirmPassword: own.password, phrase: 'I confirm' };
    }
    if (token && op.path.startsWith('/ems/api/')) token = await emsTokenOf(ctx.app, token);
    const response = await ctx.app.inject({
      method: op.method.toUpperCase() as 'GET',
      url: op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? '')),
      query,
      headers: {
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: payload as Row | Buffer } : {}),
    });
    const answer = op.binary ? '' : response.body.slice(0, 300);
    expect([200, 409], `${op.method.toUpperCase()} ${op.path}: ${response.statusCode} ${answer}`).toContain(response.statusCode);
  });
});
