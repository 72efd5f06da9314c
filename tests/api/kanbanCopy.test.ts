import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import type { Row } from '../support/records';
import type { TestServer } from '../support/server';

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
interface Target {
  stationSn: string;
  stationName: string;
  document: { stationSn: string; version: number; widgets: { id: string; type: string; config: Row }[]; layouts: Row };
  rebound: number;
  unbound: Unbound[];
  leftOut: string[];
}
interface Plan {
  stationSn: string;
  version: number;
  targets: Target[];
}

/**
 * What people read of a binding a station cannot take (the dialogs show these, not `name` or
 * `detail`, which say what it is bound to at the source): never a variable's code, a serial number
 * or the source station's device.
 */
function expectNamedAsPeopleRead(entry: Unbound) {
  const read = [entry.variable, entry.device, entry.model].filter(Boolean).join(' | ');
  expect(read).not.toBe('');
  const code = entry.detail?.split(' · ')[1];
  if (code) expect(read).not.toContain(code);
  expect(read).not.toMatch(/T2-|@/);
  const sourceDevice = entry.name.split(' / ')[0]!;
  expect(entry.device ?? '').not.toBe(sourceDevice);
  expect(entry.variable ?? '').not.toContain(sourceDevice);
}

/** A configuration without the times its list items were added (set as a station's dashboard is made). */
const withoutTimes = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutTimes)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(
          Object.entries(value).flatMap(([key, item]) => (/^time[sS]tamp$/.test(key) ? [] : [[key, withoutTimes(item)]])),
        )
      : value;

/**
 * Copying a station's dashboard to other stations of the tenant: the plan rebinds each variable
 * by device model and variable code (and labels by name, cameras by place), names what a target
 * cannot take, and writes nothing; the copy is saved as the target's next version with the 409 rule.
 */
describe.each(databases())('dashboard copy to other stations on $name', ({ start }) => {
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

  const plan = (targets: unknown, source = 'T2-ST1', token = admin) =>
    call<Plan>(app, token, { method: 'POST', url: `/ems/api/main/siteKanban/${source}/copyPlan`, payload: { targets } });
  const stored = async (sn: string) =>
    (await call<Target['document']>(app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${sn}` })).body.data;

  test('a station of the same device models takes every binding: the copy is that station’s own dashboard', async () => {
    const answer = await plan(['T2-ST2']);
    expect(answer.status).toBe(200);
    const [target] = answer.body.data.targets;
    expect(target!.unbound).toEqual([]);
    expect(target!.leftOut).toEqual([]);
    const source = await stored('T2-ST1');
    expect(answer.body.data.version).toBe(source.version);
    // The demo made T2-ST2's dashboard as it made T2-ST1's, with its own devices, variables and labels;
    // a text is copied as it is written.
    const own = await stored('T2-ST2');
    expect(target!.document.version).toBe(own.version);
    const bound = (widgets: Target['document']['widgets']) =>
      widgets.filter((widget) => widget.type !== 'customText').map((widget) => withoutTimes(widget));
    expect(bound(target!.document.widgets)).toEqual(bound(own.widgets));
    const text = (widgets: Target['document']['widgets']) => widgets.filter((widget) => widget.type === 'customText');
    expect(text(target!.document.widgets)).toEqual(text(source.widgets));
    expect(target!.document.layouts).toEqual(source.layouts);
    expect(JSON.stringify(target!.document)).not.toContain('T2-ST1');
    // Every variable and label of the source was rebound.
    const bindings = JSON.stringify(source.widgets).match(/"varSn"/g)!.length;
    const labels = source.widgets.flatMap((widget) => (widget.config.labelIds as number[] | undefined) ?? []).length;
    expect(target!.rebound).toBe(bindings + labels);
  });

  test('a station lacking a variable names it, its widget item is left out, everything else is rebound', async () => {
    const answer = await plan(['T2-ST3']);
    const [target] = answer.body.data.targets;
    expect(target!.unbound.length).toBeGreaterThan(0);
    for (const unbound of target!.unbound) {
      expect(unbound).toMatchObject({
        kind: 'variable',
        name: 'BMS 主控 / 最高单体温度',
        detail: 'BMS-M1 · maxCellTemp',
        // As its people read it: the station's own BMS, and the variable by its name.
        variable: '最高单体温度',
        device: '嘉定 BMS 主控',
        reason: 'noVariable',
      });
      expectNamedAsPeopleRead(unbound);
    }
    const copy = JSON.stringify(target!.document);
    expect(copy).not.toContain('maxCellTemp');
    expect(copy).not.toContain('T2-ST1');
    const source = await stored('T2-ST1');
    expect(target!.rebound + target!.unbound.length).toBe(
      JSON.stringify(source.widgets).match(/"varSn"/g)!.length +
        source.widgets.flatMap((widget) => (widget.config.labelIds as number[] | undefined) ?? []).length,
    );
    // A widget whose only variable is gone is left out of the copy and its layouts; one that had others keeps them.
    for (const id of target!.leftOut) {
      expect(target!.document.widgets.some((widget) => widget.id === id)).toBe(false);
      expect(JSON.stringify(target!.document.layouts)).not.toContain(`"${id}"`);
    }
    expect(target!.document.widgets.length + target!.leftOut.length).toBe(source.widgets.length);
  });

  test('a station of other device models lists each binding its devices cannot take, with why', async () => {
    const answer = await plan(['T2-EMS1', 'T2-ST2']);
    expect(answer.body.data.targets.map((target) => target.stationSn)).toEqual(['T2-EMS1', 'T2-ST2']);
    const [ems] = answer.body.data.targets;
    expect(ems!.stationName).toBe('杭州综合能源站');
    // The storage station's PCS are PCS-500K; the EMS site's is a PCS-250K.
    expect(ems!.unbound).toContainEqual(
      expect.objectContaining({
        kind: 'variable',
        name: '1# PCS / 有功功率',
        detail: 'PCS-500K · activePower',
        // As its people read it: the variable by its name, and the model the station has no device of.
        variable: '有功功率',
        model: 'PCS-500K',
        reason: 'noDevice',
      }),
    );
    for (const unbound of ems!.unbound.filter((entry) => entry.kind === 'variable')) {
      expect(unbound.device).toBeUndefined();
      expectNamedAsPeopleRead(unbound);
    }
    // Its BMS is of the same model: that variable is rebound to the EMS site's own.
    expect(JSON.stringify(ems!.document)).toContain('T2-EMS1-BMS.soc');
    expect(JSON.stringify(ems!.document)).not.toContain('T2-ST1');
  });

  test('the copy saves as the target’s next version; a second save of the same plan is refused (409)', async () => {
    const [target] = (await plan(['T2-ST2'])).body.data.targets;
    const from = target!.document.version;
    const saved = await call<Row>(app, admin, {
      method: 'POST',
      url: '/ems/api/main/siteKanban/saveOrUpdate',
      query: { note: 'Copied from 张江储能电站' },
      payload: target!.document,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(from + 1);
    const again = await call(app, admin, {
      method: 'POST',
      url: '/ems/api/main/siteKanban/saveOrUpdate',
      payload: target!.document,
    });
    expect(again.status).toBe(409);
    expect((await stored('T2-ST2')).version).toBe(from + 1);
    const versions = await call<{ records: Row[] }>(app, admin, {
      method: 'GET',
      url: '/ems/api/main/siteKanban/T2-ST2/versions',
    });
    expect(versions.body.data.records[0]).toMatchObject({ version: from + 1, note: 'Copied from 张江储能电站' });
  });

  test.each([
    ['no targets', []],
    ['targets that are not a list', 'T2-ST2'],
    ['a target twice', ['T2-ST2', 'T2-ST2']],
    ['a malformed serial number', ['T2 ST2']],
    ['the station copied from', ['T2-ST1']],
    ['more than 50 targets', Array.from({ length: 51 }, (_, index) => `S${index}x`)],
  ])('%s is refused with 400 and a message', async (_, targets) => {
    const answer = await plan(targets);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 40001, msg: expect.any(String) });
  });

  test("another tenant's stations are not reachable, as source or as target, and a plan writes nothing", async () => {
    const before = await Promise.all(['T2-ST2', 'T2-ST3', 'T2-EMS1'].map(stored));
    expect((await plan(['T10-ST1'])).status).toBe(404);
    expect((await plan(['T2-ST2', 'NOPE1'])).status).toBe(404);
    expect((await plan(['T7-PV1'], 'T2-ST1', operator)).status).toBe(404);
    expect((await plan(['T2-ST2'], 'T7-ST1')).status).toBe(404);
    await plan(['T2-ST3', 'T2-EMS1']);
    const after = await Promise.all(['T2-ST2', 'T2-ST3', 'T2-EMS1'].map(stored));
    expect(after.map((document) => document.version)).toEqual(before.map((document) => document.version));
  });
});
