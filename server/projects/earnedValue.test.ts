import { describe, expect, test } from 'vitest';
import { plannedShare, siteValueOn, type SiteFacts } from './earnedValue';

describe('planned share of a site', () => {
  const site = { planStartDate: '2026-01-01', planFinishDate: '2026-01-10' };
  test.each([
    ['2025-12-31', 0],
    ['2026-01-01', 0.1],
    ['2026-01-05', 0.5],
    ['2026-01-10', 1],
    ['2026-02-01', 1],
  ])('on %s it is %s', (today, share) => {
    expect(plannedShare(site, today)).toBeCloseTo(share, 10);
  });

  test('without a planned start or finish nothing is planned', () => {
    expect(plannedShare({ planStartDate: '2026-01-01' }, '2026-06-01')).toBe(0);
    expect(plannedShare({}, '2026-06-01')).toBe(0);
  });
});

describe('a site’s earned value on a day', () => {
  const today = '2026-06-15';
  // 100 days planned from 2026-01-01; 2 of 4 steps done (one on 2026-02-10, one without a day,
  // its record changed 2026-03-05); 1 000 entered on 2026-01-20, 8 h × 50 worked on 2026-04-01.
  const facts = (projStatus = 'executing'): SiteFacts => ({
    site: { budgetAmount: 100000, planStartDate: '2026-01-01', planFinishDate: '2026-04-10', projStatus },
    steps: [
      { done: true, day: '2026-02-10' },
      { done: true, day: '2026-03-05' },
      { done: false, day: undefined },
      { done: false, day: '2026-01-02' },
    ],
    costs: [
      { amount: 1000, day: '2026-01-20' },
      { amount: 400, day: '2026-04-01' },
    ],
    changed: '2026-06-01',
  });

  test.each([
    ['2025-12-31', { pv: 0, ev: 0, ac: 0 }],
    ['2026-01-20', { pv: 20000, ev: 0, ac: 1000 }],
    ['2026-02-10', { pv: 41000, ev: 25000, ac: 1000 }],
    ['2026-03-31', { pv: 90000, ev: 50000, ac: 1000 }],
    ['2026-04-30', { pv: 100000, ev: 50000, ac: 1400 }],
  ])('on %s only what was planned, finished and spent by then counts', (day, figures) => {
    const value = siteValueOn(facts(), day, today);
    expect(value.bac).toBe(100000);
    expect(value.pv).toBeCloseTo(figures.pv, 6);
    expect(value.ev).toBeCloseTo(figures.ev, 6);
    expect(value.ac).toBeCloseTo(figures.ac, 6);
  });

  test('today every record counts as it stands, a day recorded ahead or none at all as today', () => {
    const ahead: SiteFacts = {
      ...facts(),
      steps: [
        { done: true, day: '2026-12-31' },
        { done: true, day: undefined },
      ],
      costs: [
        { amount: 50, day: '2026-09-01' },
        { amount: 25, day: undefined },
      ],
    };
    expect(siteValueOn(ahead, today, today)).toMatchObject({ ev: 100000, ac: 75 });
    expect(siteValueOn(ahead, '2026-06-14', today)).toMatchObject({ ev: 0, ac: 0 });
  });

  test('a settled site has earned its budget from the last day a step was finished', () => {
    expect(siteValueOn(facts('completed'), '2026-03-04', today).ev).toBe(25000);
    expect(siteValueOn(facts('completed'), '2026-03-05', today).ev).toBe(100000);
    const undated: SiteFacts = { ...facts('closed'), steps: [] };
    expect(siteValueOn(undated, '2026-05-31', today).ev).toBe(0);
    expect(siteValueOn(undated, '2026-06-01', today).ev).toBe(100000);
  });
});
