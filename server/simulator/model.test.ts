import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { describe, expect, test } from 'vitest';
import { unbalance } from '../emsdevices/unbalance';
import { LINK_SIGNALS } from './equipment';
import { StationModel } from './model';
import { DEVICES, VARIABLES, type StationSpec } from './topology';

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONE = 'Asia/Shanghai';
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const station = (type: StationSpec['type'], capacity: number, seed: number): StationSpec => ({
  sn: `SIM-${type}`,
  type,
  latitude: 31.23,
  longitude: 121.47,
  capacity,
  zone: ZONE,
  seed,
  devices: DEVICES[type],
});

const STORAGE = station('storage', 2000, 11);
const PHOTOVOLTAIC = station('photovoltaic', 1500, 22);
const EMS = station('ems', 600, 33);
const STATIONS = [STORAGE, PHOTOVOLTAIC, EMS];
const WITH_PV = [PHOTOVOLTAIC, EMS];
const WITH_BATTERY = [STORAGE, EMS];

/** Milliseconds of a local time in Shanghai ('2025-03-12 08:00'). */
const at = (local: string): number => dayjs.tz(local, ZONE).valueOf();
/** Local hour of day in Shanghai, which keeps UTC+8 all year. */
const hourOf = (ts: number): number => ((((ts + 8 * HOUR) % DAY) + DAY) % DAY) / HOUR;

interface Sample {
  ts: number;
  values: Map<string, number>;
}

/** Steps a model from `from` up to (not including) `to`, every `minutes`. */
function run(model: StationModel, from: number, to: number, minutes: number): Sample[] {
  const samples: Sample[] = [];
  for (let ts = from; ts < to; ts += minutes * MINUTE) samples.push({ ts, values: model.step(ts) });
  return samples;
}

const cache = new Map<string, Sample[]>();
/** The same simulation is shared by the tests that only read it. */
function simulate(spec: StationSpec, from: string, to: string, minutes: number): Sample[] {
  const key = `${spec.sn} ${from} ${to} ${minutes}`;
  const cached = cache.get(key) ?? run(new StationModel(spec), at(from), at(to), minutes);
  cache.set(key, cached);
  return cached;
}

const WEEK: [string, string] = ['2025-03-10 00:00', '2025-03-17 00:00'];
const WINTER_WEEK: [string, string] = ['2025-01-06 00:00', '2025-01-13 00:00'];
const SUMMER_WEEK: [string, string] = ['2025-07-07 00:00', '2025-07-14 00:00'];

const keysOf = (spec: StationSpec, kind: 'counter' | 'gauge' | 'signal' | 'any' = 'any'): string[] =>
  spec.devices.flatMap((d) =>
    VARIABLES[d.variables].filter((v) => kind === 'any' || v.kind === kind).map((v) => `${d.key}.${v.code}`),
  );

const inverterKeys = (spec: StationSpec): string[] => spec.devices.filter((d) => d.kind === 'pvInverter').map((d) => d.key);
const pcsKeys = (spec: StationSpec): string[] => spec.devices.filter((d) => d.kind === 'pcs').map((d) => d.key);

/** The sum of a variable over some devices, or undefined when one of them is out of reach. */
function total(values: Map<string, number>, devices: string[], code: string): number | undefined {
  let sum = 0;
  for (const device of devices) {
    const value = values.get(`${device}.${code}`);
    if (value === undefined) return undefined;
    sum += value;
  }
  return sum;
}

const mean = (numbers: number[]): number => numbers.reduce((a, b) => a + b, 0) / numbers.length;

describe.each(STATIONS.map((spec) => [spec.type, spec] as const))('a simulated %s station', (_type, spec) => {
  test('answers every variable of every device while all of them can be reached', () => {
    const expected = keysOf(spec).sort();
    const complete = simulate(spec, ...WEEK, 5).filter((s) => s.values.size === expected.length);
    expect(complete.length).toBeGreaterThan(1000);
    expect([...(complete[0]?.values.keys() ?? [])].sort()).toEqual(expected);
    const unfinite = complete.flatMap((s) => [...s.values].filter(([, value]) => !Number.isFinite(value)));
    expect(unfinite).toEqual([]);
  });

  test.each([
    ['a week of 5-minute steps', ...WEEK, 5],
    ['a month of 15-minute steps', '2025-07-01 00:00', '2025-08-01 00:00', 15],
  ] as const)('every counter only grows over %s', (_case, from, to, minutes) => {
    const counters = keysOf(spec, 'counter');
    const last = new Map<string, number>();
    const fallen: string[] = [];
    for (const { ts, values } of simulate(spec, from, to, minutes)) {
      for (const key of counters) {
        const value = values.get(key);
        if (value === undefined) continue;
        if (value < (last.get(key) ?? 0)) fallen.push(`${key} ${new Date(ts).toISOString()}: ${last.get(key)} → ${value}`);
        last.set(key, value);
      }
    }
    expect(fallen).toEqual([]);
    expect(last.size).toBe(counters.length);
  });

  test.each([
    ['.soc', 10, 95],
    ['BMS.voltage', 700, 800],
    ['BMS.soh', 95, 100],
    ['MTR.voltageA', 224.9, 235.1],
    ['MTR.voltageB', 224.9, 235.1],
    ['MTR.voltageC', 224.9, 235.1],
    ['MTR.voltageThd', 1.5, 3.5],
    ['MTR.powerFactor', 0.95, 0.99],
    ['MTR.frequency', 49.95, 50.05],
    ['.efficiency', 0, 98.5],
    ['.runState', 0, 1],
    ['AC.setTemp', 25, 25],
    ['.loadPower', 0, 2000],
    ['.loadRate', 0, 100],
  ] as const)('keeps %s within %d to %d', (suffix, low, high) => {
    const outside: string[] = [];
    let seen = 0;
    for (const [from, to] of [WINTER_WEEK, SUMMER_WEEK]) {
      for (const { values } of simulate(spec, from, to, 15)) {
        for (const [key, value] of values) {
          if (!key.endsWith(suffix)) continue;
          seen++;
          if (value < low || value > high) outside.push(`${key} = ${value}`);
        }
      }
    }
    expect(outside).toEqual([]);
    expect(seen > 0).toBe(keysOf(spec).some((key) => key.endsWith(suffix)));
  });

  test('has the grid meter read load − photovoltaics − discharge + charge at each step', () => {
    const inverters = inverterKeys(spec);
    const pcs = pcsKeys(spec);
    let checked = 0;
    for (const { values } of simulate(spec, ...WEEK, 5)) {
      const grid = values.get('MTR.activePower');
      const load = values.get('LOAD.loadPower');
      const pv = total(values, inverters, 'activePower');
      const battery = total(values, pcs, 'activePower');
      if (grid === undefined || load === undefined || pv === undefined || battery === undefined) continue;
      expect(Math.abs(grid - (load - pv - battery))).toBeLessThan(0.006);
      checked++;
    }
    expect(checked).toBeGreaterThan(1500);
  });

  test('loses devices for a while, and has them back afterwards', () => {
    const samples = simulate(spec, ...WEEK, 5);
    const returning = spec.devices.filter((device) => {
      const key = `${device.key}.${VARIABLES[device.variables][0]?.code}`;
      const gone = samples.findIndex((s) => !s.values.has(key));
      return gone > 0 && samples.slice(gone).some((s) => s.values.has(key));
    });
    expect(returning.length).toBeGreaterThan(0);
  });

  test('tells beforehand when a device is out of reach: outageWithin agrees with the samples', () => {
    const samples = simulate(spec, ...WEEK, 5);
    const model = new StationModel(spec);
    let outages = 0;
    for (const device of spec.devices)
      for (const { ts, values } of samples) {
        // Out of reach, a device answers nothing but its link signal, which reads 0.
        const link = LINK_SIGNALS[device.kind];
        const missing =
          VARIABLES[device.variables].some((v) => v.code !== link && !values.has(`${device.key}.${v.code}`)) ||
          (link !== undefined && values.get(`${device.key}.${link}`) === 0);
        expect(model.outageWithin(device.key, ts, ts), `${device.key} at ${ts}`).toBe(missing);
        if (missing) outages += 1;
      }
    expect(outages).toBeGreaterThan(0);
    const [from, to] = [at(WEEK[0]), at(WEEK[1])];
    expect(spec.devices.some((device) => model.outageWithin(device.key, from, to))).toBe(true);
  });

  test('gives the same values for the same seed and times, and others for another seed', () => {
    const from = at('2025-05-01 00:00');
    const to = at('2025-05-03 00:00');
    const first = run(new StationModel(spec), from, to, 5);
    const again = run(new StationModel(spec), from, to, 5);
    const other = run(new StationModel({ ...spec, seed: spec.seed + 1 }), from, to, 5);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  test('resumes from a stored state exactly where it left off', () => {
    const model = new StationModel(spec);
    run(model, at('2025-05-01 00:00'), at('2025-05-02 00:00'), 5);
    const stored: unknown = JSON.parse(JSON.stringify(model.state()));
    const resumed = new StationModel(spec, stored as ReturnType<StationModel['state']>);
    const from = at('2025-05-02 00:00');
    expect(run(resumed, from, from + DAY, 5)).toEqual(run(model, from, from + DAY, 5));
  });
});

describe.each(WITH_PV.map((spec) => [spec.type, spec] as const))('photovoltaics of a %s station', (_type, spec) => {
  const inverters = inverterKeys(spec);
  const pvPower = (values: Map<string, number>) => total(values, inverters, 'activePower');
  const yieldOf = (samples: Sample[]) => {
    const totals = samples.map((s) => total(s.values, inverters, 'totalYield')).filter((v) => v !== undefined);
    return (totals[totals.length - 1] ?? 0) - (totals[0] ?? 0);
  };

  test('produce nothing at night and most around noon on the sunniest day of a week', () => {
    const samples = simulate(spec, ...WEEK, 5);
    const night = samples.filter((s) => hourOf(s.ts) >= 20 || hourOf(s.ts) < 4);
    expect(night.length).toBeGreaterThan(500);
    expect(night.filter((s) => (pvPower(s.values) ?? 0) !== 0)).toEqual([]);
    const days = Array.from({ length: 7 }, (_, d) => samples.filter((s) => Math.floor((s.ts - at(WEEK[0])) / DAY) === d));
    const sunniest = days.reduce((best, day) => (yieldOf(day) > yieldOf(best) ? day : best));
    const highest = sunniest.reduce((best, s) => ((pvPower(s.values) ?? 0) > (pvPower(best.values) ?? 0) ? s : best));
    expect(hourOf(highest.ts)).toBeGreaterThanOrEqual(10.5);
    expect(hourOf(highest.ts)).toBeLessThanOrEqual(13.5);
  });

  test('yield more in a June week than in a December week', () => {
    const june = yieldOf(simulate(spec, '2025-06-09 00:00', '2025-06-16 00:00', 15));
    const december = yieldOf(simulate(spec, '2025-12-08 00:00', '2025-12-15 00:00', 15));
    expect(june).toBeGreaterThan(december * 1.2);
  });

  test('count the daily yield from zero again at local midnight', () => {
    const samples = simulate(spec, ...WEEK, 5);
    const key = `${inverters[0]}.dailyYield`;
    let restarts = 0;
    for (let i = 1; i < samples.length; i++) {
      const before = samples[i - 1]?.values.get(key);
      const now = samples[i];
      const after = now?.values.get(key);
      if (!now || before === undefined || after === undefined) continue;
      if (hourOf(now.ts) === 0) {
        expect(before).toBeGreaterThan(0);
        expect(after).toBe(0);
        restarts++;
      } else expect(after).toBeGreaterThanOrEqual(before);
    }
    expect(restarts).toBeGreaterThanOrEqual(5);
  });
});

describe.each(WITH_BATTERY.map((spec) => [spec.type, spec] as const))('the battery of a %s station', (_type, spec) => {
  const pcs = pcsKeys(spec);

  test.each([
    ['charges in the valley, 00:00 to 08:00', '2025-03-12', 0, 8, -1],
    ['discharges in the morning peak, 08:00 to 11:00', '2025-03-12', 8, 11, 1],
    ['discharges in the evening peak, 18:00 to 21:00', '2025-03-12', 18, 21, 1],
    ['discharges in the summer afternoon peak, 13:00 to 15:00', '2025-07-16', 13, 15, 1],
  ] as const)('%s on a weekday', (_case, day, from, to, sign) => {
    const samples = simulate(spec, `${day} 00:00`, `${day} 23:59`, 5);
    const powers = samples
      .filter((s) => hourOf(s.ts) >= from && hourOf(s.ts) < to)
      .map((s) => total(s.values, pcs, 'activePower'))
      .filter((p) => p !== undefined);
    expect(Math.sign(mean(powers))).toBe(sign);
  });

  test('warms its room beyond 27 °C in summer once the air conditioner is switched off', () => {
    const model = new StationModel(spec);
    run(model, at('2025-07-15 00:00'), at('2025-07-15 10:00'), 15);
    model.control('AC', 'runState', 0);
    const samples = run(model, at('2025-07-15 10:00'), at('2025-07-15 18:00'), 15);
    const temps = samples.map((s) => s.values.get('AC.indoorTemp')).filter((v) => v !== undefined);
    expect(Math.max(...temps)).toBeGreaterThan(27);
    expect(samples.filter((s) => s.values.get('AC.runState') === 1)).toEqual([]);
  });

  test.each([
    ['a variable that cannot be controlled', 'PCS1', 'activePower', 0],
    ['an unknown device', 'PCS9', 'runState', 0],
    ['a value other than on or off', 'PCS1', 'runState', 2],
  ])('refuses to control %s', (_case, device, code, value) => {
    expect(() => new StationModel(spec).control(device, code, value)).toThrow(RangeError);
  });
});

test('a storage station without photovoltaics stays idle in the flat hours 11:00 to 13:00', () => {
  const samples = simulate(STORAGE, '2025-03-12 00:00', '2025-03-12 23:59', 5);
  const flat = samples.filter((s) => hourOf(s.ts) >= 11 && hourOf(s.ts) < 13);
  expect(flat.map((s) => total(s.values, pcsKeys(STORAGE), 'activePower') ?? 0).filter((p) => p !== 0)).toEqual([]);
});

test.each([
  ['an EMS station', 'BMS.soc', EMS],
  ['a storage station', 'BC1.soc', STORAGE],
])('%s keeps the charge behind a stopped PCS (%s), which has no power until started again', (_case, socKey, spec) => {
  const model = new StationModel(spec);
  run(model, at('2025-03-11 00:00'), at('2025-03-12 02:00'), 15);
  model.control('PCS1', 'runState', 0);
  const stopped = run(model, at('2025-03-12 02:00'), at('2025-03-13 00:00'), 15);
  const socs = stopped.map((s) => s.values.get(socKey)).filter((v) => v !== undefined);
  expect(socs.length).toBeGreaterThan(80);
  expect(new Set(socs).size).toBe(1);
  expect(
    stopped.filter((s) => (s.values.get('PCS1.activePower') ?? 0) !== 0 || (s.values.get('PCS1.runState') ?? 0) !== 0),
  ).toEqual([]);
  model.control('PCS1', 'runState', 1);
  const restarted = run(model, at('2025-03-13 00:00'), at('2025-03-13 08:00'), 15);
  expect(restarted.some((s) => (s.values.get('PCS1.activePower') ?? 0) < 0)).toBe(true);
});

test('three phases of the grid meter stay close in voltage and apart in current, a few per cent unbalanced', () => {
  const samples = simulate(STORAGE, ...WEEK, 15);
  const of = (s: Sample, code: string) => s.values.get(`MTR.${code}`);
  const voltage = samples.map((s) => unbalance(of(s, 'voltageA'), of(s, 'voltageB'), of(s, 'voltageC')) ?? 0);
  const current = samples.flatMap((s) => unbalance(of(s, 'currentA'), of(s, 'currentB'), of(s, 'currentC')) ?? []);
  expect(Math.max(...voltage)).toBeLessThan(1);
  expect(Math.max(...voltage)).toBeGreaterThan(0.1);
  expect(mean(current)).toBeGreaterThan(3);
  expect(mean(current)).toBeLessThan(12);
  // Now and then a phase's share of a light load leaves the platform's 15 % limit.
  expect(Math.max(...current)).toBeGreaterThan(15);
});

test('a PCS switched off the grid covers its share of the load from its battery in the flat hours, where on the grid it idles', () => {
  const model = new StationModel(STORAGE);
  run(model, at('2025-03-11 00:00'), at('2025-03-12 11:00'), 15);
  model.control('PCS1', 'gridMode', 0);
  const islanded = run(model, at('2025-03-12 11:00'), at('2025-03-12 12:00'), 15).slice(1);
  expect(islanded.length).toBe(3);
  for (const s of islanded) {
    expect(s.values.get('PCS1.gridMode')).toBe(0);
    expect(s.values.get('PCS1.activePower')).toBeGreaterThan(0);
    // The other PCS stays on the grid and idles, as the flat hours have it.
    expect(s.values.get('PCS2.activePower')).toBe(0);
  }
  model.control('PCS1', 'gridMode', 1);
  const back = run(model, at('2025-03-12 13:00'), at('2025-03-12 14:00'), 15).slice(1);
  expect(back.map((s) => [s.values.get('PCS1.gridMode'), s.values.get('PCS1.activePower')])).toEqual(back.map(() => [1, 0]));
});

test('walks through a gap of hours as if it had been stepped every 15 minutes', () => {
  const from = at('2025-04-01 00:00');
  const stepped = new StationModel(EMS);
  run(stepped, from, from + 6 * HOUR, 15);
  const jumped = new StationModel(EMS);
  jumped.step(from);
  expect(jumped.step(from + 6 * HOUR)).toEqual(stepped.step(from + 6 * HOUR));
  expect(() => jumped.step(from)).toThrow(RangeError);
});

test('keeps to local time across a change of clocks', () => {
  const zone = 'Europe/Berlin';
  const model = new StationModel({ ...PHOTOVOLTAIC, zone, latitude: 52.52, longitude: 13.4 });
  const restarts: string[] = [];
  let before = 0;
  for (
    let ts = dayjs.tz('2025-03-29 12:00', zone).valueOf();
    ts < dayjs.tz('2025-04-01 12:00', zone).valueOf();
    ts += 5 * MINUTE
  ) {
    const daily = model.step(ts).get('INV1.dailyYield');
    if (daily === undefined) continue;
    if (daily < before) restarts.push(dayjs(ts).tz(zone).format('YYYY-MM-DD HH:mm'));
    before = daily;
  }
  expect(restarts).toEqual(['2025-03-30 00:00', '2025-03-31 00:00', '2025-04-01 00:00']);
});

test('simulates a month of 15-minute steps of a station in well under a second', () => {
  const model = new StationModel(EMS);
  const started = performance.now();
  const samples = run(model, at('2025-01-01 00:00'), at('2025-02-01 00:00'), 15);
  const elapsed = performance.now() - started;
  console.log(`${samples.length} steps in ${elapsed.toFixed(0)} ms (${Math.round((samples.length / elapsed) * 1000)} steps/s)`);
  expect(elapsed).toBeLessThan(1000);
});

describe('the weather the model reports', () => {
  test('is dark at night, sunlit at noon on a sunny day, and matches what the panels produce', () => {
    const model = new StationModel(PHOTOVOLTAIC);
    expect(model.weatherAt(at('2025-06-10 01:00')).irradiance).toBe(0);
    const days = Array.from({ length: 30 }, (_, i) => at('2025-06-01 12:00') + i * DAY);
    const sunny = days.find((ts) => model.weatherAt(ts).condition === 'sunny');
    const rainy = days.find((ts) => model.weatherAt(ts).condition === 'rain');
    expect(sunny).toBeDefined();
    expect(model.weatherAt(sunny ?? 0).irradiance).toBeGreaterThan(500);
    if (rainy !== undefined) expect(model.weatherAt(rainy).irradiance).toBeLessThan(model.weatherAt(sunny ?? 0).irradiance);
    // The inverters see the same sky: their power at noon follows the irradiance reported.
    const power = (ts: number) =>
      [...new StationModel(PHOTOVOLTAIC).step(ts)]
        .filter(([key]) => key.startsWith('INV') && key.endsWith('.activePower'))
        .reduce((sum, [, v]) => sum + v, 0);
    if (rainy !== undefined) expect(power(rainy)).toBeLessThan(power(sunny ?? 0));
  });

  test('is the same whenever it is asked, and warmer in summer than in winter', () => {
    const a = new StationModel(STORAGE);
    const b = new StationModel(STORAGE);
    b.step(at('2025-01-01 00:00'));
    expect(a.weatherAt(at('2025-07-15 14:00'))).toEqual(b.weatherAt(at('2025-07-15 14:00')));
    const mean = (from: string) =>
      Array.from({ length: 30 * 24 }, (_, i) => a.weatherAt(at(from) + i * HOUR).temperature).reduce((s, t) => s + t, 0) /
      (30 * 24);
    expect(mean('2025-07-01 00:00')).toBeGreaterThan(mean('2025-01-01 00:00') + 10);
  });
});
