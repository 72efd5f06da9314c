import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import type { LabelTrend } from '../../generated/types';
import type { MultiEnergyTrendConfig } from '../../generated/widgetConfigs';
import { cartesianOption } from '../../runtime/charts/cartesian';
import type { ChartOption } from '../../runtime/charts/option';
import { seriesColor } from '../../runtime/charts/palette';
import { formatFigure } from '../../runtime/dashboard/figures';
import type { Needs } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';
import { chosenLabels, LABEL_PERIOD_OF, labelQuery } from '../multi-energy-consumption/rules';

export type { MultiEnergyTrendConfig };

/** The energy trend as it follows the dashboard's period: the labels' energy per hour of today, day of this month or month of this year. */
const trendFollowPeriod = followOption<MultiEnergyTrendConfig, 'period'>('period', LABEL_PERIOD_OF);

/** The chosen labels' energy over the period with their series per hour, day or month. */
function trendNeeds(config: MultiEnergyTrendConfig, context: WidgetContext): Needs {
  const labelIds = chosenLabels(config.labelIds);
  if (labelIds.length === 0) return {};
  return { trends: { operationId: 'getSomeLabelTrendDatas', body: labelQuery(labelIds, config.period, context) } };
}

/** A line as drawn: the label, its colour, its energy over the period and per part of it. */
export interface TrendLine {
  labelId: number;
  name: string;
  unit: string;
  color: string;
  value: number | null;
  datas: (number | null)[];
}

/** The lines in the order the answer gives the labels, and the points' labels (`HH:00`, `MM-DD`, `YYYY-MM`). */
export function trendLines(figures: LabelTrend[]): { keys: string[]; lines: TrendLine[] } {
  return {
    keys: figures.find((figure) => figure.time_keys.length)?.time_keys ?? [],
    lines: figures.map((figure, index) => ({
      labelId: figure.labelId,
      name: figure.name,
      unit: figure.unit,
      color: seriesColor(index),
      value: figure.value,
      datas: figure.datas,
    })),
  };
}

/** The chart of the labels: a line per label in its colour along the parts of the period, the unit on the axis. */
export function multiEnergyTrendOption(keys: string[], lines: TrendLine[], decimals: number): ChartOption {
  return cartesianOption({
    kind: 'line',
    categories: keys,
    series: lines.map((line) => ({ name: line.name, data: line.datas, color: line.color, unit: line.unit })),
    ...(lines[0]?.unit ? { unit: lines[0].unit } : {}),
    format: (value) => formatFigure(value, decimals),
  });
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<MultiEnergyTrendConfig>({
  type: 'multiEnergyTrend',
  needs: trendNeeds,
  followPeriod: trendFollowPeriod,
});
