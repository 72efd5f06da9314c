import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { EARLY_CALL_MS, type Api } from '../../runtime';
import { adoptScheduler, emptyDocument, screenScheduler, type DashboardDocument, type FetchMode } from '../../runtime/dashboard';
import type { AnyWidgetDataRules } from '../../runtime/dashboard/widget';
import { widgetNeeds } from '../../runtime/dashboard/widgetNeeds';
import { widgetRegistry } from '../../widgets';
import { WIDGET_DATA_RULES } from '../../widgets/data';
import { dashboardEarlyCalls } from './earlyCalls';
import { DROP_EARLY_REQUEST, startEarly, startPending, stationContext, type StationRecord } from './earlyData';
import type { EarlyRequest } from './earlyRequest';

/** The scheduler a dashboard screen takes (see `useScreenScheduler`). */
const dashboardScheduler = (api: Api, mode: FetchMode) => screenScheduler(api, mode, DROP_EARLY_REQUEST.withoutEarly);

const STATION: StationRecord = { sn: 'ST1', name: 'Station one', timeZone: 'Asia/Shanghai' };
const ENERGY = { deviceSn: 'ST1-PCS1', varSn: 'ST1-PCS1.dischargeEnergy' };
const DOCUMENT: DashboardDocument = {
  ...emptyDocument('ST1'),
  widgets: [{ id: 'w1', type: 'stationCommunication', config: {} }],
};

/** A client whose batch call answers every need, counting the requests. */
function fakeApi() {
  const batches: unknown[][] = [];
  const api = {
    call: vi.fn(async (id: string, input: { body: { needs: unknown[] } }) => {
      if (id !== 'getDashboardData') throw new Error(`unexpected ${id}`);
      batches.push(input.body.needs);
      return input.body.needs.map(() => ({ code: 0, msg: 'ok', data: {} }));
    }),
  } as unknown as Api;
  return { api, batches };
}

/** What the loader leaves for station ST1 and its dashboard, with some changes. */
const request = (api: Api, changes: Partial<EarlyRequest> = {}): EarlyRequest => ({
  api,
  mode: 'coalesced',
  stationSn: 'ST1',
  period: null,
  answers: Promise.resolve([[STATION], DOCUMENT]),
  ...changes,
});

/** The loader of the dashboard of ST1 (of `document`, at the address's `query`), its early calls answered (or refused) at once. */
function load(api: Api, refused = false, document = DOCUMENT, query = '') {
  const answers: Record<string, unknown> = { listStations: [STATION], getSiteKanban: document };
  Object.assign(api, {
    prefetch: (id: string) => (refused ? Promise.reject(new Error('refused')) : Promise.resolve(answers[id])),
  });
  dashboardEarlyCalls(api, new URL(`http://platform.test/main/ems/map/monitor/dashboard?station=ST1${query}`));
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

test('the loader asks for the widgets’ data once the station and its dashboard are there; the screen takes that scheduler over', async () => {
  const { api, batches } = fakeApi();
  await startEarly(request(api));
  await vi.advanceTimersByTimeAsync(0);
  expect(batches).toEqual([[{ operationId: 'getStationStatusDetail', params: { stationSn: 'ST1' } }]]);
  const scheduler = dashboardScheduler(api, 'coalesced');
  expect(scheduler.running).toBe(true);
  expect(scheduler.slotsOf('w1')).toEqual({ detail: { status: 'ready', data: {} } });
  adoptScheduler(scheduler);
  // Adopted: it runs on past the time an unclaimed one is given.
  await vi.advanceTimersByTimeAsync(EARLY_CALL_MS);
  expect(scheduler.running).toBe(true);
  scheduler.stop();
});

test('what a view draws besides its data is asked for with the data: the station map’s land', async () => {
  const rules = WIDGET_DATA_RULES.get('stationMap') as Required<AnyWidgetDataRules>;
  // The land itself is the browser's to load (tests/e2e/dashboard.test.ts).
  const preload = vi.spyOn(rules, 'preload').mockImplementation(() => undefined);
  const { api, batches } = fakeApi();
  const document = { ...DOCUMENT, widgets: [...DOCUMENT.widgets, { id: 'm1', type: 'stationMap', config: {} }] };
  await startEarly(request(api, { answers: Promise.resolve([[STATION], document]) }));
  expect(preload).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(0);
  expect(batches.flat()).toContainEqual({ operationId: 'listStations' });
  const scheduler = dashboardScheduler(api, 'coalesced');
  adoptScheduler(scheduler);
  scheduler.stop();
  preload.mockRestore();
});

test('what the loader leaves is started by the dashboard’s code once, whoever comes first', async () => {
  const { api, batches } = fakeApi();
  load(api);
  startPending();
  startPending();
  await vi.advanceTimersByTimeAsync(0);
  expect(batches).toHaveLength(1);
  const scheduler = dashboardScheduler(api, 'coalesced');
  expect(scheduler.slotsOf('w1')).toEqual({ detail: { status: 'ready', data: {} } });
  adoptScheduler(scheduler);
  scheduler.stop();
});

test('a screen that makes its own scheduler before the dashboard’s code took the request drops it: nothing is asked early', async () => {
  const { api, batches } = fakeApi();
  load(api);
  const own = dashboardScheduler(api, 'coalesced');
  startPending();
  await vi.advanceTimersByTimeAsync(0);
  expect(batches).toEqual([]);
  expect(dashboardScheduler(api, 'coalesced')).not.toBe(own);
});

test('early answers refused and dropped go unheard here: the screen’s own calls show the failure', async () => {
  const { api, batches } = fakeApi();
  load(api, true);
  dashboardScheduler(api, 'coalesced');
  startPending();
  await vi.advanceTimersByTimeAsync(0);
  expect(batches).toEqual([]);
});

test(`a scheduler no screen adopts within ${EARLY_CALL_MS} ms stops; the screen then makes its own`, async () => {
  const { api } = fakeApi();
  await startEarly(request(api));
  const early = dashboardScheduler(api, 'coalesced');
  expect(early.running).toBe(true);
  await vi.advanceTimersByTimeAsync(EARLY_CALL_MS);
  expect(early.running).toBe(false);
  const own = dashboardScheduler(api, 'coalesced');
  expect(own).not.toBe(early);
  expect(own.running).toBe(false);
});

test('nothing is asked early for an unknown station or an older document', async () => {
  const { api, batches } = fakeApi();
  await startEarly(request(api, { stationSn: 'ST9' }));
  await startEarly(request(api, { answers: Promise.resolve([[STATION], { ...DOCUMENT, schemaVersion: 1 }]) }));
  await vi.advanceTimersByTimeAsync(0);
  expect(batches).toEqual([]);
  await vi.advanceTimersByTimeAsync(EARLY_CALL_MS);
});

test('nothing is asked early while a screen runs its scheduler (its station switched): it asks itself', async () => {
  const { api, batches } = fakeApi();
  const own = dashboardScheduler(api, 'coalesced');
  adoptScheduler(own);
  own.start();
  await startEarly(request(api));
  await vi.advanceTimersByTimeAsync(0);
  expect(batches).toEqual([]);
  expect(dashboardScheduler(api, 'coalesced')).not.toBe(own);
  own.stop();
});

test('a screen in another mode or with another client does not take the early scheduler', async () => {
  const { api } = fakeApi();
  await startEarly(request(api, { mode: 'perWidget' }));
  const early = dashboardScheduler(api, 'perWidget');
  expect(early.running).toBe(true);
  expect(dashboardScheduler(api, 'coalesced')).not.toBe(early);
  expect(dashboardScheduler(fakeApi().api, 'perWidget')).not.toBe(early);
  await vi.advanceTimersByTimeAsync(EARLY_CALL_MS);
  expect(early.running).toBe(false);
});

test('the loader asks for what the widgets need in the period the address names; the grid showing it asks nothing again', async () => {
  const { api, batches } = fakeApi();
  const config = {
    name: 'Energy',
    period: 'day',
    calcMethod: 'DIFF',
    numberFix: 2,
    nodeInfo: [{ deviceVar: ENERGY, name: 'Discharge' }],
  };
  load(api, false, { ...emptyDocument('ST1'), widgets: [{ id: 'h1', type: 'histogram', config }] }, '&period=month');
  startPending();
  await vi.advanceTimersByTimeAsync(0);
  // This month's figure, not the configured day's.
  expect(batches).toEqual([[expect.objectContaining({ query: expect.objectContaining({ type: 'MONTH' }) })]]);
  const scheduler = dashboardScheduler(api, 'coalesced');
  adoptScheduler(scheduler);
  const histogram = widgetRegistry.get('histogram');
  if (!histogram) throw new Error('no histogram widget');
  scheduler.setWidget('h1', widgetNeeds(histogram, config, stationContext(STATION), 'month'), () => undefined);
  await vi.advanceTimersByTimeAsync(0);
  expect(batches).toHaveLength(1);
  // As configured, it needs the day's figure: asked for then.
  scheduler.setWidget('h1', widgetNeeds(histogram, config, stationContext(STATION), undefined), () => undefined);
  await vi.advanceTimersByTimeAsync(0);
  expect(batches[1]).toEqual([expect.objectContaining({ query: expect.objectContaining({ type: 'DAY' }) })]);
  scheduler.stop();
});

test('the station of a record is one object, whoever asks', () => {
  const record = { ...STATION };
  expect(stationContext(record)).toBe(stationContext(record));
  expect(stationContext(record)).toEqual({ sn: 'ST1', name: 'Station one', timeZone: 'Asia/Shanghai', fields: record });
});
