import type { DeviceRecord } from './useDevice';

/** A variable as the variable calls answer it (`get_vars`). */
export interface VariableInfo {
  sn: string;
  name: string;
  code?: string;
  unit: string;
  kind: string;
  controllable: boolean;
  deviceSn: string;
}

/** A device with the latest value of each variable, as `detailsWithStatus` answers it. */
export interface DeviceDetail {
  device: DeviceRecord;
  variables: { sn: string; data: number | null; unit: string; time?: string }[];
}

/** A variable's latest value, with what it is. */
export interface Reading {
  sn: string;
  name: string;
  unit: string;
  value: number | null;
  time?: string;
  controllable: boolean;
}

/** A device of a station with its readings by variable code. */
export interface DeviceReadings {
  sn: string;
  name: string;
  kind: string;
  model?: string;
  ratedPower?: number;
  online: boolean;
  lastTime?: string;
  /** The device's readings in the order of its variables. */
  readings: Reading[];
  /** The same, by the code of what they measure. */
  byCode: Record<string, Reading>;
}

/** Joins a station's devices and latest values with its variables' names and codes. */
export function readingsOf(details: DeviceDetail[], variables: VariableInfo[]): DeviceReadings[] {
  const bySn = new Map(variables.map((v) => [v.sn, v]));
  return details.map(({ device, variables: values }) => {
    const readings: Reading[] = [];
    const byCode: Record<string, Reading> = {};
    for (const value of values) {
      const variable = bySn.get(value.sn);
      const reading: Reading = {
        sn: value.sn,
        name: variable?.name ?? value.sn,
        unit: value.unit,
        value: value.data === null ? null : Number(value.data),
        ...(value.time ? { time: value.time } : {}),
        controllable: variable?.controllable ?? false,
      };
      readings.push(reading);
      if (variable?.code) byCode[variable.code] = reading;
    }
    return {
      sn: device.sn,
      name: device.name,
      kind: device.kind,
      ...(device.model ? { model: device.model } : {}),
      ...(device.ratedPower !== undefined ? { ratedPower: device.ratedPower } : {}),
      online: device.status === 1,
      ...(device.lastTime ? { lastTime: device.lastTime } : {}),
      readings,
      byCode,
    };
  });
}

/** The value of a code of a device, null when it has none. */
export const valueOf = (device: DeviceReadings, code: string): number | null => device.byCode[code]?.value ?? null;
