import { EARLY_CALL_MS, type Api } from '../../runtime';
import {
  batchFetcher,
  CONFIGURATION_SCHEMA_VERSION,
  dashboardPeriod,
  DataScheduler,
  widgetNeeds,
  type DashboardDocument,
  type DashboardPeriod,
  type StationContext,
} from '../../runtime/dashboard';
import { widgetRegistry } from '../../widgets';
import { takeEarlyRequest, type EarlyRequest, type FetchMode, type StationRecord } from './earlyCalls';

/** A station as the station list answers it. */
export type { FetchMode, StationRecord };

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
 * dashboard shows `period` is asked for at once (the grid, showing the same period, takes it over).
 */
export function primeWidgets(
  scheduler: DataScheduler,
  document: DashboardDocument,
  station: StationContext,
  period: DashboardPeriod | undefined,
): void {
  scheduler.prime(
    document.widgets.flatMap((widget) => {
      // A placeholder (see `UnboundWidget`) needs no data.
      const definition = widget.unbound ? undefined : widgetRegistry.get(widget.type);
      return definition ? [{ id: widget.id, needsOf: widgetNeeds(definition, widget.config, station, period) }] : [];
    }),
  );
}

/** The scheduler the route's loader started, until the dashboard adopts it. */
let early: { api: Api; mode: FetchMode; scheduler: DataScheduler } | undefined;
/** The scheduler the screen runs. */
let adopted: DataScheduler | undefined;

/**
 * Started by the dashboard route's loader with the early answers of the station list and of the
 * station's dashboard: once both are there, a scheduler is started with the widgets registered,
 * so their data is asked for while the screen still renders its shell. The screen takes this
 * scheduler over (`dashboardScheduler`, then `adoptScheduler`); one it has not adopted within
 * `EARLY_CALL_MS` stops. A screen already shown asks for the data itself when its station is
 * switched, as one does that rendered before this code took the request (and dropped it).
 */
export async function startEarly({ api, mode, stationSn, period, answers }: EarlyRequest): Promise<void> {
  if (adopted?.running) return;
  early?.scheduler.stop();
  const scheduler = new DataScheduler({ fetchBatch: batchFetcher(api), mode });
  early = { api, mode, scheduler };
  setTimeout(() => {
    if (early?.scheduler !== scheduler) return;
    early = undefined;
    scheduler.stop();
  }, EARLY_CALL_MS);
  const [stations, document] = await answers.catch(() => [[], undefined] as const);
  const record = stations.find((station) => station.sn === stationSn);
  // A document with older configurations is migrated first, which may change what its widgets need: the screen asks then.
  if (!record || !document || document.schemaVersion < CONFIGURATION_SCHEMA_VERSION || early?.scheduler !== scheduler) return;
  scheduler.start();
  primeWidgets(scheduler, document, stationContext(record), dashboardPeriod(period));
}

/** The dashboard's scheduler: the one its route's loader started, if that is for the same client and mode, else a new one. */
export function dashboardScheduler(api: Api, mode: FetchMode): DataScheduler {
  if (early && early.api === api && early.mode === mode) return early.scheduler;
  // A request not taken yet is dropped: this screen asks for its data itself.
  takeEarlyRequest();
  return new DataScheduler({ fetchBatch: batchFetcher(api), mode });
}

/** The screen runs this scheduler from now on: an early one is no longer stopped for want of a screen. */
export function adoptScheduler(scheduler: DataScheduler): void {
  adopted = scheduler;
  if (early?.scheduler === scheduler) early = undefined;
}

/** Starts what the route's loader left to start, if anything. */
export function startPending(): void {
  const request = takeEarlyRequest();
  if (request) void startEarly(request);
}

// On the first visit this code loads after the loader ran: the request is taken as soon as it has.
startPending();
