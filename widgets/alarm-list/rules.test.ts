import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import schema from '../../generated/widgets/alarmList.json';
import { AppProviders, createAnalytics, createNotifier, createPreferenceStore, i18nFor, type Api } from '../../runtime';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { alarmList } from '.';
import { alarmsOf, alarmTime, handledText, isOpen, listsAlarms } from './rules';

const context = {
  station: { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};

describe('alarm list (specification §3, §4, §8, §9)', () => {
  test('its only field is the title, in Chinese by default', () => {
    expect(configDefaults(schema as never)).toEqual({ title: '告警列表' });
  });

  test('reads the latest page of 5 alarms of the station with statuses 0 and 1', () => {
    expect(alarmList.needs({ title: '告警列表' }, context)).toEqual({
      alarms: {
        operationId: 'getAlarmSummarys',
        body: { current: 1, size: 5, stationSn: 'T2-ST1', status: '0,1' },
      },
    });
  });

  test.each([
    ['en', { status: 0, checker: '系统管理员' }, 'confirmed -- 系统管理员'],
    ['en', { status: 0 }, 'auto recovered'],
    ['en', { status: 0, checker: '' }, 'auto recovered'],
    ['zh', { status: 0, checker: '张工' }, '已确认 -- 张工'],
    ['zh', { status: 0 }, '自动恢复'],
    ['en', { status: 1 }, undefined],
  ] as const)('in %s the alarm %o reads %s', (lng, alarm, text) => {
    expect(handledText(i18nFor(lng).t, alarm)).toBe(text);
  });

  test.each([
    [1, true],
    [0, false],
  ] as const)('status %s offers the confirm action: %s', (status, offered) => {
    expect(isOpen({ status })).toBe(offered);
  });

  test.each([
    ['widgets.alarmList.confirmAlarm', 'confirm alarm', '确认告警'],
    ['widgets.alarmList.prompt', 'please enter confirmation info', '请输入确认信息'],
    ['widgets.alarmList.cancelled', 'confirmation cancelled', '已取消确认'],
    ['widgets.common.noData', 'no data', '暂无数据'],
  ])('%s reads %s (zh %s)', (key, en, zh) => {
    expect(i18nFor('en').t(key)).toBe(en);
    expect(i18nFor('zh').t(key)).toBe(zh);
  });

  test.each([
    [{ status: 'loading' }, undefined],
    [{ status: 'ready', data: { records: [], total: 0, current: 1, size: 5 } }, []],
    [{ status: 'ready', data: { records: [{ id: 7, status: 1 }], total: 1, current: 1, size: 5 } }, [{ id: 7, status: 1 }]],
  ] as const)('the alarms of the answer %o are %o', (slot, alarms) => {
    expect(alarmsOf(slot)).toEqual(alarms);
  });

  test.each([
    [undefined, false],
    [1200, false],
    [560, false],
    [559, true],
    [332, true],
  ] as const)('a box %s px wide lists the alarms one under another: %s', (width, listed) => {
    expect(listsAlarms(width)).toBe(listed);
  });

  test('an alarm’s time is shown in the station’s zone', () => {
    expect(alarmTime('2026-11-21T06:15:05.000Z', 'Asia/Shanghai')).toBe('2026-11-21 14:15:05');
  });

  test.each([
    [{ name: '最新告警' }, 1, { title: '最新告警' }],
    [{ name: '旧', title: '新' }, 1, { title: '新' }],
    [{}, 1, {}],
    [{ title: '告警' }, 2, { title: '告警' }],
  ])('the configuration %o of format %s is %o now', (config, fromVersion, migrated) => {
    expect(alarmList.migrate(config, fromVersion)).toEqual(migrated);
  });
});

describe('confirming an alarm (specification §4, §8)', () => {
  afterEach(() => cleanup());

  const OPEN = {
    id: 31,
    info: 'BMS 主控：最高单体温度超过 45 °C',
    deviceName: 'BMS 主控',
    status: 1,
    reportTime: '2026-11-21T06:15:05.000Z',
  };

  /** The list with one open alarm, an API that answers every call, and the widget's refresh. */
  function renderList(failure?: Error) {
    const call = vi.fn(() => (failure ? Promise.reject(failure) : Promise.resolve({ ...OPEN, status: 0 })));
    const refresh = vi.fn();
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
    };
    const runtime = {
      api: { call, callDynamic: call } as unknown as Api,
      preferences: createPreferenceStore({ language: 'en', theme: 'default' }, storage),
      notifier: createNotifier(),
      analytics: createAnalytics(undefined),
    };
    const data: Record<string, SlotState> = {
      alarms: { status: 'ready', data: { records: [OPEN], total: 1, current: 1, size: 5 } },
    };
    const view = createElement(alarmList.View, {
      id: 'w1',
      config: { title: '告警列表' },
      data,
      context,
      editing: false,
      actions: { refresh, navigate: vi.fn() },
    });
    render(createElement(AppProviders, { runtime, children: view }));
    return { call, refresh };
  }

  test('OK sends the confirmation info with status 0 (updateAlarm), then refreshes the list', async () => {
    const { call, refresh } = renderList();
    fireEvent.click(screen.getByRole('button', { name: /^Confirm alarm: BMS/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('please enter confirmation info'), { target: { value: ' 空调已恢复运行 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(call).toHaveBeenCalledWith('updateAlarm', { params: { id: 31 }, body: { checkInfo: '空调已恢复运行', status: 0 } });
    expect(await screen.findByText('Alarm confirmed')).toBeTruthy();
  });

  test('OK with no info typed (spaces only) confirms the alarm as it is (confirmAlarm), then refreshes the list', async () => {
    const { call, refresh } = renderList();
    fireEvent.click(screen.getByRole('button', { name: /^Confirm alarm: BMS/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('please enter confirmation info'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(call).toHaveBeenCalledWith('confirmAlarm', { params: { id: 31 } });
    expect(call).not.toHaveBeenCalledWith('updateAlarm', expect.anything());
    expect(await screen.findByText('Alarm confirmed')).toBeTruthy();
  });

  test('a refused confirmation says nothing of success and still refreshes the list (the API client shows why)', async () => {
    const { refresh } = renderList(new Error('The alarm has already been handled'));
    fireEvent.click(screen.getByRole('button', { name: /^Confirm alarm: BMS/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Alarm confirmed')).toBeNull();
  });

  test('in a box narrower than the table (a phone), the alarms are listed with their Confirm', async () => {
    const measured = window.ResizeObserver;
    window.ResizeObserver = class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(element: Element) {
        this.report([{ contentRect: { width: 332 } } as ResizeObserverEntry], this as unknown as ResizeObserver);
        void element;
      }
      unobserve() {}
      disconnect() {}
    };
    try {
      renderList();
      const list = await screen.findByRole('list', { name: 'Latest alarms' });
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(list).getByText(OPEN.info)).toBeTruthy();
      expect(within(list).getByRole('button', { name: /^Confirm alarm: BMS/ })).toBeTruthy();
    } finally {
      window.ResizeObserver = measured;
    }
  });

  test("Cancel sends nothing and says 'confirmation cancelled'", async () => {
    const { call, refresh } = renderList();
    fireEvent.click(screen.getByRole('button', { name: /^Confirm alarm: BMS/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('confirmation cancelled')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});
