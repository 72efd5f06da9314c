/**
 * How much a counter grew from one reading to the next. A reading below the one before is a
 * reset (a meter replaced, a register rolled over): the counter grew by the new reading since it
 * restarted from zero.
 */
export function increase(previous: number | undefined, value: number): number {
  if (previous === undefined) return 0;
  return value >= previous ? value - previous : value;
}

/** A point of a series. */
export interface Point {
  ts: number;
  value: number;
}

/**
 * At most `points` points of a series, for a chart: the series is cut into buckets of equal time
 * and each keeps its lowest and highest point, in time order, so that peaks and dips survive.
 */
export function downsample(series: Point[], points: number): Point[] {
  if (series.length <= points || points < 2) return series;
  const buckets = Math.max(1, Math.floor(points / 2));
  const first = series[0]?.ts ?? 0;
  const span = (series[series.length - 1]?.ts ?? first) - first + 1;
  const kept: Point[] = [];
  let bucket = -1;
  let low: Point | undefined;
  let high: Point | undefined;
  const flush = () => {
    if (!low || !high) return;
    if (low === high) kept.push(low);
    else kept.push(...(low.ts < high.ts ? [low, high] : [high, low]));
  };
  for (const point of series) {
    const index = Math.floor(((point.ts - first) / span) * buckets);
    if (index !== bucket) {
      flush();
      bucket = index;
      low = point;
      high = point;
      continue;
    }
    if (point.value < (low?.value ?? Infinity)) low = point;
    if (point.value > (high?.value ?? -Infinity)) high = point;
  }
  flush();
  return kept;
}
