import type { Needs } from '../../runtime/dashboard/needs';
import { namesNeeds } from '../../runtime/charts/seriesName';
import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { UiSchema } from '@rjsf/utils';
import type { ProportionConfig } from '../../generated/widgetConfigs';
import { disabledBecause } from '../../runtime/forms/disabledReason';
import type { ChartOption } from '../../runtime/charts/option';
import { seriesColor } from '../../runtime/charts/palette';
import { shareRing } from '../../runtime/charts/ring';
import {
  type DeviceVar,
  figureNeed,
  formatFigure,
  isDeviceVar,
  type Method,
  migrateDeviceVar,
  migrateEntries,
  type Period,
} from '../../runtime/dashboard/figures';
import { followOption } from '../../runtime/dashboard/period';
import { withUnit } from '../../runtime/format/units';

export type ProportionInterval = ProportionConfig['queryInterval'];
export type ProportionMethod = ProportionConfig['calcMethod'];

/** One part of the whole. */
export type ProportionNode = ProportionConfig['nodeInfo'][number];

export type { ProportionConfig };

export const PERIOD_OF: Record<ProportionInterval, Period> = {
  real_time: 'realtime',
  current_month: 'month',
  current_day: 'day',
  current_year: 'year',
};

export const METHOD_OF: Record<ProportionMethod, Method> = { diff: 'DIFF', avg: 'AVG', SUM: 'SUM' };

/**
 * The proportion as it follows the dashboard's period: the shares of today or of this month; this
 * year is not offered (disabled in the schema) and real-time shares have no period: both kept.
 */
export const proportionFollowPeriod = followOption<ProportionConfig, 'queryInterval'>(
  'queryInterval',
  { day: 'current_day', month: 'current_month' },
  ['real_time'],
);

/** The colour the schema gives a new part. */
export const DEFAULT_NODE_COLOR = '#409EFF';

/** The calculation method is disabled when the interval is real time (a latest value is not calculated). */
export function proportionUi(config: ProportionConfig): UiSchema {
  return { calcMethod: disabledBecause(config.queryInterval === 'real_time' && 'widgets.common.reasons.realTime') };
}

/** The parts that name a device variable, in their order. */
export function configuredNodes(config: ProportionConfig): (ProportionNode & { deviceVar: DeviceVar })[] {
  return (config.nodeInfo ?? []).filter((node): node is ProportionNode & { deviceVar: DeviceVar } => isDeviceVar(node.deviceVar));
}

/** The variables the parts query, each once. */
export function queryVarsOf(nodes: { deviceVar?: unknown }[]): DeviceVar[] {
  const seen = new Set<string>();
  const vars: DeviceVar[] = [];
  for (const node of nodes) {
    if (!isDeviceVar(node.deviceVar) || seen.has(node.deviceVar.varSn)) continue;
    seen.add(node.deviceVar.varSn);
    vars.push({ deviceSn: node.deviceVar.deviceSn, varSn: node.deviceVar.varSn });
  }
  return vars;
}

/**
 * The configuration after a change in the form: a part without a creation time gets one and, if
 * it was just added and still has the default colour, the palette colour of its place (so the
 * parts differ); the queried variables follow the parts.
 */
export function keepInStep(previous: ProportionConfig, next: ProportionConfig, now: number): ProportionConfig {
  const before = (previous.nodeInfo ?? []).length;
  const nodeInfo = (next.nodeInfo ?? []).map((node, index) => {
    if (node.timestamp !== undefined) return node;
    const added = index >= before && (!node.color || node.color === DEFAULT_NODE_COLOR);
    return { ...node, timestamp: now, ...(added ? { color: seriesColor(index) } : {}) };
  });
  return { ...next, nodeInfo, queryDeviceVars: queryVarsOf(nodeInfo) };
}

/** A part's figure and its share of the total of all parts. */
export interface Share {
  name: string;
  color: string;
  value: number | null;
  unit: string;
  /** Percentage of the total, null when the value or the total is missing or not positive. */
  percent: number | null;
}

/**
 * The share of each part: a part counts in the total only with a positive value (a negative or
 * missing figure has no share of a whole).
 */
export function sharesOf(parts: { name: string; color: string; value: number | null; unit: string }[]): Share[] {
  const total = parts.reduce((sum, part) => (part.value !== null && part.value > 0 ? sum + part.value : sum), 0);
  return parts.map((part) => ({
    ...part,
    percent: part.value !== null && part.value > 0 && total > 0 ? (part.value / total) * 100 : null,
  }));
}

/** A configuration of format 1 (variables as `[deviceSn, varSn]` pairs) in the current format. */
export function migrateProportion(config: Record<string, unknown>, fromVersion: number): Record<string, unknown> {
  if (fromVersion >= 2) return config;
  const nodeInfo = migrateEntries(config.nodeInfo);
  // The queried variables follow the parts wherever there are parts.
  if (nodeInfo) return { ...config, nodeInfo, queryDeviceVars: queryVarsOf(nodeInfo) };
  const listed = Array.isArray(config.queryDeviceVars) ? config.queryDeviceVars : [];
  return { ...config, queryDeviceVars: listed.flatMap((value) => migrateDeviceVar(value) ?? []) };
}

/** The total of the parts that have a share, with their unit when they all have the same. */
export function totalOf(shares: Share[]): { value: number | null; unit: string } {
  const counted = shares.filter((share) => share.percent !== null);
  if (counted.length === 0) return { value: null, unit: '' };
  const units = new Set(counted.map((share) => share.unit));
  return {
    value: counted.reduce((sum, share) => sum + (share.value ?? 0), 0),
    unit: units.size === 1 ? (counted[0]?.unit ?? '') : '',
  };
}

/** A share as the widget writes it: with its decimals and a percent sign, '--' for none. */
export const percentText = (percent: number | null, decimals: number): string =>
  percent === null ? '--' : `${formatFigure(percent, decimals)}%`;

/** The chart of the parts: a ring of the parts that have a share, each slice in its colour reading its share. */
export function proportionOption(shares: Share[], decimals: number): ChartOption {
  return shareRing(
    shares.flatMap((share) =>
      share.percent === null ? [] : [{ name: share.name, value: share.value ?? 0, share: share.percent, color: share.color }],
    ),
    {
      value: (value) => withUnit(formatFigure(value, decimals), shares[0]?.unit),
      share: (percent) => percentText(percent, decimals),
    },
  );
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<ProportionConfig>({
  type: 'proportion',
  needs(config, context): Needs {
    const nodes = configuredNodes(config);
    if (nodes.length === 0) return {};
    const sns = nodes.map((node) => node.deviceVar.varSn);
    return {
      values: figureNeed(sns, PERIOD_OF[config.queryInterval], METHOD_OF[config.calcMethod], context),
      ...namesNeeds(nodes),
    };
  },
  followPeriod: proportionFollowPeriod,
});
