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

/** One variable's samples in time order, folded into hourly and daily rollups. */
export class RollupBuilder {
  readonly hours = new Map<number, RollupValues>();
  readonly days = new Map<string, RollupValues>();
  private previous: number | undefined;
  /** The hour of the latest sample, with its hourly and daily rollups. */
  private bucket = Number.NaN;
  private hour: RollupValues | undefined;
  private day: RollupValues | undefined;

  constructor(
    private readonly zone: string,
    private readonly counter: boolean,
    private readonly localDays: LocalDays,
    previous?: number,
  ) {
    this.previous = previous;
  }

  /** Adds a sample, newer than every one before; a counter's growth counts in the hour and day of the newer reading. */
  add(ts: number, value: number): void {
    const inc = this.counter ? increase(this.previous, value) : 0;
    this.previous = value;
    const bucket = hourOf(ts);
    if (bucket === this.bucket && this.hour && this.day) {
      // Samples come in time order: most fall in the hour (and so the day) of the one before.
      add(this.hour, ts, value, inc);
      add(this.day, ts, value, inc);
      return;
    }
    const day = this.localDays.dayOf(ts, this.zone);
    this.bucket = bucket;
    this.hour = this.hours.get(bucket);
    if (this.hour) add(this.hour, ts, value, inc);
    else this.hours.set(bucket, (this.hour = start(ts, value, inc)));
    this.day = this.days.get(day);
    if (this.day) add(this.day, ts, value, inc);
    else this.days.set(day, (this.day = start(ts, value, inc)));
  }
}
