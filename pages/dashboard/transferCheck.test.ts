import { describe, expect, test } from 'vitest';
import { i18nFor } from '../../runtime/i18n/i18n';
import { widgetRegistry } from '../../widgets';
import type { DashboardFile } from './transfer';
import { MAX_FILE_BYTES } from './transfer';
import { readDashboardFile, type Translate } from './transferCheck';

const translate =
  (language: 'en' | 'zh'): Translate =>
  (key, values) =>
    String(i18nFor(language).t(key, values ?? {}));

/** A file of format 3 as an export writes it: a gauge and the station's communication. */
function file(): DashboardFile {
  return {
    schemaVersion: 3,
    layouts: {
      desktop: [
        { id: 'g', x: 0, y: 0, w: 6, h: 10 },
        { id: 'c', x: 6, y: 0, w: 4, h: 4 },
      ],
      tablet: [],
      phone: [],
    },
    widgets: [
      {
        id: 'g',
        type: 'gauge',
        config: {
          name: 'SOC',
          monitorVars: [{ deviceVar: { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' }, showName: 'SOC' }],
        },
      },
      { id: 'c', type: 'stationCommunication', config: {} },
    ],
  };
}

const read = (text: string, language: 'en' | 'zh' = 'en') =>
  readDashboardFile(new Blob([text], { type: 'application/json' }), widgetRegistry, translate(language));
/** The file of `file()` as changed by `change`, as JSON text. */
const changed = (change: (value: Record<string, unknown> & DashboardFile) => void) => {
  const value = file() as Record<string, unknown> & DashboardFile;
  change(value);
  return JSON.stringify(value);
};

describe('an imported dashboard file', () => {
  test('of the current format is taken as it is', async () => {
    expect(await read(JSON.stringify(file(), null, 2))).toEqual({ file: file() });
  });

  test('naming the station it was exported from keeps that source, from whose devices an import rebinds', async () => {
    const source = { stationSn: 'T2-PV1', stationName: '苏州工业园屋顶光伏' };
    expect(await read(JSON.stringify({ source, ...file() }))).toEqual({ file: { source, ...file() } });
  });

  test.each([
    ['a malformed serial number', { stationSn: 'T2 PV1' }],
    ['no serial number', { stationName: 'PV1' }],
    ['a field of its own', { stationSn: 'T2-PV1', tenantId: 2 }],
  ])('whose source has %s is refused at source', async (_, source) => {
    expect(await read(JSON.stringify({ source, ...file() }))).toEqual({
      problems: [{ path: 'source', message: 'The station the file names as its source is not a station serial number' }],
    });
  });

  test('with a byte order mark before it (as some editors save) is read', async () => {
    expect(await read(`\uFEFF${JSON.stringify(file())}`)).toEqual({ file: file() });
  });

  test('with the station-bound fields of an API answer has them dropped: the station imported onto keeps its own', async () => {
    const answer = { ...file(), stationSn: 'T2-ST1', version: 12, updatedBy: 'admin', updateTime: '2026-11-25T08:00:00Z' };
    expect(await read(JSON.stringify(answer))).toEqual({ file: file() });
  });

  test('of format 1 is migrated as a stored document of format 1 is: variables as objects, defaults filled in', async () => {
    const old = {
      schemaVersion: 1,
      layouts: { desktop: [{ id: 'g', x: 0, y: 0, w: 6, h: 10 }] },
      widgets: [
        { id: 'g', type: 'gauge', config: { monitorVars: [{ deviceVar: ['T2-ST1-BMS', 'T2-ST1-BMS.soc'], showName: 'SOC' }] } },
      ],
    };
    const { file: migrated, problems } = await read(JSON.stringify(old));
    expect(problems).toBeUndefined();
    expect(migrated?.schemaVersion).toBe(3);
    expect(migrated?.widgets[0]?.config).toMatchObject({
      name: '仪表盘',
      defaultMaxScale: 100,
      monitorVars: [{ deviceVar: { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' }, showName: 'SOC' }],
    });
  });

  const oversized = JSON.stringify({ ...file(), padding: 'x'.repeat(MAX_FILE_BYTES) });
  test.each([
    ['larger than 1 MB', oversized, [['', 'The file is 1.1 MB; a dashboard file can be at most 1 MB']]],
    [
      'not JSON',
      '{"schemaVersion": 2,\n  "layouts": {}, widgets: []}',
      [['line 2, column 18', 'The file is not JSON text, as an export writes it']],
    ],
    ['cut short', '{"schemaVersion": 2,', [['line 1, column 21', 'The file is not JSON text, as an export writes it']]],
    ['a list', '[1, 2]', [['', 'The file does not hold a dashboard (an object with schemaVersion, layouts and widgets)']]],
    [
      'of a newer format',
      changed((value) => (value.schemaVersion = 4)),
      [['schemaVersion', 'The file is of format 4, newer than this platform reads (formats 1 to 3)']],
    ],
    ['of format 0', changed((value) => (value.schemaVersion = 0)), [['schemaVersion', 'Format version must be at least 1']]],
    [
      'of a format given as text',
      changed((value) => ((value as Record<string, unknown>).schemaVersion = '2')),
      [['schemaVersion', 'Format version must be a whole number']],
    ],
    [
      'without widgets, and with a field a dashboard has not',
      changed((value) => {
        delete (value as Partial<DashboardFile>).widgets;
        value.owner = 'me';
      }),
      [
        ['widgets', 'Widgets is required'],
        ['owner', 'owner is not a field of this form'],
      ],
    ],
    [
      'with a widget of an unknown type',
      changed((value) => ((value.widgets[1] as { type: string }).type = 'clock')),
      [['widgets.1.type', 'There is no widget type clock']],
    ],
    [
      'with a widget id used twice',
      changed((value) => ((value.widgets[1] as { id: string }).id = 'g')),
      [
        ['widgets.1.id', 'The widget id g is used twice'],
        ['layouts.desktop.1.id', 'No widget of the file has the id c'],
      ],
    ],
    [
      'with a widget placed twice in a layout',
      changed((value) => value.layouts.desktop?.splice(1, 1, { id: 'g', x: 6, y: 0, w: 6, h: 10 })),
      [['layouts.desktop.1.id', 'The widget g is placed twice in this layout']],
    ],
    [
      'with a layout placing a widget the file does not have',
      changed((value) => value.layouts.phone?.push({ id: 'x', x: 0, y: 0, w: 1, h: 4 })),
      [['layouts.phone.0.id', 'No widget of the file has the id x']],
    ],
    [
      'with a widget wider than its layout',
      changed((value) => value.layouts.desktop?.splice(1, 1, { id: 'c', x: 20, y: 0, w: 6, h: 4 })),
      [['layouts.desktop.1', 'The widget c reaches column 26, but the desktop layout has 24 columns']],
    ],
    [
      'with a widget of no width, at a row above the first',
      changed((value) => value.layouts.desktop?.splice(1, 1, { id: 'c', x: 6, y: -1, w: 0, h: 4 })),
      [
        ['layouts.desktop.1.y', 'Row must be at least 0'],
        ['layouts.desktop.1.w', 'Width must be at least 1'],
      ],
    ],
    [
      'with a widget configured against its schema (the checks of the server)',
      changed((value) => {
        const gauge = value.widgets[0] as { config: Record<string, unknown> };
        gauge.config.defaultMinScale = 'low';
        gauge.config.colour = 'red';
      }),
      [
        ['widgets.0.config.colour', 'colour is not a field of this form'],
        ['widgets.0.config.defaultMinScale', 'Default minimum scale must be a number'],
      ],
    ],
  ])('%s is refused, each problem named with its path', async (_case, text, expected) => {
    const { file: taken, problems } = await read(text);
    expect(taken).toBeUndefined();
    expect(problems?.map(({ path, message }) => [path, message])).toEqual(expected);
  });

  test('is refused in the language of the screen', async () => {
    const { problems } = await read(
      changed((value) => (value.schemaVersion = 4)),
      'zh',
    );
    expect(problems).toEqual([{ path: 'schemaVersion', message: '文件的格式版本为 4，比本平台能读取的更新（格式 1 至 3）' }]);
    const { problems: layout } = await read(
      changed((value) => value.layouts.desktop?.splice(1, 1, { id: 'c', x: 6, y: 0, w: 0, h: 4 })),
      'zh',
    );
    expect(layout).toEqual([{ path: 'layouts.desktop.1.w', message: '宽度不能小于 1' }]);
  });

  test('with wrong content and a wrong configuration lists them together', async () => {
    const text = changed((value) => {
      (value.widgets[1] as { type: string }).type = 'clock';
      (value.widgets[0] as { config: Record<string, unknown> }).config.defaultMaxScale = 'high';
    });
    expect((await read(text)).problems?.map(({ path }) => path)).toEqual(['widgets.1.type', 'widgets.0.config.defaultMaxScale']);
  });

  test('of format 1 that a migration cannot read is refused with a message', async () => {
    const old = { schemaVersion: 1, layouts: {}, widgets: [{ id: 'g', type: 'gauge', config: { monitorVars: [null] } }] };
    expect((await read(JSON.stringify(old))).problems).toEqual([
      {
        path: 'widgets',
        message:
          'The file is of format 1, but its widgets are not configured as format 1 writes them, so it cannot be brought to format 3',
      },
    ]);
  });

  test('of format 1 whose configuration is wrong once migrated is refused', async () => {
    const old = {
      schemaVersion: 1,
      layouts: {},
      widgets: [{ id: 'g', type: 'gauge', config: { monitorVars: 'SOC' } }],
    };
    const { problems } = await read(JSON.stringify(old));
    expect(problems?.map(({ path }) => path)).toEqual(['widgets.0.config.monitorVars']);
  });
});
