import type { RegisterMap } from '../collection/registers';
import type { DeviceKind, VariableSpec } from './topology';

/** Where a simulated device keeps one variable: its holding register and how it is encoded (as its firmware would). */
export type RegisterSlot = Omit<RegisterMap, 'varId'> & { code: string };

/** The widths the layout gives each kind of variable: a gauge 2 registers, a counter 4, a signal 1. */
const ENCODING = {
  gauge: { dataType: 'int32', ratio: 0.001, width: 2 },
  counter: { dataType: 'int64', ratio: 0.001, width: 4 },
  signal: { dataType: 'uint16', ratio: 1, width: 1 },
} as const;

/**
 * The register layout of a simulated device: its variables one after another from holding
 * register 0, gauges as 32-bit and counters as 64-bit integers in thousandths, signals as one
 * register. Meters send the low word first (CDAB), as many do; the other devices ABCD. The demo's
 * register maps are made from this layout, and the simulated devices serve it.
 */
export function registerLayout(kind: DeviceKind, variables: readonly VariableSpec[]): RegisterSlot[] {
  const byteOrder = kind === 'meter' ? 'CDAB' : 'ABCD';
  let register = 0;
  return variables.map((variable) => {
    const { dataType, ratio, width } = ENCODING[variable.kind];
    const slot: RegisterSlot = { code: variable.code, functionCode: 3, register, dataType, byteOrder, ratio, offset: 0 };
    register += width;
    return slot;
  });
}
