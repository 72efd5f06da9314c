import { describe, expect, test } from 'vitest';
import type { CatalogVariable, TenantCatalog } from '../telemetry/catalog';
import { resolveRoles, toRoles, type Places, type RoleContent } from './roles';

/** A variable of a station's device, as the tenant's catalog has it. */
const variable = (stationSn: string, device: string, deviceName: string, model: string, code: string, name: string) =>
  ({
    id: 0,
    tenantId: 2,
    zone: 'Asia/Shanghai',
    kind: 'gauge',
    sn: `${stationSn}-${device}.${code}`,
    name,
    code,
    unit: '',
    controllable: false,
    deviceId: 0,
    deviceSn: `${stationSn}-${device}`,
    deviceName,
    deviceKind: 'bms',
    deviceModel: model,
    stationId: 0,
    stationSn,
  }) satisfies CatalogVariable;

/** Two storage stations: the second's BMS has no hottest-cell temperature, and it has one PCS where the first has two. */
const VARIABLES = [
  variable('A', 'BMS', 'BMS 主控', 'BMS-M1', 'soc', 'SOC'),
  variable('A', 'BMS', 'BMS 主控', 'BMS-M1', 'maxCellTemp', '最高单体温度'),
  variable('A', 'PCS1', '1# PCS', 'PCS-500K', 'activePower', '有功功率'),
  variable('A', 'PCS2', '2# PCS', 'PCS-500K', 'activePower', '有功功率'),
  variable('B', 'BMS', '嘉定 BMS 主控', 'BMS-M1', 'soc', 'SOC'),
  variable('B', 'PCS1', '嘉定 1# PCS', 'PCS-500K', 'activePower', '有功功率'),
];
const catalog: TenantCatalog = {
  byId: new Map(),
  bySn: new Map(VARIABLES.map((entry) => [entry.sn, entry])),
  byStation: new Map(['A', 'B'].map((sn) => [sn, VARIABLES.filter((entry) => entry.stationSn === sn)])),
};

/** What a station offers, as `placesOf` reads it from the catalog. */
function places(sn: string): Places {
  const own = catalog.byStation.get(sn)!;
  const roleOf = (entry: CatalogVariable) => `${entry.deviceModel}#${entry.deviceSn.endsWith('PCS2') ? 1 : 0}`;
  const byRole = new Map<string, Map<string, CatalogVariable>>();
  for (const entry of own) byRole.set(roleOf(entry), (byRole.get(roleOf(entry)) ?? new Map()).set(entry.code, entry));
  return {
    sn,
    roleBySn: new Map(own.map((entry) => [entry.deviceSn, roleOf(entry)])),
    byRole,
    labels: new Map(),
    cameras: [],
    deviceNames: new Map(own.map((entry) => [roleOf(entry), entry.deviceName])),
    variableName: (role, code) =>
      VARIABLES.find((entry) => `${entry.deviceModel}#0` === role.replace(/#\d+$/, '#0') && entry.code === code)?.name,
    kindName: (kind) => kind,
  };
}

const bound = (sn: string) => ({ deviceSn: sn.slice(0, sn.lastIndexOf('.')), varSn: sn });
/** Station A's dashboard: a figure of each BMS variable, a chart of both, and the second PCS's power. */
const DASHBOARD = {
  schemaVersion: 3,
  layouts: { desktop: ['soc', 'hot', 'both', 'pcs2'].map((id, x) => ({ id, x: x * 6, y: 0, w: 6, h: 4 })) },
  widgets: [
    { id: 'soc', type: 'singleData', config: { name: 'SOC', deviceVar: bound('A-BMS.soc') } },
    { id: 'hot', type: 'singleData', config: { name: '最高温度', deviceVar: bound('A-BMS.maxCellTemp') } },
    {
      id: 'both',
      type: 'gauge',
      config: {
        name: 'SOC与温度',
        monitorVars: [
          { deviceVar: bound('A-BMS.soc'), showName: 'SOC', minScale: 0, maxScale: 100 },
          { deviceVar: bound('A-BMS.maxCellTemp'), showName: '温度', minScale: 0, maxScale: 80 },
        ],
      },
    },
    { id: 'pcs2', type: 'singleData', config: { name: '2# PCS', deviceVar: bound('A-PCS2.activePower') } },
  ],
};
const template = (): RoleContent => toRoles(DASHBOARD, catalog, places('A')).content;
const widgetOf = (content: { widgets: unknown[] }, id: string) =>
  (content.widgets as { id: string; config: Record<string, unknown>; unbound?: unknown[] }[]).find((widget) => widget.id === id);

describe('a template as a station that lacks some of its bindings takes it', () => {
  test('what it lacks is named as its people read it: its own device of the role, the variable by its name, the model it has none of', () => {
    const { unbound } = resolveRoles(template(), places('B'), [], { placeholders: true });
    expect(unbound).toEqual([
      expect.objectContaining({ widgetId: 'hot', reason: 'noVariable', device: '嘉定 BMS 主控', variable: '最高单体温度' }),
      expect.objectContaining({ widgetId: 'both', reason: 'noVariable', device: '嘉定 BMS 主控', variable: '最高单体温度' }),
      expect.objectContaining({ widgetId: 'pcs2', reason: 'noDevice', model: 'PCS-500K #2', variable: '有功功率' }),
    ]);
    // Never the device of the station the template was made on, nor the variable's code.
    for (const entry of unbound) {
      expect(entry.device).not.toBe('BMS 主控');
      expect(entry.variable).not.toMatch(/maxCellTemp|activePower/);
    }
  });

  test('a widget that can bind nothing there stays in its place as a placeholder, its roles kept; one that binds some shows those', () => {
    const taken = resolveRoles(template(), places('B'), [], { placeholders: true });
    expect(taken.placeholders).toEqual(['hot', 'pcs2']);
    expect(taken.leftOut).toEqual([]);
    expect(taken.content.layouts).toEqual(DASHBOARD.layouts);
    expect(widgetOf(taken.content, 'hot')).toMatchObject({
      config: { deviceVar: { deviceSn: '@BMS-M1#0', varSn: '@BMS-M1#0.maxCellTemp' } },
      unbound: [expect.objectContaining({ path: 'deviceVar', reason: 'noVariable' })],
    });
    expect(widgetOf(taken.content, 'both')!.unbound).toBeUndefined();
    expect(widgetOf(taken.content, 'both')!.config.monitorVars).toEqual([
      expect.objectContaining({ deviceVar: bound('B-BMS.soc') }),
    ]);
    expect(widgetOf(taken.content, 'soc')).toEqual({
      id: 'soc',
      type: 'singleData',
      config: { name: 'SOC', deviceVar: bound('B-BMS.soc') },
    });
  });

  test('without placeholders (a copy, an import) nothing changes: such a widget is not left out, as it stays valid', () => {
    const taken = resolveRoles(template(), places('B'));
    expect(taken.placeholders).toEqual([]);
    expect(widgetOf(taken.content, 'hot')).toEqual({ id: 'hot', type: 'singleData', config: { name: '最高温度' } });
  });

  test('a placeholder made into a template again keeps its roles, named as before, and not the station’s reasons', () => {
    const taken = resolveRoles(template(), places('B'), [], { placeholders: true }).content;
    const again = toRoles(taken, catalog, places('B'));
    expect(again.unbound).toEqual([]);
    expect(widgetOf(again.content, 'hot')).toEqual({
      id: 'hot',
      type: 'singleData',
      config: { name: '最高温度', deviceVar: { deviceSn: '@BMS-M1#0', varSn: '@BMS-M1#0.maxCellTemp' } },
    });
    expect(again.content.roles.variables['@BMS-M1#0.maxCellTemp']).toBe('BMS 主控 / 最高单体温度');
    // Taken by a station that has it, it is bound there.
    const back = resolveRoles(again.content, places('A'), [], { placeholders: true });
    expect(widgetOf(back.content, 'hot')).toEqual(DASHBOARD.widgets[1]);
  });
});

describe('a dashboard bound to roles at the station it is of', () => {
  test('a variable it cannot take a role of is named by its own name: another station’s, one without a code, none the tenant has', () => {
    const uncoded = { ...variable('A', 'MTR', '关口电表', 'DTSD-1', 'x', '正向有功'), sn: 'A-MTR.1', code: null };
    const withUncoded: TenantCatalog = { ...catalog, bySn: new Map([...catalog.bySn, [uncoded.sn, uncoded]]) };
    const widgets = [
      { id: 'other', type: 'singleData', config: { deviceVar: bound('B-BMS.soc') } },
      { id: 'uncoded', type: 'singleData', config: { deviceVar: bound('A-MTR.1') } },
      { id: 'gone', type: 'singleData', config: { deviceVar: bound('Z-INV.power') } },
    ];
    const { unbound } = toRoles({ schemaVersion: 3, layouts: {}, widgets }, withUncoded, places('A'));
    expect(unbound).toEqual([
      expect.objectContaining({ widgetId: 'other', reason: 'unknown', variable: 'SOC' }),
      expect.objectContaining({ widgetId: 'uncoded', reason: 'noCode', variable: '正向有功' }),
      { widgetId: 'gone', path: 'deviceVar', kind: 'variable', name: 'Z-INV.power', reason: 'notFound' },
    ]);
    // The device of another station is not what people read of it.
    expect(unbound[0]!.variable).not.toContain('嘉定');
  });
});
