import type { Api } from '../../runtime';

/**
 * What the dashboard asks for first, started by its route's loader while the screen's code and the
 * user's menu load: the station list and, when the address names a station, its dashboard
 * document (the first station's is asked for once the list is there).
 */
export function dashboardEarlyCalls(api: Api, url: URL): void {
  api.prefetch('listStations', {});
  const stationSn = url.searchParams.get('station');
  if (stationSn) api.prefetch('getSiteKanban', { params: { stationSn } });
}
