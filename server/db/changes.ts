import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Tables } from './tables';

/** The PostgreSQL channel the nodes of a cluster tell each other of changes on. */
const CHANNEL = 'platform_changes';
/** How the listening connections are named in `pg_stat_activity`. */
export const APPLICATION_NAME = 'platform-changes';
/** How long a node waits before listening again after its connection was lost (ms). */
const RECONNECT_MS = 1_000;

/** What a node keeps in memory of the data, told of changes made through other nodes. */
export interface ChangeListener {
  /** `entity` of the tenant changed on another node. */
  changed(entity: string, tenantId: number): void;
  /** Changes may have been missed (the connection was lost, or is back): drop everything kept. */
  missed(): void;
}

/**
 * Changes of entities told to every node of a cluster through PostgreSQL's `LISTEN/NOTIFY`, so
 * that each drops what it keeps in memory of them (the telemetry catalogue, the alarm rules). The
 * listening connection is its own; when it is lost, the node drops its caches, keeps nothing
 * while it is down (`live` is false), and listens again, dropping them once more when it is back
 * (notifications sent meanwhile are lost).
 */
export class ChangeFeed {
  private readonly node = randomUUID();
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  /** Whether this node hears every change: caches may keep what they read only while it does. */
  live = false;

  private readonly listeners: ChangeListener[] = [];

  constructor(
    private readonly url: string,
    private readonly db: Kysely<Tables>,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** Tells `listener` of the changes heard from other nodes, and of changes possibly missed. */
  subscribe(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  /** Listens; resolves once listening (or once the first attempt has failed, retrying in the background). */
  async start(): Promise<void> {
    await this.listen();
  }

  /** Tells the other nodes that `entity` of the tenant changed (through the node's pool; delivered on commit). */
  async publish(entity: string, tenantId: number): Promise<void> {
    const payload = JSON.stringify({ node: this.node, entity, tenantId });
    await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(this.db);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: APPLICATION_NAME });
    // One handler for an error and for the end: the first to come ends this connection's turn.
    let lost = false;
    const onLost = (reason: string) => {
      if (lost || this.client !== client) return;
      lost = true;
      this.client = undefined;
      this.live = false;
      this.missed();
      this.log(`change notifications lost (${reason}); caches are off until they are back`);
      void client.end().catch(() => undefined);
      this.retry = setTimeout(() => void this.listen(), RECONNECT_MS);
    };
    client.on('error', (error) => onLost(error.message));
    client.on('end', () => onLost('the connection ended'));
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      const { node, entity, tenantId } = JSON.parse(notification.payload) as { node: string; entity: string; tenantId: number };
      if (node !== this.node) for (const listener of this.listeners) listener.changed(entity, tenantId);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      onLost(error instanceof Error ? error.message : String(error));
      return;
    }
    if (this.client !== client) return;
    // Back (or first) on the channel: anything kept from before may have missed a change.
    this.missed();
    this.live = true;
  }

  private missed(): void {
    for (const listener of this.listeners) listener.missed();
  }
}

/**
 * `tell` for a tenant at once, then at most once per `ms` while calls keep coming (the last of them
 * told at the end of the wait): news of samples that may arrive many times a second goes to the
 * other nodes a few times a minute at most, the latest never left untold.
 */
export function throttledPerTenant(tell: (tenantId: number) => void, ms: number): (tenantId: number) => void {
  const waiting = new Map<number, { again: boolean }>();
  const run = (tenantId: number) => {
    tell(tenantId);
    const state = { again: false };
    waiting.set(tenantId, state);
    setTimeout(() => {
      waiting.delete(tenantId);
      if (state.again) run(tenantId);
    }, ms).unref();
  };
  return (tenantId) => {
    const state = waiting.get(tenantId);
    if (state) state.again = true;
    else run(tenantId);
  };
}
