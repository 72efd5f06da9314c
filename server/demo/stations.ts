import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';
import { DEVICES, VARIABLES, type StationType } from '../simulator/topology';
import { DEMO_SETTLEMENT_PRICE, DEMO_TARIFF } from '../telemetry/tariff';

/** A demo station: where it is and how big. */
export interface DemoStation {
  sn: string;
  name: string;
  type: StationType;
  address: string;
  latitude: number;
  longitude: number;
  capacity: number;
  initialTime: string;
  /** Variables (`{device key}.{code}`) the station's devices do not report, as an older firmware would not. */
  lacks?: string[];
  /** Put before its devices' names, where the tenant has more than one station of its kind (临港 1# PCS). */
  deviceNamePrefix?: string;
}

/**
 * Three stations per demo tenant: storage, photovoltaic, and a site run by an EMS; tenant 2 runs two
 * more storage stations of the same device models, one of them without its BMS's highest cell
 * temperature, so a dashboard has stations of its kind to be copied to.
 */
export const DEMO_STATIONS: Record<number, Omit<DemoStation, 'sn'>[]> = {
  2: [
    {
      name: '张江储能电站',
      type: 'storage',
      address: '上海市浦东新区张江路 88 号',
      latitude: 31.2,
      longitude: 121.59,
      capacity: 2000,
      initialTime: '2024-06-01',
    },
    {
      name: '苏州工业园屋顶光伏',
      type: 'photovoltaic',
      address: '苏州市工业园区星湖街 328 号',
      latitude: 31.3,
      longitude: 120.72,
      capacity: 1500,
      initialTime: '2023-09-15',
    },
    {
      name: '杭州综合能源站',
      type: 'ems',
      address: '杭州市余杭区文一西路 1818 号',
      latitude: 30.28,
      longitude: 120.02,
      capacity: 600,
      initialTime: '2024-11-20',
    },
    {
      name: '临港储能电站',
      type: 'storage',
      address: '上海市浦东新区临港新城环湖西二路 888 号',
      latitude: 30.9,
      longitude: 121.93,
      capacity: 2000,
      initialTime: '2025-04-18',
      deviceNamePrefix: '临港 ',
    },
    {
      name: '嘉定储能电站',
      type: 'storage',
      address: '上海市嘉定区安亭镇墨玉南路 1018 号',
      latitude: 31.29,
      longitude: 121.16,
      capacity: 2000,
      initialTime: '2025-06-30',
      lacks: ['BMS.maxCellTemp'],
      deviceNamePrefix: '嘉定 ',
    },
  ],
  10: [
    {
      name: '深圳前海储能电站',
      type: 'storage',
      address: '深圳市南山区前海大道 1 号',
      latitude: 22.53,
      longitude: 113.9,
      capacity: 2000,
      initialTime: '2024-03-10',
    },
    {
      name: '东莞松山湖光伏电站',
      type: 'photovoltaic',
      address: '东莞市松山湖大道 6 号',
      latitude: 22.9,
      longitude: 113.88,
      capacity: 1500,
      initialTime: '2023-05-01',
    },
    {
      name: '广州南沙综合能源站',
      type: 'ems',
      address: '广州市南沙区港前大道 2 号',
      latitude: 22.8,
      longitude: 113.55,
      capacity: 600,
      initialTime: '2025-01-08',
    },
  ],
  7: [
    {
      name: '成都天府储能电站',
      type: 'storage',
      address: '成都市天府新区天府大道 1888 号',
      latitude: 30.42,
      longitude: 104.07,
      capacity: 2000,
      initialTime: '2024-08-18',
    },
    {
      name: '昆明呈贡光伏电站',
      type: 'photovoltaic',
      address: '昆明市呈贡区春融街 9 号',
      latitude: 24.88,
      longitude: 102.83,
      capacity: 1500,
      initialTime: '2023-12-01',
    },
    {
      name: '西安高新综合能源站',
      type: 'ems',
      address: '西安市高新区锦业路 69 号',
      latitude: 34.19,
      longitude: 108.88,
      capacity: 600,
      initialTime: '2025-03-03',
    },
  ],
  44: [
    {
      name: '北京亦庄储能电站',
      type: 'storage',
      address: '北京市大兴区荣华南路 10 号',
      latitude: 39.8,
      longitude: 116.5,
      capacity: 2000,
      initialTime: '2024-04-22',
    },
    {
      name: '天津滨海光伏电站',
      type: 'photovoltaic',
      address: '天津市滨海新区黄海路 276 号',
      latitude: 39.03,
      longitude: 117.7,
      capacity: 1500,
      initialTime: '2023-07-07',
    },
    {
      name: '济南章丘综合能源站',
      type: 'ems',
      address: '济南市章丘区世纪大道 1 号',
      latitude: 36.7,
      longitude: 117.53,
      capacity: 600,
      initialTime: '2025-02-14',
    },
  ],
};

const SN_PREFIX: Record<StationType, string> = { storage: 'ST', photovoltaic: 'PV', ems: 'EMS' };

/** The demo stations of a tenant with their serial numbers (`T{tenant}-ST1`, `-PV1`, `-EMS1`; `-ST2` for a second storage station). */
export function demoStations(tenantId: number): DemoStation[] {
  const counted = new Map<StationType, number>();
  return (DEMO_STATIONS[tenantId] ?? []).map((station) => {
    const count = (counted.get(station.type) ?? 0) + 1;
    counted.set(station.type, count);
    return { ...station, sn: `T${tenantId}-${SN_PREFIX[station.type]}${count}` };
  });
}

/** A label of the demo: its name and kind, and the counters (`{device key}.{code}`, `-` to subtract) it adds up. */
interface LabelSpec {
  name: string;
  labelType: 'flow' | 'area' | 'line' | 'equipment';
  counters: string[];
  children?: LabelSpec[];
}

const perDevice = (keys: string[], code: string, name: (key: string) => string): LabelSpec[] =>
  keys.map((key) => ({ name: name(key), labelType: 'equipment', counters: [`${key}.${code}`] }));

/** The energy labels of each kind of station: its flows, with the equipment behind them. */
const LABELS: Record<StationType, LabelSpec[]> = {
  storage: [
    { name: '关口购电', labelType: 'flow', counters: ['MTR.importEnergy'] },
    { name: '关口上网', labelType: 'flow', counters: ['MTR.exportEnergy'] },
    { name: '负荷用电', labelType: 'area', counters: ['LOAD.loadEnergy'] },
    {
      name: '储能净放电',
      labelType: 'flow',
      counters: ['PCS1.dischargeEnergy', 'PCS2.dischargeEnergy', '-PCS1.chargeEnergy', '-PCS2.chargeEnergy'],
      children: [
        { name: '储能充电', labelType: 'equipment', counters: ['PCS1.chargeEnergy', 'PCS2.chargeEnergy'] },
        { name: '储能放电', labelType: 'equipment', counters: ['PCS1.dischargeEnergy', 'PCS2.dischargeEnergy'] },
      ],
    },
  ],
  photovoltaic: [
    {
      name: '光伏发电',
      labelType: 'flow',
      counters: ['INV1.totalYield', 'INV2.totalYield', 'INV3.totalYield'],
      children: perDevice(['INV1', 'INV2', 'INV3'], 'totalYield', (key) => `${key.slice(3)}# 逆变器发电`),
    },
    { name: '关口上网', labelType: 'flow', counters: ['MTR.exportEnergy'] },
    { name: '关口购电', labelType: 'flow', counters: ['MTR.importEnergy'] },
    { name: '负荷用电', labelType: 'area', counters: ['LOAD.loadEnergy'] },
  ],
  ems: [
    {
      name: '光伏发电',
      labelType: 'flow',
      counters: ['INV1.totalYield', 'INV2.totalYield'],
      children: perDevice(['INV1', 'INV2'], 'totalYield', (key) => `${key.slice(3)}# 逆变器发电`),
    },
    { name: '储能充电', labelType: 'equipment', counters: ['PCS1.chargeEnergy'] },
    { name: '储能放电', labelType: 'equipment', counters: ['PCS1.dischargeEnergy'] },
    { name: '关口购电', labelType: 'flow', counters: ['MTR.importEnergy'] },
    { name: '负荷用电', labelType: 'area', counters: ['LOAD.loadEnergy'] },
  ],
};

/**
 * Creates a tenant's demo stations with their devices (`{station}-{key}`), variables
 * (`{device}.{code}`), electricity prices and energy labels, and hands them to the simulator.
 */
export async function seedStations(services: Services, scope: TenantScope): Promise<DemoStation[]> {
  const stations = demoStations(scope.tenantId);
  for (const [index, station] of stations.entries()) await createStation(services, scope, station, index);
  return stations;
}

/** Creates one station as the demo's are made (the `index`-th of its tenant). */
export async function createStation(services: Services, scope: TenantScope, station: DemoStation, index: number): Promise<void> {
  const { repository } = services;
  const created = await repository.create(scope, 'station', {
    sn: station.sn,
    name: station.name,
    stationType: station.type,
    address: station.address,
    fixLineTelephone: `0${scope.tenantId}-8888${String(index + 1).padStart(4, '0')}`,
    capacity: station.capacity,
    powerSupplyType: station.type === 'storage' ? 'dual' : 'single',
    voltageClass: station.type === 'ems' ? '0.4kV' : '10kV',
    initialTime: station.initialTime,
    timeZone: 'Asia/Shanghai',
    longitude: station.longitude,
    latitude: station.latitude,
  });
  const variables = new Map<string, number>();
  for (const spec of DEVICES[station.type]) {
    const device = await repository.create(scope, 'device', {
      sn: `${station.sn}-${spec.key}`,
      name: `${station.deviceNamePrefix ?? ''}${spec.name}`,
      kind: spec.kind,
      model: spec.model,
      ...(spec.ratedPower ? { ratedPower: spec.ratedPower } : {}),
      stationId: created.id,
    });
    for (const variable of VARIABLES[spec.variables]) {
      if (station.lacks?.includes(`${spec.key}.${variable.code}`)) continue;
      const made = await repository.create(scope, 'deviceVariable', {
        sn: `${String(device.sn)}.${variable.code}`,
        name: variable.name,
        code: variable.code,
        unit: variable.unit,
        kind: variable.kind,
        controllable: variable.controllable ?? false,
        deviceId: device.id,
      });
      variables.set(`${spec.key}.${variable.code}`, Number(made.id));
    }
  }
  await repository.create(scope, 'stationCharge', { stationId: created.id, chargeType: 'purchase', periods: DEMO_TARIFF });
  await repository.create(scope, 'stationCharge', {
    stationId: created.id,
    chargeType: 'settlement',
    periods: [{ startTime: '00:00', endTime: '24:00', period: 'flat', price: DEMO_SETTLEMENT_PRICE }],
  });
  const addLabels = async (labels: LabelSpec[], parentId?: unknown) => {
    for (const [index, label] of labels.entries()) {
      const made = await repository.create(scope, 'energyLabel', {
        name: label.name,
        stationId: created.id,
        ...(parentId !== undefined ? { parentId } : {}),
        energyType: 'electricity',
        labelType: label.labelType,
        variables: label.counters.map((counter) => ({
          variableId: variables.get(counter.replace(/^-/, '')),
          sign: counter.startsWith('-') ? -1 : 1,
        })),
        sorting: index + 1,
      });
      await addLabels(label.children ?? [], made.id);
    }
  };
  await addLabels(LABELS[station.type]);
  await services.database.db
    .insertInto('simulatorStation')
    .values({ tenantId: scope.tenantId, stationId: Number(created.id), state: null, ts: null })
    .execute();
}
