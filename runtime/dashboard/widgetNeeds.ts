import type { WidgetConfig } from './document';
import { effectiveConfig } from './period';
import type { NeedsOf } from './scheduler';
import type { AnyWidgetDataRules, DashboardPeriod, StationContext } from './widget';

interface KnownNeeds {
  rules: AnyWidgetDataRules;
  station: StationContext;
  period: DashboardPeriod | undefined;
  needsOf: NeedsOf;
}
const needsOfConfig = new WeakMap<WidgetConfig, KnownNeeds>();

/** The same rules: the same functions, whether they come with the widget's definition or alone (`WIDGET_DATA_RULES`). */
const sameRules = (a: AnyWidgetDataRules, b: AnyWidgetDataRules): boolean =>
  a.type === b.type && a.needs === b.needs && a.followPeriod === b.followPeriod;

/**
 * What a widget of a station needs at an instant, while the dashboard shows `period`: the same
 * function for the same data rules, stored configuration, station and period, so that a widget
 * mounting takes over the needs registered for it before (`DataScheduler.prime`) without asking again.
 */
export function widgetNeeds(
  rules: AnyWidgetDataRules,
  config: WidgetConfig,
  station: StationContext,
  period?: DashboardPeriod,
): NeedsOf {
  const known = needsOfConfig.get(config);
  if (known && sameRules(known.rules, rules) && known.station === station && known.period === period) return known.needsOf;
  // Read when asked (by the scheduler, which leaves out a widget whose needs throw), not here.
  const needsOf: NeedsOf = (now) => rules.needs(effectiveConfig<WidgetConfig>(rules, config, period), { station, now, period });
  needsOfConfig.set(config, { rules, station, period, needsOf });
  return needsOf;
}
