import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn, type Answer } from '../support/api';
import type { TestServer } from '../support/server';

/**
 * Station and device administration on the demo: tenant 2 (`admin`) has the stations T2-ST1
 * (storage, 10 kV), T2-PV1 and T2-EMS1 (0.4 kV), each with a channel `{station}-CH1` on the
 * first collector server, a transformer with its meter, and price lists from 2025-01 and 2026-01.
 */

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(databases())('station and device administration on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    operator = await signIn(app, 'operator', 'operator123');
  });
  afterAll(() => server.stop());

  const as = <T = unknown>(
    method: Method,
    path: string,
    options: { query?: Record<string, string>; payload?: unknown; token?: string } = {},
  ): Promise<Answer<T>> =>
    call<T>(app, options.token ?? admin, {
      method,
      url: `/ems/api/${path}`,
      ...(options.query ? { query: options.query } : {}),
      ...(options.payload !== undefined ? { payload: options.payload as Row } : {}),
    });

  const stationBySn = async (sn: string) => (await as<Row>('GET', `device/station/get_station_by_sn/${sn}`)).body.data;

  describe('stations', () => {
    test('a station is updated by the id of the path; a different id in the body is refused', async () => {
      const station = await stationBySn('T2-EMS1');
      const { id, createTime: _c, updateTime: _u, deptName: _d, operatingDays: _o, ...fields } = station;
      const changed = await as<Row>('PUT', `device/station/update/${String(id)}`, {
        payload: { ...fields, address: '上海市闵行区新骏环路 188 号' },
      });
      expect(changed.body.data).toMatchObject({ id, address: '上海市闵行区新骏环路 188 号' });
      const refused = await as('PUT', `device/station/update/${String(id)}`, { payload: { ...fields, id: Number(id) + 1 } });
      expect(refused.status).toBe(400);
      expect((await stationBySn('T2-EMS1')).address).toBe('上海市闵行区新骏环路 188 号');
    });

    test('a copy has the devices, variables and channels of the original under the new serial number', async () => {
      const source = await stationBySn('T2-ST1');
      const copy = await as<Row>('POST', 'device/station/add_copy_station', { payload: { id: source.id, sn: 'T2-ST9' } });
      expect(copy.body.data).toMatchObject({ sn: 'T2-ST9', name: `${String(source.name)} (copy)`, stationType: 'storage' });
      const devices = await as<Row[]>('GET', 'device/monitordevice/get_devices_by_station/T2-ST9');
      const originals = await as<Row[]>('GET', 'device/monitordevice/get_devices_by_station/T2-ST1');
      expect(devices.body.data.map((d) => d.sn)).toEqual(
        originals.body.data.map((d) => String(d.sn).replace('T2-ST1', 'T2-ST9')),
      );
      const vars = await as<Row[]>('GET', 'device/monitordevicevar/devices/T2-ST9-PCS1/devicevars');
      expect(vars.body.data.map((v) => v.sn)).toContain('T2-ST9-PCS1.activePower');
      const channels = await as<Page>('GET', 'device/monitorchannel/channel', {
        query: { stationId: String(copy.body.data.id) },
      });
      expect(channels.body.data.records.map((c) => c.sn)).toEqual(['T2-ST9-CH1']);
      // Not the source's gateway: a collector would read the source's devices into the copy.
      expect(channels.body.data.records[0]).toMatchObject({ protocol: 'modbusTcp' });
      expect(channels.body.data.records[0]).not.toHaveProperty('host');
      expect(channels.body.data.records[0]).not.toHaveProperty('port');
      // The catalog of the data calls knows the copy at once: its variables answer (no value yet).
      const realtime = await as<Row[]>('POST', 'main/devices/data/realtime', { payload: { sns: 'T2-ST9-PCS1.activePower' } });
      expect(realtime.status).toBe(200);
    });

    test('copying onto a serial number in use is refused and creates nothing', async () => {
      const source = await stationBySn('T2-PV1');
      const before = (await as<Row[]>('GET', 'device/producedevice/get_all_devices')).body.data.length;
      const refused = await as('POST', 'device/station/add_copy_station', { payload: { id: source.id, sn: 'T2-ST1' } });
      expect(refused.status).toBe(409);
      expect((await as<Row[]>('GET', 'device/producedevice/get_all_devices')).body.data.length).toBe(before);
    });

    test('a station with devices is not deleted (409); once they are gone it is', async () => {
      const source = await stationBySn('T2-PV1');
      const copy = (await as<Row>('POST', 'device/station/add_copy_station', { payload: { id: source.id, sn: 'T2-PV8' } })).body
        .data;
      const refused = await as('DELETE', 'device/station/deleteStation', { query: { id: String(copy.id), sn: 'T2-PV8' } });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe(42500);
      expect(refused.body.msg).toMatch(/still has \d+ devices/);
      const wrongSn = await as('DELETE', 'device/station/deleteStation', { query: { id: String(copy.id), sn: 'T2-PV1' } });
      expect(wrongSn.status).toBe(404);
      for (const device of (await as<Row[]>('GET', 'device/monitordevice/get_devices_by_station/T2-PV8')).body.data) {
        expect((await as('DELETE', `device/monitordevice/device/${String(device.sn)}`)).body.data).toBe(true);
      }
      const channels = await as<Page>('GET', 'device/monitorchannel/channel', { query: { stationId: String(copy.id) } });
      for (const channel of channels.body.data.records) await as('DELETE', `device/monitorchannel/channel/${String(channel.sn)}`);
      const deleted = await as('DELETE', 'device/station/deleteStation', { query: { id: String(copy.id), sn: 'T2-PV8' } });
      expect(deleted.body.data).toBe(true);
      expect((await as('GET', 'device/station/get_station_by_sn/T2-PV8')).status).toBe(404);
    });

    test('the stations of a department include those of the departments under it', async () => {
      const all = (await as<Row[]>('GET', 'device/station/get_station_by_dept')).body.data;
      const deptId = all.find((s) => s.deptId !== undefined)?.deptId;
      expect(deptId).toBeDefined();
      const ofDept = (await as<Row[]>('GET', 'device/station/get_station_by_dept', { query: { deptId: String(deptId) } })).body
        .data;
      expect(ofDept.length).toBeGreaterThan(0);
      expect(ofDept.every((s) => s.deptId === deptId)).toBe(true);
    });

    test('a collector server answers the stations with a channel on it', async () => {
      const servers = (await as<Row[]>('GET', 'device/monitorserver/get_all_server')).body.data;
      const collector = servers.find((s) => s.serverType === 'collector');
      const forwarder = servers.find((s) => s.serverType === 'forwarder');
      const polled = await as<Row[]>('GET', `device/linkstationtomonitor/get_collector_station/${String(collector?.id)}`);
      expect(polled.body.data.map((s) => s.sn)).toEqual(expect.arrayContaining(['T2-ST1', 'T2-PV1']));
      const none = await as<Row[]>('GET', `device/linkstationtomonitor/get_collector_station/${String(forwarder?.id)}`);
      expect(none.body.data).toEqual([]);
    });
  });

  describe('channels and devices by serial number', () => {
    test('a channel with devices is not deleted (409)', async () => {
      const refused = await as('DELETE', 'device/monitorchannel/channel/T2-ST1-CH1');
      expect(refused.status).toBe(409);
    });

    test('a device is changed by its serial number, and the data calls see the change', async () => {
      const device = (await as<Page>('GET', 'device/monitordevice/device', { query: { name: '储能舱空调', size: '50' } })).body
        .data.records[0] as Row;
      const { id: _id, createTime: _c, updateTime: _u, stationName: _s, channelName: _ch, modelName: _m, ...fields } = device;
      const changed = await as<Row>('PUT', `device/monitordevice/device/${String(device.sn)}`, {
        payload: { ...fields, name: '1# 空调' },
      });
      expect(changed.body.data).toMatchObject({ sn: device.sn, name: '1# 空调' });
      const vars = await as<Row[]>('GET', `device/monitordevicevar/devices/${String(device.sn)}/devicevars`);
      expect(vars.body.data.every((v) => v.deviceName === '1# 空调')).toBe(true);
    });

    test('an unknown serial number is a 404', async () => {
      expect((await as('DELETE', 'device/monitordevice/device/NO-SUCH-DEVICE')).status).toBe(404);
      expect((await as('DELETE', 'device/monitorchannel/channel/NO-SUCH-CHANNEL')).status).toBe(404);
    });

    test('a server with channels is not deleted (409)', async () => {
      const servers = (await as<Row[]>('GET', 'device/monitorserver/get_all_server')).body.data;
      const collector = servers.find((s) => s.serverType === 'collector');
      expect((await as('DELETE', `device/monitorserver/${String(collector?.id)}`)).status).toBe(409);
    });

    test('every device of the company, of one kind', async () => {
      const meters = (await as<Row[]>('GET', 'device/monitordevice/company_device', { query: { kind: 'meter' } })).body.data;
      expect(meters.length).toBeGreaterThan(0);
      expect(meters.every((d) => d.kind === 'meter')).toBe(true);
    });

    test('device models, of one kind', async () => {
      const models = (await as<Row[]>('GET', 'device/monitordevicemodel/get_all_device_models', { query: { kind: 'pcs' } })).body
        .data;
      expect(models.map((m) => m.name)).toEqual(['PCS-500K']);
    });
  });

  describe('power-quality limits', () => {
    // GB/T 12325, 15945, 14549, 15543, 12326 (docs/decisions.md): the defaults by voltage class.
    test.each([
      [
        'T2-ST1',
        '10kV',
        { voltageUpper: 7, voltageLower: 7, frequencyDeviation: 0.2, voltageThd: 4, voltageUnbalance: 2, flickerPlt: 1 },
      ],
      [
        'T2-EMS1',
        '0.4kV',
        { voltageUpper: 7, voltageLower: 7, frequencyDeviation: 0.2, voltageThd: 5, voltageUnbalance: 2, flickerPlt: 1 },
      ],
    ])('reset puts %s (%s) back to the GB/T defaults', async (sn, _class, defaults) => {
      const station = await stationBySn(sn);
      const saved = await as<Row>('PUT', 'powerquality/qualitythresholdsetting', {
        payload: { stationId: station.id, voltageUpper: 10, voltageThd: 8 },
      });
      expect(saved.body.data).toMatchObject({ voltageUpper: 10, voltageThd: 8, voltageLower: 7 });
      expect(
        (await as<Row>('GET', `powerquality/qualitythresholdsetting/getSetting/${String(station.id)}`)).body.data.voltageUpper,
      ).toBe(10);
      const reset = await as<Row>('PUT', `powerquality/qualitythresholdsetting/reset/${String(station.id)}`);
      expect(reset.body.data).toMatchObject(defaults);
      expect(
        (await as<Row>('GET', `powerquality/qualitythresholdsetting/getSetting/${String(station.id)}`)).body.data,
      ).toMatchObject(defaults);
    });

    test('a station without saved limits answers the defaults of its voltage class', async () => {
      const station = await stationBySn('T2-PV1');
      const setting = await as<Row>('GET', `powerquality/qualitythresholdsetting/getSetting/${String(station.id)}`);
      expect(setting.body.data).toMatchObject({ stationId: station.id, voltageThd: 4, powerFactor: 0.9 });
      expect(setting.body.data.id).toBeUndefined();
    });

    test('a limit out of range is refused and nothing is saved', async () => {
      const station = await stationBySn('T2-ST1');
      const before = (await as<Row>('GET', `powerquality/qualitythresholdsetting/getSetting/${String(station.id)}`)).body.data;
      const refused = await as('PUT', 'powerquality/qualitythresholdsetting', {
        payload: { stationId: station.id, powerFactor: 1.5 },
      });
      expect(refused.status).toBe(400);
      expect((await as<Row>('GET', `powerquality/qualitythresholdsetting/getSetting/${String(station.id)}`)).body.data).toEqual(
        before,
      );
    });

    test('limits saved with their id (the list’s edit) change those; onto a station that has limits of its own, 409 and nothing written', async () => {
      const [storage, ems] = [await stationBySn('T2-ST1'), await stationBySn('T2-EMS1')];
      for (const station of [storage, ems])
        await as('PUT', 'powerquality/qualitythresholdsetting', { payload: { stationId: station.id } });
      const saved = async () =>
        (await as<Page>('GET', 'powerquality/qualitythresholdsetting/page', { query: { size: '50' } })).body.data.records;
      const before = await saved();
      const limits = before.find((row) => row.stationId === storage.id) as Row;

      const refused = await as('PUT', 'powerquality/qualitythresholdsetting', {
        payload: { id: limits.id, stationId: ems.id, voltageUpper: 9 },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('Station is already in use');
      // Answered at the field, which the form shows it beside.
      expect(refused.body.data).toEqual([{ path: 'stationId', message: 'Station is already in use' }]);
      expect(await saved()).toEqual(before);

      const changed = await as<Row>('PUT', 'powerquality/qualitythresholdsetting', {
        payload: { id: limits.id, stationId: storage.id, voltageUpper: 9 },
      });
      expect(changed.body.data).toMatchObject({ id: limits.id, stationId: storage.id, voltageUpper: 9 });
      expect(await saved()).toHaveLength(before.length);
    });
  });

  describe('prices and transformers', () => {
    test.each([
      ['2026-03', '2026-01'],
      ['2025-12', '2025-01'],
    ])('the price list in force in %s is the one from %s', async (month, from) => {
      const config = await as<Row>('GET', 'device/electricityprice/config', { query: { stationSn: 'T2-ST1', month } });
      expect(config.body.data.effectiveMonth).toBe(from);
    });

    test('before the first list there is none', async () => {
      const config = await as('GET', 'device/electricityprice/config', { query: { stationSn: 'T2-ST1', month: '2020-01' } });
      expect(config.body.data).toBeNull();
    });

    test('a charge configuration is one per station and type: saving again replaces it', async () => {
      const station = await stationBySn('T2-ST1');
      const periods = [{ startTime: '00:00', endTime: '24:00', period: 'flat', price: 0.5 }];
      const first = await as<Row>('POST', 'device/stationcharge/config', {
        payload: { stationId: station.id, chargeType: 'settlement', periods },
      });
      const again = await as<Row>('POST', 'device/stationcharge/config', {
        payload: { stationId: station.id, chargeType: 'settlement', periods: [{ ...periods[0], price: 0.55 }] },
      });
      expect(again.body.data.id).toBe(first.body.data.id);
      const read = await as<Row>('GET', 'device/stationcharge/config', {
        query: { stationSn: 'T2-ST1', chargeType: 'settlement' },
      });
      expect(read.body.data.periods).toEqual([{ startTime: '00:00', endTime: '24:00', period: 'flat', price: 0.55 }]);
    });

    test('a configuration saved with its id (the list’s edit) changes that one; onto a station and type another holds, 409 and nothing written', async () => {
      const station = await stationBySn('T2-PV1');
      const configs = async () =>
        (
          await as<Page>('GET', 'device/stationcharge/page', { query: { stationId: String(station.id), size: '50' } })
        ).body.data.records.map(({ id, chargeType, periods }) => ({ id, chargeType, periods }));
      const before = await configs();
      const purchase = before.find((config) => config.chargeType === 'purchase') as Row;
      const periods = [{ startTime: '00:00', endTime: '24:00', period: 'flat', price: 0.61 }];
      const refused = await as<Row>('POST', 'device/stationcharge/config', {
        payload: { id: purchase.id, stationId: station.id, chargeType: 'settlement', periods },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('The station already has a configuration for Settlement price; edit that one');
      expect(await configs()).toEqual(before);

      const changed = await as<Row>('POST', 'device/stationcharge/config', {
        payload: { id: purchase.id, stationId: station.id, chargeType: 'purchase', periods },
      });
      expect(changed.body.data).toMatchObject({ id: purchase.id, periods });
      expect(await configs()).toEqual(before.map((config) => (config.id === purchase.id ? { ...config, periods } : config)));
    });

    test('overlapping periods are refused', async () => {
      const station = await stationBySn('T2-ST1');
      const refused = await as('POST', 'device/stationcharge/config', {
        payload: {
          stationId: station.id,
          chargeType: 'purchase',
          periods: [
            { startTime: '08:00', endTime: '12:00', period: 'peak', price: 1.1 },
            { startTime: '11:00', endTime: '13:00', period: 'flat', price: 0.6 },
          ],
        },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('overlaps');
    });

    test('a transformer answers its meter readings and its load rate from stored telemetry', async () => {
      const transformers = (await as<Page>('GET', 'device/transformer/page', { query: { size: '50' } })).body.data.records;
      const transformer = transformers.find((t) => t.meterId !== undefined) as Row;
      const meter = (
        await as<Page>('GET', 'device/monitordevice/device', { query: { size: '50', kind: 'meter' } })
      ).body.data.records.find((d) => d.id === transformer.meterId) as Row;
      await as('POST', 'collector/samples', {
        payload: { samples: [{ sn: `${String(meter.sn)}.activePower`, ts: Date.now(), value: 500 }] },
      });
      const reading = await as<Row>('POST', 'device/emsDevice/transformerMeterMonitoring', {
        query: { transformerId: String(transformer.id) },
      });
      expect(reading.body.data.activePower).toBe(500);
      expect(reading.body.data.loadRate).toBe(Math.round((500 / Number(transformer.ratedCapacity)) * 1000) / 10);
    });
  });

  describe('device workbooks', () => {
    const upload = async (data: Buffer, name = 'devices.xlsx') => {
      const boundary = '----emsdevices';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      const answer = await app.inject({
        method: 'POST',
        url: '/ems/api/device/monitordevice/import',
        headers: {
          authorization: `Bearer ${await emsOf(admin)}`,
          'accept-language': 'en',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      });
      return { status: answer.statusCode, body: answer.json<{ code: number; msg: string; data: Row[] }>() };
    };
    const workbookOf = async (rows: (string | number)[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Devices');
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const deviceCount = async () => (await as<Row[]>('GET', 'device/producedevice/get_all_devices')).body.data.length;

    test('the export reads back through the import (labels as headers, kinds by label, stations by name)', async () => {
      const exported = await app.inject({
        method: 'GET',
        url: '/ems/api/device/monitordevice/export',
        query: { name: '关口电表' },
        headers: { authorization: `Bearer ${await emsOf(admin)}`, 'accept-language': 'zh' },
      });
      expect(exported.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.getRow(1).getCell(1).value).toBe('设备编号');
      const rows = sheet.actualRowCount - 1;
      expect(rows).toBeGreaterThan(0);
      // Renamed in the workbook, then imported: the same devices, renamed.
      for (let r = 2; r <= sheet.rowCount; r += 1) sheet.getRow(r).getCell(2).value = `关口电表-${r}`;
      const before = await deviceCount();
      const imported = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(imported.body.msg).toBe('success');
      expect(imported.body.data).toHaveLength(rows);
      expect(await deviceCount()).toBe(before);
      expect(imported.body.data.map((d) => d.name)).toContain('关口电表-2');
    });

    test('new rows create devices', async () => {
      const before = await deviceCount();
      const imported = await upload(
        await workbookOf([
          ['sn', 'name', 'kind', 'stationName', 'ratedPower'],
          ['T2-ST1-PCS3', '3# PCS', 'pcs', 'T2-ST1', 250],
        ]),
      );
      expect(imported.body.data[0]).toMatchObject({ sn: 'T2-ST1-PCS3', kind: 'pcs', ratedPower: 250 });
      expect(await deviceCount()).toBe(before + 1);
    });

    test.each([
      ['a file that is no workbook', Buffer.from('sn,name\nX,Y\n'), 'not an Excel workbook'],
      [
        'a missing column',
        [
          ['sn', 'name', 'kind'],
          ['T2-NEW-1', 'x', 'pcs'],
        ],
        'missing column',
      ],
      [
        'an unknown kind',
        [
          ['sn', 'name', 'kind', 'stationName'],
          ['T2-NEW-1', 'x', 'pump', 'T2-ST1'],
        ],
        'row 2',
      ],
      [
        'an unknown station',
        [
          ['sn', 'name', 'kind', 'stationName'],
          ['T2-NEW-1', 'x', 'pcs', 'NOWHERE'],
        ],
        'does not exist',
      ],
      [
        'a bad second row',
        [
          ['sn', 'name', 'kind', 'stationName'],
          ['T2-NEW-1', 'x', 'pcs', 'T2-ST1'],
          ['bad sn!', 'y', 'pcs', 'T2-ST1'],
        ],
        'row 3',
      ],
      [
        'a serial number twice',
        [
          ['sn', 'name', 'kind', 'stationName'],
          ['T2-NEW-1', 'x', 'pcs', 'T2-ST1'],
          ['T2-NEW-1', 'y', 'pcs', 'T2-ST1'],
        ],
        'earlier row',
      ],
    ] as [string, Buffer | (string | number)[][], string][])(
      '%s is refused (400) and nothing is imported',
      async (_case, content, message) => {
        const before = await deviceCount();
        const answer = await upload(Buffer.isBuffer(content) ? content : await workbookOf(content));
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe(42501);
        expect(answer.body.msg).toContain(message);
        expect(await deviceCount()).toBe(before);
      },
    );
  });

  describe('variables', () => {
    test('a batch of variables is added whole, or not at all', async () => {
      const device = (await as<Row[]>('GET', 'device/monitordevice/get_devices_by_station/T2-ST1')).body.data.find(
        (d) => d.sn === 'T2-ST1-MTR',
      ) as Row;
      const batch = (sns: string[]) =>
        sns.map((sn) => ({ sn, name: sn, code: 'voltageN', unit: 'V', kind: 'gauge', deviceId: device.id }));
      const refused = await as('POST', 'device/monitordevicevar/batchImport', {
        payload: { variables: batch(['T2-ST1-MTR.voltageN', 'T2-ST1-MTR.activePower']) },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('variables.1.sn T2-ST1-MTR.activePower');
      // Answered beside the second variable's serial number, the field named by its label.
      expect(refused.body.data).toEqual([{ path: 'variables.1.sn', message: 'Serial number is already in use' }]);
      const vars = async () =>
        (await as<Row[]>('GET', 'device/monitordevicevar/get_vars/simplify', { query: { deviceSn: 'T2-ST1-MTR' } })).body.data;
      expect((await vars()).map((v) => v.sn)).not.toContain('T2-ST1-MTR.voltageN');
      const added = await as<Row[]>('POST', 'device/monitordevicevar/batchImport', {
        payload: { variables: batch(['T2-ST1-MTR.voltageN']) },
      });
      expect(added.body.data).toHaveLength(1);
      expect(await vars()).toContainEqual({ sn: 'T2-ST1-MTR.voltageN', name: 'T2-ST1-MTR.voltageN', unit: 'V' });
    });

    test('the data types name the registers each takes', async () => {
      const types = (await as<Row[]>('GET', 'device/variablemap/datatypes')).body.data;
      expect(types).toContainEqual({ code: 'float32', name: 'float32', registers: 2 });
    });

    test('an energy label answers its variables with their devices', async () => {
      const tree = (await as<Row[]>('GET', 'energy/energylabel/gettree/T2-ST1')).body.data;
      const linked = (await as<Row[]>('GET', `energy/energylabel/linkedvariables/${String(tree[0]?.id)}`)).body.data;
      expect(linked.length).toBeGreaterThan(0);
      expect(linked[0]).toMatchObject({ sign: expect.any(Number), deviceSn: expect.stringMatching(/^T2-ST1-/) });
    });

    test('the device tree has each station with its devices', async () => {
      const tree = (await as<Row[]>('GET', 'device/emsDevice/tree', { query: { stationSn: 'T2-ST1' } })).body.data;
      expect(tree).toHaveLength(1);
      expect((tree[0]?.children as Row[]).map((c) => c.sn)).toContain('T2-ST1-PCS1');
    });
  });

  describe('air conditioners', () => {
    test.each([
      ['open', 1],
      ['close', 0],
    ])('%s is recorded as a remote-control command of the run state', async (action, value) => {
      const sent = await as<Row>('POST', `device/airconditioner/${action}`, { query: { deviceSn: 'T2-ST1-AC' } });
      expect(sent.body.data).toMatchObject({ sn: 'T2-ST1-AC.runState', value, status: 'sent' });
      const status = await as<Row[]>('GET', 'yk/status', { query: { sns: 'T2-ST1-AC.runState' } });
      expect((status.body.data[0]?.command as Row).id).toBe(sent.body.data.id);
    });

    test('a device that is no air conditioner is refused', async () => {
      expect((await as('POST', 'device/airconditioner/open', { query: { deviceSn: 'T2-ST1-PCS1' } })).status).toBe(400);
    });
  });

  describe('diagrams', () => {
    test('a diagram shows the stored values of its variables', async () => {
      const station = await stationBySn('T2-ST1');
      await as('POST', 'collector/samples', {
        payload: { samples: [{ sn: 'T2-ST1-MTR.voltageA', ts: Date.now(), value: 228.5 }] },
      });
      const saved = await as<Row>('POST', 'device/diagram/save', {
        payload: {
          name: '测试图',
          stationId: station.id,
          nodes: [
            { id: 'm', type: 'meter', x: 0, y: 0, variableSn: 'T2-ST1-MTR.voltageA' },
            { id: 'b', type: 'busbar', x: 0, y: 100 },
          ],
          edges: [{ from: 'm', to: 'b' }],
        },
      });
      const data = await as<Row[]>('GET', `device/diagram/data/${String(saved.body.data.id)}`);
      expect(data.body.data).toEqual([expect.objectContaining({ nodeId: 'm', sn: 'T2-ST1-MTR.voltageA', value: 228.5 })]);
      const diagrams = await as<Row[]>('GET', 'device/diagram/get', { query: { stationSn: 'T2-ST1' } });
      expect(diagrams.body.data.map((d) => d.name)).toContain('测试图');
    });

    test.each([
      [
        'a node id twice',
        {
          nodes: [
            { id: 'a', type: 'pcs', x: 0, y: 0 },
            { id: 'a', type: 'load', x: 0, y: 0 },
          ],
        },
        'used twice',
      ],
      ['a line to no node', { nodes: [{ id: 'a', type: 'pcs', x: 0, y: 0 }], edges: [{ from: 'a', to: 'z' }] }, 'no node z'],
      [
        'a variable of another station',
        { nodes: [{ id: 'a', type: 'pcs', x: 0, y: 0, variableSn: 'T2-PV1-INV1.activePower' }] },
        'no variable of',
      ],
    ])('%s is refused', async (_case, parts, message) => {
      const station = await stationBySn('T2-ST1');
      const refused = await as('POST', 'device/diagram/save', { payload: { name: 'x', stationId: station.id, ...parts } });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(message);
    });
  });

  describe('power-quality data', () => {
    test('realtime values are judged against the station limits', async () => {
      const ts = Date.now();
      await as('POST', 'collector/samples', {
        payload: {
          samples: [
            { sn: 'T2-ST1-MTR.frequency', ts, value: 50.35 },
            { sn: 'T2-ST1-MTR.powerFactor', ts, value: 0.96 },
          ],
        },
      });
      const values = (
        await as<Row[]>('POST', 'powerquality/datascreening/variables/data/realtime', { payload: { deviceSn: 'T2-ST1-MTR' } })
      ).body.data;
      expect(values.find((v) => v.code === 'frequency')).toMatchObject({
        value: 50.35,
        lower: 49.8,
        upper: 50.2,
        exceeded: true,
      });
      expect(values.find((v) => v.code === 'powerFactor')).toMatchObject({ value: 0.96, lower: 0.9, exceeded: false });
      expect(values.find((v) => v.code === 'activePower')?.exceeded).toBeUndefined();
    });

    test('the monthly report is made of stored figures only', async () => {
      // The station's month (Shanghai, UTC+8), which holds the reading sent above: from 16:00 UTC
      // on the last day of a month, the month of UTC is the one before.
      const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
      const report = (
        await as<Row[]>('GET', 'powerquality/monthly_report/report_data', { query: { deviceSn: 'T2-ST1-MTR', month } })
      ).body.data;
      const frequency = report.find((r) => r.code === 'frequency') as Row;
      expect(frequency.upper).toBe(50.2);
      const days = frequency.days as Row[];
      expect(days.length).toBeGreaterThanOrEqual(28);
      const withData = days.filter((d) => d.max !== null);
      expect(withData.length).toBeGreaterThan(0);
      expect(frequency.max).toBe(Math.max(...withData.map((d) => Number(d.max))));
      const empty = (
        await as<Row[]>('GET', 'powerquality/monthly_report/report_data', { query: { deviceSn: 'T2-ST1-MTR', month: '2020-01' } })
      ).body.data;
      expect(empty.every((r) => r.max === null && (r.days as Row[]).every((d) => d.max === null))).toBe(true);
    });
  });

  describe('history reports', () => {
    test('a group answers its trend and its figures from stored telemetry', async () => {
      const station = await stationBySn('T2-ST1');
      const groups = (await as<Row[]>('GET', `main/monitorcalculateconfig/${String(station.id)}/reportgroups`)).body.data;
      expect(groups.map((g) => g.name)).toEqual(['关口与负荷功率', '充放电量']);
      const id = String(groups[0]?.id);
      const now = Date.now();
      // A load of 100 for a second, then 300 for a second: the day's mean of the load (weighted by
      // time; the latest sample holds no time yet) is theirs alone.
      await as('POST', 'collector/samples', {
        payload: {
          samples: [
            { sn: 'T2-ST1-LOAD.loadPower', ts: now - 3000, value: 100 },
            { sn: 'T2-ST1-LOAD.loadPower', ts: now - 2000, value: 300 },
            { sn: 'T2-ST1-LOAD.loadPower', ts: now - 1000, value: 300 },
          ],
        },
      });
      const day = (ts: number) => new Date(ts + 8 * 3600_000).toISOString().slice(0, 10);
      const trend = (
        await as<Row>('GET', `main/monitorcalculateconfig/${id}/trend`, {
          query: { startTime: day(now - 86_400_000), endTime: day(now + 86_400_000) },
        })
      ).body.data;
      const series = trend.series as { sn: string; points: Row[] }[];
      expect(series.map((s) => s.sn)).toEqual(['T2-ST1-MTR.activePower', 'T2-ST1-LOAD.loadPower']);
      expect(series[1]?.points.map((p) => p.value)).toEqual(expect.arrayContaining([100, 300]));
      const info = (
        await as<Row>('GET', `main/monitorcalculateconfig/reportgroups/${id}/datainfo`, {
          query: { type: 'DAY', querytime: day(now - 1000) },
        })
      ).body.data;
      expect(info.labels).toHaveLength(24);
      expect((info.variables as Row[]).find((v) => v.sn === 'T2-ST1-LOAD.loadPower')?.value).toBe(200);
      const none = (
        await as<Row>('GET', `main/monitorcalculateconfig/reportgroups/${id}/datainfo`, {
          query: { type: 'DAY', querytime: '2020-01-01' },
        })
      ).body.data;
      expect((none.variables as Row[]).every((v) => v.value === null)).toBe(true);
    });

    test('a group is changed by the id of its path', async () => {
      const created = await as<Row>('POST', 'main/monitorcalculateconfig/reportgroups/0', {
        payload: {
          name: '测试分组',
          stationId: (await stationBySn('T2-ST1')).id,
          variables: [
            {
              variableId: (await as<Row[]>('GET', 'device/monitordevicevar/get_vars', { query: { deviceSn: 'T2-ST1-PCS1' } }))
                .body.data[0]?.id,
            },
          ],
        },
      });
      const { id, createTime: _c, updateTime: _u, stationName: _s, ...fields } = created.body.data;
      const changed = await as<Row>('PUT', `main/monitorcalculateconfig/reportgroups/${String(id)}`, {
        payload: { ...fields, calcMethod: 'MAX' },
      });
      expect(changed.body.data).toMatchObject({ id, calcMethod: 'MAX' });
      expect((await as('DELETE', `main/monitorcalculateconfig/reportgroups/${String(id)}`)).body.data).toBe(true);
    });
  });

  test('another tenant reaches none of it', async () => {
    const station = await stationBySn('T2-ST1');
    expect(
      (await as('GET', `powerquality/qualitythresholdsetting/getSetting/${String(station.id)}`, { token: operator })).status,
    ).toBe(404);
    expect((await as('DELETE', 'device/monitordevice/device/T2-ST1-PCS1', { token: operator })).status).toBe(404);
  });

  async function emsOf(token: string): Promise<string> {
    const answer = await app.inject({
      method: 'POST',
      url: '/tools/ems/emsToken',
      headers: { authorization: `Bearer ${token}` },
    });
    return answer.json<{ data: { access_token: string } }>().data.access_token;
  }
});
