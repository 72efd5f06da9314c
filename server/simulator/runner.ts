import type { Services } from '../http/services';
import type { CatalogVariable, TenantCatalog } from '../telemetry/catalog';
import { RollupBuilder } from '../telemetry/rollups';
import type { DayRollup, HourRollup, MonthRollup, SampleInput } from '../telemetry/store';
import { Lease } from '../db/leases';
import type { Tables } from '../db/tables';
import { StationModel, type ModelState, type StationSpec } from './model';
import { stationSpec } from './spec';

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
  /** The catalog the variables were looked up in: a change to the tenant's devices makes a new one. */
  catalog: TenantCatalog;
  /** Model keys (`${deviceKey}.${code}`) to variables. */
  variables: Map<string, CatalogVariable>;
  /** Variable ids to model keys, for remote control. */
  keys: Map<number, string>;
  ts: number | null;
}

/**
 * Drives the simulated stations (those listed in `simulator_station`): on the first start it
 * back-fills their history, after a pause it catches up, then it adds live samples every
 * interval through the same ingest as collectors and applies remote-control commands. On a shared
 * database one process at a time holds the lease.
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
    await this.held.release();
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
        catalog: await this.services.telemetry.catalog.of(tenantId),
        variables: new Map(),
        keys: new Map(),
        ts: row.ts === null || row.ts === undefined ? null : Number(row.ts),
      };
      this.map(station, station.catalog);
      stations.push(station);
    }
    return stations;
  }

  /** Finds the variable of each value of the model: `{station}-{device key}.{code}`, as the demo names them. */
  private map(station: Driven, catalog: TenantCatalog): void {
    station.catalog = catalog;
    station.variables.clear();
    const devices = new Map(station.spec.devices.map((device) => [`${station.sn}-${device.key}`, device.key]));
    for (const variable of catalog.byStation.get(station.sn) ?? []) {
      const key = devices.get(variable.deviceSn);
      if (key && variable.code) station.variables.set(`${key}.${variable.code}`, variable);
    }
    station.keys = new Map([...station.variables].map(([key, variable]) => [variable.id, key]));
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

  /**
   * Stores samples of stations of one tenant with the models' state, as one change; the commands
   * `applied` in these samples are marked done in it too, so a command is never done before the
   * reading that shows it.
   */
  private async ingest(
    tenantId: number,
    samples: SampleInput[],
    stations: Driven[],
    ts: number,
    applied: number[] = [],
  ): Promise<void> {
    await this.services.telemetry.ingest(tenantId, samples, async (trx) => {
      for (const station of stations) await this.saveState(station, ts, trx);
      if (applied.length) {
        await trx.updateTable('ykCommand').set({ status: 'done', doneTime: ts }).where('id', 'in', applied).execute();
      }
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

  /**
   * Applies the remote-control commands sent to simulated devices to their models; answers the
   * ids of the commands applied, by station, to be marked done with the step's samples.
   */
  private async applyCommands(): Promise<Map<Driven, number[]>> {
    const { db } = this.services.database;
    const commands = await db.selectFrom('ykCommand').selectAll().where('status', '=', 'sent').orderBy('id').execute();
    const applied = new Map<Driven, number[]>();
    for (const command of commands) {
      const station = this.stations?.find((s) => s.tenantId === command.tenantId && s.stationId === command.stationId);
      const key = station?.keys.get(command.varId);
      if (!station || !key) continue;
      const dot = key.indexOf('.');
      station.model.control(key.slice(0, dot), key.slice(dot + 1), command.value);
      applied.set(station, [...(applied.get(station) ?? []), command.id]);
    }
    return applied;
  }

  /** One live step now, after the work under way (what the timer does every interval). */
  tick(): Promise<void> {
    const next = this.running.then(() => this.guard(() => this.step()));
    this.running = next;
    return next;
  }

  /** Every station's values at now, with the commands sent since applied. */
  private async step(): Promise<void> {
    if (!(await this.lease())) {
      this.stations = undefined;
      return;
    }
    if (!this.stations) await this.prepare();
    // A back-fill that failed is tried again before live samples follow it.
    for (const station of this.stations ?? []) if (station.ts === null) await this.backfill(station);
    const now = Date.now();
    const applied = await this.applyCommands();
    const byTenant = new Map<number, Driven[]>();
    for (const station of this.stations ?? []) {
      if (station.ts !== null && now <= station.ts) continue;
      byTenant.set(station.tenantId, [...(byTenant.get(station.tenantId) ?? []), station]);
    }
    for (const [tenantId, stations] of byTenant) {
      const catalog = await this.services.telemetry.catalog.of(tenantId);
      for (const station of stations) if (station.catalog !== catalog) this.map(station, catalog);
      const samples = stations.flatMap((station) => this.samplesOf(station, station.model.step(now), now));
      await this.ingest(
        tenantId,
        samples,
        stations,
        now,
        stations.flatMap((station) => applied.get(station) ?? []),
      );
    }
  }
}
