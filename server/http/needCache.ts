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

/** Where a computation started: the tenant's generation then, and when. */
interface Start extends Generation {
  at: number;
}

/** What the bound keeps: an answer to a need, or a batch's whole answer made of such answers. */
interface Kept {
  tenantId: number;
  /** The need's text, or the batch's. */
  key: string;
  /** Asked for since the bound last passed it: kept past it once more (a second chance). */
  asked: boolean;
  bytes: number;
}

interface Entry extends Kept, VersionedAnswer {
  /** When it is computed again, given meanwhile. */
  renewAt: number;
  /** The next quarter hour: given no more from then. */
  periodEnd: number;
  from: Start;
  /** Dropped, or replaced by a newer answer: the batches made of it are answered anew. */
  gone: boolean;
}

/** A batch's whole answer (`rememberBatch`), and the answers it was made of. */
interface Batch extends Kept {
  text: string;
  parts: Entry[];
}

/**
 * The text a need is kept by beside its tenant: the language, the call and its input. A flat text
 * made in one go, which a look-up hashes once: the same for the call asked alone and batched, whose
 * answers are the same.
 */
export function needText(language: string, operationId: string, params: unknown, query: unknown, body: unknown): string {
  return JSON.stringify([language, operationId, params ?? {}, query ?? {}, body ?? null]);
}

/** The version of an answer: a short hash of its JSON text. */
export function versionOf(text: string): string {
  return hash('sha1', text, 'base64url').slice(0, 16);
}

/**
 * The answers of the dashboard's data needs, shared by every viewer of a tenant: a need (tenant,
 * and the language, call and input in its text) is computed once and answered from here until
 * the data under it changes. Any change of the tenant's records drops its answers at once; new
 * samples do so for answers older than the asker's floor (`SAMPLE_FLOOR_MS` for the dashboard's
 * needs), so that a tenant whose collectors send every second does not have every answer
 * computed every second. Answers end at the next quarter hour, and are computed again in the
 * background after `MAX_AGE_MS`. Viewers asking for a need being computed wait for that
 * computation. The answers kept stay within `maxBytes` of text, those not asked for since the
 * bound last passed them going first, oldest first (the clock algorithm: an answer asked for is
 * only marked, never moved, so that giving it costs one look-up); they are kept as their text,
 * which is what the bound counts. A batch's whole answer made of kept answers is kept in the same
 * bound, and given again while each of them stands (`batch`).
 */
export class NeedCache {
  /** The answers kept, by tenant, then by the need's text: no answer is looked up across tenants. */
  private readonly entries = new Map<number, Map<string, Entry>>();
  /** The batches' whole answers, by tenant, then by the batch's text. */
  private readonly batches = new Map<number, Map<string, Batch>>();
  /** Everything kept, in the order the bound passes it: the oldest kept first. */
  private readonly order = new Set<Entry | Batch>();
  /** Computations under way, with where they started, by tenant and need. */
  private readonly pending = new Map<number, Map<string, { answer: Promise<VersionedAnswer>; from: Start }>>();
  private readonly generations = new Map<number, Generation>();
  private bytes = 0;
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
   * The answer to a need of a tenant kept from an earlier computation, if it still stands for the
   * asker; one past its maximum age is given while `compute` makes the next one. New samples end
   * an answer for an asker once it is `sampleFloorMs` old (0: at once, for a call asked alone,
   * which answers the latest sample).
   */
  private kept(tenantId: number, need: string, compute: Compute, sampleFloorMs: number): VersionedAnswer | undefined {
    if (!this.keeping()) return undefined;
    const kept = this.entries.get(tenantId)?.get(need);
    const now = this.now();
    if (!kept || now >= kept.periodEnd || !this.holds(this.generation(tenantId), kept.from, sampleFloorMs, now)) return undefined;
    // Computed again for the next viewer; a failure leaves this answer until a change ends it.
    if (now >= kept.renewAt) this.compute(tenantId, need, compute, sampleFloorMs).catch(() => undefined);
    kept.asked = true;
    this.stats.hits += 1;
    return { text: kept.text, version: kept.version };
  }

  /**
   * The answer to a need of a tenant: kept (given at once, not as a promise), being computed, or
   * computed now by `compute` (`sampleFloorMs` as for `kept`).
   */
  answer(
    tenantId: number,
    need: string,
    compute: Compute,
    sampleFloorMs = this.sampleFloorMs,
  ): VersionedAnswer | Promise<VersionedAnswer> {
    if (!this.keeping()) return this.counted(compute).then(versioned);
    return this.kept(tenantId, need, compute, sampleFloorMs) ?? this.compute(tenantId, need, compute, sampleFloorMs);
  }

  /** The answer computed once for everyone asking meanwhile, kept when it may be shared. */
  private async compute(tenantId: number, need: string, compute: Compute, sampleFloorMs: number): Promise<VersionedAnswer> {
    const started: Start = { ...this.generation(tenantId), at: this.now() };
    const pending = ofTenant(this.pending, tenantId);
    const running = pending.get(need);
    // A computation started before a change of the records would answer what the change undid.
    if (running && this.holds(this.generation(tenantId), running.from, sampleFloorMs, started.at)) {
      this.stats.hits += 1;
      return running.answer;
    }
    const computing = this.counted(compute).then((text) => {
      const answer = versioned(text);
      this.keep(tenantId, need, answer, started);
      return answer;
    });
    const entry = { answer: computing, from: started };
    pending.set(need, entry);
    try {
      return await computing;
    } finally {
      if (pending.get(need) === entry) pending.delete(need);
    }
  }

  /**
   * A batch's whole answer remembered by `rememberBatch`, if every answer it was made of is still
   * the one kept, stands for the dashboard's floor, and is not due to be computed again (the
   * batch is then answered need by need, which computes them).
   */
  batch(tenantId: number, key: string): string | undefined {
    if (!this.keeping()) return undefined;
    const batch = this.batches.get(tenantId)?.get(key);
    if (!batch) return undefined;
    const now = this.now();
    const generation = this.generation(tenantId);
    for (const part of batch.parts) {
      if (part.gone || now >= part.renewAt || now >= part.periodEnd) return undefined;
      if (!this.holds(generation, part.from, this.sampleFloorMs, now)) return undefined;
      part.asked = true;
    }
    batch.asked = true;
    this.stats.hits += 1;
    return batch.text;
  }

  /**
   * Remembers a batch's whole answer (`text`, a function of its `key` and of the answers to its
   * needs), made of the answers to `needs` with `versions`: only if each is the answer kept now
   * (a need that failed, with no version, never is).
   */
  rememberBatch(tenantId: number, key: string, text: string, needs: string[], versions: string[]): void {
    if (!this.keeping()) return;
    const answers = this.entries.get(tenantId);
    const parts: Entry[] = [];
    for (const [index, need] of needs.entries()) {
      const part = answers?.get(need);
      if (!part || part.version !== versions[index]) return;
      parts.push(part);
    }
    this.add(ofTenant(this.batches, tenantId), { tenantId, key, asked: false, bytes: key.length + text.length, text, parts });
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
    for (const kept of this.order) if ('gone' in kept) forget(kept);
    this.entries.clear();
    this.batches.clear();
    this.order.clear();
    this.bytes = 0;
    for (const generation of this.generations.values()) generation.data += 1;
  }

  /** How many answers (and batches' whole answers) are kept, and the size of their text. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.order.size, bytes: this.bytes };
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

  /**
   * Whether what was computed from `from` holds for an asker at `now`, the tenant's data at
   * `generation`: no change of the records since, and no samples since unless it is younger than
   * the asker's floor.
   */
  private holds(generation: Generation, from: Start, sampleFloorMs: number, now: number): boolean {
    if (from.data !== generation.data) return false;
    return from.samples === generation.samples || now - from.at < sampleFloorMs;
  }

  private keep(tenantId: number, need: string, answer: VersionedAnswer, started: Start): void {
    const answers = ofTenant(this.entries, tenantId);
    const before = answers.get(need);
    // One started before the answer kept (a slower computation) would replace a newer one.
    if ((before?.from.at ?? -Infinity) > started.at) return;
    const life = {
      renewAt: started.at + this.maxAgeMs,
      periodEnd: (Math.floor(started.at / PERIOD_EDGE_MS) + 1) * PERIOD_EDGE_MS,
      from: started,
    };
    // The same answer computed again (past its age, with nothing changed) lives on as it is, and
    // the batches made of it with it.
    if (before?.version === answer.version) {
      Object.assign(before, life);
      return;
    }
    this.add(answers, {
      ...answer,
      ...life,
      tenantId,
      key: need,
      asked: false,
      bytes: need.length + answer.text.length,
      gone: false,
    });
  }

  /** Keeps what replaces anything kept by its key, then drops what goes past the bound. */
  private add<T extends Entry | Batch>(home: Map<string, T>, kept: T): void {
    // Anything larger than a quarter of the bound would push out most of the rest.
    if (kept.bytes > this.options.maxBytes / 4) return;
    const before = home.get(kept.key);
    if (before) this.drop(before);
    home.set(kept.key, kept);
    this.order.add(kept);
    this.bytes += kept.bytes;
    // Past the bound, the oldest not asked for since the bound last passed it goes; one asked for
    // goes to the back, unmarked. Each is passed at most twice, so this ends.
    for (const oldest of this.order) {
      if (this.bytes <= this.options.maxBytes) break;
      this.order.delete(oldest);
      if (oldest.asked) {
        oldest.asked = false;
        this.order.add(oldest);
      } else {
        this.drop(oldest);
      }
    }
  }

  private drop(kept: Entry | Batch): void {
    this.order.delete(kept);
    this.bytes -= kept.bytes;
    if ('gone' in kept) {
      this.entries.get(kept.tenantId)?.delete(kept.key);
      forget(kept);
    } else {
      this.batches.get(kept.tenantId)?.delete(kept.key);
    }
  }
}

/** Marks an answer no longer kept, and lets its text go: the batches still holding it answer anew, never with it. */
function forget(entry: Entry): void {
  entry.gone = true;
  entry.text = '';
}

/** The map of a tenant's own, made when first needed. */
function ofTenant<T>(maps: Map<number, Map<string, T>>, tenantId: number): Map<string, T> {
  let map = maps.get(tenantId);
  if (!map) {
    map = new Map();
    maps.set(tenantId, map);
  }
  return map;
}

/** An answer's text, with its version. */
function versioned(text: string): VersionedAnswer {
  return { text, version: versionOf(text) };
}
