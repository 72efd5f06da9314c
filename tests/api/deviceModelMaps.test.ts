import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadPlans } from '../../server/collection/plans';
import { call, connectedDatabases, emsTokenOf, signIn, type Answer, type ConnectedServer } from '../support/api';

/**
 * Register maps per EMS device model: a model carries its variables' maps (refused when a collector
 * could not read them), a device given the model gets its variables and maps, and a model's map
 * goes out and comes back as an Excel workbook or a CSV file. Tenant 2 (`admin`) works on its
 * storage station T2-ST1; tenant 44 (`auditor`) is the other tenant.
 */

type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A converter's map: two registers, a counter of four in the other word order, a coil, and a variable read by no register. */
const MAP: Row[] = [
  {
    code: 'activePower',
    name: '有功功率',
    unit: 'kW',
    kind: 'gauge',
    controllable: false,
    functionCode: 3,
    register: 0,
    dataType: 'int32',
    byteOrder: 'ABCD',
    ratio: 0.001,
    offset: 0,
  },
  {
    code: 'chargeEnergy',
    name: '累计充电量',
    unit: 'kWh',
    kind: 'counter',
    controllable: false,
    functionCode: 3,
    register: 2,
    dataType: 'int64',
    byteOrder: 'CDAB',
    ratio: 0.001,
    offset: 0,
  },
  {
    code: 'runState',
    name: '运行状态',
    kind: 'signal',
    controllable: true,
    functionCode: 1,
    register: 10,
    dataType: 'bool',
    ratio: 1,
    offset: 0,
  },
  { code: 'soc', name: 'SOC', unit: '%', kind: 'gauge', controllable: false, functionCode: 3, ratio: 1, offset: 0 },
];

let unique = 0;

describe.each(connectedDatabases())('register maps of device models on $name', ({ start }) => {
  let server: ConnectedServer;
  let app: FastifyInstance;
  let admin: string;
  let auditor: string;
  let stationId: unknown;
  let channelId: unknown;

  const ems = <T = Row>(method: Method, path: string, payload?: unknown, token = admin): Promise<Answer<T>> =>
    call<T>(app, token, { method, url: `/ems/api/${path}`, ...(payload !== undefined ? { payload: payload as Row } : {}) });

  const newModel = async (variables: Row[]): Promise<Row> => {
    const made = await ems('POST', 'device/emsDeviceModel', { name: `Map test ${(unique += 1)}`, kind: 'pcs', variables });
    expect(made.body.msg).toBe('success');
    return made.body.data;
  };
  const modelOf = async (id: unknown) => (await ems('GET', `device/emsDeviceModel/${String(id)}`)).body.data;
  const modelCount = async () =>
    (await ems<{ total: number }>('POST', 'device/emsDeviceModel/page?size=10&name=Map%20test')).body.data.total;

  const newDevice = async (fields: Row = {}): Promise<Row> => {
    const sn = `T2-MAP-${(unique += 1)}`;
    const made = await ems('POST', 'device/monitordevice/device', {
      sn,
      name: `Map test ${sn}`,
      kind: 'pcs',
      stationId,
      channelId,
      slaveAddress: 9,
      ...fields,
    });
    expect(made.body.msg).toBe('success');
    return made.body.data;
  };
  const writable = ({ id, sn, name, kind, stationId: station, channelId: channel, slaveAddress }: Row) => ({
    id,
    sn,
    name,
    kind,
    stationId: station,
    channelId: channel,
    slaveAddress,
  });
  /** A device's variables by code, each with its map (if it has one). */
  const variablesOf = async (deviceId: unknown): Promise<Map<string, { variable: Row; map?: Row }>> => {
    const page = await ems<{ records: Row[] }>('GET', `device/monitordevicevar/page?size=50&deviceId=${String(deviceId)}`);
    const found = new Map<string, { variable: Row; map?: Row }>();
    for (const variable of page.body.data.records) {
      const maps = await ems<{ records: Row[] }>('GET', `device/variablemap/page?size=10&variableId=${String(variable.id)}`);
      const map = maps.body.data.records[0];
      found.set(String(variable.code), { variable, ...(map ? { map } : {}) });
    }
    return found;
  };

  /** A file uploaded as the web client sends it. */
  const upload = async (path: string, fileName: string, data: Buffer, token = admin) => {
    const boundary = `----modelMaps${(unique += 1)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    return call<Row>(app, token, {
      method: 'POST',
      url: `/ems/api/${path}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  };
  const exported = async (id: unknown, format: 'xlsx' | 'csv', language = 'en', token = admin) =>
    app.inject({
      method: 'GET',
      url: `/ems/api/device/emsDeviceModel/${String(id)}/map/export${format === 'csv' ? '/csv' : ''}`,
      headers: { authorization: `Bearer ${await emsTokenOf(app, token)}`, 'accept-language': language },
    });
  const workbookOf = async (rows: (string | number)[][]) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Map');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    auditor = await signIn(app, 'auditor', 'auditor123');
    stationId = (await ems('GET', 'device/station/get_station_by_sn/T2-ST1')).body.data.id;
    const servers = await ems<{ records: Row[] }>('GET', 'device/monitorserver/page?size=50&serverType=collector');
    const channel = await ems('POST', 'device/monitorchannel/channel', {
      sn: 'T2-MAP-CH',
      name: 'Map test channel',
      protocol: 'modbusTcp',
      host: '127.0.0.1',
      port: 1502,
      pollInterval: 5,
      stationId,
      serverId: servers.body.data.records[0]?.id,
    });
    channelId = channel.body.data.id;
  });
  afterAll(() => server.stop());

  describe('a model’s register map', () => {
    test('is saved with the model: function code, data type, byte order, ratio and offset of each variable', async () => {
      const model = await newModel(MAP);
      expect((await modelOf(model.id)).variables).toEqual(MAP);
    });

    test.each([
      ['a code twice', [MAP[0], { ...MAP[1], code: 'activePower' }], 'variables.1.code', 'is that of variable 有功功率 too'],
      ['registers overlapping', [MAP[0], { ...MAP[1], register: 1 }], 'variables.1.register', 'overlap those of 有功功率'],
      ['a 32-bit value on a coil', [{ ...MAP[0], functionCode: 1 }], 'variables.0.dataType', 'must be bool'],
      ['registers past 65535', [{ ...MAP[1], register: 65_533 }], 'variables.0.register', 'past register 65535'],
      ['a register without a data type', [{ ...MAP[0], dataType: undefined }], 'variables.0.dataType', 'needs its data type'],
    ])('is refused with %s (400 naming the field), and nothing is written', async (_case, variables, path, message) => {
      const before = await modelCount();
      const refused = await ems<{ path: string; message: string }[]>('POST', 'device/emsDeviceModel', {
        name: 'Map test refused',
        kind: 'pcs',
        variables,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.data[0]?.path).toBe(path);
      expect(refused.body.msg).toContain(message);
      expect(await modelCount()).toBe(before);
    });

    test('a change that overlaps is refused too, and the model stays as it was', async () => {
      const model = await newModel(MAP);
      const refused = await ems('PUT', 'device/emsDeviceModel', {
        id: model.id,
        name: model.name,
        kind: 'pcs',
        variables: [MAP[0], { ...MAP[1], register: 1 }],
      });
      expect(refused.status).toBe(400);
      expect((await modelOf(model.id)).variables).toEqual(MAP);
    });
  });

  describe('a device given the model', () => {
    test('gets its variables and maps, which a collector reads', async () => {
      const model = await newModel(MAP);
      const device = await newDevice({ modelId: model.id });
      const variables = await variablesOf(device.id);
      expect([...variables.keys()].sort()).toEqual(['activePower', 'chargeEnergy', 'runState', 'soc']);
      expect(variables.get('runState')?.variable).toMatchObject({
        sn: `${String(device.sn)}.runState`,
        name: '运行状态',
        kind: 'signal',
        controllable: true,
      });
      expect(variables.get('chargeEnergy')?.map).toMatchObject({
        register: 2,
        dataType: 'int64',
        byteOrder: 'CDAB',
        ratio: 0.001,
      });
      expect(variables.get('soc')?.map).toBeUndefined();
      const plan = (await loadPlans(server.database.db)).find((candidate) => candidate.channelId === channelId);
      const polled = plan?.devices.find((candidate) => candidate.sn === device.sn);
      expect(polled?.unit).toBe(9);
      // Holding registers 0–5 in one request, the coil in another; the variable without a register is not read.
      expect(polled?.blocks.map(({ functionCode, start, count }) => ({ functionCode, start, count }))).toEqual([
        { functionCode: 1, start: 10, count: 1 },
        { functionCode: 3, start: 0, count: 6 },
      ]);
    });

    test('keeps a variable it has of a model’s code, its map made the model’s; a later change of the model waits for “apply”', async () => {
      const model = await newModel(MAP);
      const device = await newDevice();
      const own = await ems('POST', 'device/monitordevicevar', {
        sn: `${String(device.sn)}.p`,
        name: '自定义功率',
        code: 'activePower',
        kind: 'gauge',
        deviceId: device.id,
      });
      await ems('POST', 'device/variablemap', { variableId: own.body.data.id, register: 0, dataType: 'int16' });
      const given = await ems('PUT', 'device/monitordevice/device', { ...writable(device), modelId: model.id });
      expect(given.body.msg).toBe('success');
      const variables = await variablesOf(device.id);
      expect(variables.size).toBe(4);
      expect(variables.get('activePower')?.variable).toMatchObject({ id: own.body.data.id, name: '自定义功率' });
      expect(variables.get('activePower')?.map).toMatchObject({ register: 0, dataType: 'int32', ratio: 0.001 });

      // The model moves the power to register 20: the device reads register 0 until the model is applied again.
      const moved = MAP.map((variable) => (variable.code === 'activePower' ? { ...variable, register: 20 } : variable));
      expect((await ems('PUT', 'device/emsDeviceModel', { ...model, variables: moved })).body.msg).toBe('success');
      await ems('PUT', 'device/monitordevice/device', { ...writable(device), name: 'Renamed', modelId: model.id });
      expect((await variablesOf(device.id)).get('activePower')?.map).toMatchObject({ register: 0 });
      const applied = await ems<Row[]>('POST', `device/monitordevice/applyModel/${String(device.id)}`);
      expect(applied.body.data).toHaveLength(4);
      expect((await variablesOf(device.id)).get('activePower')?.map).toMatchObject({ register: 20 });
    });

    test('is refused when the model’s maps would read the registers of another of its variables, and nothing is written', async () => {
      const model = await newModel(MAP);
      const device = await newDevice();
      const own = await ems('POST', 'device/monitordevicevar', {
        sn: `${String(device.sn)}.mode`,
        name: '运行模式',
        code: 'mode',
        kind: 'signal',
        deviceId: device.id,
      });
      await ems('POST', 'device/variablemap', { variableId: own.body.data.id, register: 3, dataType: 'uint16' });
      const refused = await ems('PUT', 'device/monitordevice/device', { ...writable(device), modelId: model.id });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('chargeEnergy');
      expect(refused.body.msg).toContain('运行模式');
      expect([...(await variablesOf(device.id)).keys()]).toEqual(['mode']);
      const page = await ems<{ records: Row[] }>('GET', `device/monitordevice/device?size=1&sn=${String(device.sn)}`);
      expect(page.body.data.records[0]?.modelId).toBeUndefined();
    });

    test('through the device workbook gets them too', async () => {
      const model = await newModel(MAP);
      const sn = `T2-MAP-${(unique += 1)}`;
      const imported = await upload(
        'device/monitordevice/import',
        'devices.xlsx',
        await workbookOf([
          ['sn', 'name', 'kind', 'stationName', 'modelName'],
          [sn, 'Imported', 'pcs', 'T2-ST1', String(model.name)],
        ]),
      );
      expect(imported.body.msg).toBe('success');
      const [device] = imported.body.data as unknown as Row[];
      expect((await variablesOf(device?.id)).get('activePower')?.map).toMatchObject({ register: 0, dataType: 'int32' });
    });

    test('whose serial number and code are too long together names the new variable by the device’s id', async () => {
      const code = 'dischargeEnergyOfTheWholeDay';
      const model = await newModel([{ ...MAP[0], code }]);
      const sn = `T2-MAP-${'X'.repeat(30)}${(unique += 1)}`.slice(0, 40);
      const device = await newDevice({ sn, modelId: model.id });
      expect((await variablesOf(device.id)).get(code)?.variable.sn).toBe(`D${String(device.id)}.${code}`);
    });

    test('cannot be applied without a model', async () => {
      const device = await newDevice();
      const refused = await ems('POST', `device/monitordevice/applyModel/${String(device.id)}`);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('The device has no EMS device model');
    });
  });

  describe('register map files', () => {
    test('a workbook with Chinese headers reads back into another model', async () => {
      const source = await newModel(MAP);
      const file = await exported(source.id, 'xlsx', 'zh');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(XLSX);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent(`${String(source.name)} 点表.xlsx`)}`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.getRow(1).getCell(1).value).toBe('变量代码');
      expect(sheet.getRow(2).getCell(4).value).toBe('测量值');
      expect(sheet.actualRowCount).toBe(MAP.length + 1);
      const target = await newModel([]);
      const imported = await upload(`device/emsDeviceModel/${String(target.id)}/map/import`, 'map.xlsx', file.rawPayload);
      expect(imported.body.msg).toBe('success');
      expect((await modelOf(target.id)).variables).toEqual(MAP);
    });

    test('a CSV file (UTF-8 with its byte order mark) reads back into another model, replacing its variables', async () => {
      const source = await newModel(MAP);
      const file = await exported(source.id, 'csv');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toContain(encodeURIComponent('register map.csv'));
      expect(file.body.startsWith('\uFEFFCode,Name,Unit,Kind,Remote control,Function code,Register')).toBe(true);
      expect(file.body).toContain('runState,运行状态,,Signal,Yes,1,10,bool');
      const target = await newModel([{ code: 'old', name: 'Old', kind: 'gauge' }]);
      const imported = await upload(`device/emsDeviceModel/${String(target.id)}/map/import`, 'map.csv', file.rawPayload);
      expect(imported.body.msg).toBe('success');
      expect((await modelOf(target.id)).variables).toEqual(MAP);
    });

    const HEADER = ['code', 'name', 'kind', 'register', 'dataType'];
    test.each([
      [
        'a file that is neither a workbook nor a CSV file',
        'map.txt',
        'code,name\n',
        'not an Excel workbook (.xlsx) or a CSV file (.csv)',
      ],
      ['a missing column', 'map.csv', 'code,name\nsoc,SOC\n', 'missing column Kind'],
      ['a register past the last', 'map.csv', [HEADER, ['soc', 'SOC', 'gauge', 70_000, 'int16']], 'row 2: Register'],
      [
        'a register that is no number',
        'map.xlsx',
        [HEADER, ['soc', 'SOC', 'gauge', 'ten', 'int16']],
        'row 2, Register: ten is not a number',
      ],
      ['an unknown kind', 'map.xlsx', [HEADER, ['soc', 'SOC', 'pressure', 0, 'int16']], 'row 2: Kind'],
      [
        'a code twice',
        'map.csv',
        [HEADER, ['soc', 'SOC', 'gauge', 0, 'int16'], [], ['soc', 'SOC 2', 'gauge', 1, 'int16']],
        'row 4, Code: The code soc is that of variable SOC too',
      ],
      [
        'overlapping registers',
        'map.xlsx',
        [HEADER, ['soc', 'SOC', 'gauge', 0, 'int32'], ['soh', 'SOH', 'gauge', 1, 'int16']],
        'row 3, Register: Registers 1–1 overlap those of SOC (0–1)',
      ],
    ] as [string, string, string | (string | number)[][], string][])(
      '%s is refused (400 naming the row and column) and the model stays as it was',
      async (_case, fileName, content, message) => {
        const model = await newModel(MAP);
        const data =
          typeof content === 'string'
            ? Buffer.from(content)
            : fileName.endsWith('.csv')
              ? Buffer.from(content.map((row) => row.join(',')).join('\n'))
              : await workbookOf(content);
        const refused = await upload(`device/emsDeviceModel/${String(model.id)}/map/import`, fileName, data);
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe(42501);
        expect(refused.body.msg).toContain(message);
        expect((await modelOf(model.id)).variables).toEqual(MAP);
      },
    );

    test('another tenant neither reads nor replaces the map of this tenant’s model (404)', async () => {
      const model = await newModel(MAP);
      for (const format of ['xlsx', 'csv'] as const) {
        const answer = await exported(model.id, format, 'en', auditor);
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toMatchObject({ code: 40400 });
      }
      const file = await exported(model.id, 'xlsx');
      const refused = await upload(`device/emsDeviceModel/${String(model.id)}/map/import`, 'map.xlsx', file.rawPayload, auditor);
      expect(refused.status).toBe(404);
      expect((await modelOf(model.id)).variables).toEqual(MAP);
    });
  });
});
