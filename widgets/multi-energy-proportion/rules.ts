import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import type { LabelTrend } from '../../generated/types';
import type { MultiEnergyProportionConfig } from '../../generated/widgetConfigs';
import type { ChartOption } from '../../runtime/charts/option';
import { seriesColor } from '../../runtime/charts/palette';
import { shareRing } from '../../runtime/charts/ring';
import { formatFigure } from '../../runtime/dashboard/figures';
import type { Needs } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';
import { withUnit } from '../../runtime/format/units';
import { chosenLabels, LABEL_PERIOD_OF, labelQuery } from '../multi-energy-consumption/rules';

export type { MultiEnergyProportionConfig };

/** The energy proportion as it follows the dashboard's period: the labels' shares of today, this month or this year. */
const proportionFollowPeriod = followOption<MultiEnergyProportionConfig, 'period'>('period', LABEL_PERIOD_OF);

/** The chosen labels' energy over the period (totals only: the shares need no series). */
function proportionNeeds(config: MultiEnergyProportionConfig, context: WidgetContext): Needs {
  const labelIds = chosenLabels(config.labelIds);
  if (labelIds.length === 0) return {};
  return { figures: { operationId: 'getAllLabelTrendTotalDatas', body: labelQuery(labelIds, config.period, context) } };
}

/** A label's energy and its share (%) of the total. */
export interface LabelShare {
  labelId: number;
  name: string;
  unit: string;
  value: number | null;
  share: number | null;
}

/**
 * The share of each label in the sum of the labels' positive energies: a label that gave back
 * energy (a net flow below zero) or has no figure has no share; no shares when nothing was consumed.
 */
export function labelShares(figures: LabelTrend[]): { shares: LabelShare[]; total: number | null } {
  const positive = figures.map((figure) => figure.value).filter((value): value is number => value !== null && value > 0);
  const total = figures.some((figure) => figure.value !== null) ? positive.reduce((sum, value) => sum + value, 0) : null;
  return {
    total,
    shares: figures.map(({ labelId, name, unit, value }) => ({
      labelId,
      name,
      unit,
      value,
      share: value !== null && value >= 0 && total !== null && total > 0 ? (value / total) * 100 : null,
    })),
  };
}

/** The chart of the labels: a pie of those with a share, in the palette's colours of their places, each reading its share. */
export function multiEnergyProportionOption(shares: LabelShare[], decimals: number): ChartOption {
  const unit = shares[0]?.unit ?? 'kWh';
  return shareRing(
    shares.flatMap((entry, index) =>
      entry.share === null || entry.value === null
        ? []
        : [{ name: entry.name, value: entry.value, share: entry.share, color: seriesColor(index) }],
    ),
    {
      value: (value) => withUnit(formatFigure(value, decimals), unit),
      share: (share) => `${formatFigure(share, decimals)}%`,
      inner: '0%',
    },
  );
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<MultiEnergyProportionConfig>({
  type: 'multiEnergyProportion',
  needs: proportionNeeds,
  followPeriod: proportionFollowPeriod,
});
