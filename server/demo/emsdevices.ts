import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { allRecords } from '../emsdevices/records';
import { registerLayout } from '../simulator/registerLayout';
import { DEVICES, VARIABLES, type DeviceSpec, type StationType } from '../simulator/topology';
import type { DemoStation } from './stations';

const DEVICE_MODELS = [
  { name: 'PCS-500K', kind: 'pcs', manufacturer: '南瑞继保', protocol: 'modbusTcp' },
  { name: 'BMS-M1', kind: 'bms', manufacturer: '宁德时代', protocol: 'modbusTcp' },
  { name: 'SG500', kind: 'pvInverter', manufacturer: '阳光电源', protocol: 'modbusTcp' },
  { name: 'DTSD1352', kind: 'meter', manufacturer: '正泰仪表', protocol: 'dlt645' },
  { name: 'SCB13-1250', kind: 'transformer', manufacturer: '特变电工', protocol: 'modbusRtu' },
  { name: 'AC-12K', kind: 'airConditioner', manufacturer: '英维克', protocol: 'modbusRtu' },
] as const;

/** Names of the EMS device models the demo makes of the simulated devices, by their list of variables. */
const EMS_MODEL_NAMES: Record<DeviceSpec['variables'], string> = {
  emsController: 'EMS 控制器',
  pcs: '储能变流器',
  bms: '电池管理系统',
  batteryCluster: '电池簇',
  pvInverter: '光伏逆变器',
  meter: '三相多功能电表',
  loadMeter: '负荷电表',
  transformer: '变压器温控器',
  airConditioner: '储能空调',
  camera: '网络摄像机',
};

/**
 * The EMS device model of a simulated device: its variables with the register map the simulated
 * device serves (`registerLayout`), but for those its station's firmware does not report (which
 * keep their registers unread, the others in their places).
 */
function emsModelOf(spec: DeviceSpec, lacks: readonly string[]): EntityRecord {
  const variables = new Map(VARIABLES[spec.variables].map((variable) => [variable.code, variable]));
  const missing = [...variables.values()].filter((variable) => lacks.includes(`${spec.key}.${variable.code}`));
  const manufacturer = DEVICE_MODELS.find((model) => model.kind === spec.kind)?.manufacturer;
  return {
    name: `${EMS_MODEL_NAMES[spec.variables]}${missing.length ? `（无${missing.map((v) => v.name).join('、')}）` : ''}`,
    kind: spec.kind,
    ...(manufacturer ? { manufacturer } : {}),
    variables: registerLayout(spec.kind, [...variables.values()]).flatMap(({ code, ...map }) => {
      const variable = variables.get(code);
      if (!variable || missing.includes(variable)) return [];
      const { name, unit, kind, controllable = false } = variable;
      return [{ code, name, unit, kind, controllable, ...map }];
    }),
  };
}

/** Rated capacity (kVA) of a demo station's transformer, from its model name. */
const CAPACITY: Record<string, number> = { 'SCB13-1250': 1250, 'S13-1600': 1600 };

/** The demo station whose devices publish over MQTT (the simulator plays its gateway) rather than answer Modbus polls. */
export const MQTT_STATION = 'T7-EMS1';

/**
 * A tenant's collector servers, device models, one channel per station with its devices on it,
 * each device given the EMS model of what it is (its register maps come from the model, as an
 * installer's would), the stations' departments, transformers with their meters, power-quality
 * limits of the first station and two years of electricity price lists (deterministic: the same
 * in every installation).
 */
export async function seedEmsDevices(services: Services, scope: TenantScope, demoStations: DemoStation[]): Promise<void> {
  const { repository } = services;
  const servers: EntityRecord[] = [];
  for (const [index, ip] of ['10.20.1.11', '10.20.1.12'].entries()) {
    servers.push(
      await repository.create(scope, 'monitorServer', {
        name: `${index + 1}号采集服务器`,
        ip,
        port: 502,
        serverType: index === 0 ? 'collector' : 'forwarder',
        enabled: true,
        remark: index === 0 ? '站端数据采集' : '转发至省级平台',
      }),
    );
  }
  for (const model of DEVICE_MODELS) await repository.create(scope, 'deviceModel', { ...model });
  // One model per kind of simulated device, and one more for a station whose firmware lacks a variable.
  const emsModels = new Map<string, unknown>();
  const modelOf = async (spec: DeviceSpec, lacks: readonly string[]) => {
    const model = emsModelOf(spec, lacks);
    const key = String(model.name);
    if (!emsModels.has(key)) emsModels.set(key, (await repository.create(scope, 'emsDeviceModel', model)).id);
    return emsModels.get(key);
  };
  const today = new Date().toISOString().slice(0, 10);
  const departments = (await allRecords(services, scope, 'department', 'id')).filter(
    (d) => !d.endTime || String(d.endTime) >= today,
  );
  const stations = await allRecords(services, scope, 'station', 'id');
  for (const [index, station] of stations.entries()) {
    const department = departments[index % Math.max(1, departments.length)];
    if (department) await repository.patch(scope, 'station', Number(station.id), { deptId: department.id });
    // The simulator serves the station's devices on this loopback address, at the port it finds free;
    // one station's gateway publishes to the platform's MQTT broker instead.
    const mqtt = station.sn === MQTT_STATION;
    const channel = await repository.create(scope, 'monitorChannel', {
      sn: `${String(station.sn)}-CH1`,
      name: `${String(station.name)} ${mqtt ? 'MQTT' : 'Modbus'} 通道`,
      ...(mqtt ? { protocol: 'mqtt' } : { protocol: 'modbusTcp', host: '127.0.0.1' }),
      pollInterval: 5,
      stationId: station.id,
      serverId: servers[0]?.id,
    });
    const devices = (await allRecords(services, scope, 'device', 'id')).filter((d) => d.stationId === station.id);
    const demo = demoStations.find((candidate) => candidate.sn === station.sn);
    const specs = new Map(DEVICES[station.stationType as StationType].map((spec) => [`${String(station.sn)}-${spec.key}`, spec]));
    for (const [address, device] of devices.entries()) {
      const spec = specs.get(String(device.sn));
      await repository.patch(scope, 'device', Number(device.id), {
        channelId: channel.id,
        slaveAddress: address + 1,
        ...(spec ? { modelId: await modelOf(spec, demo?.lacks ?? []) } : {}),
      });
    }
    const transformer = devices.find((d) => d.kind === 'transformer');
    const meter = devices.find((d) => d.kind === 'meter');
    if (transformer) {
      await repository.create(scope, 'transformer', {
        name: String(transformer.name),
        stationId: station.id,
        ratedCapacity: CAPACITY[String(transformer.model)] ?? 1000,
        primaryVoltage: 10,
        secondaryVoltage: 0.4,
        ...(meter ? { meterId: meter.id } : {}),
      });
    }
    for (const [year, factor] of [
      ['2025', 1],
      ['2026', 1.03],
    ] as const) {
      await repository.create(scope, 'electricityPrice', {
        stationId: station.id,
        effectiveMonth: `${year}-01`,
        voltageClass: station.voltageClass ?? '10kV',
        sharpPrice: Math.round(1.35 * factor * 1000) / 1000,
        peakPrice: Math.round(1.12 * factor * 1000) / 1000,
        flatPrice: Math.round(0.68 * factor * 1000) / 1000,
        valleyPrice: Math.round(0.32 * factor * 1000) / 1000,
        capacityCharge: 32,
        remark: `${year} 年工商业分时电价`,
      });
    }
  }
  const first = stations[0];
  if (first) await seedDiagramAndReports(services, scope, first);
  if (first) {
    await repository.create(scope, 'qualityThreshold', {
      stationId: first.id,
      voltageUpper: 7,
      voltageLower: 7,
      frequencyDeviation: 0.2,
      voltageThd: 4,
      voltageUnbalance: 2,
      currentUnbalance: 15,
      flickerPlt: 1,
      powerFactor: 0.9,
    });
  }
}

/** A one-line diagram and two report groups of the first station. */
async function seedDiagramAndReports(services: Services, scope: TenantScope, station: EntityRecord): Promise<void> {
  const { repository } = services;
  const sn = String(station.sn);
  const variables = (await allRecords(services, scope, 'deviceVariable', 'id')).filter((v) => String(v.sn).startsWith(`${sn}-`));
  const bySn = new Map(variables.map((v) => [String(v.sn), v]));
  const has = (key: string) => bySn.has(`${sn}-${key}`);
  const nodes = [
    { id: 'grid', type: 'grid', x: 200, y: 0, label: '10kV 电网' },
    {
      id: 'mtr',
      type: 'meter',
      x: 200,
      y: 100,
      label: '关口电表',
      ...(has('MTR.activePower') ? { variableSn: `${sn}-MTR.activePower` } : {}),
    },
    { id: 'bus', type: 'busbar', x: 200, y: 200, label: '0.4kV 母线' },
    {
      id: 'pcs1',
      type: 'pcs',
      x: 100,
      y: 300,
      label: '1# PCS',
      ...(has('PCS1.activePower') ? { variableSn: `${sn}-PCS1.activePower` } : {}),
    },
    {
      id: 'load',
      type: 'load',
      x: 300,
      y: 300,
      label: '负荷',
      ...(has('LOAD.loadPower') ? { variableSn: `${sn}-LOAD.loadPower` } : {}),
    },
  ];
  await repository.create(scope, 'deviceDiagram', {
    name: '一次系统图',
    stationId: station.id,
    nodes,
    edges: [
      { from: 'grid', to: 'mtr' },
      { from: 'mtr', to: 'bus' },
      { from: 'bus', to: 'pcs1' },
      { from: 'bus', to: 'load' },
    ],
  });
  const groups = [
    { name: '关口与负荷功率', calcMethod: 'AVG', keys: ['MTR.activePower', 'LOAD.loadPower'] },
    { name: '充放电量', calcMethod: 'DIFF', keys: ['PCS1.chargeEnergy', 'PCS1.dischargeEnergy'] },
  ];
  for (const [index, group] of groups.entries()) {
    const ids = group.keys.flatMap((key) => (bySn.get(`${sn}-${key}`) ? [{ variableId: bySn.get(`${sn}-${key}`)?.id }] : []));
    if (ids.length) {
      await repository.create(scope, 'reportGroup', {
        name: group.name,
        stationId: station.id,
        calcMethod: group.calcMethod,
        variables: ids,
        sorting: index + 1,
      });
    }
  }
}
