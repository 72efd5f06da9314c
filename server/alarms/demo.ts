import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import type { Comparison } from './engine';
import { saveGenerator } from './generators';

/** The demo's alarm types, by key. */
const TYPES = {
  cellTemp: {
    name: '电池温度过高',
    level: 'major',
    source: 'device',
    description: '电池单体温度超过上限：检查储能舱空调与电池簇风扇，必要时降功率运行。',
  },
  lowSoc: { name: '电池 SOC 过低', level: 'minor', source: 'device', description: '电池接近放空：检查充放电策略，避免过放。' },
  pcsFault: {
    name: 'PCS 故障',
    level: 'critical',
    source: 'device',
    description: 'PCS 报故障停机：查看故障代码，通知厂家处理。',
  },
  oilTemp: { name: '变压器油温过高', level: 'major', source: 'device', description: '变压器油温超过上限：检查负载与冷却风机。' },
  inverterTemp: {
    name: '逆变器温度过高',
    level: 'minor',
    source: 'device',
    description: '逆变器机内温度偏高：检查散热风道与环境温度。',
  },
  cameraOffline: {
    name: '摄像头离线',
    level: 'notice',
    source: 'communication',
    description: '摄像头无法连接：检查网络与供电。',
  },
  commLost: {
    name: '通讯中断',
    level: 'major',
    source: 'communication',
    description: '站端控制器与平台通讯中断：检查通讯链路。',
  },
  roomTemp: {
    name: '舱内温度过高',
    level: 'minor',
    source: 'environment',
    description: '储能舱或设备间温度偏高：检查空调运行。',
  },
  demand: { name: '负荷超限', level: 'minor', source: 'energy', description: '负荷功率接近需量上限：考虑削峰或调整用能。' },
} as const;

type TypeKey = keyof typeof TYPES;

/** A demo rule for every variable of a device kind with this code. */
interface RuleTemplate {
  kind: string;
  code: string;
  comparison: Comparison;
  /** None for a communication-loss rule (`offline`). */
  threshold?: number;
  deadband?: number;
  type: TypeKey;
  /** Text of the alarm, after the device's name. */
  info: string;
}

/**
 * Rules the simulated data meets now and then: a hot battery, a nearly empty one, a PCS fault, a
 * communication outage (the controller's `commStatus` and a camera's `online` read 0 during one; a
 * PCS in one does not answer its gateway, which its collector finds), a warm inverter at full sun,
 * a hot room when its air conditioner is stopped. The transformer's 85 °C is a real limit the
 * demo's transformers stay below.
 */
const RULES: RuleTemplate[] = [
  {
    kind: 'bms',
    code: 'maxCellTemp',
    comparison: 'gt',
    threshold: 45,
    deadband: 2,
    type: 'cellTemp',
    info: '最高单体温度超过 45 °C',
  },
  { kind: 'bms', code: 'soc', comparison: 'lt', threshold: 12, deadband: 3, type: 'lowSoc', info: 'SOC 低于 12 %' },
  { kind: 'pcs', code: 'faultState', comparison: 'eq', threshold: 1, type: 'pcsFault', info: '故障停机' },
  { kind: 'transformer', code: 'oilTemp', comparison: 'gt', threshold: 85, deadband: 3, type: 'oilTemp', info: '油温超过 85 °C' },
  {
    kind: 'pvInverter',
    code: 'temperature',
    comparison: 'gt',
    threshold: 65,
    deadband: 3,
    type: 'inverterTemp',
    info: '机内温度超过 65 °C',
  },
  { kind: 'camera', code: 'online', comparison: 'eq', threshold: 0, type: 'cameraOffline', info: '离线' },
  { kind: 'emsController', code: 'commStatus', comparison: 'eq', threshold: 0, type: 'commLost', info: '通讯中断' },
  { kind: 'pcs', code: 'runState', comparison: 'offline', type: 'commLost', info: '通讯中断，设备无应答' },
  {
    kind: 'airConditioner',
    code: 'indoorTemp',
    comparison: 'gt',
    threshold: 35,
    deadband: 2,
    type: 'roomTemp',
    info: '室内温度超过 35 °C',
  },
];

const all = { sortField: 'id', sortOrder: 'asc' as const, current: 1, size: 100_000 };

/** The tenant's alarm type of each key: an existing one of the same name, else a new one. */
async function typesOf(services: Services, scope: TenantScope): Promise<Record<TypeKey, number>> {
  const ids = {} as Record<TypeKey, number>;
  for (const [key, type] of Object.entries(TYPES) as [TypeKey, (typeof TYPES)[TypeKey]][]) {
    const { records } = await services.repository.list(scope, 'alarmType', {
      ...all,
      filters: [{ field: 'name', op: 'eq', value: type.name }],
    });
    ids[key] = Number((records[0] ?? (await services.repository.create(scope, 'alarmType', { ...type }))).id);
  }
  return ids;
}

/**
 * The demo's alarm types and rules for these stations of the tenant (by serial number), so that
 * the simulated data raises and recovers alarms: the rules of `RULES` on every device of the kind,
 * and a demand limit on the load meter at 90 % of the site's peak load (estimated as the
 * simulator does: 0.6 of the inverters' and 0.8 of the PCS' rated power, whichever is larger).
 * Stations the tenant does not have are left out.
 */
export async function seedAlarms(services: Services, scope: TenantScope, stationSns: string[]): Promise<void> {
  const { repository } = services;
  const types = await typesOf(services, scope);
  for (const sn of stationSns) {
    const [station] = (await repository.list(scope, 'station', { ...all, filters: [{ field: 'sn', op: 'eq', value: sn }] }))
      .records;
    if (!station) continue;
    const devices = (
      await repository.list(scope, 'device', { ...all, filters: [{ field: 'stationId', op: 'eq', value: station.id }] })
    ).records;
    const rated = (kind: string) =>
      devices.filter((device) => device.kind === kind).reduce((sum, device) => sum + Number(device.ratedPower ?? 0), 0);
    const peakLoad = Math.max(0.6 * rated('pvInverter'), 0.8 * rated('pcs'));
    for (const device of devices) {
      const variables = (
        await repository.list(scope, 'deviceVariable', { ...all, filters: [{ field: 'deviceId', op: 'eq', value: device.id }] })
      ).records;
      const byCode = new Map(variables.map((variable) => [String(variable.code), variable]));
      const rules: (RuleTemplate & { variable: EntityRecord })[] = RULES.flatMap((rule) => {
        const variable = rule.kind === device.kind ? byCode.get(rule.code) : undefined;
        return variable ? [{ ...rule, variable }] : [];
      });
      const load = byCode.get('loadPower');
      if (load && peakLoad > 0) {
        const limit = Math.round(0.9 * peakLoad);
        rules.push({
          kind: 'meter',
          code: 'loadPower',
          comparison: 'gt',
          threshold: limit,
          deadband: Math.round(0.05 * peakLoad),
          type: 'demand',
          info: `负荷功率超过 ${limit} kW`,
          variable: load,
        });
      }
      for (const rule of rules) {
        await saveGenerator(services, scope, {
          // A communication-loss rule is about its device, not the variable it is kept on.
          name: `${String(device.name)} ${rule.comparison === 'offline' ? '通讯' : String(rule.variable.name)}`,
          variableId: rule.variable.id,
          comparison: rule.comparison,
          ...(rule.threshold !== undefined ? { threshold: rule.threshold } : {}),
          ...(rule.deadband ? { deadband: rule.deadband } : {}),
          typeId: types[rule.type],
          info: `${String(device.name)}：${rule.info}`,
          enabled: true,
        });
      }
    }
  }
}
