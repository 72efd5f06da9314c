import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, connectedDatabases, emsTokenOf, signIn, type Answer, type ConnectedServer } from '../support/api';

/**
 * Mobile storage units on the demo: tenant 2 (`admin`) has three, one deployed at its storage
 * station T2-ST1 reporting through that station's BMS (T2-ST1-BMS), one in transit on a vehicle, one
 * available.
 */

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };

describe.each(connectedDatabases())('mobile storage on $name', ({ start }) => {
  let target: ConnectedServer;
  let app: FastifyInstance;
  let user: string;
  let ems: string;

  const as = <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, extra: Row = {}) =>
    call<T>(app, token, { method, url, ...extra }) as Promise<Answer<T>>;
  const units = async (query: Record<string, string> = {}) =>
    (
      await as<Page>(ems, 'GET', '/ems/api/mobileStorage/page', {
        query: { size: '50', sortField: 'sn', sortOrder: 'asc', ...query },
      })
    ).body.data;

  beforeAll(async () => {
    target = await start();
    app = target.app;
    user = await signIn(app, 'admin', 'admin123');
    ems = await emsTokenOf(app, user);
  });
  afterAll(() => target.stop());

  test('the demo has a unit in each of three states, the deployed one with its station’s BMS; the counts by state agree', async () => {
    const { records } = await units();
    expect(records.map((unit) => [unit.sn, unit.state, unit.stationName ?? null, unit.batteryDeviceName ?? null])).toEqual([
      ['MS-T2-01', 'deployed', '张江储能电站', 'BMS 主控'],
      ['MS-T2-02', 'in_transit', null, null],
      ['MS-T2-03', 'available', null, null],
    ]);
    expect(records[1]?.vehicleName).toBeTruthy();
    const byState = (await as<{ key: string; count: number }[]>(ems, 'GET', '/ems/api/mobileStorage/countByState')).body.data;
    expect(Object.fromEntries(byState.map((group) => [group.key, group.count]))).toEqual({
      deployed: 1,
      in_transit: 1,
      available: 1,
    });
  });

  test('a serial number is unique in the tenant, bounds are checked, and what a unit names cannot be deleted under it', async () => {
    const [deployed, inTransit] = (await units()).records as [Row, Row];
    const body = { name: 'Trailer', sn: 'MS-T2-01', capacity: 200, ratedPower: 100, state: 'available' };
    const duplicate = await as(ems, 'POST', '/ems/api/mobileStorage', { payload: body });
    expect(duplicate.status).toBe(409);
    const tooBig = await as(ems, 'POST', '/ems/api/mobileStorage', { payload: { ...body, sn: 'MS-NEW', capacity: 100001 } });
    expect(tooBig.status).toBe(400);
    expect(
      (await as(ems, 'POST', '/ems/api/mobileStorage', { payload: { ...body, sn: 'MS-NEW', state: 'parked' } })).status,
    ).toBe(400);
    const device = await as(ems, 'DELETE', `/ems/api/device/monitordevice/${String(deployed.batteryDeviceId)}`);
    expect(device.status).toBe(409);
    const vehicle = await as(user, 'DELETE', `/manager/vehicle/${String(inTransit.vehicleId)}`);
    expect(vehicle.status).toBe(409);
    expect((await units()).records.map((unit) => unit.batteryDeviceName ?? unit.vehicleName)).toEqual([
      deployed.batteryDeviceName,
      inTransit.vehicleName,
      undefined,
    ]);
  });

  test('a deployed unit names the station it is deployed at: without one it is refused, on create and on update, and nothing changes', async () => {
    const body = { name: 'Trailer', sn: 'MS-T2-09', capacity: 200, ratedPower: 100, state: 'deployed' };
    const before = await units();
    const refused = await as(ems, 'POST', '/ems/api/mobileStorage', { payload: body });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Invalid request: Deployed at is required');
    expect(await units()).toEqual(before);

    const { stationId } = before.records[0] as Row;
    expect((await as(ems, 'POST', '/ems/api/mobileStorage', { payload: { ...body, stationId } })).status).toBe(200);
    const unit = async () => (await units()).records.find((record) => record.sn === body.sn);
    const created = await unit();
    expect(created).toMatchObject({ state: 'deployed', stationId, stationName: '张江储能电站' });
    const { id } = created as Row;
    const recalled = { ...body, id };
    expect((await as(ems, 'PUT', '/ems/api/mobileStorage', { payload: recalled })).status).toBe(400);
    expect(await unit()).toMatchObject({ state: 'deployed', stationId });
    expect((await as(ems, 'PUT', '/ems/api/mobileStorage', { payload: { ...recalled, state: 'available' } })).status).toBe(200);
    const parked = await unit();
    expect(parked?.state).toBe('available');
    expect(parked?.stationId).toBeUndefined();
    expect((await as(ems, 'DELETE', `/ems/api/mobileStorage/${String(id)}`)).status).toBe(200);
  });
});
