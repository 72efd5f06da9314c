/** How a figure is made of the samples of a period. */
export type CalcMethod = 'DIFF' | 'SUM' | 'AVG' | 'MAX' | 'MIN';

/** The totals of some rollups, from which any method's figure is made. */
export interface Totals {
  min: number | null;
  max: number | null;
  sum: number | null;
  count: number | null;
  inc: number | null;
  area: number | null;
  span: number | null;
}

/** The figure of a method from the totals of a period; null when the period has no sample. */
export function figure(method: CalcMethod, totals: Totals | undefined): number | null {
  if (!totals || !totals.count) return null;
  switch (method) {
    case 'DIFF':
      return totals.inc;
    case 'SUM':
      return totals.sum;
    case 'AVG':
      // Weighted by time where the samples count for any (a period of one sample: its value).
      if (totals.span) return (totals.area ?? 0) / totals.span;
      return totals.sum === null ? null : totals.sum / totals.count;
    case 'MAX':
      return totals.max;
    case 'MIN':
      return totals.min;
  }
}

function combine(a: Totals, b: Totals): Totals {
  const pick = (x: number | null, y: number | null, f: (p: number, q: number) => number) =>
    x === null ? y : y === null ? x : f(x, y);
  return {
    min: pick(a.min, b.min, Math.min),
    max: pick(a.max, b.max, Math.max),
    sum: (a.sum ?? 0) + (b.sum ?? 0),
    count: (a.count ?? 0) + (b.count ?? 0),
    inc: (a.inc ?? 0) + (b.inc ?? 0),
    area: (a.area ?? 0) + (b.area ?? 0),
    span: (a.span ?? 0) + (b.span ?? 0),
  };
}

const EMPTY: Totals = { min: null, max: null, sum: null, count: 0, inc: null, area: null, span: null };

/** The figure of a method over the totals of several periods taken together (a year from its months). */
export function figureOfAll(method: CalcMethod, parts: Iterable<Totals>): number | null {
  return figure(method, [...parts].reduce(combine, EMPTY));
}
