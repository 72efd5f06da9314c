import { widgetDataRules, type DashboardPeriod, type WidgetContext } from '../../runtime/dashboard/widget';
import type { EnergyLabel, LabelQuery, LabelTrend } from '../../generated/types';
import type { MultiEnergyConsumptionConfig } from '../../generated/widgetConfigs';
import { stationTime } from '../../runtime/dashboard/figures';
import type { DataNeed, Needs, SlotState } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';

/** Today, this month or this year of the station: the statistic type of the label calls. */
export type LabelPeriod = MultiEnergyConsumptionConfig['period'];

/** The label widgets offer every period of the dashboard, each as itself. */
export const LABEL_PERIOD_OF: Record<DashboardPeriod, LabelPeriod> = { day: 'day', month: 'month', year: 'year' };

const TYPE_OF: Record<LabelPeriod, LabelQuery['type']> = { day: 'DAY', month: 'MONTH', year: 'YEAR' };

export type { MultiEnergyConsumptionConfig };

/** The energy consumption as it follows the dashboard's period: the labels' energy of today, this month or this year. */
const consumptionFollowPeriod = followOption<MultiEnergyConsumptionConfig, 'period'>('period', LABEL_PERIOD_OF);

/** The valid label ids of a configuration, each once, in the order chosen. */
export function chosenLabels(labelIds: unknown): number[] {
  if (!Array.isArray(labelIds)) return [];
  return [...new Set(labelIds.filter((id): id is number => Number.isInteger(id) && id > 0))];
}

/**
 * The body of a label call: the labels listed, or, with none, all the station's; over the
 * station's local day, month or year containing now.
 */
export function labelQuery(labelIds: number[], period: LabelPeriod, context: WidgetContext): LabelQuery {
  const scope = labelIds.length ? { labelIds } : { stationSn: context.station.sn };
  return { ...scope, type: TYPE_OF[period], querytime: stationTime(context, 'YYYY-MM-DD') };
}

/** The station's label tree (for the nesting) and each label's energy, with its cost when shown. */
function consumptionNeeds(config: MultiEnergyConsumptionConfig, context: WidgetContext): Needs {
  const figures: DataNeed = {
    operationId: config.showCost ? 'getElectricalDegreeAndCharge' : 'getAllLabelTrendTotalDatas',
    body: labelQuery(chosenLabels(config.labelIds), config.period, context),
  };
  return { tree: { operationId: 'getEnergyLabelTree', params: { stationSn: context.station.sn } }, figures };
}

/** The label figures of an answer, or none before it has come. */
export function labelFigures(slot: SlotState | undefined): LabelTrend[] {
  return slot?.status === 'ready' && Array.isArray(slot.data) ? (slot.data as LabelTrend[]) : [];
}

/** A row of the table: a label with its energy and cost, and the labels shown below it. */
export interface LabelRow {
  key: number;
  name: string;
  unit: string;
  value: number | null;
  charge: number | null;
  children?: LabelRow[];
}

/**
 * The labels shown as a tree: each under its nearest ancestor that is shown too (the station's
 * tree gives the parents), in the tree's order; labels the tree does not know come last, at the top.
 */
export function labelRows(tree: EnergyLabel[], figures: LabelTrend[]): LabelRow[] {
  const parentOf = new Map(tree.filter((label) => label.id !== undefined).map((label) => [label.id as number, label.parentId]));
  const order = new Map(tree.map((label, index) => [label.id, index]));
  const sorted = [...figures].sort(
    (a, b) => (order.get(a.labelId) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.labelId) ?? Number.MAX_SAFE_INTEGER),
  );
  const rows = new Map<number, LabelRow>(
    sorted.map((figure) => [
      figure.labelId,
      { key: figure.labelId, name: figure.name, unit: figure.unit, value: figure.value, charge: figure.charge ?? null },
    ]),
  );
  const top: LabelRow[] = [];
  for (const figure of sorted) {
    const row = rows.get(figure.labelId);
    if (!row) continue;
    let ancestor = parentOf.get(figure.labelId);
    const seen = new Set<number>([figure.labelId]);
    while (ancestor !== undefined && !rows.has(ancestor) && !seen.has(ancestor)) {
      seen.add(ancestor);
      ancestor = parentOf.get(ancestor);
    }
    // The tree lists parents before their children: nesting only under a label listed earlier cannot loop.
    const earlier = ancestor !== undefined && (order.get(ancestor) ?? Infinity) < (order.get(figure.labelId) ?? Infinity);
    const parent = earlier && ancestor !== undefined ? rows.get(ancestor) : undefined;
    if (parent) parent.children = [...(parent.children ?? []), row];
    else top.push(row);
  }
  return top;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<MultiEnergyConsumptionConfig>({
  type: 'multiEnergyConsumption',
  needs: consumptionNeeds,
  followPeriod: consumptionFollowPeriod,
});
