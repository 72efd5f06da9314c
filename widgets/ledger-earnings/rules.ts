import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import type { LedgerStation } from '../../generated/types';
import type { LedgerEarningsConfig } from '../../generated/widgetConfigs';
import { isPartial } from '../../runtime/format/ledger';
import { stationTime } from '../../runtime/dashboard/figures';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';

export type { LedgerEarningsConfig };
export type LedgerFigure = LedgerEarningsConfig['figures'][number];
type Span = 'day' | 'month';

/** Each figure: the span of the ledger it is of (today, this month in the station's zone) and the field of that span's answer. */
export const FIGURES: Record<LedgerFigure, { span: Span; field: 'earned' | 'savings' | 'spreadPerMwh' | 'cyclesPerDay' }> = {
  earnedToday: { span: 'day', field: 'earned' },
  earnedMonth: { span: 'month', field: 'earned' },
  savingsMonth: { span: 'month', field: 'savings' },
  spreadMonth: { span: 'month', field: 'spreadPerMwh' },
  cyclesMonth: { span: 'month', field: 'cyclesPerDay' },
};

/** The figures chosen, in the configuration's order, each once. */
export const chosenFigures = (config: LedgerEarningsConfig): LedgerFigure[] =>
  [...new Set(config.figures ?? [])].filter((figure) => figure in FIGURES);

/** The station's ledger of today and of this month in its zone, each asked for only when a figure chosen is of it. */
function ledgerNeeds(config: LedgerEarningsConfig, context: WidgetContext): Needs {
  const spans = new Set(chosenFigures(config).map((figure) => FIGURES[figure].span));
  const need = (type: 'DAY' | 'MONTH', time: string) => ({
    operationId: 'getStationLedger' as const,
    query: { stationSn: context.station.sn, type, time },
  });
  const needs: Needs = {};
  if (spans.has('day')) needs.day = need('DAY', stationTime(context, 'YYYY-MM-DD'));
  if (spans.has('month')) needs.month = need('MONTH', stationTime(context, 'YYYY-MM'));
  return needs;
}

/** A figure as shown: the ledger's value (null when its data cannot give one), and the coverage of its span's closed intervals. */
export interface ShownLedgerFigure {
  figure: LedgerFigure;
  field: (typeof FIGURES)[LedgerFigure]['field'];
  value: number | null;
  /** Share of the span's closed intervals with complete readings; null when none has closed yet. */
  coverage: number | null;
  partial: boolean;
}

const ledgerOf = (slot: SlotState | undefined): LedgerStation | undefined =>
  slot?.status === 'ready' && slot.data && typeof slot.data === 'object' ? (slot.data as LedgerStation) : undefined;

/** The chosen figures read from the answers of their spans (a span not answered gives no figure). */
export function ledgerFigures(config: LedgerEarningsConfig, data: Record<string, SlotState>): ShownLedgerFigure[] {
  return chosenFigures(config).map((figure) => {
    const { span, field } = FIGURES[figure];
    const ledger = ledgerOf(data[span]);
    const coverage = ledger?.coverage ?? null;
    return { figure, field, value: ledger?.[field] ?? null, coverage, partial: isPartial(coverage) };
  });
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<LedgerEarningsConfig>({
  type: 'ledgerEarnings',
  needs: ledgerNeeds,
});
