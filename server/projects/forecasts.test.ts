import { describe, expect, test } from 'vitest';
import { forecastOf, type ForecastInput } from './forecasts';

/** 100 days planned, 2026-01-01 to 2026-04-10; on 2026-03-11 (day 70) 70 000 of 100 000 is planned. */
const plan = { bac: 100_000, pv: 70_000, day: '2026-03-11', firstPlannedDay: '2026-01-01', plannedFinish: '2026-04-10' };
const project = (figures: Partial<ForecastInput>): ForecastInput => ({ ...plan, ev: 0, ac: 0, ...figures });

describe('the forecasts of a project', () => {
  test('by hand: EV 50 000 and AC 62 500 of BAC 100 000 end at 125 000, 40 days late', () => {
    // CPI = 50 000 / 62 500 = 0.8, so EAC = 100 000 / 0.8 = 125 000, ETC = 125 000 − 62 500 = 62 500,
    // VAC = 100 000 − 125 000 = −25 000, TCPI = 50 000 / 37 500 = 1.3333. SPI = 50 000 / 70 000 = 5/7:
    // 100 days / SPI = 140 days from 2026-01-01, the last of them 2026-05-20: 40 days after 2026-04-10.
    expect(forecastOf(project({ ev: 50_000, ac: 62_500 }))).toEqual({
      estimateAtCompletion: 125_000,
      estimateToComplete: 62_500,
      varianceAtCompletion: -25_000,
      tcpi: 1.3333,
      plannedFinish: '2026-04-10',
      forecastFinish: '2026-05-20',
      daysLate: 40,
      status: 'late',
    });
  });

  test('as planned and as budgeted it ends on the planned day at its budget, on track', () => {
    expect(forecastOf(project({ ev: 70_000, ac: 70_000 }))).toMatchObject({
      estimateAtCompletion: 100_000,
      varianceAtCompletion: 0,
      tcpi: 1,
      forecastFinish: '2026-04-10',
      daysLate: 0,
      status: 'onTrack',
    });
  });

  test('ahead of plan and under budget it ends early, with a negative count of days late', () => {
    // SPI = 80 000 / 70 000 = 8/7: 87.5 days, rounded to 88, end on 2026-03-29, 12 days early.
    expect(forecastOf(project({ ev: 80_000, ac: 64_000 }))).toMatchObject({
      estimateAtCompletion: 80_000,
      varianceAtCompletion: 20_000,
      forecastFinish: '2026-03-29',
      daysLate: -12,
      status: 'onTrack',
    });
  });

  test.each([
    // SPI 68/70: 102.9 days, rounded to 103: 3 days late.
    ['1 to 14 days late', 3, 'atRisk', { ev: 68_000, ac: 68_000 }],
    // SPI 65/70: 107.7 days, rounded to 108: 8 days late; CPI 65/80 = 0.81 too.
    ['late by days and over budget', 8, 'atRisk', { ev: 65_000, ac: 80_000 }],
    // SPI 60/70: 116.7 days, rounded to 117: 17 days late.
    ['more than 14 days late', 17, 'late', { ev: 60_000, ac: 60_000 }],
    // On time, CPI 70 000 / 74 000 = 0.946.
    ['a CPI under 0.95', 0, 'atRisk', { ev: 70_000, ac: 74_000 }],
    // On time, CPI 70 000 / 73 600 = 0.951.
    ['a CPI of 0.95 or more', 0, 'onTrack', { ev: 70_000, ac: 73_600 }],
  ] as const)('%s: %s days late, %s', (_case, daysLate, status, figures) => {
    expect(forecastOf(project(figures))).toMatchObject({ daysLate, status });
  });

  test('the planned finish passed with work left is late, and the finish is forecast no earlier than the day asked', () => {
    // SPI = 99 000 / 100 000 = 0.99 would end on 2026-04-11, but on 2026-05-01 the work is not done.
    const forecast = forecastOf(project({ pv: 100_000, ev: 99_000, ac: 99_000, day: '2026-05-01' }));
    expect(forecast).toMatchObject({ forecastFinish: '2026-05-01', daysLate: 21, status: 'late' });
    // Five days past the planned finish: fewer than 14 days late, but late, for the work is not done.
    const justPast = forecastOf(project({ pv: 100_000, ev: 99_000, ac: 99_000, day: '2026-04-15' }));
    expect(justPast).toMatchObject({ forecastFinish: '2026-04-15', daysLate: 5, status: 'late' });
    // All earned by the planned finish: on track, whatever day it is asked on.
    expect(forecastOf(project({ pv: 100_000, ev: 100_000, ac: 99_000, day: '2026-04-15' })).status).toBe('onTrack');
  });

  test('with nothing spent yet the forecast is the budget, and with nothing planned yet the planned finish', () => {
    expect(forecastOf(project({ pv: 0, day: '2025-12-01' }))).toEqual({
      estimateAtCompletion: 100_000,
      estimateToComplete: 100_000,
      varianceAtCompletion: 0,
      tcpi: 1,
      plannedFinish: '2026-04-10',
      forecastFinish: '2026-04-10',
      daysLate: 0,
      status: 'onTrack',
    });
  });

  test('spent with nothing earned, the work left is forecast at its budget, and the project is at risk', () => {
    // CPI 0: EAC = AC + (BAC − EV) = 20 000 + 100 000; SPI 0: no finish can be forecast.
    expect(forecastOf(project({ ac: 20_000 }))).toMatchObject({
      estimateAtCompletion: 120_000,
      estimateToComplete: 100_000,
      varianceAtCompletion: -20_000,
      tcpi: 1.25,
      forecastFinish: null,
      daysLate: null,
      status: 'atRisk',
    });
  });

  test('once the budget is spent with work left there is no TCPI, and the project is at risk', () => {
    // On plan (EV = PV), CPI 70 000 / 100 000 = 0.7 at risk by itself; EAC 142 857.14.
    const forecast = forecastOf(project({ ev: 70_000, ac: 100_000 }));
    expect(forecast).toMatchObject({ tcpi: null, estimateAtCompletion: 142_857.14, status: 'atRisk' });
    // CPI 0.99 alone would be on track: the budget spent (AC = BAC) with 1 000 of work left is not.
    expect(forecastOf(project({ bac: 99_000, pv: 98_000, ev: 98_000, ac: 99_000 })).status).toBe('atRisk');
  });

  test('without a plan there is no planned or forecast finish', () => {
    const forecast = forecastOf(project({ pv: 0, ev: 10_000, ac: 10_000, firstPlannedDay: undefined, plannedFinish: undefined }));
    expect(forecast).toMatchObject({ plannedFinish: null, forecastFinish: null, daysLate: null, status: 'onTrack' });
  });
});
