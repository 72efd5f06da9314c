import { describe, expect, test } from 'vitest';
import { canUndo, createEditorStore, type DashboardDocument } from '../../runtime/dashboard';
import { dashboardFile, exportedFile, replaceContent, type DashboardFile } from './transfer';

/** The stored dashboard of a station: one widget. */
const STORED: DashboardDocument = {
  stationSn: 'T2-ST1',
  version: 7,
  schemaVersion: 2,
  layouts: { desktop: [{ id: 'a', x: 0, y: 0, w: 6, h: 4 }], tablet: [], phone: [] },
  widgets: [{ id: 'a', type: 'stationCommunication', config: { name: 'Link' } }],
  updatedBy: 'admin',
  updateTime: '2026-11-20T08:00:00.000Z',
};

describe('a dashboard exported', () => {
  test('is named after its station and the day: dashboard-<station sn>-<YYYY-MM-DD>.json', () => {
    expect(exportedFile(STORED, new Date(2026, 10, 25, 23, 59)).name).toBe('dashboard-T2-ST1-2026-11-25.json');
  });

  test('holds the document with its format version, without what belongs to its station (version, who saved it when)', () => {
    const written = JSON.parse(exportedFile(STORED).text) as unknown;
    expect(written).toEqual({
      source: { stationSn: 'T2-ST1' },
      schemaVersion: 2,
      layouts: STORED.layouts,
      widgets: STORED.widgets,
    });
    expect(written).toEqual({ source: { stationSn: 'T2-ST1' }, ...dashboardFile(STORED) });
  });

  test('names the station it was exported from, so that an import elsewhere rebinds from its devices', () => {
    const written = JSON.parse(exportedFile(STORED, new Date(), '张江储能电站').text) as { source: unknown };
    expect(written.source).toEqual({ stationSn: 'T2-ST1', stationName: '张江储能电站' });
  });
});

describe('a dashboard file put in place of the one edited', () => {
  const FILE: DashboardFile = {
    schemaVersion: 2,
    layouts: { desktop: [{ id: 'b', x: 6, y: 0, w: 12, h: 10 }] },
    widgets: [{ id: 'b', type: 'weather', config: {} }],
  };

  test('replaces its layouts and widgets and keeps its station and the version a save is made from, as one step of undo', () => {
    const store = createEditorStore(STORED);
    store.getState().edit((draft) => replaceContent(draft, FILE));
    const { document, past } = store.getState();
    expect(document).toEqual({ ...STORED, ...FILE });
    expect(past).toHaveLength(1);

    store.getState().undo();
    expect(store.getState().document).toEqual(STORED);
    expect(canUndo(store.getState())).toBe(false);
  });
});
