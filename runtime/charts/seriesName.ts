import type { VariableInfo } from '../../generated/types';
import type { DeviceVar } from '../dashboard/figures';
import type { Needs, SlotState } from '../dashboard/needs';

/** An entry of a widget's list: a device variable and the name the user gave it (empty: none). */
export interface NamedEntry {
  deviceVar: DeviceVar;
  name?: string;
}

/** A variable as the device-variable picker lists it: its name, and its unit in brackets. */
export const variableLabel = ({ name, unit }: { name: string; unit?: string }): string => (unit ? `${name} (${unit})` : name);

/** A device variable as people read it, the way the picker shows a choice: the device's name, then the variable's. */
export const deviceVarLabel = (device: string, variable: string): string => `${device} / ${variable}`;

const unnamed = (entry: NamedEntry) => !entry.name?.trim();

/**
 * What a widget needs to name the entries that have no name of their own: the variables of their
 * devices, with the devices' and the variables' names, answered in the slot `names` (read by
 * `seriesName`). Nothing when every entry has its own name.
 */
export function namesNeeds(entries: NamedEntry[]): Needs {
  const devices = [...new Set(entries.filter(unnamed).map((entry) => entry.deviceVar.deviceSn))].sort();
  return devices.length ? { names: { operationId: 'getDeviceVars', body: { deviceSns: devices.join(',') } } } : {};
}

/**
 * The name a series, gauge or slice is shown by: its own; else its device's and its variable's,
 * as the server names them (the `names` slot of `namesNeeds`); else `fallback`, by default the
 * variable's serial number (a variable the server no longer knows, or while the names are not there).
 */
export function seriesName(entry: NamedEntry, names: SlotState | undefined, fallback = entry.deviceVar.varSn): string {
  const own = entry.name?.trim();
  if (own) return own;
  const variables = names?.status === 'ready' && Array.isArray(names.data) ? (names.data as VariableInfo[]) : [];
  const variable = variables.find((item) => item.sn === entry.deviceVar.varSn);
  return variable ? deviceVarLabel(variable.deviceName, variable.name) : fallback;
}
