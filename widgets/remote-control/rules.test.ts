import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/remoteControl.json';
import type { YkState } from '../../generated/types';
import { i18nFor, label } from '../../runtime';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { remoteControl } from '.';
import {
  awaitsDevice,
  commandState,
  commandText,
  confirmationTexts,
  controlRows,
  FOLLOW_UPS,
  shortTime,
  type CommandState,
  type CommandStatus,
  type RemoteControlConfig,
  type SentCommand,
  type Translate,
} from './rules';

const defaults = configDefaults(schema as never) as RemoteControlConfig;
const context = {
  station: { sn: 'T2-ST1', name: '储能示范站', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};
const translateIn =
  (language: 'zh' | 'en'): Translate =>
  (key, params) =>
    label(i18nFor(language).t, key, params);
const en = translateIn('en');
const zh = translateIn('zh');

const PCS1: YkState = {
  sn: 'T2-ST1-PCS1.runState',
  name: '运行状态',
  deviceSn: 'T2-ST1-PCS1',
  deviceName: '1# PCS',
  value: 1,
  time: '2026-11-21 14:29:55',
};
const AC: YkState = {
  sn: 'T2-ST1-AC.runState',
  name: '开关状态',
  deviceSn: 'T2-ST1-AC',
  deviceName: '储能舱空调',
  value: 0,
  time: '2026-11-21 14:29:55',
  command: { id: 41, value: 0, userName: 'admin', status: 'done', time: '2026-11-21 09:12:03', doneTime: '2026-11-21 09:12:08' },
};
const ready = (data: unknown): SlotState => ({ status: 'ready', data });
const config = (values: Partial<RemoteControlConfig>): RemoteControlConfig => ({ ...defaults, ...values });

describe('remote control: configuration', () => {
  test.each([
    ['name', '遥控'],
    ['icon', 'ControlOutlined'],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('without a choice it needs every controllable variable of the station', () => {
    expect(remoteControl.needs(defaults, context)).toEqual({
      variables: { operationId: 'getYkVariables', params: { stationSn: 'T2-ST1' } },
    });
  });

  test('with a choice it needs the state of the chosen variables only, each once', () => {
    const variables = [
      { deviceVar: { deviceSn: AC.deviceSn, varSn: AC.sn }, name: '空调' },
      { deviceVar: { deviceSn: PCS1.deviceSn, varSn: PCS1.sn }, name: '' },
      { deviceVar: { deviceSn: AC.deviceSn, varSn: AC.sn }, name: 'again' },
      { name: 'not chosen yet' },
    ];
    expect(remoteControl.needs(config({ variables }), context)).toEqual({
      variables: { operationId: 'getYkStatus', query: { sns: `${AC.sn},${PCS1.sn}` } },
    });
  });

  test('a configuration of format 1 (variables as [device, variable] pairs) is migrated', () => {
    expect(
      remoteControl.migrate(
        {
          variables: [
            { deviceVar: [AC.deviceSn, AC.sn], name: '空调' },
            { deviceVar: 'x', name: '' },
          ],
        },
        1,
      ),
    ).toEqual({
      variables: [{ deviceVar: { deviceSn: AC.deviceSn, varSn: AC.sn }, name: '空调' }, { name: '' }],
    });
    const current = { variables: [{ deviceVar: { deviceSn: AC.deviceSn, varSn: AC.sn }, name: '' }] };
    expect(remoteControl.migrate(current, 2)).toBe(current);
  });
});

describe('remote control: rows', () => {
  test('every controllable variable, as answered, named by its device and itself', () => {
    expect(controlRows(defaults, ready([PCS1, AC])).map((row) => row.label)).toEqual(['1# PCS 运行状态', '储能舱空调 开关状态']);
  });

  test('the chosen ones in the configured order, with the configured names', () => {
    const variables = [
      { deviceVar: { deviceSn: AC.deviceSn, varSn: AC.sn }, name: '空调' },
      { deviceVar: { deviceSn: PCS1.deviceSn, varSn: PCS1.sn }, name: ' ' },
    ];
    expect(controlRows(config({ variables }), ready([PCS1, AC])).map((row) => [row.sn, row.label])).toEqual([
      [AC.sn, '空调'],
      [PCS1.sn, '1# PCS 运行状态'],
    ]);
  });

  test.each<[string, SlotState | undefined]>([
    ['loading', { status: 'loading' }],
    ['failed', { status: 'error', code: 400, message: 'x' }],
    ['nothing controllable', ready([])],
  ])('%s: no rows', (_case, slot) => {
    expect(controlRows(defaults, slot)).toEqual([]);
  });
});

describe('remote control: confirmation', () => {
  const row = { ...PCS1, label: '1# PCS 运行状态' };
  test.each([
    [en, 1, 'Confirm remote control', 'Send the command “On” to 1# PCS 运行状态 at 储能示范站?', 'Send command'],
    [en, 0, 'Confirm remote control', 'Send the command “Off” to 1# PCS 运行状态 at 储能示范站?', 'Send command'],
    [zh, 1, '遥控确认', '确定向 储能示范站 的 1# PCS 运行状态 发送“开启”命令吗？', '发送命令'],
    [zh, 0, '遥控确认', '确定向 储能示范站 的 1# PCS 运行状态 发送“关闭”命令吗？', '发送命令'],
  ] as const)('%#: value %s asks “%s: %s”', (translate, value, title, content, ok) => {
    expect(confirmationTexts(translate, value, row, '储能示范站')).toEqual({ title, content, ok });
  });
});

describe('remote control: state of a command', () => {
  const sending: SentCommand = { phase: 'sending', value: 1 };
  const sent: SentCommand = { phase: 'sent', value: 1, id: 42, status: 'sent' };
  const failed: SentCommand = { phase: 'failed', value: 1, message: 'The variable cannot be controlled' };
  const withCommand = (id: number, status: CommandStatus, reason?: string): YkState => ({
    ...PCS1,
    command: { id, value: 1, userName: 'operator', status, time: '2026-11-21 14:30:02', ...(reason ? { reason } : {}) },
  });

  test.each<[string, YkState, SentCommand | undefined, CommandState]>([
    ['never commanded', PCS1, undefined, { status: 'none' }],
    [
      'commanded by someone',
      AC,
      undefined,
      { status: 'done', value: 0, own: false, userName: 'admin', time: '2026-11-21 09:12:03' },
    ],
    ['sending', AC, sending, { status: 'sending', value: 1 }],
    ['failed', AC, failed, { status: 'failed', value: 1, message: 'The variable cannot be controlled' }],
    ['sent, before a refresh', AC, sent, { status: 'sent', value: 1, own: true }],
    ['sent, a refresh shows it waiting', withCommand(42, 'sent'), sent, { status: 'sent', value: 1, own: true }],
    ['sent, a refresh shows it applied', withCommand(42, 'done'), sent, { status: 'done', value: 1, own: true }],
    ['applied at once', PCS1, { ...sent, status: 'done' }, { status: 'done', value: 1, own: true }],
    [
      'sent, a refresh shows the device refused it',
      withCommand(42, 'failed', 'T2-ST1-AC: Modbus exception 2: Illegal data address'),
      sent,
      { status: 'failed', value: 1, message: 'T2-ST1-AC: Modbus exception 2: Illegal data address' },
    ],
    [
      'someone else’s command failed',
      withCommand(43, 'failed', 'no reading showed 1 within 30 s'),
      undefined,
      {
        status: 'failed',
        value: 1,
        own: false,
        userName: 'operator',
        time: '2026-11-21 14:30:02',
        reason: 'no reading showed 1 within 30 s',
      },
    ],
    [
      'someone sent a newer one since',
      withCommand(43, 'sent'),
      sent,
      { status: 'sent', value: 1, own: false, userName: 'operator', time: '2026-11-21 14:30:02' },
    ],
  ])('%s', (_case, row, own, state) => {
    expect(commandState(row, own)).toEqual(state);
  });

  test.each<[Translate, CommandState, string | undefined]>([
    [en, { status: 'none' }, undefined],
    [en, { status: 'sending', value: 1 }, 'Sending the command…'],
    [en, { status: 'sent', value: 0, own: true }, '“Off” sent, waiting for the device'],
    [en, { status: 'done', value: 1, own: true }, '“On” applied'],
    [en, { status: 'failed', value: 1, message: 'Forbidden' }, '“On” failed: Forbidden'],
    [
      en,
      { status: 'done', value: 0, own: false, userName: 'admin', time: '2026-11-21 09:12:03' },
      'Latest: “Off” by admin at 11-21 09:12 · applied',
    ],
    [
      en,
      {
        status: 'failed',
        value: 1,
        own: false,
        userName: 'admin',
        time: '2026-11-21 09:12:03',
        reason: 'no reading showed 1 within 30 s',
      },
      'Latest: “On” by admin at 11-21 09:12 · failed: no reading showed 1 within 30 s',
    ],
    [zh, { status: 'sent', value: 1, own: true }, '“开启”命令已发送，等待设备执行'],
    [zh, { status: 'done', value: 1, own: true }, '“开启”命令已执行'],
    [
      zh,
      { status: 'sent', value: 1, own: false, userName: 'operator', time: '2026-11-21 14:30:02' },
      '最近一次：operator 于 11-21 14:30 发送“开启” · 等待设备执行',
    ],
  ])('%#: %o says %s', (translate, state, text) => {
    expect(commandText(translate, state)).toBe(text);
  });

  test.each<[CommandState[], number, boolean]>([
    [[{ status: 'sent', value: 1, own: true }], 0, true],
    [[{ status: 'sent', value: 1, own: true }], FOLLOW_UPS - 1, true],
    [[{ status: 'sent', value: 1, own: true }], FOLLOW_UPS, false],
    [[{ status: 'done', value: 1, own: true }], 0, false],
    [[{ status: 'failed', value: 1, message: 'refused' }], 0, false],
    [[{ status: 'sent', value: 1, own: false, userName: 'a', time: '' }], 0, false],
    [[{ status: 'none' }, { status: 'sending', value: 0 }], 0, false],
  ])('%o after %s follow-ups: ask again %s', (states, followUps, again) => {
    expect(awaitsDevice(states, followUps)).toBe(again);
  });

  test.each([
    ['2026-11-21 09:12:03', '11-21 09:12'],
    ['09:12', '09:12'],
  ])('%s is shown as %s', (time, shown) => {
    expect(shortTime(time)).toBe(shown);
  });
});
