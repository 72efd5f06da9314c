import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { GaugeConfig } from '../../generated/widgetConfigs';
import { type NamedEntry, namesNeeds } from '../../runtime/charts/seriesName';
import { type DeviceVar, isDeviceVar, migrateEntries } from '../../runtime/dashboard/figures';
import type { DataNeed } from '../../runtime/dashboard/needs';

/** One gauge: a variable with its name and, optionally, its own scale. */
export type MonitorVar = GaugeConfig['monitorVars'][number];

export type { GaugeConfig };

/** The range used when neither the variable's scale nor the default one is a range. */
const FALLBACK_RANGE = { min: 0, max: 100 };

/** The variables that name a device variable, in their order. */
export function configuredVars(config: GaugeConfig): (MonitorVar & { deviceVar: DeviceVar })[] {
  return (config.monitorVars ?? []).filter((entry): entry is MonitorVar & { deviceVar: DeviceVar } =>
    isDeviceVar(entry.deviceVar),
  );
}

/** A gauge as a named entry: its name is the one shown on it. */
export const namedGauge = (entry: MonitorVar & { deviceVar: DeviceVar }): NamedEntry => ({
  deviceVar: entry.deviceVar,
  name: entry.showName,
});

/** The latest values of all the gauges' variables, in one call, and the names of the variables of the gauges without a name of their own. */
function gaugeNeeds(config: GaugeConfig): Record<string, DataNeed> {
  const vars = configuredVars(config);
  if (vars.length === 0) return {};
  const sns = [...new Set(vars.map((entry) => entry.deviceVar.varSn))].join(',');
  return { values: { operationId: 'getRealtimeData', body: { sns } }, ...namesNeeds(vars.map(namedGauge)) };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A gauge's range: its variable's own scale overrides the default range, each end on its own. */
export function scaleOf(entry: MonitorVar, config: GaugeConfig): { min: number; max: number } {
  const defaults = { min: config.defaultMinScale, max: config.defaultMaxScale };
  const range = {
    min: isNumber(entry.minScale) ? entry.minScale : defaults.min,
    max: isNumber(entry.maxScale) ? entry.maxScale : defaults.max,
  };
  if (isNumber(range.min) && isNumber(range.max) && range.max > range.min) return range;
  return isNumber(defaults.min) && isNumber(defaults.max) && defaults.max > defaults.min ? defaults : FALLBACK_RANGE;
}

/** A gauge's value: truncated to an integer (null stays null). */
export function gaugeValue(value: number | null | undefined): number | null {
  return isNumber(value) ? Math.trunc(value) : null;
}

/** A variable just added gets its creation time. */
export function stampVars(config: GaugeConfig, now: number): GaugeConfig {
  const monitorVars = (config.monitorVars ?? []).map((entry) =>
    entry.timeStamp !== undefined ? entry : { ...entry, timeStamp: now },
  );
  return { ...config, monitorVars };
}

/** A configuration of format 1 (variables as `[deviceSn, varSn]` pairs) in the current format. */
export function migrateGauge(config: Record<string, unknown>, fromVersion: number): Record<string, unknown> {
  const monitorVars = fromVersion >= 2 ? undefined : migrateEntries(config.monitorVars);
  return monitorVars ? { ...config, monitorVars } : config;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<GaugeConfig>({
  type: 'gauge',
  needs: gaugeNeeds,
});
