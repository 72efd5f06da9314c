import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storeKanban } from '../../server/site/kanbanStore';
import { call, connectedDatabases, signIn, type ConnectedServer } from '../support/api';
import type { Row } from '../support/records';

interface Widget {
  id: string;
  type: string;
  config: Row;
}
interface Stored {
  stationSn: string;
  version: number;
  schemaVersion: number;
  layouts: Record<string, { id: string }[]>;
  widgets: Widget[];
  updatedBy?: string;
  updateTime?: string;
}
interface Unbound {
  widgetId: string;
  path: string;
  kind: string;
  name: string;
  detail?: string;
  variable?: string;
  device?: string;
  model?: string;
  reason: string;
}
interface ImportPlan {
  stationSn: string;
  stationName: string;
  source: { stationSn: string; stationName: string } | null;
  sameStation: boolean;
  rebound: number;
  unbound: Unbound[];
  leftOut: string[];
  document: Stored;
}

/** What of a stored document travels in a file: all but its station, its version and who saved it when. */
function fileOf(document: Stored) {
  const { stationSn: _station, version: _version, updatedBy: _by, updateTime: _time, ...rest } = document;
  return rest;
}

/**
 * What people read of a binding a station cannot take (the import dialog shows these, not `name` or
 * `detail`, which say what it is bound to at the source): never a variable's code, a serial number
 * or the device of the station the file came from.
 */
function expectNamedAsPeopleRead(entry: Unbound) {
  const read = [entry.variable, entry.device, entry.model].filter(Boolean).join(' | ');
  const code = entry.detail?.split(' · ')[1];
  if (code) expect(read).not.toContain(code);
  expect(read).not.toMatch(/T\d+-|@/);
  const sourceDevice = entry.name.split(' / ')[0]!;
  expect(entry.device ?? '').not.toBe(sourceDevice);
  expect(entry.variable ?? '').not.toContain(sourceDevice);
}

/** The variable serial numbers a document binds. */
const varSns = (document: { widgets: Widget[] }): string[] =>
  [...JSON.stringify(document.widgets).matchAll(/"varSn":"([^"]+)"/g)].map((match) => match[1]!);

/**
 * Importing a dashboard file onto a station rebinds it as copying does (device model and rank,
 * variable code; labels by path; cameras by place) from the station the file was exported from,
 * lists what cannot be bound and writes nothing; and no save binds a station's dashboard to
 * another station's variables unless the widget says it means to.
 */
describe.each(connectedDatabases())('dashboard import and bindings of other stations on $name', ({ start }) => {
  let server: ConnectedServer;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    server = await start();
    admin = await signIn(server.app, 'admin', 'admin123');
    operator = await signIn(server.app, 'operator', 'operator123');
  });
  afterAll(() => server.stop());

  const stored = async (sn: string, token = admin) =>
    (await call<Stored>(server.app, token, { method: 'GET', url: `/ems/api/main/siteKanban/${sn}` })).body.data;
  const plan = (target: string, payload: object, token = admin) =>
    call<ImportPlan>(server.app, token, { method: 'POST', url: `/ems/api/main/siteKanban/${target}/importPlan`, payload });
  /** The body of an import of `source`'s stored dashboard onto `target` at its stored version. */
  const importOf = async (source: Stored, target: string, named: string | null = source.stationSn) => ({
    document: { ...fileOf(source), stationSn: target, version: (await stored(target)).version },
    ...(named ? { source: { stationSn: named } } : {}),
  });
  const save = (document: object, token = admin) =>
    call<Stored>(server.app, token, { method: 'POST', url: '/ems/api/main/siteKanban/saveOrUpdate', payload: document });

  test("PV1's export onto T2-EMS1 is bound to EMS1's own devices, and what EMS1 lacks is listed; nothing is written", async () => {
    const pv = await stored('T2-PV1');
    const before = await stored('T2-EMS1');
    const answer = await plan('T2-EMS1', await importOf(pv, 'T2-EMS1'));
    expect(answer.status).toBe(200);
    const result = answer.body.data;
    expect(result).toMatchObject({
      stationSn: 'T2-EMS1',
      stationName: '杭州综合能源站',
      source: { stationSn: 'T2-PV1', stationName: '苏州工业园屋顶光伏' },
      sameStation: false,
    });
    // PV1's inverters are SG500s; EMS1's are SG300s: those bindings cannot be taken.
    expect(result.unbound).toContainEqual(
      expect.objectContaining({
        kind: 'variable',
        name: '1# 逆变器 / 交流功率',
        detail: 'SG500 · activePower',
        // As EMS1's people read it: the variable by its name, and the model EMS1 has no device of.
        variable: '交流功率',
        model: 'SG500',
        reason: 'noDevice',
      }),
    );
    for (const unbound of result.unbound.filter((entry) => entry.kind === 'variable')) {
      expect(unbound.variable).toBeTruthy();
      expectNamedAsPeopleRead(unbound);
    }
    // PV1's meters are of EMS1's models: their variables are bound to EMS1's own.
    expect(varSns(result.document)).toContain('T2-EMS1-MTR.exportEnergy');
    expect(result.rebound).toBeGreaterThan(0);
    // Not one binding of PV1 is left, and every one kept is a variable of EMS1.
    expect(JSON.stringify(result.document)).not.toContain('T2-PV1');
    for (const sn of varSns(result.document)) expect(sn.startsWith('T2-EMS1-')).toBe(true);
    expect(result.document).toMatchObject({ stationSn: 'T2-EMS1', version: before.version });
    for (const id of result.leftOut) expect(result.document.widgets.some((widget) => widget.id === id)).toBe(false);
    expect(result.document.widgets.length + result.leftOut.length).toBe(pv.widgets.length);
    // Every binding of the file is either rebound or listed.
    const labels = pv.widgets.flatMap((widget) => (widget.config.labelIds as number[] | undefined) ?? []).length;
    expect(result.rebound + result.unbound.length).toBe(varSns(pv).length + labels);
    // Nothing was written; the plan's document is one the save takes.
    expect((await stored('T2-EMS1')).version).toBe(before.version);
    const saved = await save(result.document);
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(before.version + 1);
  });

  test('a file of before exports named their station is read at the station that holds its variables', async () => {
    const pv = await stored('T2-PV1');
    const named = (await plan('T2-EMS1', await importOf(pv, 'T2-EMS1'))).body.data;
    const unnamed = await plan('T2-EMS1', await importOf(pv, 'T2-EMS1', null));
    expect(unnamed.status).toBe(200);
    expect(unnamed.body.data.source).toEqual({ stationSn: 'T2-PV1', stationName: '苏州工业园屋顶光伏' });
    expect(unnamed.body.data.document).toEqual(named.document);
    expect(unnamed.body.data.unbound).toEqual(named.unbound);
  });

  test("a file's variable of another station than its own is named by the variable's name, not that station's device", async () => {
    const pv = await stored('T2-PV1');
    const index = pv.widgets.findIndex((widget) => typeof widget.config.deviceVar === 'object');
    const widgets = pv.widgets.map((widget, at) =>
      at === index
        ? { ...widget, config: { ...widget.config, deviceVar: { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' } } }
        : widget,
    );
    const answer = await plan('T2-EMS1', await importOf({ ...pv, widgets }, 'T2-EMS1'));
    expect(answer.status).toBe(200);
    const entry = answer.body.data.unbound.find((unbound) => unbound.widgetId === pv.widgets[index]!.id);
    expect(entry).toMatchObject({ path: 'deviceVar', kind: 'variable', reason: 'unknown', variable: 'SOC' });
    expectNamedAsPeopleRead(entry!);
    expect(varSns(answer.body.data.document)).not.toContain('T2-ST1-BMS.soc');
  });

  test('a file of the station itself is answered as it is', async () => {
    const pv = await stored('T2-PV1');
    const answer = await plan('T2-PV1', await importOf(pv, 'T2-PV1'));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ sameStation: true, rebound: 0, unbound: [], leftOut: [] });
    expect(fileOf(answer.body.data.document)).toEqual(fileOf(pv));
  });

  test("another tenant's file binds none of its variables; another tenant's station is never reached", async () => {
    const foreign = await stored('T7-PV1', operator);
    expect(varSns(foreign).length).toBeGreaterThan(0);
    const answer = await plan('T2-EMS1', await importOf(foreign, 'T2-EMS1'));
    expect(answer.status).toBe(200);
    const result = answer.body.data;
    expect(result.source).toBeNull();
    expect(JSON.stringify(result.document)).not.toContain('T7-');
    const variables = result.unbound.filter((unbound) => unbound.kind === 'variable');
    expect(variables.length).toBe(varSns(foreign).length);
    // Nothing of another tenant's is named: not its variables' names, nor their serial numbers (as people read them).
    for (const unbound of variables) {
      expect(unbound.reason).toBe('notFound');
      expect([unbound.variable, unbound.device, unbound.model]).toEqual([undefined, undefined, undefined]);
    }
    // Neither as the station imported onto, nor for a user of another tenant.
    expect((await plan('T7-EMS1', await importOf(foreign, 'T2-EMS1'))).status).toBe(404);
    const own = await stored('T2-PV1');
    expect((await plan('T2-EMS1', { document: { ...fileOf(own), stationSn: 'T2-EMS1', version: 0 } }, operator)).status).toBe(
      404,
    );
  });

  test.each([
    ['no document', () => ({ source: { stationSn: 'T2-PV1' } })],
    [
      'a document of another station than the path',
      (pv: Stored) => ({ document: { ...fileOf(pv), stationSn: 'T2-PV1', version: 0 } }),
    ],
    [
      'a widget configuration its schema refuses',
      (pv: Stored) => ({
        document: {
          ...fileOf(pv),
          stationSn: 'T2-EMS1',
          version: 0,
          widgets: pv.widgets.map((widget, index) =>
            index === 0 ? { ...widget, config: { ...widget.config, nope: 1 } } : widget,
          ),
        },
      }),
    ],
    [
      'a malformed source',
      (pv: Stored) => ({ document: { ...fileOf(pv), stationSn: 'T2-EMS1', version: 0 }, source: { stationSn: 'a b' } }),
    ],
  ])('%s is refused with 400 and a message', async (_, body) => {
    const answer = await plan('T2-EMS1', body(await stored('T2-PV1')));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 40001, msg: expect.any(String) });
  });

  /** EMS1's stored dashboard with its gauge showing PV1's first inverter's power, flagged or not. */
  async function withPvGauge(flag?: boolean, device = 'T2-PV1-INV1', variable = 'T2-PV1-INV1.activePower') {
    const ems = await stored('T2-EMS1');
    const index = ems.widgets.findIndex((widget) => widget.type === 'gauge');
    const widgets = ems.widgets.map((widget, at) =>
      at === index
        ? {
            ...widget,
            config: {
              ...widget.config,
              name: 'PV1 power',
              otherStation: flag,
              monitorVars: [{ deviceVar: { deviceSn: device, varSn: variable } }],
            },
          }
        : widget,
    );
    // A configuration stored without the flag binds its own station's only.
    if (flag === undefined) delete (widgets[index]!.config as Row).otherStation;
    return { document: { ...ems, widgets }, index };
  }

  test("a save binding another station's variable is refused with 400 naming the widget and field, and changes nothing", async () => {
    for (const flag of [undefined, false]) {
      const { document, index } = await withPvGauge(flag);
      const answer = await call<{ path: string; message: string }[]>(server.app, admin, {
        method: 'POST',
        url: '/ems/api/main/siteKanban/saveOrUpdate',
        payload: document,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(40001);
      const path = `widgets.${index}.config.monitorVars.0.deviceVar`;
      expect(answer.body.msg).toContain(path);
      expect(answer.body.msg).toContain('“PV1 power” (Gauge');
      expect(answer.body.msg).toContain('T2-PV1-INV1.activePower');
      expect(answer.body.msg).toContain("tick “Shows other stations' data”");
      expect(answer.body.data).toEqual([{ path, message: expect.stringContaining('T2-PV1') }]);
      expect((await stored('T2-EMS1')).version).toBe(document.version);
    }
    // A device of another station is refused as its variable is.
    const device = await withPvGauge(undefined, 'T2-PV1-INV1', 'T2-EMS1-MTR.exportEnergy');
    expect((await save(device.document)).status).toBe(400);
  });

  test('the same binding is saved when the widget says it shows other stations’ data, and copies keep it', async () => {
    const { document } = await withPvGauge(true);
    const saved = await save(document);
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(document.version + 1);
    expect(varSns(await stored('T2-EMS1'))).toContain('T2-PV1-INV1.activePower');
    // Imported elsewhere (or copied), a widget that means another station keeps that station's variable.
    const answer = await plan('T2-ST1', await importOf(await stored('T2-EMS1'), 'T2-ST1'));
    expect(varSns(answer.body.data.document)).toContain('T2-PV1-INV1.activePower');
    expect(answer.body.data.unbound.map((unbound) => unbound.name)).not.toContain('T2-PV1-INV1.activePower');
    expect((await save(answer.body.data.document)).status).toBe(200);
  });

  test('restoring a version that binds another station unasked (stored before the rule) is refused and changes nothing', async () => {
    const { document } = await withPvGauge();
    const station = await server.database.db
      .selectFrom('station')
      .select(['id', 'tenantId'])
      .where('sn', '=', 'T2-EMS1')
      .executeTakeFirstOrThrow();
    const { stationSn: _sn, version, updatedBy: _by, updateTime: _at, ...content } = document;
    // As a dashboard saved before the rule was: written beside the calls.
    await storeKanban(
      server.database.db,
      { tenantId: Number(station.tenantId), stationId: Number(station.id) },
      { from: version, content, updatedBy: 'admin', note: null, restoredFrom: null },
    );
    const old = version + 1;
    const fixed = (await withPvGauge(true)).document;
    expect((await save({ ...fixed, version: old })).status).toBe(200);
    const restored = await call(server.app, admin, {
      method: 'POST',
      url: `/ems/api/main/siteKanban/T2-EMS1/versions/${old}/restore`,
      payload: { version: old + 1 },
    });
    expect(restored.status).toBe(400);
    expect(restored.body.msg).toContain('PV1 power');
    expect((await stored('T2-EMS1')).version).toBe(old + 1);
  });

  test("every demo station's dashboard binds its own station's variables only: each saves as it is", async () => {
    for (const sn of ['T2-ST1', 'T2-ST2', 'T2-ST3', 'T2-PV1']) {
      const document = await stored(sn);
      expect((await save(document)).status, sn).toBe(200);
    }
    const document = await stored('T7-EMS1', operator);
    expect((await save(document, operator)).status).toBe(200);
  });
});
