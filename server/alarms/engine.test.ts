import { describe, expect, test } from 'vitest';
import { holds, keeps, plan, type Change, type Comparison, type Rule } from './engine';

describe('holds: whether a value meets a rule and raises an alarm', () => {
  test.each<[Comparison, number, number, boolean]>([
    ['gt', 46, 45, true],
    ['gt', 45, 45, false],
    ['gt', 44.9, 45, false],
    ['gt', -1, -2, true],
    ['gte', 45, 45, true],
    ['gte', 44.99, 45, false],
    ['gte', 45.01, 45, true],
    ['lt', 11.9, 12, true],
    ['lt', 12, 12, false],
    ['lt', 12.1, 12, false],
    ['lte', 12, 12, true],
    ['lte', 12.01, 12, false],
    ['lte', -5, 0, true],
    ['eq', 1, 1, true],
    ['eq', 0, 1, false],
    ['eq', 0.1 + 0.2, 0.3, true],
    ['eq', 1e12, 1e12 + 1e-3, true],
    ['eq', 0.3001, 0.3, false],
    ['ne', 0, 1, true],
    ['ne', 1, 1, false],
    ['ne', 0.1 + 0.2, 0.3, false],
  ])('%s: %d against %d is %s', (comparison, value, threshold, expected) => {
    expect(holds(comparison, value, threshold)).toBe(expected);
  });
});

describe('keeps: whether an open alarm stays open, with the deadband', () => {
  test.each<[Comparison, number, number, number, boolean]>([
    // No deadband: the condition itself.
    ['gt', 45.1, 45, 0, true],
    ['gt', 45, 45, 0, false],
    ['lt', 11, 12, 0, true],
    ['lt', 12, 12, 0, false],
    // Deadband 2 on "> 45": open down to 43 (exclusive).
    ['gt', 44, 45, 2, true],
    ['gt', 43.01, 45, 2, true],
    ['gt', 43, 45, 2, false],
    ['gte', 43, 45, 2, true],
    ['gte', 42.99, 45, 2, false],
    // Deadband 3 on "< 12": open up to 15 (exclusive).
    ['lt', 14.9, 12, 3, true],
    ['lt', 15, 12, 3, false],
    ['lte', 15, 12, 3, true],
    ['lte', 15.01, 12, 3, false],
    // "Equal" with a deadband: still equal within it.
    ['eq', 1, 1, 0, true],
    ['eq', 1.05, 1, 0, false],
    ['eq', 1.05, 1, 0.1, true],
    ['eq', 1.2, 1, 0.1, false],
    // "Not equal" has no deadband.
    ['ne', 0, 1, 5, true],
    ['ne', 1, 1, 5, false],
  ])('%s: %d against %d with deadband %d keeps it open: %s', (comparison, value, threshold, deadband, expected) => {
    expect(keeps(comparison, value, threshold, deadband)).toBe(expected);
  });

  test.each<Comparison>(['gt', 'gte', 'lt', 'lte', 'eq', 'ne'])('%s: without a deadband, keeps is holds', (comparison) => {
    for (const value of [-1, 0, 0.5, 1, 1.5, 2]) expect(keeps(comparison, value, 1, 0)).toBe(holds(comparison, value, 1));
  });
});

describe('plan: what a batch raises and recovers', () => {
  const rule = (id: number, varId: number, comparison: Comparison, threshold: number, deadband = 0): Rule => ({
    id,
    varId,
    stationId: 1,
    deviceId: 1,
    typeId: 1,
    comparison,
    threshold,
    deadband,
    level: 'major',
    source: 'device',
    info: `rule ${id}`,
  });
  const samples = (varId: number, ...values: number[]): Map<number, Change[]> =>
    new Map([[varId, values.map((value, i) => ({ varId, ts: 1000 * (i + 1), value }))]]);
  const summary = (result: ReturnType<typeof plan>) => ({
    raised: result.raised.map((r) => [r.rule.id, r.ts, r.value, r.recoveredAt ?? null]),
    recovered: result.recovered.map((r) => [r.alarmIds, r.ts]),
  });

  test.each<[string, Rule[], Map<number, Change[]>, Map<number, number[]>, ReturnType<typeof summary>]>([
    ['a normal value raises nothing', [rule(1, 7, 'gt', 45)], samples(7, 40), new Map(), { raised: [], recovered: [] }],
    [
      'the first value over the threshold raises one alarm, at its time and value',
      [rule(1, 7, 'gt', 45)],
      samples(7, 40, 46, 47),
      new Map(),
      { raised: [[1, 2000, 46, null]], recovered: [] },
    ],
    [
      'an open alarm is not raised again',
      [rule(1, 7, 'gt', 45)],
      samples(7, 46, 48),
      new Map([[1, [99]]]),
      { raised: [], recovered: [] },
    ],
    [
      'a value back to normal recovers the open alarm',
      [rule(1, 7, 'gt', 45)],
      samples(7, 46, 44),
      new Map([[1, [99]]]),
      { raised: [], recovered: [[[99], 2000]] },
    ],
    [
      'raised and recovered within one batch, then raised again',
      [rule(1, 7, 'gt', 45)],
      samples(7, 46, 40, 50),
      new Map(),
      {
        raised: [
          [1, 1000, 46, 2000],
          [1, 3000, 50, null],
        ],
        recovered: [],
      },
    ],
    [
      'within the deadband the alarm stays open',
      [rule(1, 7, 'gt', 45, 2)],
      samples(7, 44, 43.5, 42),
      new Map([[1, [99]]]),
      { raised: [], recovered: [[[99], 3000]] },
    ],
    [
      'two rules on one variable are independent',
      [rule(1, 7, 'gt', 45), rule(2, 7, 'gt', 60)],
      samples(7, 50, 65),
      new Map(),
      {
        raised: [
          [1, 1000, 50, null],
          [2, 2000, 65, null],
        ],
        recovered: [],
      },
    ],
    [
      'a rule of another variable is not touched',
      [rule(1, 8, 'eq', 1)],
      samples(7, 1),
      new Map([[1, [99]]]),
      { raised: [], recovered: [] },
    ],
    [
      'a signal: fault = 1 raises, 0 recovers',
      [rule(1, 7, 'eq', 1)],
      samples(7, 0, 1, 1, 0),
      new Map(),
      { raised: [[1, 2000, 1, 4000]], recovered: [] },
    ],
  ])('%s', (_case, rules, batch, open, expected) => {
    expect(summary(plan(rules, batch, open))).toEqual(expected);
  });
});
