import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';
import { storeKanban } from '../site/kanbanStore';
import type { DemoStation } from './stations';

type Config = Record<string, unknown>;
interface Entry {
  type: string;
  w: number;
  h: number;
  config: Config;
}
interface Schema {
  properties?: Record<string, { default?: unknown }>;
}

/** The version of the dashboard documents the demo writes (runtime/dashboard/document.ts). */
const SCHEMA_VERSION = 3;
const COLUMNS = 24;

const schemaOf = (type: string): Schema | undefined => {
  const path = fileURLToPath(new URL(`../../generated/widgets/${type}.json`, import.meta.url));
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Schema) : undefined;
};

/** A configuration with the schema's defaults for what the demo does not set. */
function complete(schema: Schema, config: Config): Config {
  const defaults = Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      property.default === undefined ? [] : [[name, structuredClone(property.default)]],
    ),
  );
  return { ...defaults, ...config };
}

/**
 * The widgets of a demo station's dashboard: every widget type, configured with the station's own
 * variables (a photovoltaic station has no battery, so its depth-of-discharge widget asks to be
 * configured and its remote control offers what the station has).
 */
function entries(station: DemoStation, created: number, labelIds: number[]): Entry[] {
  const sn = station.sn;
  const pv = station.type === 'photovoltaic';
  const v = (device: string, code: string) => ({ deviceSn: `${sn}-${device}`, varSn: `${sn}-${device}.${code}` });
  const power = pv ? v('INV1', 'activePower') : v('PCS1', 'activePower');
  const energy = pv ? v('INV1', 'totalYield') : v('PCS1', 'dischargeEnergy');
  const charge = pv ? v('MTR', 'exportEnergy') : v('PCS1', 'chargeEnergy');
  const soc = pv ? undefined : v('BMS', 'soc');
  const temperature = pv ? v('INV1', 'temperature') : v('BMS', 'maxCellTemp');
  const signal = pv ? v('INV1', 'runState') : v('PCS1', 'runState');
  const node = (deviceVar: { deviceSn: string; varSn: string }, name: string, color: string) => ({
    deviceVar,
    name,
    color,
    timestamp: created,
  });
  return [
    { type: 'stationCommunication', w: 4, h: 4, config: {} },
    { type: 'stationAlarmStatus', w: 4, h: 4, config: {} },
    { type: 'stationFaultStatus', w: 4, h: 4, config: {} },
    {
      type: 'keyData',
      w: 6,
      h: 4,
      config: soc
        ? { titleName: '实时SOC', name: 'SOC', dataType: 'device_data', deviceValue: soc, calcInterval: 'real_time' }
        : { titleName: '实时功率', name: '交流功率', dataType: 'device_data', deviceValue: power, calcInterval: 'real_time' },
    },
    {
      type: 'keyData',
      w: 6,
      h: 4,
      config: { titleName: '装机容量', dataType: 'station_info', stationValue: 'capacity', icon: 'HomeOutlined' },
    },
    { type: 'trend', w: 12, h: 10, config: { name: '功率趋势', nodeInfo: [node(power, '有功功率', '#409EFF')] } },
    {
      type: 'gauge',
      w: 6,
      h: 10,
      config: {
        name: soc ? 'SOC与温度' : '温度',
        monitorVars: [
          ...(soc ? [{ deviceVar: soc, showName: 'SOC', minScale: 0, maxScale: 100, timeStamp: created }] : []),
          { deviceVar: temperature, showName: '温度', minScale: 0, maxScale: 80, timeStamp: created },
        ],
      },
    },
    {
      type: 'proportion',
      w: 6,
      h: 10,
      config: {
        queryInterval: 'current_month',
        calcMethod: 'diff',
        nodeInfo: [node(charge, pv ? '上网电量' : '充电量', '#409EFF'), node(energy, pv ? '发电量' : '放电量', '#29BB9A')],
        queryDeviceVars: [charge, energy],
      },
    },
    { type: 'singleData', w: 6, h: 6, config: { deviceVar: energy, chainType: 'MONTH' } },
    { type: 'todayEnergy', w: 6, h: 6, config: { energyKind: pv ? 'photovoltaic' : station.type === 'ems' ? 'all' : 'storage' } },
    {
      type: 'multiKeyData',
      w: 12,
      h: 6,
      config: {
        multiKeyData: [
          {
            name: '站点名称',
            dataType: 'station_info',
            textValue: '',
            stationValue: 'name',
            calcMethod: 'diff',
            calcInterval: 'real_time',
            timestamp: created,
          },
          {
            name: '运行天数',
            dataType: 'station_info',
            textValue: '',
            stationValue: 'operatingDays',
            calcMethod: 'diff',
            calcInterval: 'real_time',
            timestamp: created,
          },
          {
            name: '实时功率',
            dataType: 'device_data',
            textValue: '',
            stationValue: '',
            deviceValue: power,
            calcMethod: 'diff',
            calcInterval: 'real_time',
            timestamp: created,
          },
          {
            name: '本月电量',
            dataType: 'device_data',
            textValue: '',
            stationValue: '',
            deviceValue: energy,
            calcMethod: 'diff',
            calcInterval: 'current_month',
            timestamp: created,
          },
        ],
      },
    },
    { type: 'alarmList', w: 12, h: 10, config: { title: '最新告警' } },
    { type: 'stationDetailedCommunication', w: 6, h: 10, config: {} },
    { type: 'weather', w: 6, h: 10, config: {} },
    { type: 'dodAnalysis', w: 8, h: 10, config: soc ? { socVar: soc } : {} },
    { type: 'peakValleyProportion', w: 8, h: 10, config: { flow: pv ? 'discharge' : 'charge', period: 'month' } },
    { type: 'peakValleyTrend', w: 8, h: 10, config: { flow: 'discharge' } },
    {
      type: 'histogram',
      w: 12,
      h: 10,
      config: {
        period: 'day',
        calcMethod: 'DIFF',
        nodeInfo: [{ deviceVar: energy, name: pv ? '发电量' : '放电量', color: '#409EFF' }],
      },
    },
    { type: 'stationMap', w: 12, h: 10, config: {} },
    { type: 'multiEnergyConsumption', w: 8, h: 10, config: {} },
    { type: 'multiEnergyProportion', w: 8, h: 10, config: { labelIds } },
    { type: 'multiEnergyTrend', w: 8, h: 10, config: { labelIds } },
    { type: 'socialContribution', w: 8, h: 8, config: { energyVars: [energy] } },
    {
      type: 'ledgerEarnings',
      w: 12,
      h: 7,
      // A PV station has no battery: no spread, no cycles.
      config: pv ? { figures: ['earnedToday', 'earnedMonth', 'savingsMonth'] } : {},
    },
    {
      type: 'remoteSignalChange',
      w: 8,
      h: 10,
      config: { signals: [{ deviceVar: signal, name: pv ? '逆变器运行状态' : 'PCS运行状态' }] },
    },
    { type: 'remoteControl', w: 8, h: 10, config: {} },
    { type: 'camera', w: 10, h: 12, config: { title: '站区大门监控' } },
    { type: 'workOrderList', w: 12, h: 10, config: { title: '待办工单' } },
    { type: 'workOrderStatistics', w: 12, h: 10, config: { period: 'month' } },
    { type: 'workTypeStatistics', w: 8, h: 10, config: { period: 'year', chart: 'pie' } },
    {
      type: 'customText',
      w: 8,
      h: 8,
      config: {
        name: '站点简介',
        value: `<h3>${station.name}</h3><p>${station.address}</p><p>装机容量 <strong>${station.capacity} kW</strong>，${station.initialTime} 投运。</p>`,
      },
    },
    { type: 'image', w: 6, h: 8, config: { name: '站点照片' } },
  ];
}

/** Lays the widgets out left to right in rows of the desktop's 24 columns. */
function pack(items: { id: string; w: number; h: number }[]) {
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return items.map(({ id, w, h }) => {
    if (x + w > COLUMNS) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const placed = { id, x, y, w, h };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    return placed;
  });
}

/**
 * The dashboard document of a demo station, with the energy labels its label widgets compare (its
 * tablet and phone layouts follow from the desktop's order).
 */
export function demoDashboard(station: DemoStation, labelIds: number[], created = Date.now()) {
  const widgets: { id: string; type: string; config: Config; w: number; h: number }[] = [];
  for (const [index, entry] of entries(station, created, labelIds).entries()) {
    const schema = schemaOf(entry.type);
    if (!schema) throw new Error(`the demo dashboard names widget type ${entry.type}, which has no schema`);
    widgets.push({ id: `demo${index + 1}`, type: entry.type, config: complete(schema, entry.config), w: entry.w, h: entry.h });
  }
  return {
    schemaVersion: SCHEMA_VERSION,
    layouts: { desktop: pack(widgets), tablet: [], phone: [] },
    widgets: widgets.map(({ id, type, config }) => ({ id, type, config })),
  };
}

/** Saves each demo station's dashboard as version 1, the first of its history. */
export async function seedDashboards(services: Services, scope: TenantScope, stations: DemoStation[]): Promise<void> {
  for (const station of stations) {
    const record = await services.repository.findBy(scope, 'station', 'sn', station.sn);
    const labels = await services.repository.list(scope, 'energyLabel', {
      filters: [{ field: 'stationId', op: 'eq', value: record.id }],
      sortField: 'id',
      sortOrder: 'asc',
      current: 1,
      size: 100,
    });
    // The first labels below the top of the tree: parts of one whole, so their shares mean something.
    const labelIds = labels.records
      .filter((label) => label.parentId !== undefined && label.parentId !== null)
      .slice(0, 3)
      .map((label) => Number(label.id));
    await storeKanban(
      services.database.db,
      { tenantId: scope.tenantId, stationId: Number(record.id) },
      { from: 0, content: demoDashboard(station, labelIds), updatedBy: scope.userName, note: null, restoredFrom: null },
    );
  }
}
