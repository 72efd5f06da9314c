import averages from '../../schemas/constants/averages.json';
import type { Rollup } from '../db/tables';
import { HOUR_MS, hourOf, type LocalDays } from './calendar';
import { increase } from './counters';

/** A rollup being built, without its owner's keys. */
export type RollupValues = Omit<Rollup, 'tenantId' | 'varId'>;

/**
 * A sample holds, in a time-weighted average, until the next sample, at most this long: a longer
 * gap is data missing, not a value that held.
 */
export const HOLD_MS = averages.holdMs;

function start(ts: number, value: number, inc: number): RollupValues {
  return {
    min: value,
    max: value,
    sum: value,
    count: 1,
    first: value,
    firstTs: ts,
    last: value,
    lastTs: ts,
    inc,
    area: 0,
    span: 0,
  };
}

function add(rollup: RollupValues, ts: number, value: number, inc: number): void {
  if (value < rollup.min) rollup.min = value;
  if (value > rollup.max) rollup.max = value;
  rollup.sum += value;
  rollup.count += 1;
  rollup.last = value;
  rollup.lastTs = ts;
  rollup.inc += inc;
}

/**
 * One variable's samples in time order, folded into hourly, daily and monthly rollups. Each sample
 * holds until the next one (at most `HOLD_MS`): that time counts in the hour, day and month it
 * passes in, so that an average is weighted by time, not by the number of samples. A hold that
 * runs into the hour of the next sample is split between the two hours; a part in an hour without
 * any sample (a gap of more than an hour) is left out.
 */
export class RollupBuilder {
  readonly hours = new Map<number, RollupValues>();
  readonly days = new Map<string, RollupValues>();
  /** By local month, `YYYY-MM`. */
  readonly months = new Map<string, RollupValues>();
  /** The hour of the latest sample, with its hourly, daily and monthly rollups. */
  private bucket = Number.NaN;
  private hour: RollupValues | undefined;
  private day: RollupValues | undefined;
  private month: RollupValues | undefined;

  constructor(
    private readonly zone: string,
    private readonly counter: boolean,
    private readonly localDays: LocalDays,
    /** The latest sample stored before these. */
    private previous?: { ts: number; value: number },
  ) {}

  /** Adds a sample, newer than every one before; a counter's growth counts in the hour, day and month of the newer reading. */
  add(ts: number, value: number): void {
    const previous = this.previous;
    const inc = this.counter ? increase(previous?.value, value) : 0;
    const bucket = hourOf(ts);
    // The part of the hold of the sample before that falls in this sample's hour.
    let spill = 0;
    if (previous) {
      const end = previous.ts + Math.min(ts - previous.ts, HOLD_MS);
      const hourEnd = hourOf(previous.ts) + HOUR_MS;
      this.hold(previous, Math.min(end, hourEnd) - previous.ts);
      if (bucket === hourEnd) spill = Math.max(0, end - hourEnd);
    }
    this.previous = { ts, value };
    if (bucket === this.bucket && this.hour && this.day && this.month) {
      // Samples come in time order: most fall in the hour (and so the day and month) of the one before.
      add(this.hour, ts, value, inc);
      add(this.day, ts, value, inc);
      add(this.month, ts, value, inc);
      return;
    }
    const day = this.localDays.dayOf(ts, this.zone);
    this.bucket = bucket;
    this.hour = fold(this.hours, bucket, ts, value, inc);
    this.day = fold(this.days, day, ts, value, inc);
    this.month = fold(this.months, day.slice(0, 7), ts, value, inc);
    if (spill > 0 && previous) this.hold(previous, spill);
  }

  /** The sample before held for `held` ms in the current hour, day and month. */
  private hold(previous: { ts: number; value: number }, held: number): void {
    if (!this.hour || !this.day || !this.month) {
      // A sample stored before: what it adds is merged into its stored rollups, where it is the
      // least, the greatest and the last value already; only its time is new.
      const day = this.localDays.dayOf(previous.ts, this.zone);
      this.bucket = hourOf(previous.ts);
      this.hour = holding(this.hours, this.bucket, previous);
      this.day = holding(this.days, day, previous);
      this.month = holding(this.months, day.slice(0, 7), previous);
    }
    const area = previous.value * held;
    this.hour.area += area;
    this.hour.span += held;
    this.day.area += area;
    this.day.span += held;
    this.month.area += area;
    this.month.span += held;
  }
}

/** Adds a sample to the rollup of `key`, begun if need be; answers the rollup. */
function fold<K>(rollups: Map<K, RollupValues>, key: K, ts: number, value: number, inc: number): RollupValues {
  const rollup = rollups.get(key);
  if (rollup) {
    add(rollup, ts, value, inc);
    return rollup;
  }
  const begun = start(ts, value, inc);
  rollups.set(key, begun);
  return begun;
}

/** The rollup of `key` of a stored sample's time only: no sample of its own. */
function holding<K>(rollups: Map<K, RollupValues>, key: K, sample: { ts: number; value: number }): RollupValues {
  const rollup = { ...start(sample.ts, sample.value, 0), sum: 0, count: 0 };
  rollups.set(key, rollup);
  return rollup;
}
