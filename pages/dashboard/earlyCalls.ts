import type { Api } from '../../runtime/api/client';
import { loadCharts } from '../../runtime/charts/loadCharts';
import type { DashboardDocument } from '../../runtime/dashboard';
import { leaveEarlyRequest, type StationRecord } from './earlyRequest';

/**
 * What the dashboard asks for first, started by its route's loader before the screen's code and
 * the shell's: the station list and, when the address names a station, its dashboard document
 * (the first station's is asked for once the list is there) and then, with both, the data of its
 * widgets. That needs the widgets' data rules, a small chunk of their own (`dashboardData`): it is
 * left as a request that this code takes as soon as it has loaded (`startPending`), before the
 * screen's code has come. The chart chunk is asked for next.
 */
export function dashboardEarlyCalls(api: Api, url: URL): void {
  const stations = api.prefetch('listStations', {}) as Promise<StationRecord[]>;
  const stationSn = url.searchParams.get('station');
  if (stationSn) leaveDataRequest(api, url, stationSn, stations);
  // The chart code (its own chunk) comes beside the first data, not after the widgets have it.
  void loadCharts();
}

function leaveDataRequest(api: Api, url: URL, stationSn: string, stations: Promise<StationRecord[]>): void {
  const document = api.prefetch('getSiteKanban', { params: { stationSn } }) as Promise<DashboardDocument>;
  const answers = Promise.all([stations, document]);
  // A failure is the screen's to show, when its own calls take these answers; a request that is
  // dropped (the screen came first) leaves it unheard.
  answers.catch(() => undefined);
  leaveEarlyRequest({
    api,
    mode: url.searchParams.get('fetch') === 'perWidget' ? 'perWidget' : 'coalesced',
    stationSn,
    period: url.searchParams.get('period'),
    answers,
  });
  // Code loaded by an earlier visit runs no more: it is asked to take the request.
  void import('./earlyData').then(({ startPending }) => startPending());
}
