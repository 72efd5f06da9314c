/** The station a dashboard shows, as its widgets read it. */
export interface StationContext {
  sn: string;
  name: string;
  /** IANA zone of the station: the days, months and years of its figures are local to it. */
  timeZone: string;
  /** Every field of the station, for the key data widget's station information. */
  fields: Record<string, unknown>;
}

/**
 * The periods a dashboard can show, its second variable beside the station: today, this month, this
 * year (in the station's calendar).
 */
export const DASHBOARD_PERIODS = ['day', 'month', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** What a widget's needs and view are given besides its configuration. */
export interface WidgetContext {
  station: StationContext;
  /** The instant of this refresh (milliseconds). */
  now: number;
  /** The period the dashboard shows; undefined: every widget as configured. */
  period?: DashboardPeriod;
}
