import type { WidgetConfig } from './document';
import { DASHBOARD_PERIODS, type DashboardPeriod, type WidgetDefinition } from './widget';

/** The period an address names (`?period=`): undefined, every widget as configured, for none or one not known. */
export function dashboardPeriod(value: string | null | undefined): DashboardPeriod | undefined {
  return DASHBOARD_PERIODS.find((period) => period === value);
}

/**
 * The configuration a widget's needs, view and inspected data are made of: the one following the
 * dashboard's period when a period is chosen, the widget type follows periods and the widget was not
 * set to keep its own (`followPeriod: false`; a configuration stored without it follows); else the
 * stored one. The stored configuration itself is never changed, so editing and saving keep it.
 */
export function effectiveConfig<C extends WidgetConfig>(
  definition: Pick<WidgetDefinition<C>, 'followPeriod'>,
  config: C,
  period: DashboardPeriod | undefined,
): C {
  if (period === undefined || !definition.followPeriod || config.followPeriod === false) return config;
  return definition.followPeriod(config, period);
}

/**
 * The `followPeriod` rule of a widget whose option `field` says its period: a period the widget
 * offers (`options`, as its schema enables them) sets the option to its value; a period it does not
 * offer, or a value in `kept` (a real-time figure has no period), leaves the configuration as it is
 * (the same object, so nothing that depends on it is made again).
 */
export function followOption<C extends object, K extends keyof C & string>(
  field: K,
  options: Partial<Record<DashboardPeriod, C[K]>>,
  kept: readonly C[K][] = [],
): (config: C, period: DashboardPeriod) => C {
  return (config, period) => {
    const value = options[period];
    if (value === undefined || config[field] === value || kept.includes(config[field])) return config;
    return { ...config, [field]: value };
  };
}
