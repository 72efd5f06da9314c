import { widgetDataRules, type DashboardPeriod, type WidgetContext } from '../../runtime/dashboard/widget';
import type { UiSchema } from '@rjsf/utils';
import type { MultiKeyDataConfig } from '../../generated/widgetConfigs';
import { HIDDEN_FIELD } from '../../runtime/schema/uiSchema';
import { disabledBecause } from '../../runtime/forms/disabledReason';
import { figureNeed, isDeviceVar, type Method, migrateEntries, type Period } from '../../runtime/dashboard/figures';
import type { Needs } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';

export type EntryType = KeyFigure['dataType'];
export type EntryInterval = KeyFigure['calcInterval'];
export type EntryMethod = KeyFigure['calcMethod'];

/** One key figure of the list. */
export type KeyFigure = MultiKeyDataConfig['multiKeyData'][number];

export type { MultiKeyDataConfig };

export const PERIOD_OF: Record<EntryInterval, Period> = {
  real_time: 'realtime',
  current_month: 'month',
  current_day: 'day',
  current_year: 'year',
};

/** This month's figure; today and this year are disabled, a real-time figure has no period. */
const followEntry = followOption<KeyFigure, 'calcInterval'>('calcInterval', { month: 'current_month' }, ['real_time']);

/**
 * Multi key data as it follows the dashboard's period: each device variable's figure of this month;
 * today and this year are not offered, and real-time figures, texts and station fields (whose
 * interval is disabled) are kept.
 */
export function multiKeyDataFollowPeriod(config: MultiKeyDataConfig, period: DashboardPeriod): MultiKeyDataConfig {
  const entries = config.multiKeyData ?? [];
  const followed = entries.map((entry) => (entry.dataType === 'device_data' ? followEntry(entry, period) : entry));
  return followed.every((entry, index) => entry === entries[index]) ? config : { ...config, multiKeyData: followed };
}

/** The comparisons with the last period are not offered; a stored one shows this period's average or difference. */
export const METHOD_OF: Record<EntryMethod, Method> = {
  AVG: 'AVG',
  MAX: 'MAX',
  diff: 'DIFF',
  SUM: 'SUM',
  chain_avg: 'AVG',
  chain_diff: 'DIFF',
};

/** The value of each data type; the others are cleared when the data type changes. */
const VALUE_OF_TYPE = { text: 'textValue', station_info: 'stationValue', device_data: 'deviceValue' } as const;

/** Switching an entry's data type clears the values that belong to the other types (as in key data). */
export function clearOtherTypes(previous: KeyFigure | undefined, next: KeyFigure): KeyFigure {
  if (!previous || previous.dataType === next.dataType) return next;
  const keep = VALUE_OF_TYPE[next.dataType];
  const cleared: KeyFigure = { ...next };
  if (keep !== 'textValue') cleared.textValue = '';
  if (keep !== 'stationValue') cleared.stationValue = '';
  if (keep !== 'deviceValue') delete cleared.deviceValue;
  return cleared;
}

/**
 * The configuration after a change in the form: each entry is compared with itself before the
 * change (by its creation time, else by its place) and cleared as key data is; an entry without
 * a creation time gets one.
 */
export function keepEntriesInStep(previous: MultiKeyDataConfig, next: MultiKeyDataConfig, now: number): MultiKeyDataConfig {
  const before = previous.multiKeyData ?? [];
  const multiKeyData = (next.multiKeyData ?? []).map((entry, index) => {
    const own = entry.timestamp !== undefined ? before.find((old) => old.timestamp === entry.timestamp) : before[index];
    const cleared = clearOtherTypes(own, entry);
    return cleared.timestamp !== undefined ? cleared : { ...cleared, timestamp: now };
  });
  return { ...next, multiKeyData };
}

/**
 * An entry's form: the interval and method count only for device data, and the method not in real
 * time (disabled otherwise, saying why); only the current type's value is shown.
 */
export function entryUi(entry: Partial<KeyFigure>): UiSchema {
  const device = entry.dataType === 'device_data';
  const deviceOnly = !device && 'widgets.common.reasons.deviceDataOnly';
  return {
    calcMethod: disabledBecause(deviceOnly || (entry.calcInterval === 'real_time' && 'widgets.common.reasons.realTime')),
    calcInterval: disabledBecause(deviceOnly),
    textValue: entry.dataType === 'text' ? {} : HIDDEN_FIELD,
    stationValue: entry.dataType === 'station_info' ? {} : HIDDEN_FIELD,
    deviceValue: device ? {} : HIDDEN_FIELD,
  };
}

/** The rules of each entry of the list, applied to it alone (laid over what every entry has). */
export function multiKeyDataUi(_config: MultiKeyDataConfig): UiSchema {
  return { multiKeyData: { items: (entry: Partial<KeyFigure> | undefined): UiSchema => entryUi(entry ?? {}) } };
}

/** Whether an entry has something to show; without, it says 'please configure'. */
export function isConfigured(entry: KeyFigure): boolean {
  if (entry.dataType === 'text') return entry.textValue !== '';
  if (entry.dataType === 'station_info') return entry.stationValue !== '';
  return isDeviceVar(entry.deviceValue);
}

/** The answer an entry's figure is in: one per interval and method (real time whatever the method). */
export function slotOf(entry: KeyFigure): string {
  const period = PERIOD_OF[entry.calcInterval];
  return period === 'realtime' ? 'realtime' : `${period}:${METHOD_OF[entry.calcMethod]}`;
}

/** One call per interval and method, covering all the variables of the entries that use it. */
function multiKeyDataNeeds(config: MultiKeyDataConfig, context: WidgetContext): Needs {
  const groups = new Map<string, { entry: KeyFigure; sns: string[] }>();
  for (const entry of config.multiKeyData ?? []) {
    if (entry.dataType !== 'device_data' || !isDeviceVar(entry.deviceValue)) continue;
    const slot = slotOf(entry);
    const group = groups.get(slot) ?? { entry, sns: [] };
    group.sns.push(entry.deviceValue.varSn);
    groups.set(slot, group);
  }
  const needs: Needs = {};
  for (const [slot, { entry, sns }] of groups) {
    needs[slot] = figureNeed(sns, PERIOD_OF[entry.calcInterval], METHOD_OF[entry.calcMethod], context);
  }
  return needs;
}

/** A configuration of format 1 (variables as `[deviceSn, varSn]` pairs) in the current format. */
export function migrateMultiKeyData(config: Record<string, unknown>, fromVersion: number): Record<string, unknown> {
  const multiKeyData = fromVersion >= 2 ? undefined : migrateEntries(config.multiKeyData, 'deviceValue');
  return multiKeyData ? { ...config, multiKeyData } : config;
}

/** The largest and smallest size of a figure (CSS pixels): the specification's 24, and no smaller than the unit beside it. */
export const FIGURE_PX = { largest: 24, smallest: 14 } as const;
/** The unit's size beside the figure, and its gap. */
export const UNIT_PX = 14;
const UNIT_GAP_PX = 4;

/** About how wide a text is in ems of a bold sans-serif face: narrow digits and punctuation, wide CJK. */
export function textEms(text: string): number {
  let ems = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x2e80) ems += 1;
    else if (/[0-9]/.test(char)) ems += 0.58;
    else if (/[.,:;' ]/.test(char)) ems += 0.3;
    else if (/[-+%()]/.test(char)) ems += 0.4;
    else if (/[A-Z]/.test(char)) ems += 0.72;
    else ems += 0.6;
  }
  return ems;
}

/**
 * The font size of a figure in its box (a CSS length): the specification's 24 px while the figure and
 * its unit fit the box's width at that size, else as large as lets them fit, down to 14 px (a longer
 * figure then wraps in its box rather than being cut off). The box is the figure's size container
 * (`100cqi` is its width), so the same figure is larger in a wider box.
 */
export function figureFontSize(value: string, unit: string): string {
  const ems = Math.max(textEms(value), 1);
  const unitPx = unit ? Math.ceil(textEms(unit) * UNIT_PX) + UNIT_GAP_PX : 0;
  return `clamp(${FIGURE_PX.smallest}px, calc((100cqi - ${unitPx}px) / ${ems.toFixed(2)}), ${FIGURE_PX.largest}px)`;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<MultiKeyDataConfig>({
  type: 'multiKeyData',
  needs: multiKeyDataNeeds,
  followPeriod: multiKeyDataFollowPeriod,
});
