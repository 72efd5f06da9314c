import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { DataNeed, SlotState } from './needs';
import { fakeVisibility } from '../api/visibility.testing';
import { DataScheduler, REFRESH_INTERVAL_MS, type NeedAnswer } from './scheduler';

const realtime = (sns: string): DataNeed => ({ operationId: 'getRealtimeData', body: { sns } });
const status = (stationSn: string): DataNeed => ({ operationId: 'getStationStatusDetail', params: { stationSn } });
/** A need answered with any data: the scheduler hands data on without reading it. */
const answered = (need: DataNeed, data: unknown) => ({ ok: true, operationId: need.operationId, data }) as NeedAnswer;

/** A server that answers each need with its own text, or fails the needs it is told to. */
function fakeServer(fail: (need: DataNeed) => boolean = () => false) {
  const requests: DataNeed[][] = [];
  const fetchBatch = vi.fn(async (needs: DataNeed[]): Promise<NeedAnswer[]> => {
    requests.push(needs);
    return needs.map((need) =>
      fail(need) ? { ok: false, code: 40400, message: 'Not found' } : answered(need, JSON.stringify(need)),
    );
  });
  return { requests, fetchBatch };
}

const visibility = fakeVisibility;

function recorder() {
  const seen: Record<string, SlotState>[] = [];
  return { seen, listener: (slots: Record<string, SlotState>) => seen.push(slots), last: () => seen.at(-1) };
}

describe('DataScheduler', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  test('sends the distinct needs of all widgets in one request each tick, every 20 seconds', async () => {
    const server = fakeServer();
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    const a = recorder();
    const b = recorder();
    scheduler.setWidget('a', () => ({ values: realtime('X.soc'), station: status('S1') }), a.listener);
    scheduler.setWidget(
      'b',
      () => ({ station: { params: { stationSn: 'S1' }, operationId: 'getStationStatusDetail' } }),
      b.listener,
    );
    expect(a.last()).toEqual({ values: { status: 'loading' }, station: { status: 'loading' } });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toHaveLength(2);
    expect(a.last()?.station).toEqual({ status: 'ready', data: JSON.stringify(status('S1')) });
    expect(b.last()?.station).toEqual(a.last()?.station);
    // The specification's interval, written out: the constant's value is what is tested.
    await vi.advanceTimersByTimeAsync(19_999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(server.requests).toHaveLength(3);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 3);
    expect(server.requests).toHaveLength(3);
  });

  test('one request per widget in the per-widget mode, and batches of at most the batch size', async () => {
    const server = fakeServer();
    const perWidget = new DataScheduler({ fetchBatch: server.fetchBatch, mode: 'perWidget', visibility: visibility() });
    for (let i = 0; i < 5; i += 1)
      perWidget.setWidget(
        `w${i}`,
        () => ({ v: realtime(`V${i}`), s: status('S1') }),
        () => {},
      );
    await perWidget.tick();
    expect(server.requests).toHaveLength(5);
    const small = fakeServer();
    const coalesced = new DataScheduler({ fetchBatch: small.fetchBatch, batchSize: 2, visibility: visibility() });
    for (let i = 0; i < 5; i += 1)
      coalesced.setWidget(
        `w${i}`,
        () => ({ v: realtime(`V${i}`), s: status('S1') }),
        () => {},
      );
    await coalesced.tick();
    expect(small.requests.map((request) => request.length)).toEqual([2, 2, 2]);
    expect(coalesced.stats).toMatchObject({ ticks: 1, requests: 3, needs: 6 });
  });

  test('skips a tick while the previous one is in flight', async () => {
    let release: () => void = () => {};
    const fetchBatch = vi.fn(
      (needs: DataNeed[]) =>
        new Promise<NeedAnswer[]>((resolve) => {
          release = () => resolve(needs.map((need) => answered(need, 1)));
        }),
    );
    const scheduler = new DataScheduler({ fetchBatch, visibility: visibility() });
    scheduler.setWidget(
      'a',
      () => ({ v: realtime('X') }),
      () => {},
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
    expect(fetchBatch).toHaveBeenCalledTimes(1);
    expect(scheduler.stats.skippedInFlight).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(fetchBatch).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  test('pauses while the page is hidden and refreshes when it is shown again', async () => {
    const server = fakeServer();
    const page = visibility(true);
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: page });
    scheduler.setWidget(
      'a',
      () => ({ v: realtime('X') }),
      () => {},
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 3);
    expect(server.requests).toHaveLength(0);
    expect(scheduler.stats.skippedHidden).toBe(4);
    page.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    scheduler.stop();
  });

  test('a failing need puts only the widgets that need it in their error state', async () => {
    const server = fakeServer((need) => need.operationId === 'getStationStatusDetail');
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    const failing = recorder();
    const fine = recorder();
    scheduler.setWidget('failing', () => ({ s: status('NOPE') }), failing.listener);
    scheduler.setWidget('fine', () => ({ v: realtime('X') }), fine.listener);
    await scheduler.tick();
    expect(failing.last()).toEqual({ s: { status: 'error', code: 40400, message: 'Not found' } });
    expect(fine.last()?.v?.status).toBe('ready');
  });

  test('a request that fails puts its widgets in their error state; the next tick recovers', async () => {
    let down = true;
    const fetchBatch = vi.fn(async (needs: DataNeed[]): Promise<NeedAnswer[]> => {
      if (down) throw new Error('The server cannot be reached');
      return needs.map((need) => answered(need, 7));
    });
    const scheduler = new DataScheduler({ fetchBatch, visibility: visibility() });
    const widget = recorder();
    scheduler.setWidget('a', () => ({ v: realtime('X') }), widget.listener);
    await scheduler.tick();
    expect(widget.last()?.v).toEqual({ status: 'error', code: 0, message: 'The server cannot be reached' });
    down = false;
    await scheduler.tick();
    expect(widget.last()?.v).toEqual({ status: 'ready', data: 7 });
  });

  test('a widget whose needs change is fetched at once; equal needs in another key order are not', async () => {
    const server = fakeServer();
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    scheduler.setWidget(
      'a',
      () => ({ v: { operationId: 'getStatisticalValue', query: { sns: 'X', type: 'DAY' } } }),
      () => {},
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.setWidget(
      'a',
      () => ({ v: { query: { type: 'DAY', sns: 'X' }, operationId: 'getStatisticalValue' } }),
      () => {},
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    scheduler.setWidget(
      'a',
      () => ({ v: realtime('Y') }),
      () => {},
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]).toEqual([realtime('Y')]);
    scheduler.stop();
  });

  test('a need some widget has an answer for is not asked again: a changed widget asks only for what no one has', async () => {
    const server = fakeServer();
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    scheduler.setWidget(
      'a',
      () => ({ v: realtime('X'), station: status('S1') }),
      () => {},
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    // A configuration's preview of the same widget: shown at once with the dashboard's answers.
    const preview = recorder();
    scheduler.setWidget('preview:a', () => ({ v: realtime('X'), station: status('S1') }), preview.listener);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    expect(preview.seen).toEqual([
      {
        v: { status: 'ready', data: JSON.stringify(realtime('X')) },
        station: { status: 'ready', data: JSON.stringify(status('S1')) },
      },
    ]);
    // Another variable: one request with that need only; the station's answer stays.
    scheduler.setWidget('preview:a', () => ({ v: realtime('Y'), station: status('S1') }), preview.listener);
    expect(preview.last()?.station?.status).toBe('ready');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([[realtime('X'), status('S1')], [realtime('Y')]]);
    expect(preview.last()?.v).toEqual({ status: 'ready', data: JSON.stringify(realtime('Y')) });
    // The dialog saved: the widget takes what its preview had.
    scheduler.removeWidget('preview:a');
    const saved = recorder();
    scheduler.setWidget('a', () => ({ v: realtime('Y'), station: status('S1') }), saved.listener);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(2);
    expect(saved.last()?.v).toEqual({ status: 'ready', data: JSON.stringify(realtime('Y')) });
    scheduler.stop();
  });

  test('widgets that register together while it runs (a dashboard mounting) are fetched in one request', async () => {
    const server = fakeServer();
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    const widgets = ['a', 'b', 'c'].map((id) => ({ id, seen: recorder() }));
    for (const { id, seen } of widgets) scheduler.setWidget(id, () => ({ v: realtime(id === 'c' ? 'a' : id) }), seen.listener);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([[realtime('a'), realtime('b')]]);
    expect(widgets.map(({ seen }) => seen.last()?.v)).toEqual([
      { status: 'ready', data: JSON.stringify(realtime('a')) },
      { status: 'ready', data: JSON.stringify(realtime('b')) },
      { status: 'ready', data: JSON.stringify(realtime('a')) },
    ]);
    scheduler.stop();
  });

  test('widgets registered before they render are fetched at once; each takes over what arrived when it mounts', async () => {
    const server = fakeServer();
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.prime([
      { id: 'a', needsOf: () => ({ v: realtime('X') }) },
      { id: 'b', needsOf: () => ({ v: realtime('Y') }) },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([[realtime('X'), realtime('Y')]]);
    // Mounted after the answer came: it gets it at once, and nothing is asked again.
    const a = recorder();
    scheduler.setWidget('a', () => ({ v: realtime('X') }), a.listener);
    expect(a.seen).toEqual([{ v: { status: 'ready', data: JSON.stringify(realtime('X')) } }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    scheduler.stop();
  });

  test('a widget mounting with the function its needs were primed with takes them over, though they move with the clock', async () => {
    const server = fakeServer();
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    // Like the remote-signal widget's window: its needs change every millisecond.
    const window = (now: number) => ({ v: realtime(`until ${now}`) });
    scheduler.prime([{ id: 'a', needsOf: window }]);
    await vi.advanceTimersByTimeAsync(5);
    expect(server.requests).toHaveLength(1);
    const a = recorder();
    scheduler.setWidget('a', window, a.listener);
    expect(a.last()?.v?.status).toBe('ready');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    // Another function with the same result at another instant asks again.
    const b = recorder();
    scheduler.setWidget('a', (now) => window(now), b.listener);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(2);
    scheduler.stop();
  });

  test('before it registers, a widget is loading in each slot it needs or has the answer held; primed, what it has; needs that throw, none', async () => {
    const server = fakeServer();
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.setWidget(
      'other',
      () => ({ v: realtime('X') }),
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.slotsBefore('new', () => ({ held: realtime('X'), station: status('S1') }))).toEqual({
      held: { status: 'ready', data: JSON.stringify(realtime('X')) },
      station: { status: 'loading' },
    });
    // Nothing was asked for it, nor registered: its own registration does that.
    expect(server.requests).toHaveLength(1);
    expect(scheduler.slotsOf('new')).toBeUndefined();
    scheduler.prime([{ id: 'primed', needsOf: () => ({ v: realtime('Y') }) }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.slotsBefore('primed', () => ({ v: realtime('Z') }))).toEqual({
      v: { status: 'ready', data: JSON.stringify(realtime('Y')) },
    });
    expect(
      scheduler.slotsBefore('broken', () => {
        throw new TypeError('unreadable');
      }),
    ).toEqual({});
    expect(scheduler.slotsBefore('text', () => ({}))).toEqual({});
    scheduler.stop();
  });

  test('a widget whose needs throw (a configuration its code cannot read) is left out; the others are fetched, tick after tick', async () => {
    const server = fakeServer();
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    const crash = () => {
      throw new TypeError("Cannot destructure property 'type' of 'CHAIN[config.chainType]' as it is undefined.");
    };
    // Primed before the dashboard renders: the widget after it is primed still.
    expect(() =>
      scheduler.prime([
        { id: 'broken', needsOf: crash },
        { id: 'fine', needsOf: () => ({ v: realtime('X') }) },
      ]),
    ).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([[realtime('X')]]);
    // Mounted, its registration throws to its own widget (which shows why); the next ticks refresh the others.
    expect(() => scheduler.setWidget('broken', crash, () => undefined)).toThrow(TypeError);
    // One whose needs throw only at some instant keeps what it needed.
    let now = 0;
    scheduler.setWidget(
      'sometimes',
      () => (now++ === 0 ? { v: realtime('Y') } : crash()),
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(server.requests.slice(-2)).toEqual([
      [realtime('X'), realtime('Y')],
      [realtime('X'), realtime('Y')],
    ]);
    scheduler.stop();
  });

  test('answers that arrive after a widget is removed or changed are dropped', async () => {
    let release: () => void = () => {};
    const fetchBatch = (needs: DataNeed[]) =>
      new Promise<NeedAnswer[]>((resolve) => {
        release = () => resolve(needs.map((need) => answered(need, 'old')));
      });
    const scheduler = new DataScheduler({ fetchBatch, visibility: visibility() });
    const widget = recorder();
    scheduler.setWidget('a', () => ({ v: realtime('X') }), widget.listener);
    const tick = scheduler.tick();
    scheduler.removeWidget('a');
    release();
    await tick;
    expect(widget.seen).toEqual([{ v: { status: 'loading' } }]);
  });
});

describe('needs of an instant', () => {
  test('a tick asks each widget for its needs of now: a new day fetches the new day', async () => {
    const server = fakeServer();
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    let day = '2026-11-21';
    const widget = recorder();
    scheduler.setWidget(
      'a',
      () => ({ v: { operationId: 'getStatisticalValue', query: { sns: 'X', type: 'DAY', querytime: day, calcmethod: 'DIFF' } } }),
      widget.listener,
    );
    await scheduler.tick();
    day = '2026-11-22';
    await scheduler.tick();
    expect(server.requests.map((request) => (request[0]?.query as { querytime: string }).querytime)).toEqual([
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(widget.last()?.v?.status).toBe('ready');
  });
});

test('refresh fetches one widget at once, between ticks', async () => {
  const server = fakeServer();
  const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
  scheduler.setWidget(
    'a',
    () => ({ v: realtime('X') }),
    () => {},
  );
  scheduler.setWidget(
    'b',
    () => ({ v: realtime('Y') }),
    () => {},
  );
  await scheduler.refresh('b');
  expect(server.requests).toEqual([[realtime('Y')]]);
});

test('an answer equal to the last leaves its widgets alone; a changed one renders them', async () => {
  let value = 1;
  const fetchBatch = async (needs: DataNeed[]): Promise<NeedAnswer[]> => needs.map((need) => answered(need, value));
  const scheduler = new DataScheduler({ fetchBatch, visibility: visibility() });
  const widget = recorder();
  scheduler.setWidget('a', () => ({ v: realtime('X') }), widget.listener);
  await scheduler.tick();
  await scheduler.tick();
  expect(widget.seen).toEqual([{ v: { status: 'loading' } }, { v: { status: 'ready', data: 1 } }]);
  value = 2;
  await scheduler.tick();
  expect(widget.last()).toEqual({ v: { status: 'ready', data: 2 } });
});

test('says when the server last answered, even with the same data; a request that fails is no answer', async () => {
  let down = false;
  const fetchBatch = async (needs: DataNeed[]): Promise<NeedAnswer[]> => {
    if (down) throw new Error('The server cannot be reached');
    return needs.map((need) => answered(need, 1));
  };
  const scheduler = new DataScheduler({ fetchBatch, visibility: visibility() });
  scheduler.setWidget(
    'a',
    () => ({ v: realtime('X') }),
    () => {},
  );
  expect(scheduler.answeredAt).toBeUndefined();
  vi.setSystemTime(Date.parse('2026-11-25T08:00:00Z'));
  await scheduler.tick();
  vi.setSystemTime(Date.parse('2026-11-25T08:00:20Z'));
  await scheduler.tick();
  expect(scheduler.answeredAt).toBe(Date.parse('2026-11-25T08:00:20Z'));
  down = true;
  vi.setSystemTime(Date.parse('2026-11-25T08:00:40Z'));
  await scheduler.tick();
  expect(scheduler.answeredAt).toBe(Date.parse('2026-11-25T08:00:20Z'));
  vi.useRealTimers();
});

/**
 * A server that versions its answers as the batch call does: each need's data is whatever
 * `values` says now, its version the data's text; a need sent with the version of the data it
 * has now is answered unchanged.
 */
function versioningServer(values: Map<string, number>) {
  const sent: (string | undefined)[][] = [];
  let lose = false;
  const fetchBatch = vi.fn(async (needs: DataNeed[], versions: (string | undefined)[] = []): Promise<NeedAnswer[]> => {
    sent.push(versions);
    const answers = needs.map((need, index): NeedAnswer => {
      const sns = String((need.body as { sns: string }).sns);
      const data = values.get(sns) ?? null;
      const version = `v${String(data)}`;
      if (versions[index] === version) return { ok: true, unchanged: true, version };
      return { ok: true, operationId: need.operationId, data, version } as unknown as NeedAnswer;
    });
    // The server answered, and the answer was lost on its way back.
    if (lose) throw new Error('The connection was lost');
    return answers;
  });
  return { sent, fetchBatch, loseNext: (value: boolean) => (lose = value) };
}

describe('DataScheduler: only what changed comes back', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  test("each need is sent with the version of the answer held; an answer said unchanged keeps the widget's data, not rendered again", async () => {
    const values = new Map([
      ['A', 1],
      ['B', 10],
    ]);
    const server = versioningServer(values);
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    const seen = recorder();
    scheduler.setWidget('w', () => ({ a: realtime('A'), b: realtime('B') }), seen.listener);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent).toEqual([[undefined, undefined]]);
    expect(seen.last()).toEqual({ a: { status: 'ready', data: 1 }, b: { status: 'ready', data: 10 } });
    const renders = seen.seen.length;
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(server.sent[1]).toEqual(['v1', 'v10']);
    expect(seen.seen.length).toBe(renders);
    values.set('B', 11);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(server.sent[2]).toEqual(['v1', 'v10']);
    expect(seen.last()).toEqual({ a: { status: 'ready', data: 1 }, b: { status: 'ready', data: 11 } });
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(server.sent[3]).toEqual(['v1', 'v11']);
    scheduler.stop();
  });

  test('a viewer whose last tick was lost still converges: it asks with what it holds, and is answered what changed meanwhile', async () => {
    const values = new Map([['A', 1]]);
    const server = versioningServer(values);
    const scheduler = new DataScheduler({ fetchBatch: server.fetchBatch, visibility: visibility() });
    const seen = recorder();
    scheduler.setWidget('w', () => ({ a: realtime('A') }), seen.listener);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    values.set('A', 2);
    server.loseNext(true);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(seen.last()?.a?.status).toBe('error');
    server.loseNext(false);
    values.set('A', 3);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    // What a failed request put in the slot is no answer of the server's: nothing held is claimed.
    expect(server.sent.at(-1)).toEqual([undefined]);
    expect(seen.last()).toEqual({ a: { status: 'ready', data: 3 } });
    scheduler.stop();
  });
});
