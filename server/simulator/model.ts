/**
 * The physics of a simulated station: sun, weather, loads, photovoltaics, battery dispatch on a
 * time-of-use tariff, meters, transformer, air conditioning and communication outages. Every
 * random-looking value is a hash of the station's seed and the time, so that the same seed and
 * times give the same values whatever the pattern of steps; only what physically accumulates
 * (counters, states of charge, lagging temperatures) depends on the steps taken.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEMO_TARIFF, priceAt } from '../telemetry/tariff';
import { VARIABLES, type DeviceKind, type DeviceSpec, type StationType } from './topology';

dayjs.extend(utc);
dayjs.extend(timezone);

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

type Values = Record<string, number>;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const TROPICAL_YEAR = 365.2422;
const RAD = Math.PI / 180;
/** Longer gaps are walked through in steps of this length, so that SOC and counters follow the course of the day. */
const MAX_STEP = 15 * MINUTE;

const SOC_MIN = 10;
const SOC_MAX = 95;
/** One way of a 94 % round trip. */
const ETA = Math.sqrt(0.94);
/** SOH lost (%) per equivalent full cycle: about 1 % a year at one cycle a day. */
const SOH_PER_CYCLE = 0.0025;
const SET_TEMP = 25;
const AUTO_COOLING = 27;
const CELL_ALARM = 45;
/** Below this share of its rating an inverter does not start. */
const INVERTER_START = 0.003;

/** Independent streams of randomness, so that e.g. the weather does not move when outages change. */
const CHANNEL = {
  install: 1,
  soc: 2,
  weather: 3,
  weatherDepth: 4,
  warmth: 5,
  clouds: 6,
  gusts: 7,
  load: 8,
  jitter: 9,
  outage: 10,
  fault: 11,
  grid: 12,
  reactive: 13,
  offset: 14,
  phases: 15,
  harmonics: 16,
} as const;

// Hashing ----------------------------------------------------------------------------------

/** A 32-bit finaliser (lowbias32): every input bit moves every output bit. */
function mix(value: number): number {
  let h = Math.imul(value ^ (value >>> 16), 0x21f0aaad);
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97);
  return (h ^ (h >>> 15)) >>> 0;
}

/** A uniform number in [0, 1) that depends only on its (integer) arguments. */
function rand(seed: number, channel: number, a = 0, b = 0): number {
  const h = mix(mix(mix(seed ^ Math.imul(channel, 0x9e3779b9)) ^ a) ^ b);
  return h / 4_294_967_296;
}

/** A stable number for a text, so that randomness follows a device's key rather than its position. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Value noise in [0, 1) varying smoothly over `period` ms: a function of time, not of the steps taken. */
function smoothNoise(seed: number, channel: number, ts: number, period: number, salt = 0): number {
  const x = ts / period;
  const k = Math.floor(x);
  const f = x - k;
  const s = f * f * (3 - 2 * f);
  return rand(seed, channel, k, salt) * (1 - s) + rand(seed, channel, k + 1, salt) * s;
}

/**
 * Whether `ts` falls in one of a seeded series of events (outages, faults): each slot of `slot`
 * ms holds one with probability `chance`, starting anywhere in it and lasting `shortest` to
 * `longest` ms (less than a slot, so only this slot and the one before can cover `ts`).
 */
function inEvent(
  seed: number,
  channel: number,
  salt: number,
  ts: number,
  slot: number,
  chance: number,
  shortest: number,
  longest: number,
): boolean {
  const current = Math.floor(ts / slot);
  for (let k = current - 1; k <= current; k++) {
    if (rand(seed, channel, salt, k) >= chance) continue;
    const start = (k + rand(seed, channel + 100, salt, k)) * slot;
    const length = shortest + (longest - shortest) * rand(seed, channel + 200, salt, k);
    if (ts >= start && ts < start + length) return true;
  }
  return false;
}

// Numbers ----------------------------------------------------------------------------------

/** `value` to `digits` decimals, never -0 (it would make equal readings compare unequal). */
function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/** First-order lag towards `target` with time constant `tau` (h): exact for any step, so 5 s and 15 min steps agree. */
function lag(value: number, target: number, hours: number, tau: number): number {
  return target + (value - target) * Math.exp(-hours / tau);
}

// Local time -------------------------------------------------------------------------------

interface LocalTime {
  /** Days since 1970-01-01 in the zone. */
  day: number;
  /** Fractional hour of the local day. */
  hour: number;
  /** 1 to 12. */
  month: number;
  /** 0 Sunday to 6 Saturday. */
  weekday: number;
}

/**
 * Local time in a zone. Asking Intl for an offset costs tens of microseconds, so an offset is
 * reused for a whole day when the zone has the same offset a day later (no change of clocks in
 * between), and hour by hour around a change.
 */
class LocalClock {
  private readonly zone: string;
  private from = 0;
  private until = -Infinity;
  private offset = 0;
  private day = Number.NaN;
  private month = 1;
  private weekday = 0;

  constructor(zone: string) {
    this.zone = zone;
  }

  at(ts: number): LocalTime {
    if (ts < this.from || ts >= this.until) this.learnOffset(ts);
    const local = ts + this.offset;
    const day = Math.floor(local / DAY);
    if (day !== this.day) this.learnDay(day);
    return { day, hour: (local - day * DAY) / HOUR, month: this.month, weekday: this.weekday };
  }

  private offsetAt(ts: number): number {
    return dayjs(ts).tz(this.zone).utcOffset() * MINUTE;
  }

  private learnOffset(ts: number): void {
    const hour = Math.floor(ts / HOUR) * HOUR;
    this.offset = this.offsetAt(hour);
    this.from = hour;
    this.until = this.offsetAt(hour + DAY) === this.offset ? hour + DAY : hour + HOUR;
  }

  private learnDay(day: number): void {
    this.day = day;
    this.month = new Date(day * DAY).getUTCMonth() + 1;
    // 1970-01-01 was a Thursday.
    this.weekday = (((day + 4) % 7) + 7) % 7;
  }
}

// Sun and weather --------------------------------------------------------------------------

/** Fraction of the year as an angle (0 on 1 January), the NOAA "fractional year". */
function yearAngle(ts: number): number {
  const days = ts / DAY - 10_957.5; // since 2000-01-01 12:00 UTC
  return (2 * Math.PI * (((days % TROPICAL_YEAR) + TROPICAL_YEAR) % TROPICAL_YEAR)) / TROPICAL_YEAR;
}

/** Sine of the sun's elevation (NOAA declination, equation of time and hour angle). */
function sunSine(ts: number, g: number, latitude: number, longitude: number): number {
  const declination =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const equationOfTime =
    229.18 *
    (0.000075 + 0.001868 * Math.cos(g) - 0.032077 * Math.sin(g) - 0.014615 * Math.cos(2 * g) - 0.040849 * Math.sin(2 * g));
  const utcMinutes = (((ts % DAY) + DAY) % DAY) / MINUTE;
  const hourAngle = ((utcMinutes + equationOfTime + 4 * longitude) / 4 - 180) * RAD;
  const phi = latitude * RAD;
  return Math.sin(phi) * Math.sin(declination) + Math.cos(phi) * Math.cos(declination) * Math.cos(hourAngle);
}

/** Clear-sky global irradiance (W/m²) for a sun at elevation sine `sine`. */
function clearSky(sine: number): number {
  return sine > 0 ? 1000 * sine ** 1.15 : 0;
}

/** How a day looks. */
export type WeatherCondition = 'sunny' | 'cloudy' | 'rain';

interface Weather {
  condition: WeatherCondition;
  /** Share of clear-sky irradiance reaching the panels, before passing clouds. */
  clearness: number;
  /** How deep passing clouds cut into it. */
  variability: number;
  /** Half the day's temperature swing (°C). */
  swing: number;
  /** Shift of the day's temperatures (°C): cloud and rain keep days cool. */
  cooling: number;
}

/** The weather of a local day: mostly fair, some overcast, a few rainy. */
function dayWeather(seed: number, day: number): Weather {
  const kind = rand(seed, CHANNEL.weather, day);
  const depth = rand(seed, CHANNEL.weatherDepth, day);
  if (kind < 0.62) return { condition: 'sunny', clearness: 0.88 + 0.12 * depth, variability: 0.2, swing: 4, cooling: 0 };
  if (kind < 0.9) return { condition: 'cloudy', clearness: 0.3 + 0.25 * depth, variability: 0.4, swing: 2.5, cooling: 1 };
  return { condition: 'rain', clearness: 0.08 + 0.12 * depth, variability: 0.45, swing: 1.5, cooling: 2.5 };
}

/** Share of clear-sky irradiance at `ts`: the day's clearness cut by passing clouds of minutes and hours. */
function clearness(seed: number, ts: number, weather: Weather): number {
  const clouds = 0.6 * smoothNoise(seed, CHANNEL.clouds, ts, 20 * MINUTE) + 0.4 * smoothNoise(seed, CHANNEL.gusts, ts, 2 * HOUR);
  return clamp(weather.clearness * (1 - weather.variability * clouds ** 2), 0.03, 1);
}

/**
 * Ambient temperature (°C): warm summers everywhere in the demo's latitudes, winters colder
 * further north (Guangzhou about 13 °C, Shanghai 5 °C, Beijing −3 °C), warmest mid-afternoon.
 */
function ambientTemperature(seed: number, ts: number, g: number, latitude: number, hour: number, weather: Weather): number {
  const lat = Math.abs(latitude);
  const summer = 29 - Math.max(0, lat - 35) * 0.4;
  const winter = Math.min(summer - 2, 13 - (lat - 23) * 0.95);
  // Hottest around 20 July (20 January south of the equator).
  const season = Math.cos(g - 2 * Math.PI * 0.55) * (latitude >= 0 ? 1 : -1);
  const daily = weather.swing * Math.cos((2 * Math.PI * (hour - 14.5)) / 24);
  const drift = (smoothNoise(seed, CHANNEL.warmth, ts, DAY) - 0.5) * 5;
  return (summer + winter) / 2 + ((summer - winter) / 2) * season + daily + drift - weather.cooling;
}

// Loads and tariff -------------------------------------------------------------------------

/** Share of the peak load on a working day, hour by hour (00:00 to 24:00): office hours, a lunch dip, evenings. */
const WORKDAY = [
  0.32, 0.3, 0.3, 0.3, 0.3, 0.32, 0.4, 0.6, 0.85, 0.95, 0.97, 0.95, 0.72, 0.9, 0.96, 0.95, 0.92, 0.85, 0.62, 0.55, 0.5, 0.45, 0.4,
  0.35, 0.32,
];

/** Share of the peak load at a local time, with cooling on hot days and some heating on cold ones. */
function loadShape(time: LocalTime, ambient: number): number {
  const index = Math.floor(time.hour);
  const f = time.hour - index;
  const shape = (WORKDAY[index] ?? 0.3) * (1 - f) + (WORKDAY[index + 1] ?? 0.3) * f;
  const weekend = time.weekday === 0 || time.weekday === 6;
  const cooling = 0.3 * clamp((ambient - 24) / 10, 0, 1);
  const heating = 0.1 * clamp((8 - ambient) / 10, 0, 1);
  return shape * (weekend ? 0.6 : 1) * (1 + cooling + heating);
}

type TariffPeriod = 'valley' | 'flat' | 'peak';

/** The dispatch's view of a local hour of the demo tariff: the sharp peak is a peak too. */
function periodOfHour(hour: number, month: number): TariffPeriod {
  const { period } = priceAt(DEMO_TARIFF, hour, month);
  return period === 'sharp' ? 'peak' : period;
}

/** Each hour's period in each month (index `[month - 1][hour]`), worked out once. */
const PERIODS: TariffPeriod[][] = Array.from({ length: 12 }, (_, m) =>
  Array.from({ length: 24 }, (_, h) => periodOfHour(h, m + 1)),
);

/** The hour the valley ends: the battery is to be full by then. */
const VALLEY_END = (PERIODS[0] ?? []).findIndex((period) => period !== 'valley');

function tariffPeriod(time: LocalTime): TariffPeriod {
  return PERIODS[time.month - 1]?.[Math.floor(time.hour)] ?? 'flat';
}

/** Peak hours left in the local day, so that the battery spreads its energy over all of them. */
function peakHoursLeft(time: LocalTime): number {
  const hours = PERIODS[time.month - 1] ?? [];
  return hours.reduce((sum, period, hour) => (period === 'peak' ? sum + clamp(hour + 1 - time.hour, 0, 1) : sum), 0);
}

// Battery ----------------------------------------------------------------------------------

/**
 * AC power (kW, > 0 discharging) the dispatch wants from a battery: charge through the valley so
 * as to be full by 07:30, spread what is stored over the day's remaining peak hours, and in flat
 * hours take only the photovoltaic surplus (`surplus`, kW) where there is one.
 */
function plannedPower(
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
function applyPower(soc: number, capacity: number, power: number, hours: number): { power: number; soc: number } {
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
function packVoltage(soc: number, load: number): number {
  return clamp(706 + (88 * (soc - SOC_MIN)) / (SOC_MAX - SOC_MIN) - 6 * load, 700, 800);
}

/** Battery-side power (kW) of an AC power: more leaves the cells than reaches the grid, less arrives than was drawn. */
function cellPower(power: number): number {
  return power > 0 ? power / ETA : power * ETA;
}

/** Inverter efficiency (0.96 to 0.985), lower at low load. */
function inverterEfficiency(load: number): number {
  return 0.985 - 0.025 * Math.exp(-12 * load);
}

/** Indoor temperature moving towards `passive` (walls, sun, equipment) and, while cooled, towards the set point. */
function roomTemperature(value: number, passive: number, cooled: boolean, hours: number): number {
  const walls = 1 / 2;
  const unit = cooled ? 1 / 0.15 : 0;
  const rate = walls + unit;
  const target = (passive * walls + SET_TEMP * unit) / rate;
  return target + (value - target) * Math.exp(-hours * rate);
}

// The station ------------------------------------------------------------------------------

interface Device {
  spec: DeviceSpec;
  /** Seeds this device's outages. */
  salt: number;
  /** Its variable codes and their keys in `step`'s answer. */
  codes: [string, string][];
}

interface BatteryString {
  pcs: Device;
  rated: number;
  /** kWh. */
  capacity: number;
}

interface Cluster {
  device: Device;
  string: BatteryString;
  /** Strings of clusters behind the same PCS share its current. */
  siblings: number;
  /** Small fixed differences between clusters (SOC %, V, °C), so they read close but not equal. */
  offset: number;
}

interface Inverter {
  device: Device;
  rated: number;
}

interface Environment {
  ts: number;
  time: LocalTime;
  irradiance: number;
  ambient: number;
}

/** Signals that say whether a device is reachable: they read 0 during its outage instead of going missing. */
const LINK_SIGNALS: Partial<Record<DeviceKind, string>> = { emsController: 'commStatus', camera: 'online' };

function groupByKind(devices: Device[]): Map<DeviceKind, Device[]> {
  const groups = new Map<DeviceKind, Device[]>();
  for (const device of devices) groups.set(device.spec.kind, [...(groups.get(device.spec.kind) ?? []), device]);
  return groups;
}

/**
 * The simulated physics of one station. Feed it increasing times; it answers every variable of
 * every device at each of them, and carries counters, SOC and temperatures in a {@link ModelState}
 * that can be stored and resumed.
 */
export class StationModel {
  private readonly spec: StationSpec;
  private readonly seed: number;
  private readonly clock: LocalClock;
  private readonly devices: Device[];
  /** The devices of each kind, looked up once rather than at every step. */
  private readonly kinds: Map<DeviceKind, Device[]>;
  private readonly inverters: Inverter[];
  private readonly strings: BatteryString[];
  private readonly clusters: Cluster[];
  private readonly pvKwp: number;
  private readonly pcsTotal: number;
  private readonly batteryKwh: number;
  private readonly loadPeak: number;
  private readonly transformerRating: number;
  private readonly current: ModelState;
  private weatherDay = Number.NaN;
  private weather: Weather = dayWeather(0, 0);

  constructor(spec: StationSpec, state?: ModelState) {
    this.spec = spec;
    this.seed = spec.seed | 0;
    this.clock = new LocalClock(spec.zone);
    this.devices = spec.devices.map((d) => ({
      spec: d,
      salt: hashText(d.key),
      codes: VARIABLES[d.variables].map((v): [string, string] => [v.code, `${d.key}.${v.code}`]),
    }));
    this.kinds = groupByKind(this.devices);
    this.pvKwp = spec.type === 'storage' ? 0 : spec.capacity;
    const inverters = this.of('pvInverter');
    this.inverters = inverters.map((device) => ({
      device,
      rated: device.spec.ratedPower ?? this.pvKwp / Math.max(1, inverters.length),
    }));
    const pcs = this.of('pcs');
    // Without a rating a storage station's PCSs share half its kWh (a 2-hour battery), an EMS site's 100 kW.
    const ratings = pcs.map((d) => d.spec.ratedPower ?? (spec.type === 'storage' ? spec.capacity / 2 : 100) / pcs.length);
    this.pcsTotal = ratings.reduce((a, b) => a + b, 0);
    this.batteryKwh = pcs.length === 0 ? 0 : spec.type === 'storage' ? spec.capacity : this.pcsTotal * 2;
    this.strings = pcs.map((device, i) => {
      const rated = ratings[i] ?? 0;
      return { pcs: device, rated, capacity: this.pcsTotal > 0 ? (this.batteryKwh * rated) / this.pcsTotal : 0 };
    });
    this.clusters = this.clustersOf(this.of('batteryCluster'));
    this.loadPeak = Math.max(0.6 * this.pvKwp, 0.8 * this.pcsTotal);
    this.transformerRating = 1.25 * Math.max(this.pvKwp, this.pcsTotal, this.loadPeak, 1);
    this.current = this.restore(state);
  }

  /**
   * Advances the station to time `ts` (ms since epoch, increasing; the step length is the time
   * since the previous call, 5 s to 15 min; longer gaps are walked through in 15-minute steps)
   * and answers the value of every variable, keyed `${device.key}.${variable.code}`; a variable
   * of a device whose communication is down has no entry, except the signals that tell exactly
   * that (the EMS controller's `commStatus`, a camera's `online`), which read 0.
   * @throws RangeError when `ts` is before the previous step.
   */
  step(ts: number): Map<string, number> {
    const last = this.current.ts;
    if (last !== null && ts < last) throw new RangeError(`A step goes forward in time: ${ts} is before ${last}`);
    if (last !== null) for (let t = last + MAX_STEP; t < ts; t += MAX_STEP) this.advance(t);
    return this.answer(ts, this.advance(ts));
  }

  /**
   * Remote control (yk) of a controllable variable (`runState` of a PCS or an air conditioner,
   * `gridMode` of a PCS): 0 off, 1 on; reflected from the next step (a stopped PCS has 0 power and
   * its battery stays; a PCS switched off the grid (0) covers its share of the load from its battery).
   * An air conditioner switched on or off stays so; left alone it cools above 27 °C.
   * @throws RangeError for an unknown device, a variable that cannot be controlled, or a value other than 0 or 1.
   */
  control(deviceKey: string, code: string, value: number): void {
    const device = this.devices.find((d) => d.spec.key === deviceKey);
    if (!device) throw new RangeError(`No device ${deviceKey} in station ${this.spec.sn}`);
    if (!VARIABLES[device.spec.variables].some((v) => v.code === code && v.controllable)) {
      throw new RangeError(`${deviceKey}.${code} cannot be controlled`);
    }
    if (value !== 0 && value !== 1) throw new RangeError(`${deviceKey}.${code} takes 0 or 1, not ${value}`);
    this.current.controls[`${deviceKey}.${code}`] = value;
  }

  /** A copy of what the model carries between steps, to store and resume from. */
  state(): ModelState {
    return structuredClone(this.current);
  }

  /**
   * The simulated weather at `ts`: the day's look, the air temperature (°C) and the irradiance
   * on the panels (W/m²), as the model's photovoltaics and loads see them. Changes nothing.
   */
  weatherAt(ts: number): { condition: WeatherCondition; temperature: number; irradiance: number } {
    const env = this.environment(ts);
    return { condition: this.weather.condition, temperature: round(env.ambient, 1), irradiance: Math.round(env.irradiance) };
  }

  // Set-up ---------------------------------------------------------------------------------

  private of(kind: DeviceKind): Device[] {
    return this.kinds.get(kind) ?? [];
  }

  private clustersOf(devices: Device[]): Cluster[] {
    if (this.strings.length === 0) return [];
    const n = this.strings.length;
    return devices.map((device, i) => ({
      device,
      string: this.strings[i % n] as BatteryString,
      siblings: devices.filter((_, j) => j % n === i % n).length,
      offset: rand(this.seed, CHANNEL.offset, device.salt) - 0.5,
    }));
  }

  /** The given state over a fresh one, so that a device added since it was stored starts plausibly. */
  private restore(state: ModelState | undefined): ModelState {
    const fresh = this.initialState();
    if (!state || state.version !== 1) return fresh;
    const given = structuredClone(state);
    return {
      ...given,
      energy: { ...fresh.energy, ...given.energy },
      soc: { ...fresh.soc, ...given.soc },
      heat: { ...given.heat },
      cooling: { ...given.cooling },
      controls: { ...given.controls },
    };
  }

  /** Counters start where a few years of operation would have left them, SOC somewhere mid-range. */
  private initialState(): ModelState {
    const seed = this.seed;
    const years = 1 + 3 * rand(seed, CHANNEL.install);
    const energy: Record<string, number> = {};
    const ratedPv = this.inverters.reduce((sum, i) => sum + i.rated, 0);
    let yieldSoFar = 0;
    for (const { device, rated } of this.inverters) {
      const total =
        ((this.pvKwp * rated) / Math.max(ratedPv, 1)) * 1100 * years * (0.95 + 0.1 * rand(seed, CHANNEL.install, device.salt));
      energy[`${device.spec.key}.totalYield`] = total;
      energy[`${device.spec.key}.dailyYield`] = 0;
      yieldSoFar += total;
    }
    const soc: Record<string, number> = {};
    const start = 35 + 30 * rand(seed, CHANNEL.soc);
    let discharged = 0;
    for (const { pcs, capacity } of this.strings) {
      const cycles = 300 * years * (0.9 + 0.2 * rand(seed, CHANNEL.install, pcs.salt));
      energy[`${pcs.spec.key}.dischargeEnergy`] = capacity * cycles;
      energy[`${pcs.spec.key}.chargeEnergy`] = (capacity * cycles) / 0.94;
      // One SOC for all strings: they are charged and discharged together.
      soc[pcs.spec.key] = start;
      discharged += capacity * cycles;
    }
    const used = this.loadPeak * 0.5 * 8760 * years;
    for (const device of this.devices) {
      if (device.spec.variables === 'loadMeter') energy[`${device.spec.key}.loadEnergy`] = used;
      else if (device.spec.kind === 'meter') {
        energy[`${device.spec.key}.importEnergy`] = Math.max(used - 0.7 * yieldSoFar, 0.2 * used);
        energy[`${device.spec.key}.exportEnergy`] = 0.3 * yieldSoFar + 0.05 * discharged;
      }
    }
    const soh = 99 - 0.6 * rand(seed, CHANNEL.install, 1);
    return { version: 1, ts: null, day: null, energy, soc, soh, heat: {}, cooling: {}, controls: {} };
  }

  // One step -------------------------------------------------------------------------------

  /** Moves the physics to `ts` and answers each device's readings (whether or not it can be reached). */
  private advance(ts: number): Map<Device, Values> {
    const s = this.current;
    const hours = s.ts === null ? 0 : (ts - s.ts) / HOUR;
    const env = this.environment(ts);
    if (s.day !== env.time.day) this.startDay(env.time.day);
    const readings = new Map<Device, Values>();
    const pv = this.photovoltaics(env, hours, readings);
    const load = this.loads(env, hours, readings);
    const flows = this.dispatch(env, pv - load, hours);
    const batteryLoad = this.pcsTotal > 0 ? flows.reduce((sum, p) => sum + Math.abs(p), 0) / this.pcsTotal : 0;
    const room = this.airConditioners(env, batteryLoad, hours, readings);
    const battery = this.batteries(env, flows, room, hours, readings);
    const grid = round(load - pv - battery, 2);
    this.meters(env, grid, hours, readings);
    this.transformers(env, grid, hours, readings);
    this.others(readings);
    s.ts = ts;
    return readings;
  }

  /** The readings that get through: none from a device whose communication is down. */
  private answer(ts: number, readings: Map<Device, Values>): Map<string, number> {
    const out = new Map<string, number>();
    for (const device of this.devices) {
      const values = readings.get(device) ?? {};
      if (inEvent(this.seed, CHANNEL.outage, device.salt, ts, 6 * HOUR, 0.1, 5 * MINUTE, 40 * MINUTE)) {
        const link = LINK_SIGNALS[device.spec.kind];
        if (link) out.set(`${device.spec.key}.${link}`, 0);
        continue;
      }
      for (const [code, key] of device.codes) {
        const value = values[code];
        if (value !== undefined) out.set(key, value);
      }
    }
    return out;
  }

  private environment(ts: number): Environment {
    const time = this.clock.at(ts);
    if (time.day !== this.weatherDay) {
      this.weatherDay = time.day;
      this.weather = dayWeather(this.seed, time.day);
    }
    const g = yearAngle(ts);
    const sun = clearSky(sunSine(ts, g, this.spec.latitude, this.spec.longitude));
    const irradiance = sun > 0 ? sun * clearness(this.seed, ts, this.weather) : 0;
    const ambient = ambientTemperature(this.seed, ts, g, this.spec.latitude, time.hour, this.weather);
    return { ts, time, irradiance, ambient };
  }

  /** A new local day: the daily yields start again. */
  private startDay(day: number): void {
    this.current.day = day;
    for (const { device } of this.inverters) this.current.energy[`${device.spec.key}.dailyYield`] = 0;
  }

  private add(key: string, kwh: number): number {
    const value = (this.current.energy[key] ?? 0) + kwh;
    this.current.energy[key] = value;
    return value;
  }

  private follow(key: string, target: number, hours: number, tau: number): number {
    const previous = this.current.heat[key];
    const value = previous === undefined ? target : lag(previous, target, hours, tau);
    this.current.heat[key] = value;
    return value;
  }

  /** Inverter readings; answers the photovoltaic AC power (kW) as the inverters report it. */
  private photovoltaics(env: Environment, hours: number, readings: Map<Device, Values>): number {
    if (this.inverters.length === 0) return 0;
    const cellTemp = env.ambient + 0.03 * env.irradiance;
    const derate = Math.max(0, 0.0038 * (cellTemp - 25));
    const ac = ((this.pvKwp * env.irradiance) / 1000) * (1 - derate) * 0.85;
    const rated = this.inverters.reduce((sum, i) => sum + i.rated, 0);
    let total = 0;
    for (const inverter of this.inverters) {
      const values = this.inverter(inverter, rated > 0 ? (ac * inverter.rated) / rated : 0, env, hours);
      readings.set(inverter.device, values);
      total += values.activePower ?? 0;
    }
    return total;
  }

  private inverter({ device, rated }: Inverter, share: number, env: Environment, hours: number): Values {
    const key = device.spec.key;
    const capped = Math.min(rated, share);
    const power = capped >= INVERTER_START * rated ? capped : 0;
    const load = rated > 0 ? power / rated : 0;
    const efficiency = power > 0 ? inverterEfficiency(load) : 0;
    const temperature = this.follow(`${key}.temperature`, env.ambient + 3 + 30 * load + (5 * env.irradiance) / 1000, hours, 0.3);
    return {
      activePower: round(power, 2),
      dcPower: round(power > 0 ? power / efficiency : 0, 2),
      dailyYield: round(this.add(`${key}.dailyYield`, power * hours), 2),
      totalYield: round(this.add(`${key}.totalYield`, power * hours), 2),
      efficiency: round(efficiency * 100, 2),
      temperature: round(temperature, 1),
      runState: power > 0 ? 1 : 0,
    };
  }

  /** Load meter readings; answers the load (kW) as the meter reports it. */
  private loads(env: Environment, hours: number, readings: Map<Device, Values>): number {
    const noise =
      1 +
      0.08 * (smoothNoise(this.seed, CHANNEL.load, env.ts, 10 * MINUTE) - 0.5) +
      0.02 * (rand(this.seed, CHANNEL.jitter, Math.floor(env.ts / 5000)) - 0.5);
    const load = round(this.loadPeak * loadShape(env.time, env.ambient) * noise, 2);
    for (const device of this.of('meter')) {
      if (device.spec.variables !== 'loadMeter') continue;
      readings.set(device, { loadPower: load, loadEnergy: round(this.add(`${device.spec.key}.loadEnergy`, load * hours), 2) });
    }
    return load;
  }

  /** Power (kW, > 0 discharging) of each PCS over the step, after stops, faults and SOC limits; SOC follows. */
  private dispatch(env: Environment, surplus: number, hours: number): number[] {
    const period = tariffPeriod(env.time);
    return this.strings.map((string) => {
      const key = string.pcs.spec.key;
      const soc = this.current.soc[key] ?? 50;
      const share = this.pcsTotal > 0 ? (surplus * string.rated) / this.pcsTotal : 0;
      const available = this.current.controls[`${key}.runState`] !== 0 && !this.faulty(string, env.ts);
      // Off the grid the converter forms the island: it covers its share of the load (or stores the
      // photovoltaic surplus) instead of following the tariff.
      const islanded = this.current.controls[`${key}.gridMode`] === 0;
      const wanted = !available
        ? 0
        : islanded
          ? clamp(-share, -string.rated, string.rated)
          : plannedPower(period, env.time, soc, string.capacity, string.rated, this.pvKwp > 0 ? share : 0);
      const applied = applyPower(soc, string.capacity, wanted, hours);
      this.current.soc[key] = applied.soc;
      return applied.power;
    });
  }

  /** Rare seeded PCS faults: about four a year, half an hour to two and a half hours each. */
  private faulty(string: BatteryString, ts: number): boolean {
    return inEvent(this.seed, CHANNEL.fault, string.pcs.salt, ts, DAY, 0.012, 30 * MINUTE, 150 * MINUTE);
  }

  /** Air conditioner readings; answers the room temperature the battery sits in (ambient where there is none). */
  private airConditioners(env: Environment, batteryLoad: number, hours: number, readings: Map<Device, Values>): number {
    const units = this.of('airConditioner');
    if (units.length === 0) return env.ambient;
    const passive = env.ambient + 3 + (3 * env.irradiance) / 1000 + 4 * batteryLoad;
    let sum = 0;
    for (const device of units) {
      const key = device.spec.key;
      const before = this.current.heat[`${key}.indoorTemp`] ?? Math.min(passive, AUTO_COOLING);
      const on = this.cooling(key, before, passive);
      const indoor = roomTemperature(before, passive, on === 1, hours);
      this.current.heat[`${key}.indoorTemp`] = indoor;
      sum += indoor;
      readings.set(device, { runState: on, indoorTemp: round(indoor, 1), setTemp: SET_TEMP });
    }
    return sum / units.length;
  }

  /** Whether an air conditioner runs: as controlled, else on above 27 °C and off once the room would stay cool without it. */
  private cooling(key: string, indoor: number, passive: number): number {
    const control = this.current.controls[`${key}.runState`];
    const previous = this.current.cooling[key] ?? 0;
    const on = control ?? (indoor > AUTO_COOLING ? 1 : passive < SET_TEMP ? 0 : previous);
    this.current.cooling[key] = on;
    return on;
  }

  /** PCS, BMS and cluster readings and the battery counters; answers the PCS power (kW) as the PCSs report it. */
  private batteries(env: Environment, flows: number[], room: number, hours: number, readings: Map<Device, Values>): number {
    let total = 0;
    let discharged = 0;
    const cells: number[] = [];
    const voltages: number[] = [];
    let current = 0;
    this.strings.forEach((string, i) => {
      const power = flows[i] ?? 0;
      const key = string.pcs.spec.key;
      const load = string.rated > 0 ? power / string.rated : 0;
      const voltage = packVoltage(this.current.soc[key] ?? 50, load);
      cells.push(this.follow(`${key}.cells`, room + 1.5 + 16 * Math.abs(load) ** 1.2, hours, 0.75));
      voltages.push(voltage);
      current += (cellPower(power) * 1000) / voltage;
      discharged += Math.max(power, 0) * hours;
      const values = this.pcs(string, power, voltage, room, hours, env.ts);
      readings.set(string.pcs, values);
      total += values.activePower ?? 0;
    });
    if (this.batteryKwh > 0) this.current.soh = Math.max(70, this.current.soh - (SOH_PER_CYCLE * discharged) / this.batteryKwh);
    this.bms(cells, voltages, current, readings);
    for (const cluster of this.clusters) readings.set(cluster.device, this.cluster(cluster, flows, cells));
    return total;
  }

  private pcs(string: BatteryString, power: number, voltage: number, room: number, hours: number, ts: number): Values {
    const key = string.pcs.spec.key;
    const load = string.rated > 0 ? Math.abs(power) / string.rated : 0;
    const stopped = this.current.controls[`${key}.runState`] === 0;
    const reactive =
      power === 0 ? 0 : string.rated * 0.03 * (smoothNoise(this.seed, CHANNEL.reactive, ts, 10 * MINUTE, string.pcs.salt) - 0.5);
    return {
      activePower: round(power, 2),
      reactivePower: round(reactive, 2),
      dcVoltage: round(voltage, 1),
      temperature: round(this.follow(`${key}.temperature`, room + 4 + 25 * load, hours, 0.3), 1),
      chargeEnergy: round(this.add(`${key}.chargeEnergy`, Math.max(-power, 0) * hours), 2),
      dischargeEnergy: round(this.add(`${key}.dischargeEnergy`, Math.max(power, 0) * hours), 2),
      runState: stopped ? 0 : 1,
      faultState: this.faulty(string, ts) ? 1 : 0,
      gridMode: this.current.controls[`${key}.gridMode`] === 0 ? 0 : 1,
    };
  }

  private bms(cells: number[], voltages: number[], current: number, readings: Map<Device, Values>): void {
    if (this.strings.length === 0) return;
    const soc =
      this.strings.reduce((sum, s) => sum + (this.current.soc[s.pcs.spec.key] ?? 0) * s.capacity, 0) /
      Math.max(this.batteryKwh, 1);
    const hottest = Math.max(...cells) + 2.5;
    const voltage = voltages.reduce((a, b) => a + b, 0) / voltages.length;
    for (const device of this.of('bms')) {
      readings.set(device, {
        soc: round(soc, 2),
        soh: round(this.current.soh, 2),
        voltage: round(voltage, 1),
        current: round(current, 1),
        maxCellTemp: round(hottest, 1),
        minCellTemp: round(Math.min(...cells) - 1.5, 1),
        alarmState: hottest > CELL_ALARM ? 1 : 0,
      });
    }
  }

  private cluster({ string, siblings, offset }: Cluster, flows: number[], cells: number[]): Values {
    const i = this.strings.indexOf(string);
    const power = flows[i] ?? 0;
    const soc = this.current.soc[string.pcs.spec.key] ?? 50;
    const voltage = packVoltage(soc, string.rated > 0 ? power / string.rated : 0) + 2 * offset;
    return {
      soc: round(clamp(soc + 0.8 * offset, SOC_MIN, SOC_MAX), 2),
      voltage: round(voltage, 1),
      current: round((cellPower(power) * 1000) / voltage / siblings, 1),
      temperature: round((cells[i] ?? 25) + offset, 1),
    };
  }

  /** Grid meter readings: the power and counters of the connection point (positive import). */
  private meters(env: Environment, grid: number, hours: number, readings: Map<Device, Values>): void {
    const seed = this.seed;
    const ts = env.ts;
    for (const device of this.of('meter')) {
      if (device.spec.variables === 'loadMeter') continue;
      const key = device.spec.key;
      const voltage = 230 * (1 + 0.036 * (smoothNoise(seed, CHANNEL.grid, ts, 7 * MINUTE, 1) - 0.5));
      const powerFactor = 0.95 + 0.04 * smoothNoise(seed, CHANNEL.grid, ts, 23 * MINUTE, 2 + device.salt);
      const frequency = 50 + 0.09 * (smoothNoise(seed, CHANNEL.grid, ts, MINUTE, 3) - 0.5);
      // Each phase apart from the others: the network's voltages within about ±0.4 %, the loads'
      // single-phase share moving each phase's current by up to about ±12 %, more when the power is low.
      const phase = (channel: number, index: number, period: number) =>
        2 * (smoothNoise(seed, channel, ts, period, index + 10 * device.salt) - 0.5);
      const light = Math.abs(grid) < 50 ? 1.6 : 1;
      const share = (Math.abs(grid) * 1000) / (3 * voltage * powerFactor);
      const [va, vb, vc] = [0, 1, 2].map((i) => voltage * (1 + 0.004 * phase(CHANNEL.phases, i, 17 * MINUTE))) as [
        number,
        number,
        number,
      ];
      const [ia, ib, ic] = [3, 4, 5].map((i) => share * (1 + 0.12 * light * phase(CHANNEL.phases, i, 41 * MINUTE))) as [
        number,
        number,
        number,
      ];
      readings.set(device, {
        activePower: grid,
        importEnergy: round(this.add(`${key}.importEnergy`, Math.max(grid, 0) * hours), 2),
        exportEnergy: round(this.add(`${key}.exportEnergy`, Math.max(-grid, 0) * hours), 2),
        voltageA: round(va, 1),
        voltageB: round(vb, 1),
        voltageC: round(vc, 1),
        currentA: round(ia, 1),
        currentB: round(ib, 1),
        currentC: round(ic, 1),
        powerFactor: round(powerFactor, 3),
        frequency: round(frequency, 3),
        // Converters and the loads' electronics distort the voltage: about 1.5–3.5 %, within the limits.
        voltageThd: round(1.5 + 2 * smoothNoise(seed, CHANNEL.harmonics, ts, 29 * MINUTE, device.salt), 2),
      });
    }
  }

  private transformers(env: Environment, grid: number, hours: number, readings: Map<Device, Values>): void {
    const rate = Math.abs(grid) / this.transformerRating;
    for (const device of this.of('transformer')) {
      const key = device.spec.key;
      const oil = this.follow(`${key}.oilTemp`, env.ambient + 4 + 38 * rate ** 2, hours, 2);
      const winding = this.follow(`${key}.windingTemp`, oil + 2 + 22 * rate ** 1.6, hours, 0.3);
      readings.set(device, { oilTemp: round(oil, 1), windingTemp: round(winding, 1), loadRate: round(rate * 100, 2) });
    }
  }

  private others(readings: Map<Device, Values>): void {
    for (const device of this.of('emsController')) readings.set(device, { commStatus: 1, runMode: 0 });
    for (const device of this.of('camera')) readings.set(device, { online: 1 });
  }
}
