import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrated } from '../../pages/dashboard/useDashboardDocument';
import { DASHBOARD_SCHEMA_VERSION, type DashboardDocument } from '../../runtime/dashboard';
import { deriveLayout } from '../../runtime/dashboard/document';
import { demoStations } from '../../server/demo/stations';
import { widgetRegistry } from '../../widgets';
import { call, databases, signIn } from '../support/api';
import type { TestServer } from '../support/server';

/** The first demo station of each kind of the admin's tenant. */
const STATIONS = demoStations(2)
  .filter((station, index, all) => all.findIndex((other) => other.type === station.type) === index)
  .map((station) => station.sn);

/**
 * The demo's stored dashboards in the model of one arrangement (`oneArrangement`): as the demo
 * stores them they are current; stored in the model before it, with a tablet layout a laptop
 * arranged by the way, or arranged on the tablet only, they read back as one arrangement.
 */
describe.each(databases())('stored dashboards and the one arrangement on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(() => server.stop());

  const stored = async (sn: string) =>
    (await call<DashboardDocument>(app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${sn}` })).body.data;
  const storeAs = async (document: DashboardDocument, layouts: DashboardDocument['layouts']) => {
    const {
      updatedBy: _by,
      updateTime: _at,
      ...content
    } = document as DashboardDocument & { updatedBy?: string; updateTime?: string };
    const answer = await call(app, admin, {
      method: 'POST',
      url: '/ems/api/main/siteKanban/saveOrUpdate',
      payload: { ...content, schemaVersion: 2, layouts },
    });
    expect(answer.body.code).toBe(0);
    return stored(document.stationSn);
  };

  test.each(STATIONS)('%s: as the demo stores it, current, its layouts kept', async (sn) => {
    const document = await stored(sn);
    expect(document.schemaVersion).toBe(DASHBOARD_SCHEMA_VERSION);
    expect(document.layouts.desktop?.length).toBe(document.widgets.length);
    expect((await migrated(document, widgetRegistry)).layouts).toEqual(document.layouts);
  });

  test.each(STATIONS)(
    '%s: stored before, with a tablet layout beside the desktop one, reads back as the desktop arrangement',
    async (sn) => {
      const document = await stored(sn);
      const desktop = document.layouts.desktop ?? [];
      // A laptop's move: the first widget one column to the right on the tablet's 12 columns.
      const tablet = deriveLayout(desktop, 'desktop', 'tablet').map((item, index) =>
        index === 0 ? { ...item, x: item.x + 1 } : item,
      );
      const old = await storeAs(document, { desktop, tablet, phone: [] });
      expect(old.schemaVersion).toBe(2);
      const now = await migrated(old, widgetRegistry);
      expect(now.schemaVersion).toBe(DASHBOARD_SCHEMA_VERSION);
      expect(now.layouts).toEqual({ desktop, tablet: [], phone: [] });
      expect(now.widgets.map((widget) => widget.id)).toEqual(document.widgets.map((widget) => widget.id));
    },
  );

  test.each(STATIONS)(
    '%s: stored before, arranged on the tablet only, reads back on 24 columns, each place and width doubled',
    async (sn) => {
      const document = await stored(sn);
      const tablet = deriveLayout(document.layouts.desktop ?? [], 'desktop', 'tablet');
      const now = await migrated(await storeAs(document, { desktop: [], tablet, phone: [] }), widgetRegistry);
      expect(now.layouts.desktop).toEqual(tablet.map((item) => ({ ...item, x: item.x * 2, w: item.w * 2 })));
      expect(now.layouts.tablet).toEqual([]);
    },
  );
});
