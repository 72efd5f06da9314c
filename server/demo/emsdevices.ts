import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { allRecords } from '../emsdevices/records';
import { registerLayout } from '../simulator/registerLayout';
import { DEVICES, VARIABLES, type StationType } from '../simulator/topology';

const DEVICE_MODELS = [
  { name: 'PCS-500K', kind: 'pcs', manufacturer: '南瑞继保', protocol: 'modbusTcp' },
  { name: 'BMS-M1', kind: 'bms', manufacturer: '宁德时代', protocol: 'modbusTcp' },
  { name: 'SG500', kind: 'pvInverter', manufacturer: '阳光电源', protocol: 'modbusTcp' },
  { name: 'DTSD1352', kind: 'meter', manufacturer: '正泰仪表', protocol: 'dlt645' },
  { name: 'SCB13-1250', kind: 'transformer', manufacturer: '特变电工', protocol: 'modbusRtu' },
  { name: 'AC-12K', kind: 'airConditioner', manufacturer: '英维克', protocol: 'modbusRtu' },
] as const;

const EMS_MODELS = [
  {
    name: '储能变流器 500kW',
    kind: 'pcs',
    manufacturer: '南瑞继保',
    ratedPower: 500,
    variables: [
      { code: 'activePower', name: '有功功率', unit: 'kW', kind: 'gauge', register: 100, ratio: 0.1 },
      { code: 'chargeEnergy', name: '累计充电量', unit: 'kWh', kind: 'counter', register: 120, ratio: 1 },
      { code: 'dischargeEnergy', name: '累计放电量', unit: 'kWh', kind: 'counter', register: 122, ratio: 1 },
    ],
  },
  {
    name: '三相多功能电表',
    kind: 'meter',
    manufacturer: '正泰仪表',
    variables: [
      { code: 'activePower', name: '有功功率', unit: 'kW', kind: 'gauge', register: 0, ratio: 0.001 },
      { code: 'voltageA', name: 'A相电压', unit: 'V', kind: 'gauge', register: 10, ratio: 0.1 },
      { code: 'frequency', name: '频率', unit: 'Hz', kind: 'gauge', register: 20, ratio: 0.01 },
    ],
  },
] as const;

/** Rated capacity (kVA) of a demo station's transformer, from its model name. */
const CAPACITY: Record<string, number> = { 'SCB13-1250': 1250, 'S13-1600': 1600 };

/**
 * A tenant's collector servers, device models, one channel per station with its devices on it,
 * the stations' departments, transformers with their meters, power-quality limits of the first
 * station and two years of electricity price lists (deterministic: the same in every installation).
 */
export async function seedEmsDevices(services: Services, scope: TenantScope): Promise<void> {
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
  const emsModels = new Map<string, unknown>();
  for (const model of EMS_MODELS) {
    const made = await repository.create(scope, 'emsDeviceModel', {
      ...model,
      variables: model.variables.map((v) => ({ ...v })),
    });
    emsModels.set(model.kind, made.id);
  }
  const today = new Date().toISOString().slice(0, 10);
  const departments = (await allRecords(services, scope, 'department', 'id')).filter(
    (d) => !d.endTime || String(d.endTime) >= today,
  );
  const stations = await allRecords(services, scope, 'station', 'id');
  for (const [index, station] of stations.entries()) {
    const department = departments[index % Math.max(1, departments.length)];
    if (department) await repository.patch(scope, 'station', Number(station.id), { deptId: department.id });
    // The simulator serves the station's devices on this loopback address, at the port it finds free.
    const channel = await repository.create(scope, 'monitorChannel', {
      sn: `${String(station.sn)}-CH1`,
      name: `${String(station.name)} Modbus 通道`,
      protocol: 'modbusTcp',
      host: '127.0.0.1',
      pollInterval: 5,
      stationId: station.id,
      serverId: servers[0]?.id,
    });
    const devices = (await allRecords(services, scope, 'device', 'id')).filter((d) => d.stationId === station.id);
    for (const [address, device] of devices.entries()) {
      const modelId = emsModels.get(String(device.kind));
      await repository.patch(scope, 'device', Number(device.id), {
        channelId: channel.id,
        slaveAddress: address + 1,
        ...(modelId !== undefined ? { modelId } : {}),
      });
    }
    await seedRegisterMaps(services, scope, station, devices);
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

/**
 * The register maps of a station's devices, as its simulated devices serve them
 * (`registerLayout`): every variable the station has.
 */
async function seedRegisterMaps(
  services: Services,
  scope: TenantScope,
  station: EntityRecord,
  devices: EntityRecord[],
): Promise<void> {
  const specs = new Map(DEVICES[station.stationType as StationType].map((spec) => [`${String(station.sn)}-${spec.key}`, spec]));
  const variables = await allRecords(services, scope, 'deviceVariable', 'id');
  for (const device of devices) {
    const spec = specs.get(String(device.sn));
    if (!spec) continue;
    const codes = new Map(variables.filter((v) => v.deviceId === device.id).map((v) => [String(v.code), v.id]));
    for (const { code, ...map } of registerLayout(spec.kind, VARIABLES[spec.variables])) {
      const variableId = codes.get(code);
      if (variableId !== undefined) await services.repository.create(scope, 'variableMap', { variableId, ...map });
    }
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
