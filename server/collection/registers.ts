import type { EmsDevByteOrder, EmsDevDataType } from '../../generated/types';

/** Modbus function codes that read: 1 coils, 2 discrete inputs, 3 holding registers, 4 input registers. */
export type ReadCode = 1 | 2 | 3 | 4;

/** How one variable is read from a device: the register map of the platform, as the collector uses it. */
export interface RegisterMap {
  varId: number;
  functionCode: ReadCode;
  register: number;
  dataType: EmsDevDataType;
  byteOrder: EmsDevByteOrder;
  ratio: number;
  offset: number;
}

/** One request of a poll: contiguous registers (or bits) of one function code, and the maps they carry. */
export interface ReadBlock<M extends RegisterMap = RegisterMap> {
  functionCode: ReadCode;
  start: number;
  count: number;
  maps: M[];
}

/** The most one request may read, by function code (Modbus application protocol, 6.1–6.4). */
export const MAX_READ: Record<ReadCode, number> = { 1: 2000, 2: 2000, 3: 125, 4: 125 };

/** The highest register address. */
export const LAST_REGISTER = 65_535;

/** Whether a function code reads single bits (coils, discrete inputs) rather than 16-bit registers. */
export const readsBits = (code: ReadCode): boolean => code === 1 || code === 2;

/** How many registers a value of a data type takes (a bit or one register for `bool`). */
export function widthOf(dataType: EmsDevDataType): number {
  switch (dataType) {
    case 'int32':
    case 'uint32':
    case 'float32':
      return 2;
    case 'int64':
    case 'float64':
      return 4;
    default:
      return 1;
  }
}

/**
 * Groups the maps of one device into as few requests as the protocol allows: maps of one function
 * code whose registers follow each other without a gap share a request of at most `MAX_READ`
 * registers. Gaps are never read across: a device may refuse an address it does not have. Each map
 * is carried as given, with what its caller keeps beside it (a poll: the variable's serial and range).
 */
export function planReads<M extends RegisterMap>(maps: readonly M[]): ReadBlock<M>[] {
  const sorted = [...maps].sort((a, b) => a.functionCode - b.functionCode || a.register - b.register);
  const blocks: ReadBlock<M>[] = [];
  let open: ReadBlock<M> | undefined;
  for (const map of sorted) {
    const width = readsBits(map.functionCode) ? 1 : widthOf(map.dataType);
    const end = map.register + width;
    const joins =
      open &&
      open.functionCode === map.functionCode &&
      map.register <= open.start + open.count &&
      Math.max(end, open.start + open.count) - open.start <= MAX_READ[map.functionCode];
    if (open && joins) {
      open.count = Math.max(open.count, end - open.start);
      open.maps.push(map);
    } else {
      open = { functionCode: map.functionCode, start: map.register, count: width, maps: [map] };
      blocks.push(open);
    }
  }
  return blocks;
}

/** The big-endian bytes of a value's registers, reordered from the device's byte order. */
function bytesOf(words: readonly number[], byteOrder: EmsDevByteOrder): Buffer {
  const ordered = byteOrder === 'CDAB' || byteOrder === 'DCBA' ? [...words].reverse() : words;
  const bytes = Buffer.alloc(ordered.length * 2);
  ordered.forEach((word, i) => bytes.writeUInt16BE(word & 0xffff, i * 2));
  if (byteOrder === 'BADC' || byteOrder === 'DCBA') bytes.swap16();
  return bytes;
}

/** The registers of big-endian bytes, in the device's byte order (the inverse of {@link bytesOf}). */
function wordsOf(bytes: Buffer, byteOrder: EmsDevByteOrder): number[] {
  if (byteOrder === 'BADC' || byteOrder === 'DCBA') bytes.swap16();
  const words = Array.from({ length: bytes.length / 2 }, (_, i) => bytes.readUInt16BE(i * 2));
  return byteOrder === 'CDAB' || byteOrder === 'DCBA' ? words.reverse() : words;
}

/**
 * The raw value of a data type from its registers, as sent by the device in its byte order
 * (for a one-register type, BADC and DCBA swap its two bytes). A 64-bit integer beyond 2^53 loses
 * its last digits, as any JavaScript number does.
 */
export function decodeRaw(words: readonly number[], dataType: EmsDevDataType, byteOrder: EmsDevByteOrder): number {
  const bytes = bytesOf(words.slice(0, widthOf(dataType)), byteOrder);
  switch (dataType) {
    case 'bool':
      return bytes.readUInt16BE(0) === 0 ? 0 : 1;
    case 'int16':
      return bytes.readInt16BE(0);
    case 'uint16':
      return bytes.readUInt16BE(0);
    case 'int32':
      return bytes.readInt32BE(0);
    case 'uint32':
      return bytes.readUInt32BE(0);
    case 'float32':
      return bytes.readFloatBE(0);
    case 'int64':
      return Number(bytes.readBigInt64BE(0));
    case 'float64':
      return bytes.readDoubleBE(0);
  }
}

const INTEGER_RANGE: Partial<Record<EmsDevDataType, [number, number]>> = {
  bool: [0, 1],
  int16: [-32_768, 32_767],
  uint16: [0, 65_535],
  int32: [-2_147_483_648, 2_147_483_647],
  uint32: [0, 4_294_967_295],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/**
 * The registers that carry a raw value in a data type and byte order (what a device serves, and
 * what a command writes). Integers are rounded to the nearest.
 * @throws RangeError when the value does not fit the data type.
 */
export function encodeRaw(raw: number, dataType: EmsDevDataType, byteOrder: EmsDevByteOrder): number[] {
  if (!Number.isFinite(raw)) throw new RangeError(`${raw} is not a number a register can carry`);
  const range = INTEGER_RANGE[dataType];
  const value = range ? Math.round(raw) : raw;
  if (range && (value < range[0] || value > range[1])) throw new RangeError(`${raw} does not fit ${dataType}`);
  const bytes = Buffer.alloc(widthOf(dataType) * 2);
  switch (dataType) {
    case 'bool':
    case 'uint16':
      bytes.writeUInt16BE(value);
      break;
    case 'int16':
      bytes.writeInt16BE(value);
      break;
    case 'int32':
      bytes.writeInt32BE(value);
      break;
    case 'uint32':
      bytes.writeUInt32BE(value);
      break;
    case 'float32':
      bytes.writeFloatBE(value);
      break;
    case 'int64':
      bytes.writeBigInt64BE(BigInt(value));
      break;
    case 'float64':
      bytes.writeDoubleBE(value);
      break;
  }
  return wordsOf(bytes, byteOrder);
}

/** A variable's value from its raw value: times the ratio, plus the offset (a `bool` stays 0 or 1). */
export function scaled(map: Pick<RegisterMap, 'dataType' | 'ratio' | 'offset'>, raw: number): number {
  if (map.dataType === 'bool') return raw;
  // Rounded to 12 significant digits, so 1234 × 0.1 reads 123.4 and not 123.40000000000001.
  return Number((raw * map.ratio + map.offset).toPrecision(12));
}

/** The raw value that reads as `value` once scaled (what a command writes). */
export function unscaled(map: Pick<RegisterMap, 'dataType' | 'ratio' | 'offset'>, value: number): number {
  if (map.dataType === 'bool') return value;
  return (value - map.offset) / map.ratio;
}
