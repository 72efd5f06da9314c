import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { createRecord, type Row } from '../support/records';
import type { TestServer } from '../support/server';

interface Widget {
  id: string;
  type: string;
  config: Row;
  unbound?: Row[];
}
interface Dashboard {
  stationSn: string;
  version: number;
  schemaVersion: number;
  layouts: Record<string, { id: string }[]>;
  widgets: Widget[];
}
interface Drift {
  stationSn: string;
  templateVersion: number;
  overrides: number;
  conflicts: number;
  state: string;
}

const STORAGE = ['T2-ST1', 'T2-ST2', 'T2-ST3'];

/**
 * Dashboard templates per kind of station: made of a station's dashboard and bound to roles,
 * followed by stations that each see it with their own devices, overridden locally (what a station
 * saves is kept as its overrides), previewed and published to some stations (the others stay on
 * their version), undone per station, detached; all within the tenant, bad input changing nothing.
 */
describe.each(databases())('dashboard templates on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let auditor: string;
  let template: Row;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    auditor = await signIn(app, 'auditor', 'auditor123');
  });
  afterAll(() => server.stop());

  const ask = <T = Row>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    call<T>(app, token, { method, url: `/ems/api/main/${url}`, ...(payload === undefined ? {} : { payload }) });
  const dashboard = async (sn: string) => (await ask<Dashboard>('GET', `siteKanban/${sn}`)).body.data;
  const versions = async (sns: string[]) => Promise.all(sns.map(async (sn) => (await dashboard(sn)).version));
  const drift = async () => (await ask<Drift[]>('GET', `kanbanTemplate/${String(template.id)}/stations`)).body.data;
  const stateOf = async (sn: string) => (await drift()).find((row) => row.stationSn === sn);
  const save = (document: Dashboard) => ask('POST', 'siteKanban/saveOrUpdate', document);
  /** The serials a dashboard binds (a placeholder's roles, `@model#rank.code`, apart: see `roles`). */
  const serials = (document: { widgets: Widget[] }) =>
    [...JSON.stringify(document.widgets).matchAll(/"varSn":"([^"@][^"]*)"/g)].map((m) => m[1]!);
  /** The roles a dashboard's placeholders keep, and the placeholders. */
  const roles = (document: { widgets: Widget[] }) =>
    [...JSON.stringify(document.widgets).matchAll(/"varSn":"(@[^"]+)"/g)].map((m) => m[1]!);
  const placeholders = (document: { widgets: Widget[] }) =>
    document.widgets.filter((widget) => widget.unbound).map((widget) => widget.id);
  /** A figure of the hottest cell of the BMS, which T2-ST3's BMS does not report. */
  const HOTTEST = 'hottest';
  const hottestOf = (document: { widgets: Widget[] }) => document.widgets.find((widget) => widget.id === HOTTEST)!;
  const gaugeOf = (document: { widgets: Widget[] }) => document.widgets.find((widget) => widget.type === 'gauge')!;
  const renamed = (document: Dashboard, id: string, name: string): Dashboard => ({
    ...document,
    widgets: document.widgets.map((widget) => (widget.id === id ? { ...widget, config: { ...widget.config, name } } : widget)),
  });

  test('a template is made of the storage dashboard, bound to roles, as version 1 of the default for storage stations', async () => {
    const first = await dashboard('T2-ST1');
    const desktop = first.layouts.desktop ?? [];
    const withHottest = await save({
      ...first,
      layouts: { ...first.layouts, desktop: [...desktop, { id: HOTTEST, x: 0, y: 200, w: 6, h: 6 }] as { id: string }[] },
      widgets: [
        ...first.widgets,
        {
          id: HOTTEST,
          type: 'singleData',
          config: {
            name: '最高单体温度',
            chainType: 'MONTH',
            deviceVar: { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.maxCellTemp' },
          },
        },
      ],
    });
    expect(withHottest.status).toBe(200);
    const made = await ask('POST', 'kanbanTemplate/create', { name: '储能电站看板', stationSn: 'T2-ST1', isDefault: true });
    expect(made.status).toBe(200);
    template = made.body.data;
    expect(template).toMatchObject({ name: '储能电站看板', stationType: 'storage', isDefault: true, version: 1, unbound: [] });
    const read = (await ask<{ content: { widgets: Widget[]; roles: Row } }>('GET', `kanbanTemplate/${String(template.id)}`)).body
      .data;
    const bound = roles(read.content);
    expect(serials(read.content)).toEqual([]);
    expect(bound.length).toBeGreaterThan(0);
    for (const role of bound) expect(role).toMatch(/^@[^#]+#\d+\.\w+$/);
    expect(JSON.stringify(read.content)).not.toContain('T2-ST1');
    expect(read.content.roles.variables).toMatchObject({ '@BMS-M1#0.maxCellTemp': 'BMS 主控 / 最高单体温度' });
    const list = (await ask<Row[]>('GET', 'kanbanTemplate/list')).body.data;
    expect(list).toContainEqual(expect.objectContaining({ id: template.id, stations: 0 }));
  });

  test.each([
    ['a name taken', { name: '储能电站看板', stationSn: 'T2-ST1' }, 409],
    ['an empty name', { name: ' ', stationSn: 'T2-ST1' }, 400],
    ['no station', { name: 'Other' }, 400],
    ['a station of another tenant', { name: 'Other', stationSn: 'T10-ST1' }, 404],
  ])('a template with %s is refused and nothing is made', async (_, body, status) => {
    const before = (await ask<Row[]>('GET', 'kanbanTemplate/list')).body.data;
    const answer = await ask('POST', 'kanbanTemplate/create', body);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    expect((await ask<Row[]>('GET', 'kanbanTemplate/list')).body.data).toEqual(before);
  });

  test('attaching is all or nothing: a station of another kind, or one saved meanwhile, leaves every station as it was', async () => {
    const before = await versions([...STORAGE, 'T2-EMS1']);
    const otherKind = await ask('POST', `kanbanTemplate/${String(template.id)}/attach`, {
      stations: [
        { stationSn: 'T2-ST2', version: before[1] },
        { stationSn: 'T2-EMS1', version: before[3] },
      ],
    });
    expect(otherKind.status).toBe(400);
    expect(otherKind.body.msg).toContain('T2-EMS1 is not a storage station');
    const stale = await ask('POST', `kanbanTemplate/${String(template.id)}/attach`, {
      stations: [
        { stationSn: 'T2-ST2', version: before[1] },
        { stationSn: 'T2-ST3', version: before[2]! + 5 },
      ],
    });
    expect(stale.status).toBe(409);
    expect(await versions([...STORAGE, 'T2-EMS1'])).toEqual(before);
    expect(await drift()).toEqual([]);
  });

  test('the storage stations follow it: each shows it with its own variables, the one lacking a variable without it', async () => {
    const before = await versions(STORAGE);
    const answer = await ask<{ stationSn: string; version: number; unbound: Row[] }[]>(
      'POST',
      `kanbanTemplate/${String(template.id)}/attach`,
      { stations: STORAGE.map((stationSn, index) => ({ stationSn, version: before[index] })) },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((entry) => entry.version)).toEqual(before.map((version) => version + 1));
    expect(answer.body.data[1]!.unbound).toEqual([]);
    // What T2-ST3 lacks is named by its own BMS and the variable's name, not by T2-ST1's device.
    expect(answer.body.data[2]!.unbound).toContainEqual(
      expect.objectContaining({
        name: 'BMS 主控 / 最高单体温度',
        detail: 'BMS-M1 · maxCellTemp',
        reason: 'noVariable',
        device: '嘉定 BMS 主控',
        variable: '最高单体温度',
      }),
    );
    // The widget it cannot bind at all stays in its place, as a placeholder saying why, nothing left out.
    expect(answer.body.data[2]!).toMatchObject({ leftOut: [] });
    const third = await dashboard('T2-ST3');
    expect(placeholders(third)).toEqual([HOTTEST]);
    expect(third.layouts.desktop!.map((item) => item.id)).toContain(HOTTEST);
    expect(hottestOf(third)).toMatchObject({
      config: { deviceVar: { varSn: '@BMS-M1#0.maxCellTemp' } },
      unbound: [expect.objectContaining({ path: 'deviceVar', reason: 'noVariable', device: '嘉定 BMS 主控' })],
    });
    expect(placeholders(await dashboard('T2-ST2'))).toEqual([]);
    for (const sn of STORAGE) {
      const shown = await dashboard(sn);
      for (const serial of serials(shown)) expect(serial.startsWith(`${sn}-`)).toBe(true);
    }
    expect(serials(await dashboard('T2-ST2'))).toEqual(
      serials(await dashboard('T2-ST1')).map((sn) => sn.replace('T2-ST1-', 'T2-ST2-')),
    );
    expect(serials(await dashboard('T2-ST3'))).not.toContain('T2-ST3-BMS.maxCellTemp');
    expect((await drift()).map((row) => [row.stationSn, row.state, row.templateVersion])).toEqual(
      STORAGE.map((sn) => [sn, 'follows', 1]),
    );
    expect((await ask('GET', 'siteKanban/T2-ST2/template')).body.data).toEqual({
      stationSn: 'T2-ST2',
      following: {
        templateId: template.id,
        name: '储能电站看板',
        templateVersion: 1,
        currentVersion: 1,
        overrides: 0,
        detached: false,
      },
    });
    expect((await ask('GET', 'siteKanban/T2-PV1/template')).body.data).toEqual({ stationSn: 'T2-PV1', following: null });
  });

  test('what a following station saves is kept as its overrides: the kanban calls read and save its effective dashboard', async () => {
    const own = await dashboard('T2-ST2');
    const gauge = gaugeOf(own);
    const saved = await save(renamed(own, gauge.id, '二号站的仪表'));
    expect(saved.status).toBe(200);
    const shown = await dashboard('T2-ST2');
    expect(gaugeOf(shown).config.name).toBe('二号站的仪表');
    expect(await stateOf('T2-ST2')).toMatchObject({ state: 'overrides', overrides: 1, conflicts: 0 });
    // The template as the station takes it is without the station's override.
    const resolved = (await ask<Dashboard>('GET', `kanbanTemplate/${String(template.id)}/resolved/T2-ST2`)).body.data;
    expect(resolved).toMatchObject({ stationSn: 'T2-ST2', version: 1 });
    expect(gaugeOf(resolved).config.name).toBe(gauge.config.name);
    expect(serials(resolved)).toEqual(serials(shown));
    expect((await ask('GET', `kanbanTemplate/${String(template.id)}/resolved/T2-PV1`)).status).toBe(400);
    // A save that changes nothing of the template counts none.
    expect(await stateOf('T2-ST1')).toMatchObject({ state: 'follows', overrides: 0 });
  });

  test('a placeholder is saved with the dashboard as it is, no change of the station; bound to a variable of its own, it is one', async () => {
    const third = await dashboard('T2-ST3');
    expect((await save(third)).status).toBe(200);
    expect(placeholders(await dashboard('T2-ST3'))).toEqual([HOTTEST]);
    expect(await stateOf('T2-ST3')).toMatchObject({ state: 'follows', overrides: 0 });
    // Bound, as its dialog binds it: the station's own variable, and no longer a placeholder.
    const { unbound: _, ...placeholder } = hottestOf(third);
    const own = { deviceSn: 'T2-ST3-BMS', varSn: 'T2-ST3-BMS.soc' };
    const boundHere = await save({
      ...(await dashboard('T2-ST3')),
      widgets: third.widgets.map((widget) =>
        widget.id === HOTTEST ? { ...placeholder, config: { ...placeholder.config, deviceVar: own } } : widget,
      ),
    });
    expect(boundHere.status).toBe(200);
    expect(hottestOf(await dashboard('T2-ST3'))).toEqual({ ...placeholder, config: { ...placeholder.config, deviceVar: own } });
    expect(await stateOf('T2-ST3')).toMatchObject({ state: 'overrides', overrides: 1 });
    // Saved as the template gives it again, the station has no change of its own.
    expect((await save({ ...third, version: (await dashboard('T2-ST3')).version })).status).toBe(200);
    expect(await stateOf('T2-ST3')).toMatchObject({ state: 'follows', overrides: 0 });
  });

  test('a new version previewed: the conflicting station, the binding a station cannot take, and nothing written', async () => {
    const source = await dashboard('T2-ST1');
    const gauge = gaugeOf(source);
    const before = await versions(STORAGE);
    const preview = await ask<{ stations: (Row & { stationSn: string })[]; unbound: Row[] }>(
      'POST',
      `kanbanTemplate/${String(template.id)}/preview`,
      { baseVersion: 1, document: renamed(source, gauge.id, '模板的仪表') },
    );
    expect(preview.status).toBe(200);
    const [first, second, third] = preview.body.data.stations;
    expect(first).toMatchObject({ stationSn: 'T2-ST1', conflicts: [], changes: { changed: [gauge.id], added: [], removed: [] } });
    expect(second).toMatchObject({
      stationSn: 'T2-ST2',
      conflicts: [{ widgetId: gauge.id, station: 'changed', template: 'changed' }],
      changes: { changed: [], added: [], removed: [] },
    });
    expect(third!.stationSn).toBe('T2-ST3');
    expect(third!.unbound).toContainEqual(
      expect.objectContaining({ reason: 'noVariable', detail: 'BMS-M1 · maxCellTemp', device: '嘉定 BMS 主控' }),
    );
    expect(third).toMatchObject({ leftOut: [], placeholders: [HOTTEST] });
    expect(first).toMatchObject({ unbound: [], placeholders: [] });
    expect(await versions(STORAGE)).toEqual(before);
    expect((await ask<Row>('GET', `kanbanTemplate/${String(template.id)}`)).body.data.version).toBe(1);
  });

  test.each([
    ['a stale base version', (document: Dashboard) => ({ baseVersion: 7, document, stations: ['T2-ST1'] }), 409],
    [
      'an unknown widget type',
      (document: Dashboard) => ({
        baseVersion: 1,
        document: { ...document, widgets: [...document.widgets, { id: 'x1', type: 'nope', config: {} }] },
        stations: ['T2-ST1'],
      }),
      400,
    ],
    [
      'a widget configuration the schema refuses',
      (document: Dashboard) => ({
        baseVersion: 1,
        document: renamed(document, gaugeOf(document).id, 'x'.repeat(300)),
        stations: [],
      }),
      400,
    ],
    ['a station that does not follow it', (document: Dashboard) => ({ baseVersion: 1, document, stations: ['T2-PV1'] }), 400],
    [
      'a document of another kind of station',
      (document: Dashboard) => ({ baseVersion: 1, document: { ...document, stationSn: 'T2-PV1' }, stations: [] }),
      400,
    ],
  ])('publishing %s is refused and nothing is written', async (_, body, status) => {
    const before = await versions(STORAGE);
    const answer = await ask('POST', `kanbanTemplate/${String(template.id)}/publish`, body(await dashboard('T2-ST1')));
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    expect(await versions(STORAGE)).toEqual(before);
    expect((await ask<Row>('GET', `kanbanTemplate/${String(template.id)}`)).body.data.version).toBe(1);
  });

  test('published to some stations: they get it with their overrides, the others stay on their version; undone on one station', async () => {
    const source = await dashboard('T2-ST1');
    const gauge = gaugeOf(source);
    const before = await versions(STORAGE);
    const third = await dashboard('T2-ST3');
    const published = await ask<{ version: number; stations: { stationSn: string; version: number }[] }>(
      'POST',
      `kanbanTemplate/${String(template.id)}/publish`,
      {
        baseVersion: 1,
        document: renamed(source, gauge.id, '模板的仪表'),
        stations: ['T2-ST1', 'T2-ST3'],
        note: 'Gauge renamed',
      },
    );
    expect(published.status).toBe(200);
    expect(published.body.data.version).toBe(2);
    expect(published.body.data.stations).toEqual([
      { stationSn: 'T2-ST1', version: before[0]! + 1 },
      { stationSn: 'T2-ST3', version: before[2]! + 1 },
    ]);
    expect(gaugeOf(await dashboard('T2-ST1')).config.name).toBe('模板的仪表');
    expect(gaugeOf(await dashboard('T2-ST3')).config.name).toBe('模板的仪表');
    // T2-ST2 was not chosen: its dashboard and the version it follows stay; the new version conflicts with its override.
    expect((await dashboard('T2-ST2')).version).toBe(before[1]);
    expect(gaugeOf(await dashboard('T2-ST2')).config.name).toBe('二号站的仪表');
    expect(await stateOf('T2-ST2')).toMatchObject({ templateVersion: 1, state: 'conflicts', conflicts: 1 });
    expect(await stateOf('T2-ST3')).toMatchObject({ templateVersion: 2, state: 'follows' });

    // Undone on T2-ST3 alone: restoring its version before the roll-out brings its dashboard back.
    const restored = await ask<Dashboard>('POST', `siteKanban/T2-ST3/versions/${before[2]}/restore`, { version: before[2]! + 1 });
    expect(restored.status).toBe(200);
    const { version: _v, updateTime: _t, updatedBy: _b, ...back } = (await dashboard('T2-ST3')) as Dashboard & Row;
    const { version: _v0, updateTime: _t0, updatedBy: _b0, ...was } = third as Dashboard & Row;
    expect(back).toEqual(was);
    expect(gaugeOf(await dashboard('T2-ST1')).config.name).toBe('模板的仪表');
  });

  test('a station detaches and keeps its dashboard as its own; one that follows none cannot', async () => {
    const before = await dashboard('T2-ST2');
    const detached = await ask('POST', 'siteKanban/T2-ST2/detach');
    expect(detached.body.data).toEqual({ stationSn: 'T2-ST2', templateId: template.id, detached: true });
    expect(await dashboard('T2-ST2')).toEqual(before);
    expect(await stateOf('T2-ST2')).toMatchObject({ state: 'detached' });
    const again = await ask('POST', 'siteKanban/T2-ST2/detach');
    expect(again.status).toBe(400);
    expect((await ask('POST', 'siteKanban/T2-PV1/detach')).status).toBe(400);
  });

  test('a new storage station shows the default template at once, with what its devices offer', async () => {
    const station = await createRecord(app, admin, 'station');
    expect(station.stationType).toBe('storage');
    const shown = await dashboard(String(station.sn));
    expect(shown.version).toBe(0);
    expect(shown.widgets.length).toBeGreaterThan(0);
    // It has no devices yet: no variable is bound, none of another station's; each widget that binds
    // variables stands in its place as a placeholder that keeps its roles.
    expect(serials(shown)).toEqual([]);
    expect(roles(shown).length).toBeGreaterThan(0);
    expect(placeholders(shown)).toContain(HOTTEST);
    for (const widget of shown.widgets) if (roles({ widgets: [widget] }).length) expect(widget.unbound).toBeDefined();
    expect(hottestOf(shown).unbound).toEqual([
      expect.objectContaining({ reason: 'noDevice', model: 'BMS-M1', variable: '最高单体温度' }),
    ]);
  });

  test("another tenant's templates and stations are never reachable", async () => {
    const id = String(template.id);
    expect((await ask('GET', `kanbanTemplate/${id}`, undefined, auditor)).status).toBe(404);
    expect((await ask<Row[]>('GET', 'kanbanTemplate/list', undefined, auditor)).body.data).toEqual([]);
    expect((await ask('GET', `kanbanTemplate/${id}/stations`, undefined, auditor)).status).toBe(404);
    // The admin's own template cannot take another tenant's station.
    const foreign = await ask('POST', `kanbanTemplate/${id}/attach`, { stations: [{ stationSn: 'T10-ST1', version: 0 }] });
    expect(foreign.status).toBe(404);
  });
});
