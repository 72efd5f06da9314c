import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { YkState } from '../../generated/types';
import { ApiCallError, AppProviders, type Runtime } from '../../runtime';
import { memoryRuntime } from '../../runtime/shell/memoryRuntime';
import { type SlotState } from '../../runtime/dashboard';
import { remoteControl } from '.';
import type { RemoteControlConfig } from './rules';

const AC: YkState = {
  sn: 'T2-ST1-AC.runState',
  name: '开关状态',
  deviceSn: 'T2-ST1-AC',
  deviceName: '储能舱空调',
  value: 1,
  time: '2026-11-21 14:29:55',
};
const CONFIG: RemoteControlConfig = { name: '遥控', icon: 'ControlOutlined', variables: [] };
const context = { station: { sn: 'T2-ST1', name: '储能示范站', timeZone: 'Asia/Shanghai', fields: {} }, now: 0 };

/** The widget in English with an API whose `ykControl` is the given function. */
function mount(control: (input: unknown) => Promise<unknown>) {
  const call = vi.fn((id: string, input: unknown) => (id === 'ykControl' ? control(input) : Promise.reject(new Error(id))));
  const base = memoryRuntime('en', 'default');
  const runtime: Runtime = { ...base, api: { ...base.api, call: call as never } };
  const refresh = vi.fn();
  const view = (data: Record<string, SlotState>) => (
    <AppProviders runtime={runtime}>
      <remoteControl.View
        id="w1"
        config={CONFIG}
        data={data}
        context={context}
        editing={false}
        actions={{ refresh, navigate: () => undefined }}
      />
    </AppProviders>
  );
  const rendered = render(view({ variables: { status: 'ready', data: [AC] } }));
  return {
    call,
    refresh,
    show: (states: YkState[]) => rendered.rerender(view({ variables: { status: 'ready', data: states } })),
  };
}

async function confirmOff() {
  fireEvent.click(screen.getByRole('button', { name: 'Switch off 储能舱空调 开关状态' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('Send the command “Off” to 储能舱空调 开关状态 at 储能示范站?');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send command' }));
}

describe('remote control: a confirmed command', () => {
  test('is sent, shown as sent, and refreshed until a refresh shows it applied', async () => {
    const { call, refresh, show } = mount(() => Promise.resolve({ id: 99, sn: AC.sn, value: 0, status: 'sent' }));
    await confirmOff();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('“Off” sent, waiting for the device'));
    expect(call).toHaveBeenCalledWith('ykControl', { body: { sn: AC.sn, value: 0 } }, { silent: true });
    expect(refresh).toHaveBeenCalledTimes(1);

    act(() => show([{ ...AC, command: { id: 99, value: 0, userName: 'admin', status: 'sent', time: '2026-11-21 14:30:01' } }]));
    expect(screen.getByRole('status').textContent).toContain('“Off” sent, waiting for the device');

    act(() =>
      show([{ ...AC, value: 0, command: { id: 99, value: 0, userName: 'admin', status: 'done', time: '2026-11-21 14:30:01' } }]),
    );
    expect(screen.getByRole('status').textContent).toContain('“Off” applied');
    expect(screen.getByRole('img', { name: 'Open (off)' }).getAttribute('data-code')).toBe('0');
  });

  test('that fails shows the server’s message', async () => {
    const { refresh } = mount(() => Promise.reject(new ApiCallError(400, 40010, 'The device is offline')));
    await confirmOff();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('“Off” failed: The device is offline'));
    expect(refresh).not.toHaveBeenCalled();
  });

  test('is asked for again every few seconds while the device has not applied it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { refresh } = mount(() => Promise.resolve({ id: 99, sn: AC.sn, value: 0, status: 'sent' }));
      await confirmOff();
      await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      expect(refresh).toHaveBeenCalledTimes(2);
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      expect(refresh).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
