/**
 * The equipment of a simulated station: the battery's dispatch on the demo tariff, its limits and
 * voltages, the inverters' efficiency, the rooms' temperature; the devices as the model groups
 * them, and the state a few years of operation leave them in.
 */
import { DEMO_TARIFF, priceAt } from '../telemetry/tariff';
import { CHANNEL, clamp, rand, type LocalTime } from './surroundings';
import type { DeviceKind, DeviceSpec } from './topology';

/** Everything the model carries from one step to the next (plain JSON, so it can be stored and resumed). */
export interface ModelState {
  /** Shape of this object, so that a stored state of another shape can be recognised. */
  version: 1;
  /** Time of the last step (ms since epoch), null before the first. */
  ts: number | null;
  /** Local day of the last step (days since 1970-01-01 in the station's zone): `dailyYield` restarts when it changes. */
  day: number | null;
  /** Unrounded energies (kWh) keyed `${device}.${code}`: every counter, and each inverter's `dailyYield`. */
  energy: Record<string, number>;
  /** State of charge (%) of the battery behind each PCS, keyed by the PCS's key. */
  soc: Record<string, number>;
  /** State of health (%) of the battery. */
  soh: number;
  /** Temperatures (°C) that follow their surroundings with a lag, keyed `${device}.${code}` (`${pcs}.cells` for the cells behind a PCS). */
  heat: Record<string, number>;
  /** Whether each air conditioner runs (0 or 1), keyed by its key. */
  cooling: Record<string, number>;
  /** Remote controls in force, keyed `${device}.${code}`. */
  controls: Record<string, number>;
}

export const SOC_MIN = 10;
export const SOC_MAX = 95;
/** One way of a 94 % round trip. */
export const ETA = Math.sqrt(0.94);
/** SOH lost (%) per equivalent full cycle: about 1 % a year at one cycle a day. */
export const SOH_PER_CYCLE = 0.0025;
export const SET_TEMP = 25;
export const AUTO_COOLING = 27;
export const CELL_ALARM = 45;
/** Below this share of its rating an inverter does not start. */
export const INVERTER_START = 0.003;

// Tariff -----------------------------------------------------------------------------------

export type TariffPeriod = 'valley' | 'flat' | 'peak';

/** The dispatch's view of a local hour of the demo tariff: the sharp peak is a peak too. */
export function periodOfHour(hour: number, month: number): TariffPeriod {
  const { period } = priceAt(DEMO_TARIFF, hour, month);
  return period === 'sharp' ? 'peak' : period;
}

/** Each hour's period in each month (index `[month - 1][hour]`), worked out once. */
export const PERIODS: TariffPeriod[][] = Array.from({ length: 12 }, (_, m) =>
  Array.from({ length: 24 }, (_, h) => periodOfHour(h, m + 1)),
);

/** The hour the valley ends: the battery is to be full by then. */
export const VALLEY_END = (PERIODS[0] ?? []).findIndex((period) => period !== 'valley');

export function tariffPeriod(time: LocalTime): TariffPeriod {
  return PERIODS[time.month - 1]?.[Math.floor(time.hour)] ?? 'flat';
}

/** Peak hours left in the local day, so that the battery spreads its energy over all of them. */
export function peakHoursLeft(time: LocalTime): number {
  const hours = PERIODS[time.month - 1] ?? [];
  return hours.reduce((sum, period, hour) => (period === 'peak' ? sum + clamp(hour + 1 - time.hour, 0, 1) : sum), 0);
}

// Battery ----------------------------------------------------------------------------------

/**
 * AC power (kW, > 0 discharging) the dispatch wants from a battery: charge through the valley so
 * as to be full by 07:30, spread what is stored over the day's remaining peak hours, and in flat
 * hours take only the photovoltaic surplus (`surplus`, kW) where there is one.
 */
export function plannedPower(
  period: TariffPeriod,
  time: LocalTime,
  soc: number,
  capacity: number,
  rated: number,
  surplus: number,
): number {
  if (period === 'valley') {
    const need = (((SOC_MAX - soc) / 100) * capacity) / ETA;
    return need > 0 ? -Math.min(rated, need / Math.max(VALLEY_END - 0.5 - time.hour, 0.25)) : 0;
  }
  if (period === 'peak') {
    const stored = ((soc - SOC_MIN) / 100) * capacity * ETA;
    return stored > 0 ? Math.min(rated, stored / Math.max(peakHoursLeft(time), 0.25)) : 0;
  }
  return surplus > 0 ? -Math.min(rated, surplus) : 0;
}

/** Applies `power` for `hours` to a battery, reducing it so that the SOC stops exactly at its limits. */
export function applyPower(soc: number, capacity: number, power: number, hours: number): { power: number; soc: number } {
  if (hours <= 0 || power === 0 || capacity <= 0) return { power, soc };
  const stored = power < 0 ? -power * hours * ETA : (-power * hours) / ETA;
  const next = soc + (stored / capacity) * 100;
  if (next > SOC_MAX) {
    const room = Math.max(0, ((SOC_MAX - soc) / 100) * capacity);
    return { power: -room / (hours * ETA), soc: Math.max(soc, SOC_MAX) };
  }
  if (next < SOC_MIN) {
    const left = Math.max(0, ((soc - SOC_MIN) / 100) * capacity);
    return { power: (left * ETA) / hours, soc: Math.min(soc, SOC_MIN) };
  }
  return { power, soc: next };
}

/** Pack voltage (V): 700 to 800 V with the SOC, sagging under discharge and rising under charge (`load` −1 to 1). */
export function packVoltage(soc: number, load: number): number {
  return clamp(706 + (88 * (soc - SOC_MIN)) / (SOC_MAX - SOC_MIN) - 6 * load, 700, 800);
}

/** Battery-side power (kW) of an AC power: more leaves the cells than reaches the grid, less arrives than was drawn. */
export function cellPower(power: number): number {
  return power > 0 ? power / ETA : power * ETA;
}

/** Inverter efficiency (0.96 to 0.985), lower at low load. */
export function inverterEfficiency(load: number): number {
  return 0.985 - 0.025 * Math.exp(-12 * load);
}

/** Indoor temperature moving towards `passive` (walls, sun, equipment) and, while cooled, towards the set point. */
export function roomTemperature(value: number, passive: number, cooled: boolean, hours: number): number {
  const walls = 1 / 2;
  const unit = cooled ? 1 / 0.15 : 0;
  const rate = walls + unit;
  const target = (passive * walls + SET_TEMP * unit) / rate;
  return target + (value - target) * Math.exp(-hours * rate);
}

// The station's devices -------------------------------------------------------------------

export interface Device {
  spec: DeviceSpec;
  /** Seeds this device's outages. */
  salt: number;
  /** Its variable codes and their keys in `step`'s answer. */
  codes: [string, string][];
}

export interface BatteryString {
  pcs: Device;
  rated: number;
  /** kWh. */
  capacity: number;
}

export interface Cluster {
  device: Device;
  string: BatteryString;
  /** Strings of clusters behind the same PCS share its current. */
  siblings: number;
  /** Small fixed differences between clusters (SOC %, V, °C), so they read close but not equal. */
  offset: number;
}

export interface Inverter {
  device: Device;
  rated: number;
}

/** Signals that say whether a device is reachable: they read 0 during its outage instead of going missing. */
export const LINK_SIGNALS: Partial<Record<DeviceKind, string>> = { emsController: 'commStatus', camera: 'online' };

export function groupByKind(devices: Device[]): Map<DeviceKind, Device[]> {
  const groups = new Map<DeviceKind, Device[]>();
  for (const device of devices) groups.set(device.spec.kind, [...(groups.get(device.spec.kind) ?? []), device]);
  return groups;
}

/**
 * The simulated physics of one station. Feed it increasing times; it answers every variable of
 * every device at each of them, and carries counters, SOC and temperatures in a {@link ModelState}
 * that can be stored and resumed.
 */

/** What the state a station starts from depends on: its seed and its equipment. */
export interface Layout {
  seed: number;
  devices: Device[];
  inverters: Inverter[];
  strings: BatteryString[];
  /** kWp of photovoltaics. */
  pvKwp: number;
  /** kW. */
  loadPeak: number;
}

/** Counters start where a few years of operation would have left them, SOC somewhere mid-range. */
export function initialState({ seed, devices, inverters, strings, pvKwp, loadPeak }: Layout): ModelState {
  const years = 1 + 3 * rand(seed, CHANNEL.install);
  const energy: Record<string, number> = {};
  const ratedPv = inverters.reduce((sum, i) => sum + i.rated, 0);
  let yieldSoFar = 0;
  for (const { device, rated } of inverters) {
    const total =
      ((pvKwp * rated) / Math.max(ratedPv, 1)) * 1100 * years * (0.95 + 0.1 * rand(seed, CHANNEL.install, device.salt));
    energy[`${device.spec.key}.totalYield`] = total;
    energy[`${device.spec.key}.dailyYield`] = 0;
    yieldSoFar += total;
  }
  const soc: Record<string, number> = {};
  const start = 35 + 30 * rand(seed, CHANNEL.soc);
  let discharged = 0;
  for (const { pcs, capacity } of strings) {
    const cycles = 300 * years * (0.9 + 0.2 * rand(seed, CHANNEL.install, pcs.salt));
    energy[`${pcs.spec.key}.dischargeEnergy`] = capacity * cycles;
    energy[`${pcs.spec.key}.chargeEnergy`] = (capacity * cycles) / 0.94;
    // One SOC for all strings: they are charged and discharged together.
    soc[pcs.spec.key] = start;
    discharged += capacity * cycles;
  }
  const used = loadPeak * 0.5 * 8760 * years;
  for (const device of devices) {
    if (device.spec.variables === 'loadMeter') energy[`${device.spec.key}.loadEnergy`] = used;
    else if (device.spec.kind === 'meter') {
      energy[`${device.spec.key}.importEnergy`] = Math.max(used - 0.7 * yieldSoFar, 0.2 * used);
      energy[`${device.spec.key}.exportEnergy`] = 0.3 * yieldSoFar + 0.05 * discharged;
    }
  }
  const soh = 99 - 0.6 * rand(seed, CHANNEL.install, 1);
  return { version: 1, ts: null, day: null, energy, soc, soh, heat: {}, cooling: {}, controls: {} };
}
