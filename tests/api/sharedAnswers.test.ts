import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import type { TestServer } from '../support/server';

/**
 * The dashboard's answers shared by the viewers of a tenant (`server/http/needCache.ts`) and
 * versioned, so that a refresh carries only what changed: never across tenants, fresh after a new
 * sample within a tick and at once after a change of a record.
 */

type Need = {
  operationId: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  version?: string;
};
type Answer = { operationId: string; code: number; msg?: string; data?: unknown; version?: string; unchanged?: boolean };
type Row = Record<string, unknown>;

/** A station of the same serial number in two tenants, with a device and a variable of the same serial numbers. */
const SN = 'SAME-1';
const VARIABLE = `${SN}-M.p`;
const REALTIME: Need = { operationId: 'getRealtimeData', body: { sns: VARIABLE } };
const STATION: Need = { operationId: 'getStationBySn', params: { stationSn: SN } };
const VARIABLES: Need = { operationId: 'getDeviceVars', body: { deviceSns: `${SN}-M` } };
/** One tick of the dashboard (ms). */
const TICK_MS = 20_000;

describe.each(databases())('answers shared by the viewers of a tenant on $name', ({ start }) => {
  let server: TestServer;
  /** The demo admin (tenant 2) and operator (tenant 7). */
  let admin: string;
  let operator: string;
  const batch = async (token: string, needs: Need[]) => {
    const answer = await call<Answer[]>(server.app, token, {
      method: 'POST',
      url: '/ems/api/main/dashboard/data',
      payload: { needs },
    });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const ingest = (token: string, value: number, ts = Date.now()) =>
    call(server.app, token, {
      method: 'POST',
      url: '/ems/api/collector/samples',
      payload: { samples: [{ sn: VARIABLE, ts, value }] },
    });
  const valueOf = (answer: Answer | undefined) => (answer?.data as { data: number | null }[] | undefined)?.[0]?.data;

  /** The station, its device and variable in the tenant of `token`, named after the tenant; the variable as stored. */
  async function sameStation(token: string, tenant: string): Promise<Row> {
    const post = async (url: string, payload: Row) => {
      const answer = await call<Row>(server.app, token, { method: 'POST', url, payload });
      expect(answer.body.code, url).toBe(0);
      return answer.body.data;
    };
    const station = await post('/ems/api/device/station', {
      sn: SN,
      name: `${tenant} site`,
      stationType: 'storage',
      timeZone: 'Asia/Shanghai',
    });
    const device = await post('/ems/api/device/monitordevice/device', {
      sn: `${SN}-M`,
      name: 'Meter',
      kind: 'meter',
      stationId: station.id,
    });
    const variable = await post('/ems/api/device/monitordevicevar', {
      sn: VARIABLE,
      name: 'Power',
      code: 'p',
      unit: 'kW',
      kind: 'gauge',
      deviceId: device.id,
    });
    return variable;
  }

  let adminVariable: Row = {};
  beforeAll(async () => {
    server = await start();
    admin = await signIn(server.app, 'admin', 'admin123');
    operator = await signIn(server.app, 'operator', 'operator123');
    adminVariable = await sameStation(admin, 'Tenant 2');
    await sameStation(operator, 'Tenant 7');
    const ts = Date.now() - 60_000;
    await ingest(admin, 22, ts);
    await ingest(operator, 77, ts);
  });
  afterAll(async () => server?.stop());

  test("two tenants watching stations of equal serial numbers never see each other's answers", async () => {
    for (let round = 0; round < 3; round += 1) {
      const [ofAdmin, ofOperator] = await Promise.all([batch(admin, [REALTIME, STATION]), batch(operator, [REALTIME, STATION])]);
      expect(valueOf(ofAdmin[0])).toBe(22);
      expect((ofAdmin[1]?.data as Row).name).toBe('Tenant 2 site');
      expect(valueOf(ofOperator[0])).toBe(77);
      expect((ofOperator[1]?.data as Row).name).toBe('Tenant 7 site');
      // The versions of equal needs differ where the answers do, whatever was kept.
      expect(ofAdmin[0]?.version).not.toBe(ofOperator[0]?.version);
    }
  });

  test('an answer held is said unchanged without its data; one that changed comes back whole, also to a viewer that missed the ticks between', async () => {
    const [first] = await batch(admin, [STATION]);
    expect(first?.version).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const [same] = await batch(admin, [{ ...STATION, version: first?.version }]);
    expect(same).toEqual({ operationId: 'getStationBySn', code: 0, version: first?.version, unchanged: true });
    // Another tenant holding the same version of its own need gets its own answer.
    const [ofOperator] = await batch(operator, [{ ...STATION, version: first?.version }]);
    expect((ofOperator?.data as Row).name).toBe('Tenant 7 site');

    const renamed = await call(server.app, admin, {
      method: 'PUT',
      url: `/ems/api/device/station/update/${String((first?.data as Row).id)}`,
      payload: { ...(first?.data as Row), name: 'Tenant 2 site, renamed' },
    });
    expect(renamed.body.code).toBe(0);
    // Asked with the version held before the change (its answers since were lost): answered whole.
    const [after] = await batch(admin, [{ ...STATION, version: first?.version }]);
    expect(after?.unchanged).toBeUndefined();
    expect((after?.data as Row).name).toBe('Tenant 2 site, renamed');
    expect(after?.version).not.toBe(first?.version);
  });

  test('a change of a record is answered at once: a variable renamed through any call', async () => {
    const [before] = await batch(admin, [VARIABLES]);
    expect((before?.data as Row[]).map((variable) => variable.name)).toEqual(['Power']);
    const renamed = await call(server.app, admin, {
      method: 'PUT',
      url: '/ems/api/device/monitordevicevar',
      payload: { ...adminVariable, name: 'Active power' },
    });
    expect(renamed.body.code).toBe(0);
    const [after] = await batch(admin, [VARIABLES]);
    expect((after?.data as Row[]).map((variable) => variable.name)).toEqual(['Active power']);
  });

  test('a new sample changes the answer within one tick, and an edited configuration is answered for itself at once', async () => {
    const [held] = await batch(admin, [REALTIME]);
    expect(valueOf(held)).toBe(22);
    const sent = Date.now();
    await ingest(admin, 23.5);
    let seen: number | null | undefined;
    while (Date.now() - sent < TICK_MS) {
      const [answer] = await batch(admin, [{ ...REALTIME, version: held?.version }]);
      if (!answer?.unchanged) {
        seen = valueOf(answer);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(seen).toBe(23.5);
    expect(Date.now() - sent).toBeLessThan(TICK_MS);
    // A widget configured anew asks another need, which no answer kept stands for.
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 7);
    const statistic = (calcmethod: string): Need => ({
      operationId: 'getStatisticalValue',
      query: { sns: VARIABLE, calcmethod, querytime: month, type: 'MONTH' },
    });
    const [max] = await batch(admin, [statistic('MAX')]);
    const [min] = await batch(admin, [statistic('MIN')]);
    const figure = (answer: Answer | undefined) => (answer?.data as { value: number | null }[] | undefined)?.[0]?.value;
    expect([figure(max), figure(min)]).toEqual([23.5, 22]);
  });

  test('a call the dashboard batches, asked alone: each tenant gets its own answer, and a new sample is answered by the next call', async () => {
    const realtime = async (token: string) => {
      const answer = await call<{ data: number | null }[]>(server.app, token, {
        method: 'POST',
        url: '/ems/api/main/devices/data/realtime',
        payload: REALTIME.body as Row,
      });
      expect(answer.status).toBe(200);
      return answer.body.data[0]?.data;
    };
    const held = await realtime(admin);
    for (let round = 0; round < 3; round += 1) {
      const [ofAdmin, ofOperator] = await Promise.all([realtime(admin), realtime(operator)]);
      expect(ofAdmin).toBe(held);
      expect(ofOperator).toBe(77);
    }
    for (const value of [31.5, 32.5]) {
      await ingest(admin, value);
      expect(await realtime(admin)).toBe(value);
    }
    expect(await realtime(operator)).toBe(77);
  });
});
