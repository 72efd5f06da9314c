import type { Services } from '../http/services';
import type { CatalogVariable, TenantCatalog } from '../telemetry/catalog';
import { RollupBuilder } from '../telemetry/rollups';
import type { DayRollup, HourRollup, MonthRollup, SampleInput } from '../telemetry/store';
import { issueCredentials } from '../collection/mqttCredentials';
import { Lease } from '../db/leases';
import type { Tables } from '../db/tables';
import type { ModelState } from './equipment';
import { StationModel } from './model';
import { registerLayout } from './registerLayout';
import { stationSpec } from './spec';
import { VARIABLES, type StationSpec } from './topology';
import { StationPublisher } from './publisher';
import { StationWire } from './wire';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Steps of the back-fill: fine within the raw window, coarser before it (only rollups are kept of those days). */
const FINE_STEP = 5 * MINUTE;
const COARSE_STEP = 15 * MINUTE;
/** Samples ingested at a time while catching up after a pause. */
const CATCH_UP_BATCH = 50_000;
/** How long the lease of a simulator process lasts without being renewed. */
const LEASE_MS = 60_000;
/** Steps of the model between two pauses of the back-fill, and rows of each kind written per transaction. */
const YIELD_EVERY = 500;
const WRITE_ROWS = 20_000;

/** Where the simulated stations' gateways listen: the first station at this port, the next at the one after, and so on. */
const WIRE_HOST = '127.0.0.1';
const FIRST_PORT = 15_021;
/** How far past its own port a station's gateway looks for a free one. */
const PORT_SEARCH = 2_000;

/** The ports a station's gateway tries: the one its channel names (to keep its address across restarts), its own, then the next free. */
function* candidatePorts(stored: unknown, own: number): Generator<number> {
  if (typeof stored === 'number' && stored > 0) yield stored;
  for (let port = own; port < own + PORT_SEARCH && port <= 65_535; port++) yield port;
}

/** Lets the server answer waiting requests before more back-fill work. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SimulatorOptions {
  /** Days of history the first start back-fills (395: 13 months). */
  historyDays: number;
  /** Days raw samples are kept; older days keep their rollups only. */
  rawRetentionDays: number;
  /** Milliseconds between live samples. */
  intervalMs: number;
  /** Progress messages. */
  log?: (message: string) => void;
}

/** A simulated station: its model, and the variable each value of the model goes to. */
interface Driven {
  tenantId: number;
  stationId: number;
  sn: string;
  zone: string;
  model: StationModel;
  spec: StationSpec;
  /** Model keys (`${deviceKey}.${code}`) to variables. */
  variables: Map<string, CatalogVariable>;
  ts: number | null;
  /** The station's Modbus TCP gateway, or its MQTT publishers, while this process drives it. */
  wire: StationWire | StationPublisher | undefined;
}

/**
 * Drives the simulated stations (those listed in `simulator_station`): on the first start it
 * back-fills their history, after a pause it catches up (history cannot be polled: both are
 * stored directly), then it serves each station's devices on the wire, a Modbus TCP gateway on a
 * loopback port named in the station's channel, whose registers it sets from the model every
 * interval; collectors read them like any site's, and remote-control commands come back as
 * register writes. On a shared database one process at a time holds the lease.
 */
export class Simulator {
  /** The lease that lets one node of a cluster drive the stations. */
  private readonly held: Lease;
  private readonly log: (message: string) => void;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private stations: Driven[] | undefined;
  /** Settles when the back-fill (or catch-up) of the first start is over. */
  ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: Services,
    private readonly options: SimulatorOptions,
  ) {
    this.log = options.log ?? (() => undefined);
    this.held = new Lease(services.database.db, 'simulator', LEASE_MS);
  }

  /** Starts in the background: history first, then live samples. */
  start(): void {
    this.ready = this.guard(() => this.prepare());
    this.running = this.ready;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    await this.unwire(this.stations ?? []);
    await this.held.release();
  }

  /**
   * Cuts a simulated device off its station's gateway (as a pulled cable does: the gateway answers
   * that it does not respond), or connects it again.
   * @throws RangeError when this process does not drive the station or it has no such device.
   */
  cut(stationSn: string, deviceKey: string, off: boolean): void {
    const wire = this.stations?.find((s) => s.sn === stationSn)?.wire;
    if (!wire) throw new RangeError(`No station ${stationSn} on the wire here`);
    wire.cut(deviceKey, off);
  }

  /**
   * Whether a simulated device has one of its seeded communication outages from `from` to `to`
   * (a test that cuts a device off picks one that has none meanwhile).
   * @throws RangeError when this process does not drive the station or it has no such device.
   */
  outageWithin(stationSn: string, deviceKey: string, from: number, to: number): boolean {
    const model = this.stations?.find((s) => s.sn === stationSn)?.model;
    if (!model) throw new RangeError(`No station ${stationSn} simulated here`);
    return model.outageWithin(deviceKey, from, to);
  }

  private async guard(work: () => Promise<void>): Promise<void> {
    if (this.stopped) return;
    try {
      await work();
    } catch (error) {
      this.log(`simulator: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  /** Takes or renews the lease; false while another node holds it. */
  lease(): Promise<boolean> {
    return this.held.take();
  }

  /** The simulated stations with their models, restored from their stored state. */
  private async load(): Promise<Driven[]> {
    const { db } = this.services.database;
    const rows = await db
      .selectFrom('simulatorStation as s')
      .innerJoin('station as st', (join) => join.onRef('st.id', '=', 's.stationId').onRef('st.tenantId', '=', 's.tenantId'))
      .select([
        's.tenantId',
        's.stationId',
        's.state',
        's.ts',
        'st.sn',
        'st.stationType',
        'st.latitude',
        'st.longitude',
        'st.capacity',
        'st.timeZone',
      ])
      .orderBy('s.tenantId')
      .orderBy('s.stationId')
      .execute();
    const stations: Driven[] = [];
    for (const row of rows) {
      const spec = stationSpec(row);
      const tenantId = Number(row.tenantId);
      const state = typeof row.state === 'string' ? (JSON.parse(row.state) as ModelState) : undefined;
      const station: Driven = {
        tenantId,
        stationId: Number(row.stationId),
        sn: spec.sn,
        zone: spec.zone,
        spec,
        model: new StationModel(spec, state),
        variables: new Map(),
        ts: row.ts === null || row.ts === undefined ? null : Number(row.ts),
        wire: undefined,
      };
      this.map(station, await this.services.telemetry.catalog.of(tenantId));
      stations.push(station);
    }
    return stations;
  }

  /** Finds the variable of each value of the model: `{station}-{device key}.{code}`, as the demo names them. */
  private map(station: Driven, catalog: TenantCatalog): void {
    station.variables.clear();
    const devices = new Map(station.spec.devices.map((device) => [`${station.sn}-${device.key}`, device.key]));
    for (const variable of catalog.byStation.get(station.sn) ?? []) {
      const key = devices.get(variable.deviceSn);
      if (key && variable.code) station.variables.set(`${key}.${variable.code}`, variable);
    }
  }

  /** The channels a station's devices are read through: where its gateway is to be found. */
  private async channelsOf(station: Driven): Promise<number[]> {
    const rows = await this.services.database.db
      .selectFrom('device')
      .select('channelId')
      .distinct()
      .where('tenantId', '=', station.tenantId)
      .where('stationId', '=', station.stationId)
      .where('channelId', 'is not', null)
      .execute();
    return rows.map((row) => Number(row.channelId));
  }

  /**
   * Opens each station's gateway, at the port its channel names when that is free (so that it
   * keeps its address across restarts), else the next of the simulator's own, else one the system
   * gives; the channel is told the port only once it listens, so a collector never reads another
   * process's devices there. A station whose channel speaks MQTT publishes instead.
   */
  private async wire(stations: Driven[]): Promise<void> {
    const { db } = this.services.database;
    for (const [index, station] of stations.entries()) {
      if (station.wire) continue;
      const channelIds = await this.channelsOf(station);
      const channels = channelIds.length
        ? await db
            .selectFrom('monitorChannel')
            .select(['id', 'protocol', 'port'])
            .where('tenantId', '=', station.tenantId)
            .where('id', 'in', channelIds)
            .orderBy('id')
            .execute()
        : [];
      const devices = station.spec.devices.map((device) => {
        const variables = VARIABLES[device.variables];
        return { device, variables, writable: new Set(variables.filter((v) => v.controllable).map((v) => v.code)) };
      });
      const onWrite = (key: string, code: string, value: number) => station.model.control(key, code, value);
      const mqttChannel = channels.find((channel) => channel.protocol === 'mqtt');
      if (mqttChannel) {
        await this.publish(
          station,
          Number(mqttChannel.id),
          new StationPublisher(
            devices.map(({ device, variables, writable }) => ({
              key: device.key,
              sn: `${station.sn}-${device.key}`,
              codes: variables.map((v) => v.code),
              writable,
            })),
            onWrite,
          ),
        );
        continue;
      }
      const wire = new StationWire(
        devices.map(({ device, variables, writable }, position) => ({
          key: device.key,
          unit: position + 1,
          slots: registerLayout(device.kind, variables),
          writable,
        })),
        onWrite,
      );
      const stored = channels[0];
      const port = await wire.listen(WIRE_HOST, candidatePorts(stored?.port, FIRST_PORT + index));
      station.wire = wire;
      if (station.ts !== null) {
        const now = Math.max(Date.now(), station.ts);
        wire.update(station.model.step(now), now);
      }
      if (channelIds.length)
        await db
          .updateTable('monitorChannel')
          .set({ port })
          .where('tenantId', '=', station.tenantId)
          .where('id', 'in', channelIds)
          .execute();
    }
  }

  /**
   * A station's devices as the MQTT publishers of its channel, on this server's broker: the
   * simulator, standing for the site's gateway, is issued the channel's credentials as its
   * installer would be (the secret is known only to this process and the gateway it plays).
   */
  private async publish(station: Driven, channelId: number, publisher: StationPublisher): Promise<void> {
    const { mqtt } = this.services;
    if (!mqtt) return;
    const { user, secret } = await issueCredentials(this.services.database.db, station.tenantId, channelId);
    await mqtt.credentialsChanged(user);
    await publisher.connect(mqtt.address, user, secret);
    station.wire = publisher;
  }

  /** Closes the stations' gateways; their channels name no port until a process serves them again. */
  private async unwire(stations: Driven[]): Promise<void> {
    for (const station of stations) {
      if (!station.wire) continue;
      await station.wire.close();
      const modbus = station.wire instanceof StationWire;
      station.wire = undefined;
      if (!modbus) continue;
      const channels = await this.channelsOf(station);
      if (channels.length)
        await this.services.database.db
          .updateTable('monitorChannel')
          .set({ port: null })
          .where('tenantId', '=', station.tenantId)
          .where('id', 'in', channels)
          .execute();
    }
  }

  /** Back-fills fresh stations and catches the others up to now. */
  private async prepare(): Promise<void> {
    if (!(await this.lease())) return;
    this.stations = await this.load();
    const started = Date.now();
    for (const station of this.stations) {
      // The history of all stations takes longer than a lease: it is renewed station by station.
      if (this.stopped || !(await this.lease())) {
        this.stations = undefined;
        return;
      }
      if (station.ts === null) await this.backfill(station);
      else await this.catchUp(station);
    }
    if (this.stations.length)
      this.log(`simulator: history of ${this.stations.length} stations ready in ${Date.now() - started} ms`);
    await this.wire(this.stations);
  }

  /** The times of history steps from `from` (exclusive) to `to` (inclusive): coarse before the raw window, fine within. */
  private *steps(from: number, to: number): Generator<number> {
    const rawFrom = to - this.options.rawRetentionDays * DAY;
    let ts = Math.ceil((from + 1) / COARSE_STEP) * COARSE_STEP;
    for (; ts < rawFrom; ts += COARSE_STEP) yield ts;
    for (ts = Math.max(ts, Math.ceil((from + 1) / FINE_STEP) * FINE_STEP); ts < to; ts += FINE_STEP) yield ts;
    if (to > from) yield to;
  }

  /**
   * History of a station that has none: rollups of every step and samples of the raw window,
   * written in short transactions (requests keep being answered meanwhile), after clearing what
   * an interrupted back-fill may have left; the model's state is saved last, with the latest values.
   */
  private async backfill(station: Driven): Promise<void> {
    const now = Date.now();
    const start = now - this.options.historyDays * DAY;
    const rawFrom = now - this.options.rawRetentionDays * DAY;
    const { store } = this.services.telemetry;
    const builders = new Map<number, RollupBuilder>();
    const samples: Tables['sample'][] = [];
    const last = new Map<number, { ts: number; value: number }>();
    let steps = 0;
    for (const ts of this.steps(start - 1, now)) {
      for (const [key, value] of station.model.step(ts)) {
        const variable = station.variables.get(key);
        if (!variable) continue;
        let builder = builders.get(variable.id);
        if (!builder) {
          builder = new RollupBuilder(station.zone, variable.kind === 'counter', store.localDays);
          builders.set(variable.id, builder);
        }
        builder.add(ts, value);
        last.set(variable.id, { ts, value });
        if (ts >= rawFrom) samples.push({ tenantId: station.tenantId, varId: variable.id, ts, value });
      }
      if (++steps % YIELD_EVERY === 0) await breathe();
    }
    const hours: HourRollup[] = [];
    const days: DayRollup[] = [];
    const months: MonthRollup[] = [];
    for (const [varId, builder] of builders) {
      for (const [bucket, values] of builder.hours) hours.push({ tenantId: station.tenantId, varId, bucket, ...values });
      for (const [day, values] of builder.days) days.push({ tenantId: station.tenantId, varId, day, ...values });
      for (const [month, values] of builder.months) months.push({ tenantId: station.tenantId, varId, month, ...values });
    }
    const { db } = this.services.database;
    await store.clear(
      station.tenantId,
      [...station.variables.values()].map((v) => v.id),
    );
    for (let i = 0; i < Math.max(samples.length, hours.length, days.length); i += WRITE_ROWS) {
      const slice = {
        samples: samples.slice(i, i + WRITE_ROWS),
        hours: hours.slice(i, i + WRITE_ROWS),
        days: days.slice(i, i + WRITE_ROWS),
        months: months.slice(i, i + WRITE_ROWS),
        states: [],
      };
      await db.transaction().execute((trx) => store.writeHistory(slice, trx));
      await breathe();
    }
    const states = [...last].map(([varId, sample]) => ({ tenantId: station.tenantId, varId, ...sample }));
    await db.transaction().execute(async (trx) => {
      await store.writeHistory({ samples: [], hours: [], days: [], months: [], states }, trx);
      await this.saveState(station, now, trx);
    });
  }

  /** Samples of the time the simulator was off, ingested as collectors send theirs. */
  private async catchUp(station: Driven): Promise<void> {
    const now = Date.now();
    const from = Math.max(station.ts ?? now, now - this.options.historyDays * DAY);
    let batch: SampleInput[] = [];
    let batchEnd = from;
    for (const ts of this.steps(from, now)) {
      batch.push(...this.samplesOf(station, station.model.step(ts), ts));
      batchEnd = ts;
      if (batch.length >= CATCH_UP_BATCH) {
        await this.ingest(station.tenantId, batch, [station], batchEnd);
        batch = [];
      }
    }
    await this.ingest(station.tenantId, batch, [station], batchEnd);
  }

  private samplesOf(station: Driven, values: Map<string, number>, ts: number): SampleInput[] {
    const samples: SampleInput[] = [];
    for (const [key, value] of values) {
      const variable = station.variables.get(key);
      if (variable) samples.push({ varId: variable.id, ts, value });
    }
    return samples;
  }

  /** Stores samples of stations of one tenant with the models' state, as one change. */
  private async ingest(tenantId: number, samples: SampleInput[], stations: Driven[], ts: number): Promise<void> {
    await this.services.telemetry.ingest(tenantId, samples, async (trx) => {
      for (const station of stations) await this.saveState(station, ts, trx);
    });
  }

  private async saveState(station: Driven, ts: number, db = this.services.database.db): Promise<void> {
    station.ts = ts;
    await db
      .updateTable('simulatorStation')
      .set({ state: JSON.stringify(station.model.state()), ts })
      .where('tenantId', '=', station.tenantId)
      .where('stationId', '=', station.stationId)
      .execute();
  }

  /** One live step now, after the work under way (what the timer does every interval). */
  tick(): Promise<void> {
    const next = this.running.then(() => this.guard(() => this.step()));
    this.running = next;
    return next;
  }

  /** Every station's values at now, set on its gateway for the collectors to read, and its model's state saved. */
  private async step(): Promise<void> {
    if (!(await this.lease())) {
      await this.unwire(this.stations ?? []);
      this.stations = undefined;
      return;
    }
    if (!this.stations) await this.prepare();
    // A back-fill that failed is tried again before live values follow it.
    for (const station of this.stations ?? []) if (station.ts === null) await this.backfill(station);
    await this.wire(this.stations ?? []);
    const now = Date.now();
    const stepped: Driven[] = [];
    for (const station of this.stations ?? []) {
      if (station.ts !== null && now <= station.ts) continue;
      station.wire?.update(station.model.step(now), now);
      stepped.push(station);
    }
    if (stepped.length)
      await this.services.database.db.transaction().execute(async (trx) => {
        for (const station of stepped) await this.saveState(station, now, trx);
      });
  }
}
