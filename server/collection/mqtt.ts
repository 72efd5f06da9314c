import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { mqttTopics, topicOf, writePasswordFile } from './mqttCredentials';
import { MqttIngest, type MqttServices } from './mqttIngest';

/** Where the platform speaks MQTT: its own broker on a port, or an external broker by URL. */
export interface MqttSettings {
  host: string;
  /** Port of the embedded broker (0: any free one). */
  port: number;
  /** An external broker (`mqtt://user:secret@host:1883`); no broker of its own is started then. */
  url?: string;
  /** With an external broker: the mosquitto password file the platform keeps (its own user and each channel's). */
  passwordFile?: string;
}

/**
 * The platform's MQTT side: the embedded broker (aedes), which lets a channel's user in with its
 * secret and lets it publish only to its own channel's topics and read only its own commands; or
 * a client of an external broker (mosquitto), which enforces the same by its password and ACL
 * files, taking the channels' messages in a shared subscription so that each message reaches one
 * node. Either way the messages go to the one ingest, and commands go out on the channels'
 * command topics.
 */
export class Mqtt {
  private constructor(
    readonly ingest: MqttIngest,
    /** The address devices connect to, as the credentials dialog shows it. */
    readonly address: string,
    private readonly send: (topic: string, payload: string) => Promise<void>,
    private readonly kick: (user: string) => void,
    private readonly keepPasswords: () => Promise<void>,
    private readonly close: () => Promise<void>,
  ) {}

  static async start(services: MqttServices, settings: MqttSettings, log: (message: string) => void): Promise<Mqtt> {
    const ingest = new MqttIngest(services, services.mqttChannels, log);
    const { url } = settings;
    return url ? Mqtt.external(services, ingest, { ...settings, url }, log) : Mqtt.embedded(ingest, settings, log);
  }

  private static async embedded(ingest: MqttIngest, settings: MqttSettings, log: (message: string) => void): Promise<Mqtt> {
    const users = new WeakMap<Client, string>();
    const broker = new Aedes({
      authenticate: (client, user, password, done) => {
        const refuse = () =>
          done(Object.assign(new Error('bad user name or password'), { returnCode: 4 }) as AuthenticateError, false);
        if (!user || !password) return refuse();
        ingest.directory.authenticate(user, password.toString('utf8')).then(
          (ok) => {
            if (!ok) return refuse();
            users.set(client, user);
            done(null, true);
          },
          () => refuse(),
        );
      },
      authorizePublish: (client, packet, done) => {
        const user = client ? users.get(client) : undefined;
        const topic = topicOf(packet.topic);
        if (user && topic?.user === user && topic.kind !== 'cmd') return done(null);
        // A publish elsewhere ends the connection (MQTT 3.1.1 has no refusal to send back) and is counted on the channel.
        if (user) void ingest.refused(user, packet.topic);
        done(new Error(`publish to ${packet.topic} refused`));
      },
      authorizeSubscribe: (client, subscription, done) => {
        const user = users.get(client);
        done(null, user && subscription.topic === mqttTopics(user).commands ? subscription : null);
      },
    });
    await broker.listen();
    broker.on('publish', (packet, client) => {
      const user = client ? users.get(client) : undefined;
      const topic = topicOf(packet.topic);
      if (user && topic && topic.kind !== 'cmd') void ingest.take(user, topic.kind, packet.payload as Buffer);
    });
    const clients = new Set<Client>();
    broker.on('clientReady', (client) => clients.add(client));
    broker.on('clientDisconnect', (client) => clients.delete(client));
    broker.on('clientError', (client, error) => log(`mqtt: client ${client.id}: ${error.message}`));
    const server: Server = createServer(broker.handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => resolve());
    });
    const bound = server.address();
    const port = typeof bound === 'object' && bound ? bound.port : settings.port;
    return new Mqtt(
      ingest,
      `mqtt://${settings.host}:${port}`,
      (topic, payload) =>
        new Promise((resolve, reject) =>
          broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) =>
            error ? reject(error) : resolve(),
          ),
        ),
      (user) => {
        for (const client of clients) if (users.get(client) === user) client.close();
      },
      () => Promise.resolve(),
      async () => {
        await new Promise<void>((resolve) => broker.close(() => resolve()));
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    );
  }

  private static async external(
    services: MqttServices,
    ingest: MqttIngest,
    settings: MqttSettings & { url: string },
    log: (message: string) => void,
  ): Promise<Mqtt> {
    const url = new URL(settings.url);
    const platform = { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
    const keepPasswords = async () => {
      // eslint-disable-next-line no-restricted-syntax -- the broker's password file holds every tenant's channels
      if (settings.passwordFile) await writePasswordFile(services.database.db, settings.passwordFile, platform);
    };
    await keepPasswords();
    const client: MqttClient = await mqtt.connectAsync(settings.url, {
      protocolVersion: 5,
      clientId: `platform-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      reconnectPeriod: 2_000,
    });
    client.on('error', (error) => log(`mqtt: ${error.message}`));
    client.on('message', (topic, payload) => {
      const parsed = topicOf(topic);
      if (parsed && parsed.kind !== 'cmd') void ingest.take(parsed.user, parsed.kind, payload);
    });
    // One subscription shared by the nodes: each message reaches one of them.
    await client.subscribeAsync(['$share/platform/ems/+/up', '$share/platform/ems/+/ack'], { qos: 1 });
    const public_ = `${url.protocol}//${url.host}`;
    return new Mqtt(
      ingest,
      public_,
      async (topic, payload) => {
        await client.publishAsync(topic, payload, { qos: 1 });
      },
      () => undefined,
      keepPasswords,
      () => client.endAsync(),
    );
  }

  /** Sends a message down a channel's command topic. */
  publish(topic: string, payload: string): Promise<void> {
    return this.send(topic, payload);
  }

  /**
   * A channel's credentials were issued again: whoever used the old ones is let go (on this node's
   * broker), and an external broker's password file is written again.
   */
  async credentialsChanged(user: string): Promise<void> {
    this.kick(user);
    await this.keepPasswords();
  }

  async stop(): Promise<void> {
    await this.close();
    await this.ingest.stop();
  }
}

// What handlers work with (`call.services`), given by this area.
declare module '../http/services' {
  interface Services {
    /** The MQTT side (broker or external client), once started; absent when the server speaks no MQTT. */
    mqtt?: Mqtt | undefined;
  }
}
