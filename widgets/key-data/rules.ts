import { figureNeed, type Method, type Period } from '../../runtime/dashboard/figures';
import type { Needs } from '../../runtime/dashboard/needs';
import { widgetDataRules, type DashboardPeriod } from '../../runtime/dashboard/widget';
import type { UiSchema } from '@rjsf/utils';
import type { KeyDataConfig as SchemaKeyDataConfig, Override } from '../../generated/widgetConfigs';
import { HIDDEN_FIELD } from '../../runtime/schema/uiSchema';
import { disabledBecause } from '../../runtime/forms/disabledReason';
import { followOption } from '../../runtime/dashboard/period';

export type KeyDataType = SchemaKeyDataConfig['dataType'];
export type KeyDataInterval = SchemaKeyDataConfig['calcInterval'];
export type KeyDataMethod = SchemaKeyDataConfig['calcMethod'];

/** The schema's type with the station field as text: the view shows a station field by its name (`stationInfoText`). */
export type KeyDataConfig = Override<SchemaKeyDataConfig, { stationValue: string }>;

/** The period of each interval: YEAR is labelled (and counts) this month. */
export const PERIOD_OF: Record<KeyDataInterval, Period> = {
  real_time: 'realtime',
  YEAR: 'month',
  DAY: 'day',
  current_year: 'year',
};

/** Today's figure (DAY) or this month's (YEAR, as labelled); this year is disabled, a real-time figure has no period. */
const followInterval = followOption<KeyDataConfig, 'calcInterval'>('calcInterval', { day: 'DAY', month: 'YEAR' }, ['real_time']);

/**
 * Key data as it follows the dashboard's period: a device variable's figure of today or of this
 * month; this year is not offered, and a real-time figure, a text or a station field (whose interval
 * is disabled) are kept.
 */
export function keyDataFollowPeriod(config: KeyDataConfig, period: DashboardPeriod): KeyDataConfig {
  return config.dataType === 'device_data' ? followInterval(config, period) : config;
}

export const METHOD_OF: Record<KeyDataMethod, Method> = { AVG: 'AVG', MAX: 'MAX', diff: 'DIFF', SUM: 'SUM' };

/** The value of each data type; the others are cleared when the data type changes. */
const VALUE_OF_TYPE = { text: 'textValue', station_info: 'stationValue', device_data: 'deviceValue' } as const;

/** Switching the data type clears the values that belong to the other types. */
export function clearOtherTypes(previous: KeyDataConfig, next: KeyDataConfig): KeyDataConfig {
  if (previous.dataType === next.dataType) return next;
  const keep = VALUE_OF_TYPE[next.dataType];
  const cleared: KeyDataConfig = { ...next };
  if (keep !== 'textValue') cleared.textValue = '';
  if (keep !== 'stationValue') cleared.stationValue = '';
  if (keep !== 'deviceValue') delete cleared.deviceValue;
  return cleared;
}

/**
 * The interval, method, decimals and following the dashboard's period count only for device data,
 * and the method not in real time: disabled otherwise, saying why. Only the current type's value
 * is shown.
 */
export function keyDataUi(config: KeyDataConfig): UiSchema {
  const device = config.dataType === 'device_data';
  const deviceOnly = !device && 'widgets.common.reasons.deviceDataOnly';
  return {
    calcMethod: disabledBecause(deviceOnly || (config.calcInterval === 'real_time' && 'widgets.common.reasons.realTime')),
    calcInterval: disabledBecause(deviceOnly),
    followPeriod: disabledBecause(deviceOnly),
    numberFix: disabledBecause(deviceOnly),
    textValue: config.dataType === 'text' ? {} : HIDDEN_FIELD,
    stationValue: config.dataType === 'station_info' ? {} : HIDDEN_FIELD,
    deviceValue: device ? {} : HIDDEN_FIELD,
  };
}

/** Whether the widget has something to show; without, it says 'please configure'. */
export function isConfigured(config: KeyDataConfig): boolean {
  if (config.dataType === 'text') return config.textValue !== '';
  if (config.dataType === 'station_info') return config.stationValue !== '';
  return config.deviceValue !== undefined && config.deviceValue.varSn !== '';
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<KeyDataConfig>({
  type: 'keyData',
  needs(config, context): Needs {
    if (config.dataType !== 'device_data' || !isConfigured(config) || !config.deviceValue) return {};
    return {
      value: figureNeed([config.deviceValue.varSn], PERIOD_OF[config.calcInterval], METHOD_OF[config.calcMethod], context),
    };
  },
  followPeriod: keyDataFollowPeriod,
});
