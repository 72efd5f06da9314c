import { routes } from '../../generated/registry';
import type { DashboardPeriod } from '../../runtime/dashboard';

/** How long each station of a cycle is shown by default (seconds). */
const DEFAULT_EVERY_S = 60;
/** The least time a station of a cycle is shown (seconds): a wall display that changes faster cannot be read. */
const MIN_EVERY_S = 10;

/** The stations a kiosk view shows, and how long each stays (milliseconds) when there are several. */
export interface KioskCycle {
  stations: string[];
  everyMs: number;
}

/**
 * What a kiosk view's address asks for: `?station=sn` shows one station, `?stations=sn1,sn2&every=60`
 * cycles through several, each for `every` seconds (60 by default, at least 10). Without either,
 * the user's first station is shown.
 */
export function kioskCycle(search: URLSearchParams): KioskCycle {
  const listed = (search.get('stations') ?? '').split(',').map((sn) => sn.trim());
  const stations = [...new Set(listed.some(Boolean) ? listed : [search.get('station') ?? ''])].filter(Boolean);
  const every = Number(search.get('every'));
  return { stations, everyMs: 1000 * (every > 0 ? Math.max(every, MIN_EVERY_S) : DEFAULT_EVERY_S) };
}

/** The age of the data as the kiosk view says it: seconds under a minute, then whole minutes; waiting before the first answer. */
export type DataAge = { key: 'waiting' } | { key: 'updatedSeconds' | 'updatedMinutes'; count: number };

export function dataAge(answeredAt: number | undefined, now: number): DataAge {
  if (answeredAt === undefined) return { key: 'waiting' };
  const seconds = Math.max(0, Math.floor((now - answeredAt) / 1000));
  return seconds < 60 ? { key: 'updatedSeconds', count: seconds } : { key: 'updatedMinutes', count: Math.floor(seconds / 60) };
}

const pathOf = (name: string) => routes.find((route) => route.name === name)?.path ?? '/';

/** The query of a station and a period, each left out when there is none. */
const queryOf = (stationSn: string | undefined, period: DashboardPeriod | undefined): string => {
  const query = new URLSearchParams({ ...(stationSn ? { station: stationSn } : {}), ...(period ? { period } : {}) });
  return query.size ? `?${query}` : '';
};

/** The kiosk view of a station, showing the dashboard's period (none: every widget as configured). */
export const kioskPath = (stationSn: string, period?: DashboardPeriod): string =>
  `${pathOf('SiteMonitorKiosk')}${queryOf(stationSn, period)}`;

/** The dashboard page of a station (of the first, without one) with its period, where the kiosk view is left to. */
export const dashboardPath = (stationSn: string | undefined, period?: DashboardPeriod): string =>
  `${pathOf('SiteMonitorDashboard')}${queryOf(stationSn, period)}`;

/**
 * Asks the browser for full screen, on the user's gesture (a click): a wall display then shows
 * nothing but the dashboard. A browser that refuses (or has no full screen) shows the kiosk view in
 * its window as it is.
 */
export function enterFullScreen(): void {
  if (document.fullscreenEnabled && !document.fullscreenElement)
    void document.documentElement.requestFullscreen().catch(() => undefined);
}

/** Leaves full screen, if the page is in it. */
export function leaveFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
}
