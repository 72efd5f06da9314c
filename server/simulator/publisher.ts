import mqtt, { type MqttClient } from 'mqtt';
import { mqttTopics } from '../collection/mqttCredentials';

/** A simulated device as it publishes: its key in the station, its serial number, the codes it publishes and those it may be set. */
export interface PublishingDevice {
  key: string;
  sn: string;
  codes: readonly string[];
  writable: ReadonlySet<string>;
}

/**
 * The devices of a simulated station as MQTT publishers, the way a site's gateway with an MQTT
 * uplink sends them: one message of every device's values on the channel's samples topic at each
 * step, commands read from its command topic, carried out by `onCommand` and acknowledged (a
 * refusal with its reason). A device in an outage or cut off publishes nothing.
 */
export class StationPublisher {
  private client: MqttClient | undefined;
  private readonly cutOff = new Set<string>();
  private readonly bySn: Map<string, PublishingDevice>;

  constructor(
    private readonly devices: readonly PublishingDevice[],
    private readonly onCommand: (deviceKey: string, code: string, value: number) => void,
  ) {
    this.bySn = new Map(devices.map((device) => [device.sn, device]));
  }

  /** Connects with the channel's credentials and reads its commands. */
  async connect(address: string, user: string, secret: string): Promise<void> {
    const topics = mqttTopics(user);
    const client = await mqtt.connectAsync(address, { username: user, password: secret, reconnectPeriod: 2_000 });
    client.on('message', (_topic, payload) => this.command(client, topics.acks, payload));
    await client.subscribeAsync(topics.commands, { qos: 1 });
    this.client = client;
    this.topic = topics.samples;
  }

  private topic = '';

  private command(client: MqttClient, acks: string, payload: Buffer): void {
    let id: unknown;
    let reason: string | undefined;
    try {
      const command = JSON.parse(payload.toString('utf8')) as { id?: unknown; device?: string; code?: string; value?: unknown };
      id = command.id;
      const device = this.bySn.get(String(command.device));
      if (!device || !command.code || !device.writable.has(command.code) || typeof command.value !== 'number')
        reason = `${String(command.device)} ${String(command.code)} cannot be set`;
      else this.onCommand(device.key, command.code, command.value);
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    if (Number.isInteger(id))
      client.publish(acks, JSON.stringify({ id, ok: !reason, ...(reason ? { reason } : {}) }), { qos: 1 });
  }

  /** The model's values at a step (`{device key}.{code}`), published as one message. */
  update(values: ReadonlyMap<string, number>, ts: number): void {
    if (!this.client?.connected) return;
    const message = this.devices.flatMap((device) => {
      if (this.cutOff.has(device.key)) return [];
      const published: Record<string, number> = {};
      for (const code of device.codes) {
        const value = values.get(`${device.key}.${code}`);
        if (value !== undefined) published[code] = value;
      }
      return Object.keys(published).length ? [{ device: device.sn, ts, values: published }] : [];
    });
    if (message.length) this.client.publish(this.topic, JSON.stringify(message), { qos: 0 });
  }

  /** Cuts a device off (it stops publishing), or connects it again. */
  cut(deviceKey: string, off: boolean): void {
    if (!this.devices.some((device) => device.key === deviceKey)) throw new RangeError(`No device ${deviceKey} on this station`);
    if (off) this.cutOff.add(deviceKey);
    else this.cutOff.delete(deviceKey);
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.endAsync();
  }
}
