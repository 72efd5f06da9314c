import { CONFIGURATION_SCHEMA_VERSION, type DashboardDocument } from '../../runtime/dashboard/document';
import { dashboardPeriod } from '../../runtime/dashboard/period';
import type { DataScheduler } from '../../runtime/dashboard/scheduler';
import { isEarlyScheduler, startEarlyScheduler } from '../../runtime/dashboard/screenScheduler';
import type { DashboardPeriod, StationContext } from '../../runtime/dashboard/widget';
import { widgetNeeds } from '../../runtime/dashboard/widgetNeeds';
import { WIDGET_DATA_RULES } from '../../widgets/data';
import { takeEarlyRequest, type EarlyRequest, type StationRecord } from './earlyRequest';

/** A station as the station list answers it. */
export type { StationRecord };

const contexts = new WeakMap<StationRecord, StationContext>();

/**
 * What the widgets read of their station: one object per record, so that the screen and the
 * loader, which read the same answer of the station list, give the widgets the same station.
 */
export function stationContext(record: StationRecord): StationContext {
  let context = contexts.get(record);
  if (!context) {
    context = { sn: record.sn, name: record.name, timeZone: record.timeZone, fields: record };
    contexts.set(record, context);
  }
  return context;
}

/**
 * Registers a dashboard's widgets with a scheduler before they render: what they need while the
 * dashboard shows `period` is asked for at once (the grid, showing the same period, takes it over),
 * and what their views draw besides it (`preload`) with it.
 */
export function primeWidgets(
  scheduler: DataScheduler,
  document: DashboardDocument,
  station: StationContext,
  period: DashboardPeriod | undefined,
): void {
  // A placeholder (see `UnboundWidget`) needs no data.
  const bound = document.widgets.flatMap((widget) => {
    const rules = widget.unbound ? undefined : WIDGET_DATA_RULES.get(widget.type);
    return rules ? [{ widget, rules }] : [];
  });
  scheduler.prime(
    bound.map(({ widget, rules }) => ({ id: widget.id, needsOf: widgetNeeds(rules, widget.config, station, period) })),
  );
  for (const { rules } of bound) rules.preload?.();
}

/**
 * Started by the dashboard route's loader with the early answers of the station list and of the
 * station's dashboard: once both are there, the early scheduler (`startEarlyScheduler`) starts with
 * the widgets registered, so their data is asked for while the screen still renders its shell. A
 * screen already shown asks for the data itself when its station is switched, as one does that
 * rendered before this code took the request (and dropped it: `DROP_EARLY_REQUEST`).
 */
export async function startEarly({ api, mode, stationSn, period, answers }: EarlyRequest): Promise<void> {
  const scheduler = startEarlyScheduler(api, mode);
  if (!scheduler) return;
  const [stations, document] = await answers.catch(() => [[], undefined] as const);
  const record = stations.find((station) => station.sn === stationSn);
  // A document with older configurations is migrated first, which may change what its widgets need: the screen asks then.
  if (!record || !document || document.schemaVersion < CONFIGURATION_SCHEMA_VERSION || !isEarlyScheduler(scheduler)) return;
  scheduler.start();
  primeWidgets(scheduler, document, stationContext(record), dashboardPeriod(period));
}

/** What a dashboard screen that takes over its loader's scheduler does when there is none: a request not taken yet is dropped, as it asks for its data itself. */
export const DROP_EARLY_REQUEST = { withoutEarly: () => void takeEarlyRequest() };

/** Starts what the route's loader left to start, if anything. */
export function startPending(): void {
  const request = takeEarlyRequest();
  if (request) void startEarly(request);
}

// On the first visit this code loads after the loader ran: the request is taken as soon as it has.
startPending();
