import type { Api } from '../../runtime';
import type { DashboardDocument } from '../../runtime/dashboard';
import type { StationRecord } from './earlyData';

/**
 * What the dashboard asks for first, started by its route's loader while the screen's code and the
 * user's menu load: the station list and, when the address names a station, its dashboard
 * document (the first station's is asked for once the list is there) and then, with both, the
 * data of its widgets (`startEarly`).
 */
export function dashboardEarlyCalls(api: Api, url: URL): void {
  const stations = api.prefetch('listStations', {}) as Promise<StationRecord[]>;
  const stationSn = url.searchParams.get('station');
  if (!stationSn) return;
  const document = api.prefetch('getSiteKanban', { params: { stationSn } }) as Promise<DashboardDocument>;
  const mode = url.searchParams.get('fetch') === 'perWidget' ? 'perWidget' : 'coalesced';
  const requestedAt = performance.now();
  void import('./earlyData').then(({ startEarly }) =>
    startEarly(api, mode, stationSn, Promise.all([stations, document]), requestedAt),
  );
}
