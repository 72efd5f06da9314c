import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmSwitchState } from '../../generated/types';
import { useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import type { DeviceRecord } from '../ems/useDevice';
import type { StationRecord } from '../site/useStations';
import { switchRows, type SwitchRow } from './alarmSwitches';

/** How many alarm rules the station has, and how many of them are enabled. */
export interface RuleCounts {
  total: number;
  enabled: number;
}

/** The control that waits for the server: a device's switch (`device:` and its serial number) or a bulk action. */
export type BusyControl = `device:${string}` | 'openAll' | 'closeAll' | 'enableRules' | 'disableRules';

/** The busy name of a device's switch. */
export const deviceControl = (deviceSn: string): BusyControl => `device:${deviceSn}`;

export interface StationAlarmControls {
  /** The station's devices with their switches, as the server last answered (undefined while loading). */
  rows?: SwitchRow[];
  rules?: RuleCounts;
  /** A failure to read the switches or the rules. */
  loadError?: string;
  /** The control whose change is under way; the others wait for it. */
  busy?: BusyControl;
  /** The server's message for the last change it refused. */
  failure?: string;
  dismissFailure(): void;
  /** Opens or closes one device's switch, or, without a device, every device's. */
  setSwitches(opened: boolean, device?: SwitchRow): Promise<void>;
  /** Enables or disables every alarm rule of the station. */
  setRules(enabled: boolean): Promise<void>;
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * The alarm switches and rules of one station, and their changes. Each change is sent alone (the
 * other controls wait), and after it, done or refused, the switches and the rule counts are read
 * again from the server: what the screen shows is what is stored, so a refused change shows its
 * control as it was, with the server's message.
 */
export function useStationAlarmControls(station: StationRecord): StationAlarmControls {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<BusyControl>();
  const [failure, setFailure] = useState<string>();
  const stationSn = station.sn;

  const readSwitches = () =>
    api.call('getAlarmSwitchers', { query: { stationSn } }, { silent: true }) as Promise<AlarmSwitchState[]>;
  const readRules = async (): Promise<RuleCounts> => {
    const count = (enabled?: boolean) =>
      api.call(
        'getAlarmGenerators',
        { query: { stationSn, current: 1, size: 1, ...(enabled === undefined ? {} : { enabled }) } },
        { silent: true },
      ) as Promise<{ total: number }>;
    const [all, enabled] = await Promise.all([count(), count(true)]);
    return { total: all.total, enabled: enabled.total };
  };
  const switches = useAnswer(readSwitches, `switches ${stationSn}`);
  const rules = useAnswer(readRules, `rules ${stationSn}`);
  const devices = useAnswer(
    () => api.call('getDevicesByStation', { params: { stationSn } }, { silent: true }) as Promise<DeviceRecord[]>,
    `devices ${stationSn}`,
  );

  /** Sends one change, reads the switches and the rules again whatever the answer, then says what it did. */
  const change = async (control: BusyControl, send: () => Promise<string>) => {
    setBusy(control);
    setFailure(undefined);
    let done: string | undefined;
    try {
      done = await send();
    } catch (refused) {
      setFailure(messageOf(refused));
    }
    const [switchesNow, rulesNow] = await Promise.allSettled([readSwitches(), readRules()]);
    if (switchesNow.status === 'fulfilled') switches.setData(switchesNow.value);
    if (rulesNow.status === 'fulfilled') rules.setData(rulesNow.value);
    const unread = [switchesNow, rulesNow].find((outcome) => outcome.status === 'rejected');
    if (unread) setFailure((before) => before ?? `${t('common.loadFailed')} ${messageOf(unread.reason)}`);
    setBusy(undefined);
    // Said once the screen shows what the server now stores.
    if (done) void message.success(done);
  };

  const setSwitches = (opened: boolean, device?: SwitchRow) =>
    change(device ? deviceControl(device.deviceSn) : opened ? 'openAll' : 'closeAll', async () => {
      const query = { stationSn, ...(device ? { deviceSns: device.deviceSn } : {}) };
      const answer = (await api.call(opened ? 'openAlarmSwitcher' : 'closeAlarmSwitcher', { query }, { silent: true })) as
        AlarmSwitchState[] | undefined;
      if (device) return t(opened ? 'alarmSwitches.openedOne' : 'alarmSwitches.closedOne', { device: device.deviceName });
      return t(opened ? 'alarmSwitches.openedAll' : 'alarmSwitches.closedAll', { count: answer?.length ?? 0 });
    });

  const setRules = (enabled: boolean) =>
    change(enabled ? 'enableRules' : 'disableRules', async () => {
      const count = await api.call(
        'enableAllAlarmGenerators',
        { params: { id: station.id }, query: { alarmEnable: enabled } },
        { silent: true },
      );
      return t(enabled ? 'alarmSwitches.enabledCount' : 'alarmSwitches.disabledCount', { count: Number(count) });
    });

  const loadError = switches.error ?? rules.error ?? devices.error;
  return {
    ...(switches.data ? { rows: switchRows(switches.data, devices.data) } : {}),
    ...(rules.data ? { rules: rules.data } : {}),
    ...(loadError ? { loadError } : {}),
    ...(busy === undefined ? {} : { busy }),
    ...(failure === undefined ? {} : { failure }),
    dismissFailure: () => setFailure(undefined),
    setSwitches,
    setRules,
  };
}
