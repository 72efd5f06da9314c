import type { IntervalEnergy } from './settle';

/** What the readings of one counter in one interval come to (what one grouped query answers). */
export interface CounterBucket {
  count: number;
  firstTs: number;
  lastTs: number;
  minValue: number;
  maxValue: number;
}

/** The flows a station's counters measure. */
export type Flow = 'imported' | 'exported' | 'charged' | 'discharged' | 'pv';
export const FLOWS: readonly Flow[] = ['imported', 'exported', 'charged', 'discharged', 'pv'];

/** A counter's readings by interval index, and the reading before the first interval. */
export interface CounterReadings {
  flow: Flow;
  buckets: Map<number, CounterBucket>;
  before?: { ts: number; value: number } | undefined;
}

/** Readings grouped by interval (`index` of the interval a reading falls in), as the grouped query does it. */
export function bucketsOf(readings: { ts: number; value: number }[], index: (ts: number) => number): Map<number, CounterBucket> {
  const buckets = new Map<number, CounterBucket>();
  for (const { ts, value } of readings) {
    const k = index(ts);
    const b = buckets.get(k);
    if (!b) buckets.set(k, { count: 1, firstTs: ts, lastTs: ts, minValue: value, maxValue: value });
    else {
      b.count += 1;
      b.firstTs = Math.min(b.firstTs, ts);
      b.lastTs = Math.max(b.lastTs, ts);
      b.minValue = Math.min(b.minValue, value);
      b.maxValue = Math.max(b.maxValue, value);
    }
  }
  return buckets;
}

/**
 * The energy of each interval (`first` to `first + count − 1`) by flow, from counters' readings.
 * A counter's energy in an interval is its last reading there less its last reading before (the
 * growth counts in the interval of the newer reading, as the hourly rollups count it); a reading
 * below the one before is a reset: the interval counts the rise it can see and is not complete. A counter that did not read in an interval adds nothing to it (its growth counts where it
 * reads next). An interval is complete when every counter read in it and in the interval before
 * (or has a reading at most one interval length before its start), so that both its ends are
 * pinned by readings.
 */
export function energiesOf(
  counters: CounterReadings[],
  first: number,
  count: number,
  step: number,
  startOf: (k: number) => number,
): IntervalEnergy[] {
  const present = new Set(counters.map((c) => c.flow));
  const result: IntervalEnergy[] = Array.from({ length: count }, () => ({
    imported: present.has('imported') ? 0 : null,
    exported: present.has('exported') ? 0 : null,
    charged: present.has('charged') ? 0 : null,
    discharged: present.has('discharged') ? 0 : null,
    pv: present.has('pv') ? 0 : null,
    complete: counters.length > 0,
    measured: false,
  }));
  for (const counter of counters) {
    // The last reading before the first interval: the interval before it, else any earlier.
    const previous = counter.buckets.get(first - 1);
    let last = previous ? { ts: previous.lastTs, value: previous.maxValue } : counter.before;
    for (let i = 0; i < count; i += 1) {
      const k = first + i;
      const entry = result[i] as IntervalEnergy;
      const bucket = counter.buckets.get(k);
      const pinned = counter.buckets.has(k - 1) || (last !== undefined && last.ts >= startOf(k) - step);
      if (!bucket) {
        entry.complete = false;
        continue;
      }
      entry.measured = true;
      if (!pinned || last === undefined) entry.complete = false;
      // A reading below the one before is a reset: the grouped readings cannot tell how much grew on
      // each side of it, so the interval counts the rise it can see and is not complete.
      const reset = last !== undefined && bucket.minValue < last.value;
      if (reset) entry.complete = false;
      const grew =
        last === undefined
          ? bucket.maxValue - bucket.minValue
          : bucket.maxValue >= last.value
            ? bucket.maxValue - last.value
            : bucket.maxValue;
      entry[counter.flow] = (entry[counter.flow] ?? 0) + grew;
      last = { ts: bucket.lastTs, value: bucket.maxValue };
    }
  }
  return result;
}
