/** The data types a register map reads from 16-bit registers, and the byte orders a device may send them in. */
export type WordType = 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'int64' | 'float64';
export type ByteOrder = 'ABCD' | 'CDAB' | 'BADC' | 'DCBA';

/** How many registers a value of each type takes. */
export const WIDTH: Record<WordType, number> = { int16: 1, uint16: 1, int32: 2, uint32: 2, float32: 2, int64: 4, float64: 4 };

/**
 * The registers a device sends for a raw value, written by Node's Buffer (not by the collector's own
 * encoder, which the tests check): big-endian for ABCD, little-endian for DCBA, and each with its
 * bytes swapped in pairs for BADC and CDAB.
 */
export function registersOf(raw: number, dataType: WordType, order: ByteOrder): number[] {
  const bytes = Buffer.alloc(WIDTH[dataType] * 2);
  const little = order === 'DCBA' || order === 'CDAB';
  const write = {
    int16: () => (little ? bytes.writeInt16LE(raw) : bytes.writeInt16BE(raw)),
    uint16: () => (little ? bytes.writeUInt16LE(raw) : bytes.writeUInt16BE(raw)),
    int32: () => (little ? bytes.writeInt32LE(raw) : bytes.writeInt32BE(raw)),
    uint32: () => (little ? bytes.writeUInt32LE(raw) : bytes.writeUInt32BE(raw)),
    float32: () => (little ? bytes.writeFloatLE(raw) : bytes.writeFloatBE(raw)),
    int64: () => (little ? bytes.writeBigInt64LE(BigInt(raw)) : bytes.writeBigInt64BE(BigInt(raw))),
    float64: () => (little ? bytes.writeDoubleLE(raw) : bytes.writeDoubleBE(raw)),
  };
  write[dataType]();
  if (order === 'BADC' || order === 'CDAB') bytes.swap16();
  return Array.from({ length: WIDTH[dataType] }, (_, i) => bytes.readUInt16BE(i * 2));
}
