import type { AlarmSwitchState } from '../../generated/types';

/** A device of the station as the switch table lists it: its alarm switch and its kind. */
export interface SwitchRow extends AlarmSwitchState {
  /** The device's kind (`enums.deviceKind`), absent when the device list does not name the device. */
  kind?: string;
}

/** What the device calls say of a device that the switch table shows beside its switch. */
export interface DeviceKindOf {
  sn: string;
  kind: string;
}

/**
 * The rows of the switch table: the station's switches in the order the server answers them, each
 * with its device's kind from the station's device list (which may still be loading, or have failed:
 * the switch is the row's point, so the row stays, without its kind).
 */
export function switchRows(states: readonly AlarmSwitchState[], devices: readonly DeviceKindOf[] | undefined): SwitchRow[] {
  const kinds = new Map((devices ?? []).map((device) => [device.sn, device.kind]));
  return states.map((state) => {
    const kind = kinds.get(state.deviceSn);
    return kind === undefined ? { ...state } : { ...state, kind };
  });
}

/** How many of the switches are open and how many closed. */
export function switchCounts(states: readonly Pick<AlarmSwitchState, 'opened'>[]): { opened: number; closed: number } {
  const opened = states.filter((state) => state.opened).length;
  return { opened, closed: states.length - opened };
}
