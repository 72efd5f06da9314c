import { sql, type Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import type { Database } from '../db/database';
import type { Telemetry } from '../telemetry/service';
import type { SampleInput } from '../telemetry/store';
import { LINKS_CHANGED, settleCommands } from './commands';
import { channelOfUser, mosquittoHashMatches, storedCredentials } from './mqttCredentials';
import { rangeOf, refuseValue, type ValueRange } from './values';

/** A variable of an MQTT channel's device, by the code its samples name it with, and the values it may take. */
interface ChannelVariable extends ValueRange {
  varId: number;
}

/** An MQTT channel as its messages are read: its tenant, and its devices by serial number with their variables by code. */
export interface MqttChannel {
  tenantId: number;
  channelId: number;
  user: string;
  devices: Map<string, { deviceId: number; variables: Map<string, ChannelVariable> }>;
}

/** How long a channel's devices and variables are kept at most before they are read again (as the collectors' plans are). */
const KEEP_MS = 2_000;

/**
 * The MQTT channels of every tenant, by their user: read from the database (the same on every
 * node) and kept a moment, so that a burst of messages reads them once; dropped as soon as a
 * station, channel, device or variable of the tenant changes (through any node), so that a device
 * added publishes at once.
 */
export class MqttDirectory {
  private readonly kept = new Map<string, { at: number; tenantId?: number; channel: Promise<MqttChannel | undefined> }>();

  constructor(
    private readonly db: Kysely<Tables>,
    /** Whether anything may be kept (false while this node may miss the others' changes). */
    private readonly cached: () => boolean = () => true,
  ) {}

  /** Drops what is kept of a tenant's channels (and of channels not read yet, which may be the tenant's). */
  invalidate(tenantId: number): void {
    for (const [user, kept] of this.kept) if (kept.tenantId === undefined || kept.tenantId === tenantId) this.kept.delete(user);
  }

  clear(): void {
    this.kept.clear();
  }

  /** Whether a user's secret is the one last issued to an MQTT channel that exists. */
  async authenticate(user: string, secret: string): Promise<boolean> {
    if (channelOfUser(user) === undefined) return false;
    const [credential] = await storedCredentials(this.db, user);
    return credential !== undefined && (await mosquittoHashMatches(secret, credential.secretHash));
  }

  /** The MQTT channel of a user, if it names one. */
  channel(user: string, now = Date.now()): Promise<MqttChannel | undefined> {
    const kept = this.kept.get(user);
    if (kept && now - kept.at < KEEP_MS) return kept.channel;
    const channel = this.load(user);
    if (!this.cached()) return channel;
    const entry: { at: number; tenantId?: number; channel: Promise<MqttChannel | undefined> } = { at: now, channel };
    this.kept.set(user, entry);
    void channel.then(
      (found) => {
        // A user that names no channel yet stays dropped by any tenant's change (its channel may be made).
        if (found) entry.tenantId = found.tenantId;
      },
      () => this.kept.delete(user),
    );
    return channel;
  }

  private async load(user: string): Promise<MqttChannel | undefined> {
    const channelId = channelOfUser(user);
    if (channelId === undefined) return undefined;
    const found = await this.db
      .selectFrom('monitorChannel')
      .select(['tenantId'])
      .where('id', '=', channelId)
      .where('protocol', '=', 'mqtt')
      .executeTakeFirst();
    if (!found) return undefined;
    const tenantId = Number(found.tenantId);
    const rows = await this.db
      .selectFrom('device as d')
      .innerJoin('deviceVariable as v', (join) => join.onRef('v.deviceId', '=', 'd.id').onRef('v.tenantId', '=', 'd.tenantId'))
      .select(['d.id as deviceId', 'd.sn as deviceSn', 'v.id as varId', 'v.code', 'v.minValue', 'v.maxValue'])
      .where('d.tenantId', '=', tenantId)
      .where('d.channelId', '=', channelId)
      .execute();
    const devices: MqttChannel['devices'] = new Map();
    for (const row of rows) {
      const sn = String(row.deviceSn);
      const device = devices.get(sn) ?? { deviceId: Number(row.deviceId), variables: new Map() };
      devices.set(sn, device);
      if (row.code) device.variables.set(String(row.code), { varId: Number(row.varId), ...rangeOf(row.minValue, row.maxValue) });
    }
    return { tenantId, channelId, user, devices };
  }
}

/** What came in on a channel since the last flush. */
interface Arrived {
  channel: MqttChannel;
  samples: SampleInput[];
  /** Values and messages refused: not the agreed JSON, an unknown device or variable, no number, out of range. */
  bad: number;
  lastError: string | null;
  /** Commands the device said it could not carry out. */
  failed: { id: number; reason: string }[];
}

/** The items of a samples message at most: a gateway sends its devices together, not a history. */
const MAX_ITEMS = 1_000;
/** A sample stamped further ahead than this is refused: a device's clock that far off would store a wrong figure. */
const MAX_AHEAD_MS = 60_000;
/** How often what arrived is stored: one transaction per tenant, however many messages came. */
const FLUSH_MS = 250;

type Refusal = { count: number; why: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads an MQTT channel's messages into samples: a JSON object, or an array of them, each
 * `{ "device": serial number, "ts": ms since the epoch or ISO time (now when absent), "values":
 * { variable code: number } }`. What is not that is counted and named, never stored.
 */
export function readSamples(channel: MqttChannel, payload: string, now: number): { samples: SampleInput[]; refusals: Refusal[] } {
  const samples: SampleInput[] = [];
  const refusals: Refusal[] = [];
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    return { samples, refusals: [{ count: 1, why: 'message is not JSON' }] };
  }
  const items = Array.isArray(message) ? message : [message];
  if (items.length > MAX_ITEMS) return { samples, refusals: [{ count: 1, why: `more than ${MAX_ITEMS} items in a message` }] };
  items.forEach((item, index) => {
    const at = Array.isArray(message) ? `item ${index}: ` : '';
    if (!isObject(item) || typeof item.device !== 'string' || !isObject(item.values)) {
      refusals.push({ count: 1, why: `${at}not { "device": text, "values": { code: number } }` });
      return;
    }
    const codes = Object.entries(item.values);
    const device = channel.devices.get(item.device);
    if (!device) {
      refusals.push({ count: Math.max(codes.length, 1), why: `${at}no device ${item.device.slice(0, 60)} on the channel` });
      return;
    }
    const ts = item.ts === undefined ? now : typeof item.ts === 'number' ? item.ts : Date.parse(String(item.ts));
    if (!Number.isFinite(ts) || ts > now + MAX_AHEAD_MS || ts < 0) {
      refusals.push({
        count: Math.max(codes.length, 1),
        why: `${at}${item.device}: ts ${String(item.ts).slice(0, 40)} is no time`,
      });
      return;
    }
    for (const [code, value] of codes) {
      const variable = device.variables.get(code);
      const why = !variable
        ? 'no such variable'
        : typeof value !== 'number'
          ? `${JSON.stringify(value)?.slice(0, 40) ?? 'nothing'} is no number`
          : refuseValue(value, variable);
      if (why || !variable) refusals.push({ count: 1, why: `${item.device} ${code.slice(0, 40)}: ${why ?? ''}` });
      else samples.push({ varId: variable.varId, ts: Math.round(ts), value: value as number });
    }
  });
  return { samples, refusals };
}

/** Reads an acknowledgement `{ "id": command, "ok": boolean, "reason": text }`: a refusal fails the command. */
export function readAck(payload: string): { id: number; ok: boolean; reason: string } | string {
  let ack: unknown;
  try {
    ack = JSON.parse(payload);
  } catch {
    return 'acknowledgement is not JSON';
  }
  if (!isObject(ack) || !Number.isInteger(ack.id) || typeof ack.ok !== 'boolean')
    return 'acknowledgement is not { "id": integer, "ok": boolean }';
  const reason = typeof ack.reason === 'string' && ack.reason ? ack.reason : 'refused by the device';
  return { id: ack.id as number, ok: ack.ok, reason: reason.slice(0, 180) };
}

/**
 * What the MQTT side of the platform uses of the node's services (`server/http/services.ts`, which
 * holds the running broker and so cannot be imported back from here): the database, the channels'
 * directory, the telemetry store, and the news of a change.
 */
export interface MqttServices {
  database: Database;
  mqttChannels: MqttDirectory;
  telemetry: Telemetry;
  changed(entity: string, tenantId: number): void;
}

/**
 * Takes the messages MQTT channels publish (through the embedded broker or an external one) and
 * stores them through the one ingest, a transaction per tenant every `FLUSH_MS` with the
 * channels' health: the samples, what was refused and why, and the commands refused. A message
 * never throws here: what is wrong with it is counted on its channel.
 */
export class MqttIngest {
  private arrived = new Map<number, Arrived>();
  private readonly taking = new Set<Promise<void>>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: MqttServices,
    readonly directory: MqttDirectory,
    private readonly log: (message: string) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** A message a channel's user published to one of its topics: read at once, stored with the next flush. */
  take(user: string, kind: 'up' | 'ack', payload: Buffer): Promise<void> {
    return this.track(this.read(user, kind, payload));
  }

  /** Until its channel is looked up, a message is still arriving: a flush waits for it. */
  private track(work: Promise<void>): Promise<void> {
    const taking = work.finally(() => this.taking.delete(taking));
    this.taking.add(taking);
    return taking;
  }

  private async read(user: string, kind: 'up' | 'ack', payload: Buffer): Promise<void> {
    try {
      const channel = await this.directory.channel(user);
      if (!channel) return;
      const arrived = this.of(channel);
      const text = payload.toString('utf8');
      if (kind === 'up') {
        const { samples, refusals } = readSamples(channel, text, Date.now());
        for (const sample of samples) arrived.samples.push(sample);
        for (const refusal of refusals) this.refuse(arrived, refusal);
      } else {
        const ack = readAck(text);
        if (typeof ack === 'string') this.refuse(arrived, { count: 1, why: ack });
        else if (!ack.ok) arrived.failed.push({ id: ack.id, reason: ack.reason });
      }
    } catch (error) {
      this.log(`mqtt: ${user}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A publish the broker refused (another channel's topic, or a topic the user may not write): counted on the user's channel. */
  refused(user: string, topic: string): Promise<void> {
    return this.track(
      (async () => {
        const channel = await this.directory.channel(user).catch(() => undefined);
        if (channel) this.refuse(this.of(channel), { count: 1, why: `publish to ${topic.slice(0, 80)} refused` });
      })(),
    );
  }

  private of(channel: MqttChannel): Arrived {
    const arrived = this.arrived.get(channel.channelId) ?? { channel, samples: [], bad: 0, lastError: null, failed: [] };
    this.arrived.set(channel.channelId, arrived);
    return arrived;
  }

  private refuse(arrived: Arrived, refusal: Refusal): void {
    arrived.bad += refusal.count;
    arrived.lastError = refusal.why;
  }

  /** Stores what arrived since the last flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.store()).catch((error: unknown) => this.log(`mqtt: ${String(error)}`));
    return this.flushing;
  }

  private async store(): Promise<void> {
    await Promise.all(this.taking);
    if (!this.arrived.size) return;
    const arrived = this.arrived;
    this.arrived = new Map();
    const byTenant = new Map<number, Arrived[]>();
    for (const channel of arrived.values()) {
      const ofTenant = byTenant.get(channel.channel.tenantId);
      if (ofTenant) ofTenant.push(channel);
      else byTenant.set(channel.channel.tenantId, [channel]);
    }
    for (const [tenantId, channels] of byTenant) {
      const at = new Date().toISOString();
      await this.services.telemetry.ingest(
        tenantId,
        channels.flatMap((c) => c.samples),
        async (trx) => {
          for (const { channel, samples, bad, lastError, failed } of channels) {
            const health = {
              ...(samples.length ? { linkState: 'connected', lastReadTime: at } : {}),
              ...(bad ? { badValues: sql<number>`coalesce(bad_values, 0) + ${bad}` } : {}),
              ...(lastError ? { lastError: lastError.slice(0, 200) } : {}),
            };
            if (Object.keys(health).length)
              await trx
                .updateTable('monitorChannel')
                .set(health)
                .where('tenantId', '=', tenantId)
                .where('id', '=', channel.channelId)
                .execute();
            if (!failed.length) continue;
            // A command is failed by its channel's devices only: an id of another channel or tenant changes nothing.
            const varIds = [...channel.devices.values()].flatMap((d) => [...d.variables.values()].map((v) => v.varId));
            await settleCommands(trx, tenantId, { done: [], failed }, Date.now(), varIds);
          }
        },
      );
      if (channels.some((c) => c.failed.length)) this.services.changed(LINKS_CHANGED, tenantId);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

// What handlers work with (`call.services`), given by this area.
declare module '../http/services' {
  interface Services {
    /** The MQTT channels by their user, as the broker, the ingest and the collectors read them. */
    mqttChannels: MqttDirectory;
  }
}
