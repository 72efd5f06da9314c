import { valueOf, type DeviceReadings } from './readings';

/** The kinds of device the storage board shows, in its order. */
export const BOARD_KINDS = ['pcs', 'bms', 'batteryCluster', 'meter'] as const;

/** What the board shows of each kind of device, by variable code, in order. */
const FIGURES: Record<(typeof BOARD_KINDS)[number], string[]> = {
  pcs: ['runState', 'faultState', 'gridMode', 'activePower', 'reactivePower', 'dcVoltage', 'temperature'],
  bms: ['alarmState', 'soc', 'soh', 'voltage', 'current', 'maxCellTemp', 'minCellTemp'],
  batteryCluster: ['soc', 'voltage', 'current', 'temperature'],
  meter: ['activePower', 'loadPower', 'voltageA', 'currentA', 'powerFactor', 'frequency'],
};

/** Signals shown as words: each code's text for 1 and for 0. */
export const SIGNALS: Record<string, [on: string, off: string]> = {
  runState: ['running', 'stopped'],
  faultState: ['fault', 'normal'],
  alarmState: ['alarm', 'normal'],
  gridMode: ['onGrid', 'offGrid'],
};

export interface BoardFigure {
  code: string;
  value: number | null;
  unit: string;
  /** The word of a signal (`emsScreens.states.<word>`), for a signal with a value. */
  word?: string;
}

/** The figures of a device on the board: those of its kind it has, in the board's order. */
export function figuresOf(device: DeviceReadings): BoardFigure[] {
  const codes = FIGURES[device.kind as keyof typeof FIGURES] ?? [];
  return codes.flatMap((code) => {
    const reading = device.byCode[code];
    if (!reading) return [];
    const signal = SIGNALS[code];
    const word = signal && reading.value !== null ? signal[reading.value === 1 ? 0 : 1] : undefined;
    return [{ code, value: reading.value, unit: reading.unit, ...(word ? { word } : {}) }];
  });
}

/** The station's storage at a glance: its converters' power together, its SOC, the hottest cell, devices online. */
export function boardSummary(devices: DeviceReadings[]): {
  power: number | null;
  soc: number | null;
  hottestCell: number | null;
  online: number;
  total: number;
} {
  const shownDevices = devices.filter((d) => (BOARD_KINDS as readonly string[]).includes(d.kind));
  const sum = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length ? Math.round(known.reduce((a, b) => a + b, 0) * 100) / 100 : null;
  };
  const of = (kind: string, code: string) => devices.filter((d) => d.kind === kind).map((d) => valueOf(d, code));
  const socs = of('bms', 'soc').filter((v): v is number => v !== null);
  const cells = of('bms', 'maxCellTemp').filter((v): v is number => v !== null);
  return {
    power: sum(of('pcs', 'activePower')),
    soc: socs.length ? Math.round((socs.reduce((a, b) => a + b, 0) / socs.length) * 10) / 10 : null,
    hottestCell: cells.length ? Math.max(...cells) : null,
    online: shownDevices.filter((d) => d.online).length,
    total: shownDevices.length,
  };
}
