import { sql, type Transaction } from 'kysely';
import type { LinkChange } from '../alarms/engine';
import { Lease } from '../db/leases';
import type { Tables } from '../db/tables';
import type { Services } from '../http/services';
import {
  COMMAND_TIMEOUT_MS,
  LINKS_CHANGED,
  mapOf,
  outcomesOf,
  pendingCommands,
  settleCommands,
  writeCommand,
  type CommandOutcomes,
  type PendingCommand,
} from './commands';
import { ModbusLink } from './modbusLink';
import type { Mqtt } from './mqtt';
import { mqttTopics, mqttUser } from './mqttCredentials';
import { loadPlans, type ChannelPlan } from './plans';
import { pollDevices, type PollResult } from './poll';

export interface CollectorOptions {
  /** The collector servers (`monitorServer` ids) this process polls for; every enabled one when absent. */
  servers?: ReadonlySet<number>;
  /** The MQTT side commands go out through; without it, this process leaves MQTT channels to a process that has one. */
  mqtt?: Mqtt;
  log?: (message: string) => void;
}

/** How often the collector looks for channels due, and reads the channels and maps again. */
const TURN_MS = 500;
const RELOAD_MS = 2_000;
/**
 * A channel's lease: renewed by its holder at every poll and at least every `RENEW_MS` between
 * polls (a channel polled every 10 minutes stays with one process), taken over by another process
 * once its holder has not renewed it for `LEASE_MS`.
 */
const LEASE_MS = 30_000;
const RENEW_MS = 10_000;

/** A channel as this process polls it. */
interface Polled {
  plan: ChannelPlan;
  link: ModbusLink | undefined;
  lease: Lease;
  due: number;
  polling: Promise<void> | undefined;
  /** When this process last took or renewed the channel's lease (0: it does not hold it). */
  held: number;
}

const leaseName = (plan: ChannelPlan) => `channel:${plan.tenantId}:${plan.channelId}`;

/**
 * Where in its interval a channel is polled: spread by its id (the golden ratio's fraction spaces
 * any run of ids evenly), so that channels of the same interval do not all read and store at once,
 * each store waiting behind the others' (a change took up to 8 s to be answered at a 5-s poll).
 */
const offsetOf = (plan: ChannelPlan) => Math.floor(((plan.channelId * 0.6180339887) % 1) * plan.pollMs);

/**
 * Polls the channels of the collector servers by their register maps, each at its own interval,
 * and stores what the devices answer through the one ingest (rollups, alarm rules, shared answers
 * ended), with each device's link and each channel's health in the same transaction. On a shared
 * database each channel is polled by one process at a time, under a lease of its own.
 */
export class Collector {
  private readonly channels = new Map<string, Polled>();
  /** Commands this process wrote to their devices, by id: each is written once and then waits for a reading. */
  private readonly written = new Map<number, number>();
  private readonly log: (message: string) => void;
  private timer: NodeJS.Timeout | undefined;
  private loaded = 0;
  private turning: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly services: Services,
    private readonly options: CollectorOptions = {},
  ) {
    this.log = options.log ?? (() => undefined);
  }

  start(): void {
    this.timer = setInterval(() => {
      this.turning = this.turning.then(() => this.turn()).catch((error: unknown) => this.log(`collector: ${String(error)}`));
    }, TURN_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.turning;
    for (const channel of this.channels.values()) {
      await channel.polling;
      channel.link?.close();
      await channel.lease.release().catch(() => undefined);
    }
    this.channels.clear();
  }

  /**
   * Reads the channels and maps again, and polls every channel now (what the timer does as each
   * falls due): a poll the timer started before this call is waited for, then the channel is
   * polled again, so that what is stored afterwards was read after the call.
   */
  async pollAll(): Promise<void> {
    await this.reload();
    await Promise.all(
      [...this.channels.values()].map(async (channel) => {
        await channel.polling;
        await this.poll(channel);
      }),
    );
  }

  /** The channels this process polls, as last read. */
  private async reload(now = Date.now()): Promise<void> {
    const plans = await loadPlans(this.services.database.db, this.options.servers);
    const seen = new Set<string>();
    for (const plan of plans) {
      if (plan.protocol === 'mqtt' && !this.options.mqtt) continue;
      const name = leaseName(plan);
      seen.add(name);
      const known = this.channels.get(name);
      if (known && JSON.stringify(known.plan.target) === JSON.stringify(plan.target)) {
        known.plan = plan;
        continue;
      }
      known?.link?.close();
      this.channels.set(name, {
        plan,
        link: plan.target ? new ModbusLink(plan.target) : undefined,
        lease: known?.lease ?? new Lease(this.services.database.db, name, LEASE_MS),
        due: known?.due ?? now + offsetOf(plan),
        polling: known?.polling,
        held: known?.held ?? 0,
      });
    }
    for (const [name, channel] of this.channels) {
      if (seen.has(name)) continue;
      channel.link?.close();
      await channel.lease.release();
      this.channels.delete(name);
    }
    this.loaded = now;
  }

  private async turn(): Promise<void> {
    if (this.stopped) return;
    const now = Date.now();
    if (now - this.loaded >= RELOAD_MS) await this.reload(now);
    for (const channel of this.channels.values()) {
      if (channel.polling) continue;
      if (now >= channel.due) void this.poll(channel);
      else if (channel.held && now - channel.held >= RENEW_MS) channel.held = (await channel.lease.take(now)) ? now : 0;
    }
  }

  /** One poll of a channel, unless another process holds it; the next is due an interval after this one was due. */
  private poll(channel: Polled): Promise<void> {
    if (channel.polling) return channel.polling;
    const started = Date.now();
    // Due an interval after this poll was due, not after it started: a turn's lateness (up to
    // TURN_MS) does not add up poll after poll. A channel a whole interval behind starts afresh.
    const next = channel.due + channel.plan.pollMs;
    channel.due = next > started ? next : started + channel.plan.pollMs;
    channel.polling = (async () => {
      try {
        if (this.stopped) return;
        channel.held = (await channel.lease.take(started)) ? started : 0;
        if (channel.held) await this.pollChannel(channel, started);
      } catch (error) {
        this.log(
          `collector: channel ${channel.plan.sn}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      } finally {
        channel.polling = undefined;
      }
    })();
    return channel.polling;
  }

  private async pollChannel(channel: Polled, ts: number): Promise<void> {
    const { plan, link } = channel;
    const { db } = this.services.database;
    if (!plan.supported) {
      await db
        .updateTable('monitorChannel')
        .set({ linkState: 'unsupported' })
        .where('tenantId', '=', plan.tenantId)
        .where('id', '=', plan.channelId)
        .where((eb) => eb.or([eb('linkState', 'is', null), eb('linkState', '!=', 'unsupported')]))
        .execute();
      return;
    }
    if (plan.protocol === 'mqtt' && this.options.mqtt) return this.watchMqtt(plan, this.options.mqtt, ts);
    // A channel with no address, or no device mapped yet, is not connected to: there is nothing to read.
    if (!link || !plan.devices.length) return;
    const commands = await pendingCommands(
      db,
      plan.tenantId,
      plan.devices.flatMap((d) => d.blocks.flatMap((b) => b.maps.map((m) => m.varId))),
    );
    const refused = await this.write(commands, async (command) => {
      const target = mapOf(plan.devices, command.varId);
      if (!target) return false;
      try {
        await writeCommand(link, target.device.unit, target.map, command.value);
      } catch (error) {
        throw new Error(`${target.device.sn}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      return true;
    });
    const result = await pollDevices(link, plan.devices, ts);
    const outcomes = outcomesOf(commands, result.samples, refused, Date.now());
    let flips: LinkChange[] = [];
    await this.services.telemetry.ingest(plan.tenantId, result.samples, async (trx) => {
      flips = await this.record(trx, plan, result, ts);
      await settleCommands(trx, plan.tenantId, outcomes, Date.now());
    });
    await this.ended(plan, outcomes, flips);
  }

  /** Commands ended and devices found or lost at a poll: told of, and the devices' communication-loss alarms evaluated. */
  private async ended(plan: ChannelPlan, outcomes: CommandOutcomes, flips: LinkChange[]): Promise<void> {
    for (const id of [...outcomes.done, ...outcomes.failed.map((f) => f.id)]) this.written.delete(id);
    // A device found or lost, or a command ended, is a change of the tenant's records: the answers showing them are ended.
    if (flips.length || outcomes.done.length || outcomes.failed.length) this.services.changed(LINKS_CHANGED, plan.tenantId);
    // A device lost raises its communication-loss alarms; found again, it recovers them.
    await this.services.alarms.evaluateLinks(plan.tenantId, flips);
  }

  /**
   * A turn of an MQTT channel, whose devices publish on their own: the commands not sent yet go
   * out on its command topic; a device none of whose variables has a sample from the last two
   * intervals is offline, and online again with the next; a command is done once the latest
   * sample of its variable, taken after it was sent, shows its value.
   */
  private async watchMqtt(plan: ChannelPlan, mqtt: Mqtt, ts: number): Promise<void> {
    const user = mqttUser(plan.channelId);
    const known = await this.services.mqttChannels.channel(user, ts);
    if (!known?.devices.size) return;
    const variables = new Map<number, { device: string; code: string; deviceId: number }>();
    for (const [sn, device] of known.devices)
      for (const [code, variable] of device.variables)
        variables.set(variable.varId, { device: sn, code, deviceId: device.deviceId });
    const { db } = this.services.database;
    const commands = await pendingCommands(db, plan.tenantId, [...variables.keys()]);
    const refused = await this.write(commands, async (command) => {
      const target = variables.get(command.varId)!;
      await mqtt.publish(
        mqttTopics(user).commands,
        JSON.stringify({ id: command.id, device: target.device, code: target.code, value: command.value }),
      );
      return true;
    });
    const latest = await this.services.telemetry.store.latest(plan.tenantId, [...variables.keys()]);
    const newest = new Map<number, number>();
    for (const state of latest) {
      const deviceId = variables.get(state.varId)!.deviceId;
      newest.set(deviceId, Math.max(newest.get(deviceId) ?? 0, Number(state.ts)));
    }
    const silentMs = 2 * plan.pollMs;
    const result: PollResult = {
      samples: [],
      devices: [...known.devices.values()].map(({ deviceId }) => {
        const last = newest.get(deviceId);
        return last !== undefined && ts - last <= silentMs
          ? { deviceId, online: true }
          : { deviceId, online: false, failure: 'silent', error: `no sample for ${Math.round(silentMs / 1000)} s` };
      }),
      errors: 0,
      badValues: 0,
      roundTripMs: null,
      lastError: null,
      lastRead: newest.size ? Math.max(...newest.values()) : undefined,
    };
    const outcomes = outcomesOf(
      commands,
      latest.map((state) => ({ varId: state.varId, ts: Number(state.ts), value: state.value })),
      refused,
      Date.now(),
    );
    const flips = await db.transaction().execute(async (trx) => {
      const changed = await this.record(trx, plan, result, ts);
      await settleCommands(trx, plan.tenantId, outcomes, Date.now());
      return changed;
    });
    await this.ended(plan, outcomes, flips);
  }

  /**
   * Sends the commands not sent yet to their devices (each once by this process, before the poll
   * whose reading may show it); answers those the device refused or that could not be sent.
   * `send` answers false for a command it has no way to send (it then waits for its time).
   */
  private async write(
    commands: readonly PendingCommand[],
    send: (command: PendingCommand) => Promise<boolean>,
  ): Promise<CommandOutcomes['failed']> {
    const refused: CommandOutcomes['failed'] = [];
    // A command another process settled is forgotten here once it is past any time it could wait.
    const forgotten = Date.now() - 2 * COMMAND_TIMEOUT_MS;
    for (const [id, at] of this.written) if (at < forgotten) this.written.delete(id);
    for (const command of commands) {
      if (this.written.has(command.id)) continue;
      try {
        if (await send(command)) this.written.set(command.id, Date.now());
      } catch (error) {
        refused.push({ id: command.id, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return refused;
  }

  /** Stores each device's link (when it changed) and the channel's health; answers the devices whose link changed. */
  private async record(trx: Transaction<Tables>, plan: ChannelPlan, result: PollResult, ts: number): Promise<LinkChange[]> {
    const at = new Date(ts).toISOString();
    const ids = result.devices.map((d) => d.deviceId);
    const stored = ids.length
      ? await trx
          .selectFrom('device')
          .select(['id', 'linkState', 'linkError'])
          .where('tenantId', '=', plan.tenantId)
          .where('id', 'in', ids)
          .execute()
      : [];
    const before = new Map(stored.map((row) => [Number(row.id), row]));
    const flips: LinkChange[] = [];
    for (const reading of result.devices) {
      const state = reading.online ? 'online' : 'offline';
      const error = reading.online ? null : `${reading.failure ?? 'closed'}: ${reading.error ?? ''}`.slice(0, 200);
      const row = before.get(reading.deviceId);
      if (row?.linkState === state && (row.linkError ?? null) === error) continue;
      if (row?.linkState !== state) flips.push({ deviceId: reading.deviceId, ts, offline: !reading.online });
      await trx
        .updateTable('device')
        .set({ linkState: state, linkError: error, ...(row?.linkState !== state ? { linkSince: at } : {}) })
        .where('tenantId', '=', plan.tenantId)
        .where('id', '=', reading.deviceId)
        .execute();
    }
    const answered = result.devices.some((d) => d.online);
    await trx
      .updateTable('monitorChannel')
      .set({
        linkState: answered ? 'connected' : 'failing',
        ...(answered ? { lastReadTime: new Date(result.lastRead ?? ts).toISOString() } : {}),
        ...(result.roundTripMs !== null ? { roundTripMs: result.roundTripMs } : {}),
        readErrors: sql`coalesce(read_errors, 0) + ${result.errors}`,
        badValues: sql`coalesce(bad_values, 0) + ${result.badValues}`,
        ...(result.lastError ? { lastError: result.lastError.slice(0, 200) } : {}),
      })
      .where('tenantId', '=', plan.tenantId)
      .where('id', '=', plan.channelId)
      .execute();
    return flips;
  }
}
