import type { Rollup } from '../db/tables';
import { hourOf, type LocalDays } from './calendar';
import { increase } from './counters';

/** A rollup being built, without its owner's keys. */
export type RollupValues = Omit<Rollup, 'tenantId' | 'varId'>;

function start(ts: number, value: number, inc: number): RollupValues {
  return { min: value, max: value, sum: value, count: 1, first: value, firstTs: ts, last: value, lastTs: ts, inc };
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

/** One variable's samples in time order, folded into hourly, daily and monthly rollups. */
export class RollupBuilder {
  readonly hours = new Map<number, RollupValues>();
  readonly days = new Map<string, RollupValues>();
  /** By local month, `YYYY-MM`. */
  readonly months = new Map<string, RollupValues>();
  private previous: number | undefined;
  /** The hour of the latest sample, with its hourly, daily and monthly rollups. */
  private bucket = Number.NaN;
  private hour: RollupValues | undefined;
  private day: RollupValues | undefined;
  private month: RollupValues | undefined;

  constructor(
    private readonly zone: string,
    private readonly counter: boolean,
    private readonly localDays: LocalDays,
    previous?: number,
  ) {
    this.previous = previous;
  }

  /** Adds a sample, newer than every one before; a counter's growth counts in the hour, day and month of the newer reading. */
  add(ts: number, value: number): void {
    const inc = this.counter ? increase(this.previous, value) : 0;
    this.previous = value;
    const bucket = hourOf(ts);
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
