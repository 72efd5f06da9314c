/**
 * The physics of a simulated station: sun, weather, loads, photovoltaics, battery dispatch on a
 * time-of-use tariff, meters, transformer, air conditioning and communication outages
 * (surroundings.ts and equipment.ts hold the parts of it that are functions). Every
 * random-looking value is a hash of the station's seed and the time, so that the same seed and
 * times give the same values whatever the pattern of steps; only what physically accumulates
 * (counters, states of charge, lagging temperatures) depends on the steps taken.
 */
import {
  AUTO_COOLING,
  type ModelState,
  type BatteryString,
  CELL_ALARM,
  type Cluster,
  type Device,
  INVERTER_START,
  type Inverter,
  LINK_SIGNALS,
  SET_TEMP,
  SOC_MAX,
  SOC_MIN,
  SOH_PER_CYCLE,
  applyPower,
  cellPower,
  groupByKind,
  initialState,
  inverterEfficiency,
  packVoltage,
  plannedPower,
  roomTemperature,
  tariffPeriod,
} from './equipment';
import {
  CHANNEL,
  DAY,
  type Environment,
  HOUR,
  LocalClock,
  MINUTE,
  type Weather,
  type WeatherCondition,
  ambientTemperature,
  clamp,
  clearSky,
  clearness,
  dayWeather,
  gridQuality,
  hashText,
  inEvent,
  lag,
  loadShape,
  rand,
  round,
  smoothNoise,
  sunSine,
  yearAngle,
} from './surroundings';
import { VARIABLES, type DeviceKind, type StationSpec } from './topology';

type Values = Record<string, number>;

/** Longer gaps are walked through in steps of this length, so that SOC and counters follow the course of the day. */
const MAX_STEP = 15 * MINUTE;

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
    const device = this.deviceOf(deviceKey);
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
    const fresh = initialState({
      seed: this.seed,
      devices: this.devices,
      inverters: this.inverters,
      strings: this.strings,
      pvKwp: this.pvKwp,
      loadPeak: this.loadPeak,
    });
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

  /**
   * The device of the station keyed `deviceKey`.
   * @throws RangeError for an unknown device.
   */
  private deviceOf(deviceKey: string): Device {
    const device = this.devices.find((d) => d.spec.key === deviceKey);
    if (!device) throw new RangeError(`No device ${deviceKey} in station ${this.spec.sn}`);
    return device;
  }

  /** Whether the device's communication is down at `ts`: seeded outages of 5 to 40 minutes, in about one 6-hour slot in ten. */
  private inOutage(device: Device, ts: number): boolean {
    return inEvent(this.seed, CHANNEL.outage, device.salt, ts, 6 * HOUR, 0.1, 5 * MINUTE, 40 * MINUTE);
  }

  /**
   * Whether the device has an outage at any time from `from` to `to` (looked at each minute: an
   * outage lasts five at least).
   * @throws RangeError for an unknown device.
   */
  outageWithin(deviceKey: string, from: number, to: number): boolean {
    const device = this.deviceOf(deviceKey);
    for (let ts = from; ts < to + MINUTE; ts += MINUTE) if (this.inOutage(device, Math.min(ts, to))) return true;
    return false;
  }

  /** The readings that get through: none from a device whose communication is down. */
  private answer(ts: number, readings: Map<Device, Values>): Map<string, number> {
    const out = new Map<string, number>();
    for (const device of this.devices) {
      const values = readings.get(device) ?? {};
      if (this.inOutage(device, ts)) {
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
    for (const device of this.of('meter')) {
      if (device.spec.variables === 'loadMeter') continue;
      const key = device.spec.key;
      readings.set(device, {
        activePower: grid,
        importEnergy: round(this.add(`${key}.importEnergy`, Math.max(grid, 0) * hours), 2),
        exportEnergy: round(this.add(`${key}.exportEnergy`, Math.max(-grid, 0) * hours), 2),
        ...gridQuality(this.seed, device.salt, env.ts, grid),
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
