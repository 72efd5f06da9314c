import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import type { StatisticValue } from '../../generated/types';
import type { HistogramConfig as SchemaHistogramConfig, Override } from '../../generated/widgetConfigs';
import { namesNeeds, seriesName } from '../../runtime/charts/seriesName';
import { cartesianOption } from '../../runtime/charts/cartesian';
import type { ChartOption } from '../../runtime/charts/option';
import { seriesColor } from '../../runtime/charts/palette';
import type { WidgetConfig } from '../../runtime/dashboard/document';
import { type DeviceVar, figureNeed, formatFigure, isDeviceVar, migrateEntries } from '../../runtime/dashboard/figures';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';

export type HistogramPeriod = SchemaHistogramConfig['period'];
export type HistogramMethod = SchemaHistogramConfig['calcMethod'];

/**
 * A series with its name and colour optional: array items are not completed with their schema's
 * defaults when a document is loaded, and a series without a name or colour is named by its variable and
 * coloured by its position (`histogramSeries`).
 */
export type HistogramNode = Override<SchemaHistogramConfig['nodeInfo'][number], { name?: string; color?: string }>;

export type HistogramConfig = Override<SchemaHistogramConfig, { nodeInfo: HistogramNode[] }>;

/**
 * The histogram as it follows the dashboard's period: the bars of today, this month or this year.
 */
const histogramFollowPeriod = followOption<HistogramConfig, 'period'>('period', {
  day: 'day',
  month: 'month',
  year: 'year',
});

/** The entries whose variable is chosen, in the order of the list. */
const chosenNodes = (config: HistogramConfig): (HistogramNode & { deviceVar: DeviceVar })[] =>
  (config.nodeInfo ?? []).filter((node): node is HistogramNode & { deviceVar: DeviceVar } => isDeviceVar(node.deviceVar));

/** The variables chosen, in the order of the list (entries without a variable left out). */
export function chosenVars(config: HistogramConfig): DeviceVar[] {
  return chosenNodes(config).map((node) => node.deviceVar);
}

/**
 * One statistics call for all the variables: the period's figure and its series per hour, day or
 * month; and the names of the variables of the entries without a name of their own.
 */
function histogramNeeds(config: HistogramConfig, context: WidgetContext): Needs {
  const nodes = chosenNodes(config);
  if (nodes.length === 0) return {};
  return {
    values: figureNeed(
      nodes.map((node) => node.deviceVar.varSn),
      config.period,
      config.calcMethod,
      context,
    ),
    ...namesNeeds(nodes),
  };
}

/** A series of bars as drawn: its name, colour, unit, the period's figure and the figure of each bar. */
export interface HistogramSeries {
  sn: string;
  name: string;
  color: string;
  unit: string;
  value: number | null;
  datas: (number | null)[];
}

/**
 * The series of the chosen variables from the statistics answer, and the bars' labels (`HH:00`,
 * `MM-DD`, `YYYY-MM`). A variable the answer lacks still has its (empty) series.
 */
export function histogramSeries(
  config: HistogramConfig,
  slot: SlotState | undefined,
  names?: SlotState,
): { keys: string[]; series: HistogramSeries[] } {
  const answers = slot?.status === 'ready' && Array.isArray(slot.data) ? (slot.data as StatisticValue[]) : [];
  const keys = answers.find((answer) => answer.time_keys.length)?.time_keys ?? [];
  const series = (config.nodeInfo ?? []).flatMap((node, index) => {
    if (!isDeviceVar(node.deviceVar)) return [];
    const sn = node.deviceVar.varSn;
    const answer = answers.find((entry) => entry.sn === sn);
    return [
      {
        sn,
        name: seriesName({ deviceVar: node.deviceVar, name: node.name }, names),
        color: node.color || seriesColor(index),
        unit: answer?.unit ?? '',
        value: answer?.value ?? null,
        datas: answer?.datas ?? [],
      },
    ];
  });
  return { keys, series };
}

/** The bars of each variable, side by side per part of the period; the unit on the axis when all share one. */
export function histogramOption(keys: string[], series: HistogramSeries[], decimals: number): ChartOption {
  const units = [...new Set(series.map((entry) => entry.unit).filter(Boolean))];
  return cartesianOption({
    kind: 'bar',
    categories: keys,
    series: series.map((entry) => ({ name: entry.name, data: entry.datas, color: entry.color, unit: entry.unit })),
    ...(units.length === 1 ? { unit: units[0] } : {}),
    format: (value) => formatFigure(value, decimals),
    barMaxWidth: 20,
  });
}

/** A configuration of format 1, whose variables were `[deviceSn, varSn]` pairs. */
export function migrateHistogram(config: WidgetConfig, fromVersion: number): WidgetConfig {
  const nodeInfo = fromVersion >= 2 ? undefined : migrateEntries(config.nodeInfo);
  return nodeInfo ? { ...config, nodeInfo } : config;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<HistogramConfig>({
  type: 'histogram',
  needs: histogramNeeds,
  followPeriod: histogramFollowPeriod,
});
