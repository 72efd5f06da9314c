/**
 * What a simulated station lives in: seeded randomness, local time in its zone, the sun, the day's
 * weather, the working day's loads and the grid's voltage quality. Every random-looking value is a
 * hash of the station's seed and the time, so that the same seed and times give the same values
 * whatever the pattern of steps.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
const TROPICAL_YEAR = 365.2422;
const RAD = Math.PI / 180;

/** Independent streams of randomness, so that e.g. the weather does not move when outages change. */
export const CHANNEL = {
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
export function rand(seed: number, channel: number, a = 0, b = 0): number {
  const h = mix(mix(mix(seed ^ Math.imul(channel, 0x9e3779b9)) ^ a) ^ b);
  return h / 4_294_967_296;
}

/** A stable number for a text, so that randomness follows a device's key rather than its position. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Value noise in [0, 1) varying smoothly over `period` ms: a function of time, not of the steps taken. */
export function smoothNoise(seed: number, channel: number, ts: number, period: number, salt = 0): number {
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
export function inEvent(
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
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

export const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/** First-order lag towards `target` with time constant `tau` (h): exact for any step, so 5 s and 15 min steps agree. */
export function lag(value: number, target: number, hours: number, tau: number): number {
  return target + (value - target) * Math.exp(-hours / tau);
}

// Local time -------------------------------------------------------------------------------

export interface LocalTime {
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
export class LocalClock {
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
export function yearAngle(ts: number): number {
  const days = ts / DAY - 10_957.5; // since 2000-01-01 12:00 UTC
  return (2 * Math.PI * (((days % TROPICAL_YEAR) + TROPICAL_YEAR) % TROPICAL_YEAR)) / TROPICAL_YEAR;
}

/** Sine of the sun's elevation (NOAA declination, equation of time and hour angle). */
export function sunSine(ts: number, g: number, latitude: number, longitude: number): number {
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
export function clearSky(sine: number): number {
  return sine > 0 ? 1000 * sine ** 1.15 : 0;
}

/** How a day looks. */
export type WeatherCondition = 'sunny' | 'cloudy' | 'rain';

export interface Weather {
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
export function dayWeather(seed: number, day: number): Weather {
  const kind = rand(seed, CHANNEL.weather, day);
  const depth = rand(seed, CHANNEL.weatherDepth, day);
  if (kind < 0.62) return { condition: 'sunny', clearness: 0.88 + 0.12 * depth, variability: 0.2, swing: 4, cooling: 0 };
  if (kind < 0.9) return { condition: 'cloudy', clearness: 0.3 + 0.25 * depth, variability: 0.4, swing: 2.5, cooling: 1 };
  return { condition: 'rain', clearness: 0.08 + 0.12 * depth, variability: 0.45, swing: 1.5, cooling: 2.5 };
}

/** Share of clear-sky irradiance at `ts`: the day's clearness cut by passing clouds of minutes and hours. */
export function clearness(seed: number, ts: number, weather: Weather): number {
  const clouds = 0.6 * smoothNoise(seed, CHANNEL.clouds, ts, 20 * MINUTE) + 0.4 * smoothNoise(seed, CHANNEL.gusts, ts, 2 * HOUR);
  return clamp(weather.clearness * (1 - weather.variability * clouds ** 2), 0.03, 1);
}

/**
 * Ambient temperature (°C): warm summers everywhere in the demo's latitudes, winters colder
 * further north (Guangzhou about 13 °C, Shanghai 5 °C, Beijing −3 °C), warmest mid-afternoon.
 */
export function ambientTemperature(
  seed: number,
  ts: number,
  g: number,
  latitude: number,
  hour: number,
  weather: Weather,
): number {
  const lat = Math.abs(latitude);
  const summer = 29 - Math.max(0, lat - 35) * 0.4;
  const winter = Math.min(summer - 2, 13 - (lat - 23) * 0.95);
  // Hottest around 20 July (20 January south of the equator).
  const season = Math.cos(g - 2 * Math.PI * 0.55) * (latitude >= 0 ? 1 : -1);
  const daily = weather.swing * Math.cos((2 * Math.PI * (hour - 14.5)) / 24);
  const drift = (smoothNoise(seed, CHANNEL.warmth, ts, DAY) - 0.5) * 5;
  return (summer + winter) / 2 + ((summer - winter) / 2) * season + daily + drift - weather.cooling;
}

// Loads ------------------------------------------------------------------------------------

/** Share of the peak load on a working day, hour by hour (00:00 to 24:00): office hours, a lunch dip, evenings. */
const WORKDAY = [
  0.32, 0.3, 0.3, 0.3, 0.3, 0.32, 0.4, 0.6, 0.85, 0.95, 0.97, 0.95, 0.72, 0.9, 0.96, 0.95, 0.92, 0.85, 0.62, 0.55, 0.5, 0.45, 0.4,
  0.35, 0.32,
];

/** Share of the peak load at a local time, with cooling on hot days and some heating on cold ones. */
export function loadShape(time: LocalTime, ambient: number): number {
  const index = Math.floor(time.hour);
  const f = time.hour - index;
  const shape = (WORKDAY[index] ?? 0.3) * (1 - f) + (WORKDAY[index + 1] ?? 0.3) * f;
  const weekend = time.weekday === 0 || time.weekday === 6;
  const cooling = 0.3 * clamp((ambient - 24) / 10, 0, 1);
  const heating = 0.1 * clamp((8 - ambient) / 10, 0, 1);
  return shape * (weekend ? 0.6 : 1) * (1 + cooling + heating);
}

/** The surroundings of a station at one time. */
export interface Environment {
  ts: number;
  time: LocalTime;
  irradiance: number;
  ambient: number;
}

// The grid ---------------------------------------------------------------------------------

/** What a meter at the connection point reads of the grid's voltage quality and the phases' currents, for `grid` kW through it. */
export function gridQuality(seed: number, salt: number, ts: number, grid: number): Record<string, number> {
  const voltage = 230 * (1 + 0.036 * (smoothNoise(seed, CHANNEL.grid, ts, 7 * MINUTE, 1) - 0.5));
  const powerFactor = 0.95 + 0.04 * smoothNoise(seed, CHANNEL.grid, ts, 23 * MINUTE, 2 + salt);
  const frequency = 50 + 0.09 * (smoothNoise(seed, CHANNEL.grid, ts, MINUTE, 3) - 0.5);
  // Each phase apart from the others: the network's voltages within about ±0.4 %, the loads'
  // single-phase share moving each phase's current by up to about ±12 %, more when the power is low.
  const phase = (channel: number, index: number, period: number) =>
    2 * (smoothNoise(seed, channel, ts, period, index + 10 * salt) - 0.5);
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
  return {
    voltageA: round(va, 1),
    voltageB: round(vb, 1),
    voltageC: round(vc, 1),
    currentA: round(ia, 1),
    currentB: round(ib, 1),
    currentC: round(ic, 1),
    powerFactor: round(powerFactor, 3),
    frequency: round(frequency, 3),
    // Converters and the loads' electronics distort the voltage: about 1.5–3.5 %, within the limits.
    voltageThd: round(1.5 + 2 * smoothNoise(seed, CHANNEL.harmonics, ts, 29 * MINUTE, salt), 2),
  };
}
