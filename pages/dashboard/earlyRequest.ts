import type { Api } from '../../runtime/api/client';
import type { DashboardDocument, FetchMode } from '../../runtime/dashboard';

/** A station as the station list answers it, with the fields the widgets read. */
export interface StationRecord {
  sn: string;
  name: string;
  timeZone: string;
  [field: string]: unknown;
}

/** The first data of a dashboard its route's loader asked for, until the dashboard's code takes it. */
export interface EarlyRequest {
  api: Api;
  mode: FetchMode;
  stationSn: string;
  /**
   * The period the address names, as it names it: the dashboard's code reads it (`dashboardPeriod`),
   * so that the loader, in the code of every screen, does not bring the dashboard's module with it.
   */
  period: string | null;
  /** The early answers of the station list and of the station's dashboard. */
  answers: Promise<[StationRecord[], DashboardDocument]>;
}

let pending: EarlyRequest | undefined;

/** Leaves the loader's request for the dashboard's code (`earlyCalls.ts` → `earlyData.ts`). */
export function leaveEarlyRequest(request: EarlyRequest): void {
  pending = request;
}

/** The request the loader left, once (a screen that makes its own scheduler first drops it). */
export function takeEarlyRequest(): EarlyRequest | undefined {
  const request = pending;
  pending = undefined;
  return request;
}
