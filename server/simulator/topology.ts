/**
 * What the demo stations are made of: their devices and the variables of each kind of device.
 * The simulator computes a value for every variable code listed here.
 */

export type VariableKind = 'counter' | 'gauge' | 'signal';
export type StationType = 'storage' | 'photovoltaic' | 'ems';
export type DeviceKind =
  'pcs' | 'bms' | 'batteryCluster' | 'pvInverter' | 'meter' | 'transformer' | 'airConditioner' | 'camera' | 'emsController';

export interface VariableSpec {
  code: string;
  name: string;
  unit: string;
  kind: VariableKind;
  controllable?: boolean;
}

const v = (code: string, name: string, unit: string, kind: VariableKind, controllable = false): VariableSpec => ({
  code,
  name,
  unit,
  kind,
  ...(controllable ? { controllable } : {}),
});

/** The variables of each kind of device (a meter of the loads has its own). */
export const VARIABLES: Record<DeviceKind | 'loadMeter', VariableSpec[]> = {
  emsController: [v('commStatus', '通讯状态', '', 'signal'), v('runMode', '运行模式', '', 'signal')],
  pcs: [
    v('activePower', '有功功率', 'kW', 'gauge'),
    v('reactivePower', '无功功率', 'kvar', 'gauge'),
    v('dcVoltage', '直流电压', 'V', 'gauge'),
    v('temperature', '模块温度', '°C', 'gauge'),
    v('chargeEnergy', '累计充电量', 'kWh', 'counter'),
    v('dischargeEnergy', '累计放电量', 'kWh', 'counter'),
    v('runState', '运行状态', '', 'signal', true),
    v('faultState', '故障状态', '', 'signal'),
    v('gridMode', '并离网状态', '', 'signal', true),
  ],
  bms: [
    v('soc', 'SOC', '%', 'gauge'),
    v('soh', 'SOH', '%', 'gauge'),
    v('voltage', '总电压', 'V', 'gauge'),
    v('current', '总电流', 'A', 'gauge'),
    v('maxCellTemp', '最高单体温度', '°C', 'gauge'),
    v('minCellTemp', '最低单体温度', '°C', 'gauge'),
    v('alarmState', '告警状态', '', 'signal'),
  ],
  batteryCluster: [
    v('soc', '簇SOC', '%', 'gauge'),
    v('voltage', '簇电压', 'V', 'gauge'),
    v('current', '簇电流', 'A', 'gauge'),
    v('temperature', '簇温度', '°C', 'gauge'),
  ],
  pvInverter: [
    v('activePower', '交流功率', 'kW', 'gauge'),
    v('dcPower', '直流功率', 'kW', 'gauge'),
    v('dailyYield', '日发电量', 'kWh', 'gauge'),
    v('totalYield', '累计发电量', 'kWh', 'counter'),
    v('efficiency', '转换效率', '%', 'gauge'),
    v('temperature', '机内温度', '°C', 'gauge'),
    v('runState', '运行状态', '', 'signal'),
  ],
  meter: [
    v('activePower', '关口有功功率', 'kW', 'gauge'),
    v('importEnergy', '正向有功电量', 'kWh', 'counter'),
    v('exportEnergy', '反向有功电量', 'kWh', 'counter'),
    v('voltageA', 'A相电压', 'V', 'gauge'),
    v('voltageB', 'B相电压', 'V', 'gauge'),
    v('voltageC', 'C相电压', 'V', 'gauge'),
    v('currentA', 'A相电流', 'A', 'gauge'),
    v('currentB', 'B相电流', 'A', 'gauge'),
    v('currentC', 'C相电流', 'A', 'gauge'),
    v('powerFactor', '功率因数', '', 'gauge'),
    v('frequency', '频率', 'Hz', 'gauge'),
    v('voltageThd', '电压总谐波畸变率', '%', 'gauge'),
  ],
  loadMeter: [v('loadPower', '负荷功率', 'kW', 'gauge'), v('loadEnergy', '累计用电量', 'kWh', 'counter')],
  transformer: [
    v('oilTemp', '油温', '°C', 'gauge'),
    v('windingTemp', '绕组温度', '°C', 'gauge'),
    v('loadRate', '负载率', '%', 'gauge'),
  ],
  airConditioner: [
    v('runState', '开关状态', '', 'signal', true),
    v('indoorTemp', '室内温度', '°C', 'gauge'),
    v('setTemp', '设定温度', '°C', 'gauge'),
  ],
  camera: [v('online', '在线状态', '', 'signal')],
};

export interface DeviceSpec {
  /** Suffix of the device's serial number, unique within its station. */
  key: string;
  name: string;
  kind: DeviceKind;
  /** Which variable list the device has (a load meter is a meter with its own). */
  variables: DeviceKind | 'loadMeter';
  model: string;
  ratedPower?: number;
}

const device = (
  key: string,
  name: string,
  kind: DeviceKind,
  model: string,
  ratedPower?: number,
  variables?: 'loadMeter',
): DeviceSpec => ({
  key,
  name,
  kind,
  variables: variables ?? kind,
  model,
  ...(ratedPower ? { ratedPower } : {}),
});

/** A station as the simulator sees it. */
export interface StationSpec {
  sn: string;
  type: StationType;
  latitude: number;
  longitude: number;
  /** kWh of storage for 'storage', kWp of photovoltaics for 'photovoltaic'; for 'ems' the kWp of its PV (its battery is the PCS rating × 2 h). */
  capacity: number;
  /** IANA zone, e.g. 'Asia/Shanghai'. */
  zone: string;
  /** Deterministic randomness (an integer; only its low 32 bits count). */
  seed: number;
  /** `DEVICES[type]`. */
  devices: DeviceSpec[];
}

/** Devices of each kind of station. */
export const DEVICES: Record<StationType, DeviceSpec[]> = {
  storage: [
    device('EMS', 'EMS 控制器', 'emsController', 'EMS-3000'),
    device('PCS1', '1# PCS', 'pcs', 'PCS-500K', 500),
    device('PCS2', '2# PCS', 'pcs', 'PCS-500K', 500),
    device('BMS', 'BMS 主控', 'bms', 'BMS-M1'),
    device('BC1', '1# 电池簇', 'batteryCluster', 'BC-1000'),
    device('BC2', '2# 电池簇', 'batteryCluster', 'BC-1000'),
    device('MTR', '关口电表', 'meter', 'DTSD1352'),
    device('LOAD', '负荷电表', 'meter', 'DTSD1352', undefined, 'loadMeter'),
    device('TR', '1# 变压器', 'transformer', 'SCB13-1250'),
    device('AC', '储能舱空调', 'airConditioner', 'AC-12K'),
    device('CAM', '储能舱摄像头', 'camera', 'IPC-4MP'),
  ],
  photovoltaic: [
    device('EMS', '光伏数据采集器', 'emsController', 'LOG-200'),
    device('INV1', '1# 逆变器', 'pvInverter', 'SG500', 500),
    device('INV2', '2# 逆变器', 'pvInverter', 'SG500', 500),
    device('INV3', '3# 逆变器', 'pvInverter', 'SG500', 500),
    device('MTR', '并网电表', 'meter', 'DTSD1352'),
    device('LOAD', '负荷电表', 'meter', 'DTSD1352', undefined, 'loadMeter'),
    device('TR', '升压变压器', 'transformer', 'S13-1600'),
    device('CAM', '光伏区摄像头', 'camera', 'IPC-4MP'),
  ],
  ems: [
    device('EMS', '能量管理系统', 'emsController', 'EMS-3000'),
    device('INV1', '1# 逆变器', 'pvInverter', 'SG300', 300),
    device('INV2', '2# 逆变器', 'pvInverter', 'SG300', 300),
    device('PCS1', '1# PCS', 'pcs', 'PCS-250K', 250),
    device('BMS', 'BMS 主控', 'bms', 'BMS-M1'),
    device('BC1', '1# 电池簇', 'batteryCluster', 'BC-500'),
    device('MTR', '关口电表', 'meter', 'DTSD1352'),
    device('LOAD', '负荷电表', 'meter', 'DTSD1352', undefined, 'loadMeter'),
    device('TR', '1# 变压器', 'transformer', 'SCB13-800'),
    device('AC', '设备间空调', 'airConditioner', 'AC-7K'),
    device('CAM', '厂区摄像头', 'camera', 'IPC-4MP'),
  ],
};
