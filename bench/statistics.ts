import type { Services } from '../server/http/services';
import { HOUR_MS, hourOf, LocalDays, partKey, periodOf, subPeriods, type PeriodType } from '../server/telemetry/calendar';
import type { CatalogVariable } from '../server/telemetry/catalog';
import { increase } from '../server/telemetry/counters';
import { figure } from '../server/telemetry/figure';
import { HOLD_MS } from '../server/telemetry/rollups';
import type { CalcMethod } from '../server/telemetry/store';
import { fmt, log, ms, p50, timed } from './report';

const METHODS: CalcMethod[] = ['DIFF', 'SUM', 'AVG', 'MAX'];
const TYPES: PeriodType[] = ['DAY', 'MONTH', 'YEAR'];
const ROLLUP_RUNS = 30;
const RAW_RUNS = { DAY: 15, MONTH: 7, YEAR: 3 } as const;

/** The statistic of each variable by scanning the raw samples of the period (with the day before, for counters, and the hour after, for how long its last sample held). */
async function rawStatistic(
  services: Services,
  tenantId: number,
  variables: CatalogVariable[],
  method: CalcMethod,
  type: PeriodType,
  time: number,
) {
  const zone = variables[0]?.zone ?? 'Asia/Shanghai';
  const period = periodOf(type, time, zone);
  const parts = subPeriods(period, zone);
  const index = new Map(parts.map((part, i) => [partKey(part), i]));
  const days = new LocalDays();
  const rows = await services.database.db
    .selectFrom('sample')
    .select(['varId', 'ts', 'value'])
    .where('tenantId', '=', tenantId)
    .where(
      'varId',
      'in',
      variables.map((v) => v.id),
    )
    .where('ts', '>=', period.start - 86_400_000)
    // The first sample after the period tells how long the last one in it held.
    .where('ts', '<', period.end + HOLD_MS)
    .orderBy('varId')
    .orderBy('ts')
    .execute();
  type Totals = { min: number | null; max: number | null; sum: number; count: number; inc: number; area: number; span: number };
  const result = new Map<number, { value: number | null; series: (number | null)[] }>();
  const byVar = new Map<number, { ts: number; value: number }[]>();
  for (const row of rows) {
    const list = byVar.get(row.varId) ?? [];
    list.push({ ts: Number(row.ts), value: row.value });
    byVar.set(row.varId, list);
  }
  for (const variable of variables) {
    const totals = parts.map((): Totals => ({ min: null, max: null, sum: 0, count: 0, inc: 0, area: 0, span: 0 }));
    const whole: Totals = { min: null, max: null, sum: 0, count: 0, inc: 0, area: 0, span: 0 };
    /** The sample before, with the totals it counts in (none before the period). */
    let previous: { ts: number; value: number; in: Totals[] } | undefined;
    for (const sample of byVar.get(variable.id) ?? []) {
      const inc = variable.kind === 'counter' ? increase(previous?.value, sample.value) : 0;
      // The sample before held until this one: in its own hour, and on into this sample's hour if
      // that is the next (as the rollups count it).
      let spill: { value: number; ms: number } | undefined;
      if (previous) {
        const end = previous.ts + Math.min(sample.ts - previous.ts, HOLD_MS);
        const hourEnd = hourOf(previous.ts) + HOUR_MS;
        const held = Math.min(end, hourEnd) - previous.ts;
        for (const t of previous.in) {
          t.area += previous.value * held;
          t.span += held;
        }
        if (hourOf(sample.ts) === hourEnd) spill = { value: previous.value, ms: Math.max(0, end - hourEnd) };
      }
      previous = { ...sample, in: [] };
      if (sample.ts < period.start || sample.ts >= period.end) continue;
      const day = days.dayOf(sample.ts, zone);
      const key = type === 'DAY' ? String(hourOf(sample.ts)) : type === 'MONTH' ? day : day.slice(0, 7);
      for (const t of [totals[index.get(key) ?? -1], whole]) {
        if (!t) continue;
        t.min = t.min === null ? sample.value : Math.min(t.min, sample.value);
        t.max = t.max === null ? sample.value : Math.max(t.max, sample.value);
        t.sum += sample.value;
        t.count += 1;
        t.inc += inc;
        if (spill) {
          t.area += spill.value * spill.ms;
          t.span += spill.ms;
        }
        previous.in.push(t);
      }
    }
    result.set(variable.id, { value: figure(method, whole), series: totals.map((t) => figure(method, t)) });
  }
  return result;
}

const close = (a: number | null | undefined, b: number | null | undefined) =>
  (a ?? null) === null || (b ?? null) === null
    ? (a ?? null) === (b ?? null)
    : Math.abs(Number(a) - Number(b)) <= 1e-6 * Math.max(1, Math.abs(Number(a)));

export interface StatRow {
  method: CalcMethod;
  type: PeriodType;
  rollup: number;
  raw: number;
}

/**
 * Each statistic of the variables over the day, month and year around `time`, from rollups and
 * from raw samples, timed; the two must give the same figures.
 */
export async function statisticFigures(
  services: Services,
  tenantId: number,
  variables: CatalogVariable[],
  time: number,
): Promise<StatRow[]> {
  const rows: StatRow[] = [];
  for (const type of TYPES) {
    for (const method of METHODS) {
      const rollupTimes: number[] = [];
      let fromRollups;
      for (let run = 0; run < ROLLUP_RUNS; run += 1) {
        const { ms: elapsed, result } = await timed(() =>
          services.telemetry.store.statistic(tenantId, variables, method, type, time),
        );
        rollupTimes.push(elapsed);
        fromRollups = result;
      }
      const rawTimes: number[] = [];
      let fromRaw;
      for (let run = 0; run < RAW_RUNS[type]; run += 1) {
        const { ms: elapsed, result } = await timed(() => rawStatistic(services, tenantId, variables, method, type, time));
        rawTimes.push(elapsed);
        fromRaw = result;
      }
      for (const variable of variables) {
        const a = fromRollups?.get(variable.id);
        const b = fromRaw?.get(variable.id);
        const same = close(a?.value, b?.value) && (a?.series ?? []).every((v, i) => close(v, b?.series[i]));
        if (!same)
          throw new Error(`${method} ${type} of ${variable.sn}: rollups ${JSON.stringify(a)} but raw ${JSON.stringify(b)}`);
      }
      rows.push({ method, type, rollup: p50(rollupTimes), raw: p50(rawTimes) });
      log(`  ${method} ${type}: rollups ${ms(p50(rollupTimes))} ms, raw ${ms(p50(rawTimes))} ms`);
    }
  }
  return rows;
}

function statTable(rows: StatRow[]): string {
  return [
    '| Method | Period | Rollups p50 (ms) | Raw scan p50 (ms) | Rollups faster by |',
    '|---|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.method} | ${r.type} | ${ms(r.rollup)} | ${ms(r.raw)} | ${fmt(r.raw / r.rollup)}× |`),
  ].join('\n');
}

/**
 * The section of docs/benchmarks.md on statistics: the figures of `variables` variables around
 * `time` on SQLite and PostgreSQL (none when it did not run), with the goal for a year.
 */
export function statisticsReport(sqlite: StatRow[], postgres: StatRow[], variables: number, time: number): string {
  const year = sqlite.filter((r) => r.type === 'YEAR');
  return `## Statistics: rollups against a raw scan

The figure and series of the ${variables} variables over the day, month and year around ${new Date(time).toISOString().slice(0, 10)} (Asia/Shanghai), as \`statisticalvalue\` answers them: from the rollups (hourly for a day, daily for a month, monthly for a year), and by reading every raw sample of the period and folding them the same way. A day of 15-minute samples is only four times the rows of its hourly rollups, hence the small gain there; the rollups pay off over months and years, which no query reads raw. The run checks that both give the same figures. p50 of ${ROLLUP_RUNS} runs for rollups; ${RAW_RUNS.DAY}, ${RAW_RUNS.MONTH} and ${RAW_RUNS.YEAR} runs of the raw scan for a day, month and year.

### SQLite

${statTable(sqlite)}

### PostgreSQL

A throwaway server as the tests start it (PostgreSQL 15 of Debian, \`fsync\` off), on the same machine.

${postgres.length ? statTable(postgres) : 'Not run: no PostgreSQL on this machine.'}

Goal for a year: p50 ≤ 5 ms and at least 100× faster than the raw scan. On SQLite the year's p50 is ${year.map((r) => `${ms(r.rollup)} ms (${r.method})`).join(', ')}; faster by ${year.map((r) => `${fmt(r.raw / r.rollup)}×`).join(', ')} — ${year.every((r) => r.rollup <= 5 && r.raw / r.rollup >= 100) ? 'met' : 'not met'}.`;
}
