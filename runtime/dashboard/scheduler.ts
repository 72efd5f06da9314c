import type { BatchableOperationId } from '../../generated/registry';
import { documentVisibility, REFRESH_INTERVAL_MS, type Visibility } from '../api/refresh';
import { needKey, type DataNeed, type NeedData, type Needs, type SlotState } from './needs';

export { REFRESH_INTERVAL_MS };
export type { Visibility };

/**
 * The answer to one need: its data, typed as the need's call answers it (narrowed by its
 * `operationId`) with its version; that the answer of the version held is still the answer; or
 * the code and message of its failure.
 */
export type NeedAnswer<Id extends BatchableOperationId = BatchableOperationId> =
  | { [K in Id]: { ok: true; operationId: K; data: NeedData<K>; version?: string; unchanged?: undefined } }[Id]
  | { ok: true; unchanged: true; version: string }
  | { ok: false; code: number; message: string };

/**
 * Sends needs in one request, each with the version of its answer the scheduler holds (if it
 * holds one), and answers each, in order; a request that fails throws.
 */
export type BatchFetcher = (needs: DataNeed[], versions?: (string | undefined)[]) => Promise<NeedAnswer[]>;

export interface SchedulerOptions {
  fetchBatch: BatchFetcher;
  /** Time between refreshes (the specification's 20 seconds). */
  intervalMs?: number;
  /** `coalesced`: every distinct need of every widget in as few requests as the batch size allows; `perWidget`: one request per widget (for comparison). */
  mode?: 'coalesced' | 'perWidget';
  /** Needs per request, at most the batch call's 100. */
  batchSize?: number;
  visibility?: Visibility;
}

/** What the scheduler did, for the benchmark and the tests. */
export interface SchedulerStats {
  ticks: number;
  skippedInFlight: number;
  skippedHidden: number;
  requests: number;
  needs: number;
}

const MAX_BATCH = 100;

/** A widget's needs at an instant (a day's figures change at midnight of the station). */
export type NeedsOf = (now: number) => Needs;

interface Entry {
  needsOf: NeedsOf;
  needs: Needs;
  slots: Record<string, SlotState>;
  listener: (slots: Record<string, SlotState>) => void;
}

function sameNeeds(a: Needs, b: Needs): boolean {
  const slots = Object.keys(b);
  return (
    Object.keys(a).length === slots.length && slots.every((slot) => a[slot] && b[slot] && needKey(a[slot]) === needKey(b[slot]))
  );
}

/** The text of the state an answer puts its widgets in. */
function textOf(answer: Exclude<NeedAnswer, { unchanged: true }>): string {
  const state: SlotState = answer.ok
    ? { status: 'ready', data: answer.data }
    : { status: 'error', code: answer.code, message: answer.message };
  return JSON.stringify(state);
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Fetches what all widgets of a dashboard need: every interval, the needs of all widgets are
 * deduplicated and sent together through the batch call, and each widget is handed its answers.
 * A tick is skipped while the previous one is in flight, and while the page is hidden (with a
 * refresh as soon as it is shown again). A widget whose needs change is fetched at once. A need
 * that fails puts only the widgets that need it in their error state.
 */
export class DataScheduler {
  readonly stats: SchedulerStats = { ticks: 0, skippedInFlight: 0, skippedHidden: 0, requests: 0, needs: 0 };
  private readonly entries = new Map<string, Entry>();
  private readonly options: Required<Omit<SchedulerOptions, 'visibility'>> & { visibility?: Visibility };
  private timer: ReturnType<typeof setInterval> | undefined;
  private unsubscribeVisibility: (() => void) | undefined;
  private inFlight = false;
  /** The last answer to each need (as text), to leave widgets whose answers did not change alone. */
  private readonly lastAnswers = new Map<string, string>();
  /** The server's version of each answer held: sent with the need, an answer still the same comes back without its data. */
  private readonly versions = new Map<string, string>();
  /** Widgets whose needs changed since the last task, fetched together at its end. */
  private readonly changed = new Set<string>();
  /** When the server last answered a request (milliseconds): the age of the data a wall display shows. */
  private answered: number | undefined;

  constructor(options: SchedulerOptions) {
    this.options = {
      intervalMs: REFRESH_INTERVAL_MS,
      mode: 'coalesced',
      batchSize: MAX_BATCH,
      ...options,
      visibility: options.visibility ?? documentVisibility(),
    };
  }

  /**
   * Registers a widget or changes its needs; changed needs are fetched at once: those of every
   * widget registered in the same task (a dashboard's widgets mounting together) in one request.
   * A need answered lately, for this widget or another (a configuration's preview beside the
   * dashboard, then the widget saved as previewed), takes that answer and is not asked again: only
   * the needs without an answer are fetched.
   */
  setWidget(id: string, needsOf: NeedsOf, listener: (slots: Record<string, SlotState>) => void): void {
    const known = this.entries.get(id);
    // The same function needs what it needed: a need that moves with the clock is asked anew at the next tick.
    const needs = known?.needsOf === needsOf ? known.needs : needsOf(Date.now());
    if (known && sameNeeds(known.needs, needs)) {
      known.needsOf = needsOf;
      if (known.listener !== listener) {
        // A widget taking over needs registered before it mounted gets what has arrived for them.
        known.listener = listener;
        listener(known.slots);
      }
      return;
    }
    const slots = this.slotsFor(needs);
    this.entries.set(id, { needsOf, needs, slots, listener });
    listener(slots);
    if (this.timer === undefined || Object.values(slots).every((state) => state.status !== 'loading')) return;
    if (this.changed.size === 0) {
      queueMicrotask(() => {
        const ids = [...this.changed];
        this.changed.clear();
        void this.fetch(ids, true);
      });
    }
    this.changed.add(id);
  }

  /**
   * Registers widgets before they are rendered (a dashboard about to be shown), so that what they
   * need is asked for while they render; each takes its answers over when it mounts.
   */
  prime(widgets: { id: string; needsOf: NeedsOf }[]): void {
    for (const { id, needsOf } of widgets)
      try {
        if (!this.entries.has(id)) this.setWidget(id, needsOf, () => undefined);
      } catch {
        // A widget whose needs throw is left out; it says so in its own frame when it mounts.
      }
  }

  /** Fetches a widget's needs now, outside the ticks (after a user's action changed what they answer). */
  refresh(id: string): Promise<void> {
    return this.fetch([id]);
  }

  removeWidget(id: string): void {
    this.entries.delete(id);
  }

  /** The answers a widget has now. */
  slotsOf(id: string): Record<string, SlotState> | undefined {
    return this.entries.get(id)?.slots;
  }

  /**
   * What a widget shows before it has registered (its first render): what it has if it was primed,
   * else for each of its needs the answer held or loading. Never no slots for a widget that needs
   * something, which would read as answered with nothing: a board drew "no data" in each widget
   * until its needs were registered. A widget whose needs throw has none (it says so when it registers).
   */
  slotsBefore(id: string, needsOf: NeedsOf): Record<string, SlotState> {
    const known = this.slotsOf(id);
    if (known) return known;
    try {
      return this.slotsFor(needsOf(Date.now()));
    } catch {
      return {};
    }
  }

  /** For each need, the answer held or loading. */
  private slotsFor(needs: Needs): Record<string, SlotState> {
    return Object.fromEntries(
      Object.entries(needs).map(([slot, need]) => [slot, this.answerOf(needKey(need)) ?? { status: 'loading' as const }]),
    );
  }

  /** Starts refreshing: a tick now, then one every interval. */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.unsubscribeVisibility = this.options.visibility?.subscribe(() => {
      if (!this.options.visibility?.hidden()) void this.tick();
    });
    void this.tick();
  }

  /** Stops refreshing (the dashboard route was left). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribeVisibility?.();
    this.unsubscribeVisibility = undefined;
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** When the server last answered (milliseconds); `undefined` before its first answer. A request that failed is no answer. */
  get answeredAt(): number | undefined {
    return this.answered;
  }

  /** One refresh of every widget, unless the last is still in flight or the page is hidden. */
  async tick(): Promise<void> {
    if (this.inFlight) {
      this.stats.skippedInFlight += 1;
      return;
    }
    if (this.options.visibility?.hidden()) {
      this.stats.skippedHidden += 1;
      return;
    }
    this.stats.ticks += 1;
    this.inFlight = true;
    const now = Date.now();
    for (const entry of this.entries.values()) {
      let needs;
      try {
        needs = entry.needsOf(now);
      } catch {
        // One widget's needs that throw (at this instant) keep what it needed; the others refresh.
        continue;
      }
      if (sameNeeds(entry.needs, needs)) continue;
      entry.needs = needs;
      entry.slots = Object.fromEntries(Object.keys(needs).map((slot) => [slot, entry.slots[slot] ?? { status: 'loading' }]));
    }
    try {
      await this.fetch([...this.entries.keys()]);
    } finally {
      this.inFlight = false;
    }
    const current = new Set([...this.entries.values()].flatMap((entry) => Object.values(entry.needs).map(needKey)));
    for (const key of this.lastAnswers.keys()) {
      if (current.has(key)) continue;
      this.lastAnswers.delete(key);
      this.versions.delete(key);
    }
  }

  /** The last answer to a need, while a widget needed it at the last tick or since. */
  private answerOf(key: string): SlotState | undefined {
    const text = this.lastAnswers.get(key);
    return text === undefined ? undefined : (JSON.parse(text) as SlotState);
  }

  /** Fetches the needs of some widgets; `waiting`: only those still waiting for an answer. */
  private async fetch(ids: string[], waiting = false): Promise<void> {
    const distinct = (group: string[]) => this.distinctNeeds(group, waiting);
    const groups = this.options.mode === 'perWidget' ? ids.map((id) => distinct([id])) : [distinct(ids)];
    const requests = groups.flatMap((group) => chunks([...group.entries()], this.options.batchSize));
    const touched = new Set<string>();
    await Promise.all(
      requests.map(async (request) => {
        if (request.length === 0) return;
        this.stats.requests += 1;
        this.stats.needs += request.length;
        let answers: NeedAnswer[];
        try {
          answers = await this.options.fetchBatch(
            request.map(([, { need }]) => need),
            request.map(([key]) => this.versions.get(key)),
          );
          this.answered = Date.now();
        } catch (error) {
          const failure: NeedAnswer = { ok: false, code: 0, message: error instanceof Error ? error.message : String(error) };
          answers = request.map(() => failure);
        }
        request.forEach(([key, { users }], index) => {
          const answer = answers[index] ?? { ok: false, code: 0, message: '' };
          const held = this.lastAnswers.get(key);
          if (answer.ok && answer.unchanged && held === undefined) {
            // Said unchanged, but no longer held here (a widget went away meanwhile): asked in full next time.
            this.versions.delete(key);
            return;
          }
          const text = answer.ok && answer.unchanged ? (held as string) : textOf(answer);
          if (answer.ok && answer.version !== undefined) this.versions.set(key, answer.version);
          else this.versions.delete(key);
          const state = JSON.parse(text) as SlotState;
          // An answer equal to the last one changes nothing: its widgets are not rendered again.
          const unchanged = held === text;
          this.lastAnswers.set(key, text);
          for (const { id, slot, needs } of users) {
            const entry = this.entries.get(id);
            // The widget went away, or changed its needs, while the request was in flight.
            if (!entry || entry.needs !== needs) continue;
            if (unchanged && entry.slots[slot]?.status !== 'loading') continue;
            entry.slots = { ...entry.slots, [slot]: state };
            touched.add(id);
          }
        });
      }),
    );
    for (const id of touched) {
      const entry = this.entries.get(id);
      if (entry) entry.listener(entry.slots);
    }
  }

  /** The distinct needs of some widgets, each with the widgets and slots that read its answer. */
  private distinctNeeds(ids: string[], waiting: boolean) {
    const distinct = new Map<string, { need: DataNeed; users: { id: string; slot: string; needs: Needs }[] }>();
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry) continue;
      for (const [slot, need] of Object.entries(entry.needs)) {
        if (waiting && entry.slots[slot]?.status !== 'loading') continue;
        const key = needKey(need);
        const known = distinct.get(key) ?? { need, users: [] };
        known.users.push({ id, slot, needs: entry.needs });
        distinct.set(key, known);
      }
    }
    return distinct;
  }
}
