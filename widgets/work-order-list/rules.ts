import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import type { Worksheet } from '../../generated/types';
import type { WorkOrderListConfig } from '../../generated/widgetConfigs';
import type { WidgetConfig } from '../../runtime/dashboard/document';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';

/** The states of a work order (worksheet), in the order of its steps. */
export const WORKSHEET_STATUSES = ['toDo', 'inProgress', 'done', 'revoked'] as const;
export type WorksheetStatus = (typeof WORKSHEET_STATUSES)[number];

/** The colour of each state: a tag's in the list, a series' in the charts. */
export const STATUS_TAG_COLORS: Record<WorksheetStatus, string> = {
  toDo: 'blue',
  inProgress: 'orange',
  done: 'green',
  revoked: 'default',
};
export const STATUS_CHART_COLORS: Record<WorksheetStatus, string> = {
  toDo: '#1677FF',
  inProgress: '#FAAD14',
  done: '#52C41A',
  revoked: '#8C8C8C',
};

export type { WorkOrderListConfig };

/** The bounds of `rows` in the schema, and what a stored value outside them is read as. */
const ROWS = { min: 1, max: 20, fallback: 5 };

export const isWorksheetStatus = (value: unknown): value is WorksheetStatus =>
  WORKSHEET_STATUSES.includes(value as WorksheetStatus);

/** The states chosen, known ones only, in the order of the steps (so that equal choices make equal needs). */
export function chosenStatuses(config: Pick<WorkOrderListConfig, 'statuses'>): WorksheetStatus[] {
  const chosen = Array.isArray(config.statuses) ? config.statuses : [];
  return WORKSHEET_STATUSES.filter((status) => chosen.includes(status));
}

/** How many work orders are listed: the configured number within 1–20. */
export function rowsOf(config: Pick<WorkOrderListConfig, 'rows'>): number {
  const rows = Number(config.rows);
  return Number.isInteger(rows) ? Math.min(ROWS.max, Math.max(ROWS.min, rows)) : ROWS.fallback;
}

/** One page of the station's work orders in the chosen states, latest planned first; nothing without a state. */
function workOrderListNeeds(config: WorkOrderListConfig, context: WidgetContext): Needs {
  const statuses = chosenStatuses(config);
  if (statuses.length === 0) return {};
  return {
    worksheets: {
      operationId: 'getStationWorksheetPage',
      query: {
        stationSn: context.station.sn,
        statuses: statuses.join(','),
        current: '1',
        size: String(rowsOf(config)),
        sortField: 'planDate',
        sortOrder: 'desc',
      },
    },
  };
}

/** The work orders of a ready answer (a page of records); nothing while there is none. */
export function worksheetsOf(slot: SlotState | undefined): Worksheet[] | undefined {
  if (slot?.status !== 'ready' || typeof slot.data !== 'object' || slot.data === null) return undefined;
  const { records } = slot.data as { records?: Worksheet[] };
  return Array.isArray(records) ? records : [];
}

/** A text of a work order that may be missing (no assignee yet, no planned day): '--' then, as for figures. */
export const orDash = (text: string | undefined): string => (text && text.trim() !== '' ? text : '--');

/** The list has no format 1 (it came with format 2): a stored configuration is current. */
export function migrateWorkOrderList(config: WidgetConfig): WidgetConfig {
  return config;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<WorkOrderListConfig>({
  type: 'workOrderList',
  needs: workOrderListNeeds,
});
