import { describe, expect, test } from 'vitest';
import type { WidgetConfig } from './document';
import { dashboardPeriod, effectiveConfig, followOption } from './period';
import { defineWidget, type AnyWidgetDefinition, type DashboardPeriod } from './widget';

interface Config {
  [field: string]: unknown;
  /** A period of its own: today, this month, or a real-time figure (no period). */
  interval: 'today' | 'month' | 'live';
  followPeriod?: boolean;
}

/** A widget that offers today and this month, not this year, and keeps a real-time figure. */
const follows = defineWidget<Config>({
  type: 'follows',
  group: 'data',
  icon: null,
  size: { w: 6, h: 4 },
  needs: () => ({}),
  View: () => null,
  followPeriod: followOption<Config, 'interval'>('interval', { day: 'today', month: 'month' }, ['live']),
  migrate: (config) => config,
});
/** The same widget without the rule: it ignores every period. */
const ignores: AnyWidgetDefinition = { ...follows, type: 'ignores', followPeriod: undefined };

describe("the dashboard's period", () => {
  test.each([
    ['day', 'day'],
    ['month', 'month'],
    ['year', 'year'],
    [null, undefined],
    ['', undefined],
    ['week', undefined],
  ])('the address asking for %o shows the period %o (undefined: every widget as configured)', (value, period) => {
    expect(dashboardPeriod(value)).toBe(period);
  });

  test.each<{ case: string; definition: AnyWidgetDefinition; config: Config; period?: DashboardPeriod; shown: string }>([
    { case: 'no period chosen: as configured', definition: follows, config: { interval: 'today' }, shown: 'today' },
    {
      case: 'a period it offers, stored without followPeriod (it follows)',
      definition: follows,
      config: { interval: 'today' },
      period: 'month',
      shown: 'month',
    },
    {
      case: 'a period it offers, followPeriod true',
      definition: follows,
      config: { interval: 'month', followPeriod: true },
      period: 'day',
      shown: 'today',
    },
    {
      case: 'followPeriod false: its own period',
      definition: follows,
      config: { interval: 'today', followPeriod: false },
      period: 'month',
      shown: 'today',
    },
    {
      case: 'a period it does not offer (this year)',
      definition: follows,
      config: { interval: 'today' },
      period: 'year',
      shown: 'today',
    },
    {
      case: 'a real-time figure, which has no period',
      definition: follows,
      config: { interval: 'live' },
      period: 'month',
      shown: 'live',
    },
    {
      case: 'a widget type without the rule',
      definition: ignores,
      config: { interval: 'today' },
      period: 'month',
      shown: 'today',
    },
  ])('$case: the widget shows $shown', ({ definition, config, period, shown }) => {
    expect(effectiveConfig(definition, config, period).interval).toBe(shown);
  });

  test('the stored configuration is never changed: the one followed is another object', () => {
    const stored: WidgetConfig = Object.freeze({ interval: 'today', name: 'Energy' });
    const followed = effectiveConfig(follows, stored, 'month');
    expect(followed).toEqual({ interval: 'month', name: 'Energy' });
    expect(stored).toEqual({ interval: 'today', name: 'Energy' });
  });

  test.each<[Config, DashboardPeriod | undefined]>([
    [{ interval: 'month' }, 'month'],
    [{ interval: 'today' }, 'year'],
    [{ interval: 'live' }, 'day'],
    [{ interval: 'today', followPeriod: false }, 'month'],
    [{ interval: 'today' }, undefined],
  ])('%o shown for %s is the stored object itself: nothing made of it is made again', (config, period) => {
    expect(effectiveConfig(follows, config, period)).toBe(config);
  });
});
