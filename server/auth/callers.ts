import type { AuthContext } from './context';

/** How long a node answers a token from memory at most, whatever it is told. */
const FRESH_MS = 5_000;
/** Most tokens kept; the longest kept is dropped first beyond. */
const LIMIT = 10_000;

/**
 * Who each bearer token stands for (by its hash), so that a call costs no statement to establish
 * its caller. Dropped whole whenever a token is revoked or moved, or a user's employee record
 * changes, on this node or (told through the change feed) on another; nothing is kept while the
 * node may miss such a change. An entry also lasts 5 s at most: a change told before its
 * transaction commits (a write in a caller's transaction) cannot leave an old caller for longer.
 * A lookup that a drop overtook keeps nothing (`mark`).
 */
export class CallerCache {
  private readonly entries = new Map<string, { caller: AuthContext; until: number }>();
  private generation = 0;

  /** `cached`: whether callers may be kept (not while a node of a cluster may miss changes). */
  constructor(private readonly cached: () => boolean) {}

  /** The caller of a token, when known and fresh. */
  get(hash: string, now = Date.now()): AuthContext | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.until > now && this.cached()) return entry.caller;
    this.entries.delete(hash);
    return undefined;
  }

  /** Taken before the token is looked up in the database, and given back to `set`. */
  mark(): number {
    return this.generation;
  }

  /** Keeps the caller of a token until it expires (at most 5 s), unless a drop came after `mark`. */
  set(hash: string, caller: AuthContext, expiresAt: number, mark: number, now = Date.now()): void {
    if (mark !== this.generation || !this.cached()) return;
    if (this.entries.size >= LIMIT) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { caller, until: Math.min(expiresAt, now + FRESH_MS) });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
