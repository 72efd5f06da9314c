import { hash } from 'node:crypto';

/**
 * How long an answer stands without being computed again (ms): what depends on the clock alone (a
 * device heard 3 minutes ago turns offline) moves on within it. Past it, the answer is still given
 * while it is computed again for the next viewer, so that the answers of a steady dashboard, made
 * together, are not all computed again while viewers wait.
 */
export const MAX_AGE_MS = 60_000;
/** New samples make an answer older than this (ms) be computed again: at most one computation per answer in this time while samples keep arriving. */
export const SAMPLE_FLOOR_MS = 5_000;
/**
 * Answers end at the next quarter hour of UTC at the latest: every day, month and year of any
 * station's zone starts on one (zones are whole quarter hours off UTC), so no answer of a period
 * is kept into the next.
 */
const PERIOD_EDGE_MS = 15 * 60_000;

/** An answer as the batch call sends it (its JSON text), and its version: the hash of its text, the same on every node. */
export interface VersionedAnswer {
  text: string;
  version: string;
}

/** A need's answer computed: its JSON text (a failure rejects, and is not kept). */
export type Compute = () => Promise<string>;

export interface NeedCacheOptions {
  /** The bound of the answers kept, by the size of their text (bytes); 0 keeps none. */
  maxBytes: number;
  /** Whether answers may be kept now: on a cluster, only while this node hears every change. */
  enabled?: () => boolean;
  now?: () => number;
  maxAgeMs?: number;
  sampleFloorMs?: number;
}

/** Where the data of a tenant stands: bumped by any change of its records, and by new samples. */
interface Generation {
  data: number;
  samples: number;
}

/** Where a computation started: the tenant's generation then, when, and how long new samples leave its answer standing. */
interface Start extends Generation {
  at: number;
  /** New samples end its answer once it is this old (ms). */
  sampleFloorMs: number;
}

interface Entry extends VersionedAnswer {
  tenantId: number;
  /** When it was last put at the recent end of the order (a count of the answers given). */
  touched: number;
  bytes: number;
  /** When it is computed again, given meanwhile. */
  renewAt: number;
  /** The next quarter hour: given no more from then. */
  periodEnd: number;
  from: Start;
}

/** The version of an answer: a short hash of its JSON text. */
export function versionOf(text: string): string {
  return hash('sha1', text, 'base64url').slice(0, 16);
}

/**
 * The answers of the dashboard's data needs, shared by every viewer of a tenant: a need (tenant,
 * language, call and input, all in its key) is computed once and answered from here until the
 * data under it changes. Any change of the tenant's records drops its answers at once; new
 * samples do so for answers older than `SAMPLE_FLOOR_MS`, so that a tenant whose collectors send
 * every second does not have every answer computed every second. Answers end at the next quarter
 * hour, and are computed again in the background after `MAX_AGE_MS`. Viewers asking for a need
 * being computed wait for that computation. The answers kept stay within `maxBytes` of text, the least recently asked
 * for going first; they are kept as their text, which is what the bound counts.
 */
export class NeedCache {
  private readonly entries = new Map<string, Entry>();
  /** Computations under way, with where they started. */
  private readonly pending = new Map<string, { answer: Promise<VersionedAnswer>; from: Start }>();
  private readonly generations = new Map<number, Generation>();
  private bytes = 0;
  /** Answers given from here: the clock of the order in which answers were last asked for. */
  private given = 0;
  private readonly now: () => number;
  private readonly enabled: () => boolean;
  private readonly maxAgeMs: number;
  private readonly sampleFloorMs: number;
  /** Answers given without computing, and computations made: for the benchmark and the tests. */
  readonly stats = { hits: 0, computed: 0 };

  constructor(private readonly options: NeedCacheOptions) {
    this.now = options.now ?? Date.now;
    this.enabled = options.enabled ?? (() => true);
    this.maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
    this.sampleFloorMs = options.sampleFloorMs ?? SAMPLE_FLOOR_MS;
  }

  /**
   * The answer to a need of a tenant kept from an earlier computation, if it still stands; one past
   * its maximum age is given while `compute` makes the next one. New samples end an answer once it
   * is `sampleFloorMs` old (0: at once, for a call asked alone, which answers the latest sample).
   */
  kept(tenantId: number, need: string, compute: Compute, sampleFloorMs = this.sampleFloorMs): VersionedAnswer | undefined {
    if (!this.keeping()) return undefined;
    const key = keyOf(tenantId, need);
    const kept = this.entries.get(key);
    if (!kept || !this.stands(kept)) return undefined;
    // Computed again for the next viewer; a failure leaves this answer until a change ends it.
    if (this.now() >= kept.renewAt) this.compute(key, tenantId, compute, sampleFloorMs).catch(() => undefined);
    // Most recently asked for last, the first entry being the one to drop: an answer is moved
    // there once it is in the older half, not at every ask (each move hashes its long key twice).
    this.given += 1;
    if (this.given - kept.touched > this.entries.size / 2) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      kept.touched = this.given;
    }
    this.stats.hits += 1;
    return { text: kept.text, version: kept.version };
  }

  /** The answer to a need of a tenant: kept, being computed, or computed now by `compute` (`sampleFloorMs` as for `kept`). */
  async answer(tenantId: number, need: string, compute: Compute, sampleFloorMs = this.sampleFloorMs): Promise<VersionedAnswer> {
    if (!this.keeping()) return versioned(await this.counted(compute));
    return (
      this.kept(tenantId, need, compute, sampleFloorMs) ?? this.compute(keyOf(tenantId, need), tenantId, compute, sampleFloorMs)
    );
  }

  /** The answer computed once for everyone asking meanwhile, kept when it may be shared. */
  private async compute(key: string, tenantId: number, compute: Compute, sampleFloorMs: number): Promise<VersionedAnswer> {
    const started: Start = { ...this.generation(tenantId), at: this.now(), sampleFloorMs };
    const running = this.pending.get(key);
    // A computation started before a change of the records would answer what the change undid.
    if (running && this.holds(tenantId, running.from)) {
      this.stats.hits += 1;
      return running.answer;
    }
    const computing = this.counted(compute).then((text) => {
      const answer = versioned(text);
      this.keep(key, tenantId, answer, started);
      return answer;
    });
    const entry = { answer: computing, from: started };
    this.pending.set(key, entry);
    try {
      return await computing;
    } finally {
      if (this.pending.get(key) === entry) this.pending.delete(key);
    }
  }

  /** A record of the tenant changed (here or on another node): its answers are computed again. */
  dataChanged(tenantId: number): void {
    this.generation(tenantId).data += 1;
  }

  /** New samples of the tenant arrived (here or on another node). */
  samplesArrived(tenantId: number): void {
    this.generation(tenantId).samples += 1;
  }

  /** Drops every answer (changes may have been missed). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    for (const generation of this.generations.values()) generation.data += 1;
  }

  /** How many answers are kept, and the size of their text. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private keeping(): boolean {
    return this.options.maxBytes > 0 && this.enabled();
  }

  private async counted(compute: Compute): Promise<string> {
    this.stats.computed += 1;
    return compute();
  }

  private generation(tenantId: number): Generation {
    let generation = this.generations.get(tenantId);
    if (!generation) {
      generation = { data: 0, samples: 0 };
      this.generations.set(tenantId, generation);
    }
    return generation;
  }

  /** Whether an answer may still be given: its period not over, and what it was computed from holds. */
  private stands(entry: Entry): boolean {
    return this.now() < entry.periodEnd && this.holds(entry.tenantId, entry.from);
  }

  /** Whether what was computed from `from` holds: no change of the records since, no samples since it is older than its floor. */
  private holds(tenantId: number, from: Start): boolean {
    const generation = this.generation(tenantId);
    if (from.data !== generation.data) return false;
    return from.samples === generation.samples || this.now() - from.at < from.sampleFloorMs;
  }

  private keep(key: string, tenantId: number, answer: VersionedAnswer, started: Start): void {
    const bytes = key.length + answer.text.length;
    // An answer larger than a quarter of the bound would push out most of the others; one started
    // before the answer kept (a slower computation) would replace a newer one.
    if (bytes > this.options.maxBytes / 4 || (this.entries.get(key)?.from.at ?? -Infinity) > started.at) return;
    this.drop(key);
    this.entries.set(key, {
      ...answer,
      tenantId,
      touched: this.given,
      bytes,
      renewAt: started.at + this.maxAgeMs,
      periodEnd: (Math.floor(started.at / PERIOD_EDGE_MS) + 1) * PERIOD_EDGE_MS,
      from: started,
    });
    this.bytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** The tenant leads the key: whatever a caller names its needs, no answer crosses tenants. */
const keyOf = (tenantId: number, need: string) => `${tenantId}:${need}`;

/** An answer's text, with its version. */
function versioned(text: string): VersionedAnswer {
  return { text, version: versionOf(text) };
}
