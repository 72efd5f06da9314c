import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/remoteSignalChange.json';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { remoteSignalChange } from '.';
import {
  changesOf,
  configuredSignals,
  currentStates,
  HISTORY_POINTS,
  latestChanges,
  shortTime,
  type RemoteSignalChangeConfig,
} from './rules';

const defaults = configDefaults(schema as never) as RemoteSignalChangeConfig;
const context = {
  station: { sn: 'T2-ST1', name: '储能示范站', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};
const PCS1 = { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.runState' };
const FAULT = { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.faultState' };
const config = (values: Partial<RemoteSignalChangeConfig>): RemoteSignalChangeConfig => ({ ...defaults, ...values });
const ready = (data: unknown): SlotState => ({ status: 'ready', data });

describe('remote-signal changes: configuration', () => {
  test.each([
    ['name', '遥信变位'],
    ['icon', 'SwapOutlined'],
    ['days', 1],
    ['maxChanges', 10],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('without a signal it needs nothing (and says please configure)', () => {
    expect(remoteSignalChange.needs(defaults, context)).toEqual({});
    expect(configuredSignals(config({ signals: [{ name: 'x' }] }))).toEqual([]);
  });

  test.each([
    [1, '2026-11-20 14:30:00.000'],
    [3, '2026-11-18 14:30:00.000'],
  ])('with %s day(s) it needs the latest values and the raw samples since %s (station time)', (days, startTime) => {
    const signals = [
      { deviceVar: PCS1, name: '1# PCS' },
      { deviceVar: FAULT, name: '' },
      { deviceVar: PCS1, name: 'again' },
    ];
    expect(remoteSignalChange.needs(config({ signals, days }), context)).toEqual({
      current: { operationId: 'getRealtimeData', body: { sns: `${PCS1.varSn},${FAULT.varSn}` } },
      // The fault signal has no name of its own: it is shown by its device's and its variable's.
      names: { operationId: 'getDeviceVars', body: { deviceSns: FAULT.deviceSn } },
      history: {
        operationId: 'getHistoryTrend',
        query: {
          sns: `${PCS1.varSn},${FAULT.varSn}`,
          calcmethod: 'MAX',
          queryPeriod: 'RAW',
          startTime,
          endTime: '2026-11-21 14:30:00.000',
          points: String(HISTORY_POINTS),
        },
      },
    });
  });

  test('a configuration of format 1 (variables as [device, variable] pairs) is migrated', () => {
    expect(
      remoteSignalChange.migrate(
        {
          signals: [
            { deviceVar: [PCS1.deviceSn, PCS1.varSn], name: 'PCS' },
            { deviceVar: [], name: 'x' },
          ],
        },
        1,
      ),
    ).toEqual({ signals: [{ deviceVar: PCS1, name: 'PCS' }, { name: 'x' }] });
    const current = { signals: [{ deviceVar: PCS1, name: 'PCS' }] };
    expect(remoteSignalChange.migrate(current, 2)).toBe(current);
  });
});

describe('remote-signal changes: change detection', () => {
  test.each([
    ['no samples', [], []],
    ['one sample', [0], []],
    ['no change', [1, 1, 1], []],
    ['switched on', [0, 0, 1, 1], [[2, 0, 1]]],
    [
      'on, off and tripped',
      [0, 1, 1, 0, 2],
      [
        [1, 0, 1],
        [3, 1, 0],
        [4, 0, 2],
      ],
    ],
  ])('%s: %o', (_case, values, expected) => {
    const samples = values.map((value, i) => ({ time: `2026-11-21 10:0${i}:00`, value }));
    expect(changesOf(samples)).toEqual(expected.map(([i, from, to]) => ({ time: `2026-11-21 10:0${i}:00`, from, to })));
  });

  const HISTORY = ready([
    {
      sn: PCS1.varSn,
      name: '运行状态',
      unit: '',
      datas: [
        { time: '2026-11-20 14:30:05', value: 1 },
        { time: '2026-11-20 22:00:00', value: 0 },
        { time: '2026-11-21 08:00:00', value: 1 },
        { time: '2026-11-21 08:00:05', value: 1 },
      ],
    },
    {
      sn: FAULT.varSn,
      name: '故障状态',
      unit: '',
      datas: [
        { time: '2026-11-20 14:30:05', value: 0 },
        { time: '2026-11-21 03:15:00', value: 2 },
        { time: '2026-11-21 03:20:00', value: 0 },
      ],
    },
  ]);
  const SIGNALS = [
    { deviceVar: PCS1, name: '1# PCS' },
    { deviceVar: FAULT, name: '' },
  ];

  test('the changes of all signals, newest first, named by the configuration or the variable', () => {
    expect(latestChanges(SIGNALS, HISTORY, 10)).toEqual([
      { sn: PCS1.varSn, name: '1# PCS', time: '2026-11-21 08:00:00', from: 0, to: 1 },
      { sn: FAULT.varSn, name: '故障状态', time: '2026-11-21 03:20:00', from: 2, to: 0 },
      { sn: FAULT.varSn, name: '故障状态', time: '2026-11-21 03:15:00', from: 0, to: 2 },
      { sn: PCS1.varSn, name: '1# PCS', time: '2026-11-20 22:00:00', from: 1, to: 0 },
    ]);
  });

  test.each([
    [2, ['2026-11-21 08:00:00', '2026-11-21 03:20:00']],
    [1, ['2026-11-21 08:00:00']],
  ])('only the latest %s are listed', (max, times) => {
    expect(latestChanges(SIGNALS, HISTORY, max).map((change) => change.time)).toEqual(times);
  });

  test.each<[string, SlotState | undefined]>([
    ['loading', { status: 'loading' }],
    ['failed', { status: 'error', code: 500, message: 'x' }],
    ['no series', ready([])],
  ])('%s history: no change', (_case, slot) => {
    expect(latestChanges(SIGNALS, slot, 10)).toEqual([]);
  });

  test("a signal without a name of its own is shown by its device's and its variable's names, once they have come", () => {
    const names = ready([
      {
        sn: FAULT.varSn,
        name: '故障状态',
        unit: '',
        kind: 'signal',
        deviceSn: FAULT.deviceSn,
        deviceName: '1# PCS',
        stationSn: 'T2-ST1',
      },
    ]);
    expect(latestChanges(SIGNALS, HISTORY, 1, names)[0]?.name).toBe('1# PCS');
    expect(latestChanges(SIGNALS, HISTORY, 2, names)[1]?.name).toBe('1# PCS / 故障状态');
    expect(currentStates(SIGNALS, ready([]), HISTORY, names).map((state) => state.name)).toEqual(['1# PCS', '1# PCS / 故障状态']);
  });

  test('the state now of each signal is its latest value (null without one)', () => {
    const current = ready([
      { sn: PCS1.varSn, data: 1, unit: '' },
      { sn: FAULT.varSn, data: null, unit: '' },
    ]);
    expect(currentStates(SIGNALS, current, HISTORY)).toEqual([
      { sn: PCS1.varSn, name: '1# PCS', value: 1 },
      { sn: FAULT.varSn, name: '故障状态', value: null },
    ]);
  });

  test.each([
    ['2026-11-21 08:00:05', '11-21 08:00:05'],
    ['08:00', '08:00'],
  ])('%s is shown as %s', (time, shown) => {
    expect(shortTime(time)).toBe(shown);
  });
});
