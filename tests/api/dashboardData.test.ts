import { readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DASHBOARD_SCHEMA_VERSION } from '../../runtime/dashboard/document';
import { call, databases, signIn, type Answer } from '../support/api';
import { contract } from '../support/contract';
import type { TestServer } from '../support/server';

/**
 * The dashboard's batch call (`POST /ems/api/main/dashboard/data`): each need answered exactly as
 * its own call answers it, failures confined to their need, the caller's tenant and access kept.
 */

type Need = { operationId: string; params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
type Envelope = { operationId?: string; code: number; msg: string; data?: unknown; version?: string };

const SOC = 'T2-ST1-BMS.soc';
const CHARGE = 'T2-ST1-PCS1.chargeEnergy';
const today = new Date().toISOString().slice(0, 10);

/** Needs of a dashboard, each with the method and URL of its own call. */
const NEEDS: { need: Need; method: 'GET' | 'POST'; url: string; payload?: unknown }[] = [
  {
    need: { operationId: 'getStationStatusDetail', params: { stationSn: 'T2-ST1' } },
    method: 'GET',
    url: '/ems/api/device/station/get_station_status_detail/T2-ST1',
  },
  {
    need: { operationId: 'getRealtimeData', body: { sns: `${SOC},${CHARGE}` } },
    method: 'POST',
    url: '/ems/api/main/devices/data/realtime',
    payload: { sns: `${SOC},${CHARGE}` },
  },
  {
    need: { operationId: 'getStatisticalValue', query: { sns: CHARGE, calcmethod: 'DIFF', querytime: today, type: 'DAY' } },
    method: 'GET',
    url: `/ems/api/main/devices/data/statisticalvalue?sns=${CHARGE}&calcmethod=DIFF&querytime=${today}&type=DAY`,
  },
  {
    need: {
      operationId: 'getHistoryTrend',
      query: { sns: SOC, calcmethod: 'AVG', queryPeriod: 'HOUR', startTime: today, endTime: `${today} 23:59:59`, points: '50' },
    },
    method: 'GET',
    url: `/ems/api/device/monitordevicevar/variables/data/historytrend?sns=${SOC}&calcmethod=AVG&queryPeriod=HOUR&startTime=${today}&endTime=${today}%2023:59:59&points=50`,
  },
  {
    need: { operationId: 'getAlarmSummarys', body: { current: 1, size: 5, stationSn: 'T2-ST1', status: '0,1' } },
    method: 'POST',
    url: '/ems/api/device/alarm/get_alarm_summarys',
    payload: { current: 1, size: 5, stationSn: 'T2-ST1', status: '0,1' },
  },
  {
    need: { operationId: 'getStationWeather', params: { stationSn: 'T2-PV1' } },
    method: 'GET',
    url: '/ems/api/photovoltaic/weather/T2-PV1',
  },
];

describe.each(databases())('the dashboard batch call on $name', ({ start }) => {
  let server: TestServer;
  let admin: string;
  let auditor: string;
  const batch = (token: string, needs: Need[], lng = 'en') =>
    call<Envelope[]>(server.app, token, {
      method: 'POST',
      url: '/ems/api/main/dashboard/data',
      payload: { needs },
      headers: { 'accept-language': lng },
    });

  beforeAll(async () => {
    server = await start();
    admin = await signIn(server.app, 'admin', 'admin123');
    auditor = await signIn(server.app, 'auditor', 'auditor123');
    const now = Date.now();
    await call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: {
        samples: [
          { sn: SOC, ts: now - 60_000, value: 41.5 },
          { sn: SOC, ts: now - 1_000, value: 42 },
          { sn: CHARGE, ts: now - 60_000, value: 100 },
          { sn: CHARGE, ts: now - 1_000, value: 112.5 },
        ],
      },
    });
  });
  afterAll(async () => server?.stop());

  test('answers each need as its own call answers it, in order', async () => {
    const answer = await batch(
      admin,
      NEEDS.map((entry) => entry.need),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toHaveLength(NEEDS.length);
    for (const [index, entry] of NEEDS.entries()) {
      const alone = await call(server.app, admin, { method: entry.method, url: entry.url, payload: entry.payload as object });
      expect(alone.status, entry.url).toBe(200);
      // The weather's time is the instant of the answer: the two answers may fall on different seconds.
      const untimed = (envelope: unknown) =>
        entry.need.operationId === 'getStationWeather'
          ? { ...(envelope as Envelope), data: { ...((envelope as Envelope).data as object), time: 'now' } }
          : envelope;
      expect(untimed(answer.body.data[index]), entry.need.operationId).toEqual({
        operationId: entry.need.operationId,
        ...(untimed(alone.body) as Envelope),
        version: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      });
    }
    const realtime = answer.body.data[1]?.data as { data: number | null }[];
    expect(realtime.map((value) => value.data)).toEqual([42, 112.5]);
  });

  test('a failing need answers its own code and message; the others are answered', async () => {
    const answer = await batch(admin, [
      { operationId: 'getStationStatusDetail', params: { stationSn: 'NO-SUCH' } },
      { operationId: 'getStatisticalValue', query: { sns: CHARGE, calcmethod: 'DIFF', querytime: '2026-02-30', type: 'DAY' } },
      { operationId: 'getStatisticalValue', query: { sns: CHARGE, calcmethod: 'NOPE', querytime: today, type: 'DAY' } },
      { operationId: 'saveSiteKanban', body: {} },
      { operationId: 'getRealtimeData', body: { sns: SOC } },
    ]);
    expect(answer.status).toBe(200);
    const [missing, badDate, badMethod, notBatchable, fine] = answer.body.data as Envelope[];
    expect(missing).toMatchObject({ code: 40400 });
    expect(badDate?.code).toBe(40001);
    expect(badMethod?.code).toBe(40001);
    expect(badMethod?.msg).toMatch(/calcmethod/);
    expect(notBatchable).toEqual({ operationId: 'saveSiteKanban', code: 40001, msg: 'saveSiteKanban cannot be sent in a batch' });
    expect(fine).toMatchObject({ operationId: 'getRealtimeData', code: 0, data: [{ data: 42 }] });
    expect(answer.body.data.map((envelope) => envelope.operationId)).toEqual([
      'getStationStatusDetail',
      'getStatisticalValue',
      'getStatisticalValue',
      'saveSiteKanban',
      'getRealtimeData',
    ]);
  });

  test('each answer is the documented variant of its operationId: DataBatchSuccess_<operationId>, DataBatchUnchanged or DataBatchFailure', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(contract.document, 'openapi');
    const schema = (name: string) => ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
    const documented = schema('DataBatchAnswer');
    const first = await batch(admin, [NEEDS[0]?.need as Need]);
    const held = { ...(NEEDS[0]?.need as Need), version: first.body.data[0]?.version };
    const answer = await batch(admin, [
      ...NEEDS.map((entry) => entry.need),
      held,
      { operationId: 'getStationStatusDetail', params: { stationSn: 'NO-SUCH' } },
      { operationId: 'noSuchCall' },
    ]);
    expect(answer.body.data[NEEDS.length]).toMatchObject({ unchanged: true });
    for (const envelope of answer.body.data) {
      const variant =
        envelope.code !== 0
          ? 'DataBatchFailure'
          : 'unchanged' in envelope
            ? 'DataBatchUnchanged'
            : `DataBatchSuccess_${String(envelope.operationId)}`;
      const validate = schema(variant);
      expect(validate(envelope), `${variant}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(documented(envelope), `DataBatchAnswer: ${JSON.stringify(documented.errors)}`).toBe(true);
    }
    // The variants are those of their calls: a trend's answer is not one of realtime values.
    const trend = answer.body.data.find((envelope) => envelope.operationId === 'getHistoryTrend');
    expect(schema('DataBatchSuccess_getRealtimeData')({ ...trend, operationId: 'getRealtimeData' })).toBe(false);
    expect(answer.body.data.slice(-2)).toMatchObject([
      { operationId: 'getStationStatusDetail', code: 40400 },
      { operationId: 'noSuchCall', code: 40001 },
    ]);
  });

  test('messages follow the language of the request', async () => {
    const answer = await batch(admin, [{ operationId: 'getStationStatusDetail', params: { stationSn: 'NO-SUCH' } }], 'zh');
    expect(answer.body.data[0]?.msg).not.toMatch(/[a-z]{4}/);
  });

  test("another tenant's station is not found, and a foreign tenantId is refused", async () => {
    const answer = await batch(auditor, [
      { operationId: 'getStationStatusDetail', params: { stationSn: 'T2-ST1' } },
      { operationId: 'getRealtimeData', body: { sns: SOC } },
      { operationId: 'getAlarmSummarys', body: { stationSn: 'T2-ST1', tenantId: 2 } },
    ]);
    const [station, realtime, foreign] = answer.body.data as Envelope[];
    expect(station?.code).toBe(40400);
    expect(realtime?.code).toBe(40400);
    expect(foreign?.code).toBe(40300);
  });

  test.each([
    ['no needs', { needs: [] }],
    ['more than 100 needs', { needs: Array.from({ length: 101 }, () => ({ operationId: 'listStations' })) }],
    ['a need without an operation', { needs: [{ query: {} }] }],
    ['a query value that is not text', { needs: [{ operationId: 'listStations', query: { a: 1 } }] }],
  ])('refuses %s with 400 and answers nothing', async (_, payload) => {
    const answer: Answer = await call(server.app, admin, { method: 'POST', url: '/ems/api/main/dashboard/data', payload });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40001);
  });

  test('needs the EMS token', async () => {
    const answer = await server.app.inject({ method: 'POST', url: '/ems/api/main/dashboard/data', payload: { needs: [] } });
    expect(answer.statusCode).toBe(401);
  });
});

describe.each(databases())('the demo dashboards on $name', ({ start }) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    admin = await signIn(server.app, 'admin', 'admin123');
  });
  afterAll(async () => server?.stop());

  const types = readdirSync('schemas/widgets')
    .filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'))
    .map((file) => file.replace(/\.json$/, ''));
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validators = new Map(
    types.map((type) => [type, ajv.compile(JSON.parse(readFileSync(`generated/widgets/${type}.json`, 'utf8')) as object)]),
  );

  test.each(['T2-ST1', 'T2-PV1', 'T2-EMS1'])(
    '%s: every widget type, each configuration valid by its schema, laid out',
    async (sn) => {
      const answer = await call<{
        version: number;
        schemaVersion: number;
        layouts: { desktop: { id: string }[] };
        widgets: { id: string; type: string; config: object }[];
      }>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${sn}` });
      const document = answer.body.data;
      expect(document).toMatchObject({ version: 1, schemaVersion: DASHBOARD_SCHEMA_VERSION });
      expect(new Set(document.widgets.map((widget) => widget.type))).toEqual(new Set(types));
      for (const widget of document.widgets) {
        const validate = validators.get(widget.type);
        expect(validate?.(widget.config), `${widget.type}: ${JSON.stringify(validate?.errors)}`).toBe(true);
      }
      expect(document.layouts.desktop.map((item) => item.id).sort()).toEqual(document.widgets.map((widget) => widget.id).sort());
    },
  );
});
