import { describe, expect, test } from 'vitest';
import { decodeRaw, encodeRaw, planReads, scaled, unscaled, type RegisterMap } from './registers';

const map = (
  varId: number,
  register: number,
  dataType: RegisterMap['dataType'],
  functionCode: RegisterMap['functionCode'] = 3,
): RegisterMap => ({
  varId,
  functionCode,
  register,
  dataType,
  byteOrder: 'ABCD',
  ratio: 1,
  offset: 0,
});

describe('reads planned from register maps', () => {
  test('contiguous registers of one function code share a request; a gap or another function code starts one', () => {
    const blocks = planReads([
      map(1, 100, 'int16'),
      map(2, 101, 'float32'),
      map(3, 104, 'uint16'),
      map(4, 100, 'uint16', 4),
      map(5, 0, 'bool', 1),
      map(6, 1, 'bool', 1),
    ]);
    expect(blocks.map((b) => [b.functionCode, b.start, b.count, b.maps.map((m) => m.varId)])).toEqual([
      [1, 0, 2, [5, 6]],
      [3, 100, 3, [1, 2]],
      [3, 104, 1, [3]],
      [4, 100, 1, [4]],
    ]);
  });

  test('a request reads at most 125 registers (2,000 bits)', () => {
    const registers = Array.from({ length: 100 }, (_, i) => map(i + 1, i * 2, 'float32'));
    const blocks = planReads(registers);
    expect(blocks.map((b) => [b.start, b.count])).toEqual([
      [0, 124],
      [124, 76],
    ]);
    const coils = planReads(Array.from({ length: 2500 }, (_, i) => map(i + 1, i, 'bool', 1)));
    expect(coils.map((b) => b.count)).toEqual([2000, 500]);
  });
});

describe('values decoded in every byte order', () => {
  // The bytes of a value most significant first (A B C D), as Node's Buffer writes them big-endian.
  test.each([
    ['float32', 123.456, [0x42f6, 0xe979], [0xe979, 0x42f6], [0xf642, 0x79e9], [0x79e9, 0xf642]],
    ['int32', -2, [0xffff, 0xfffe], [0xfffe, 0xffff], [0xffff, 0xfeff], [0xfeff, 0xffff]],
    ['uint32', 305_419_896, [0x1234, 0x5678], [0x5678, 0x1234], [0x3412, 0x7856], [0x7856, 0x3412]],
    ['int16', -300, [0xfed4], [0xfed4], [0xd4fe], [0xd4fe]],
  ] as const)('%s %d: ABCD, CDAB, BADC, DCBA', (dataType, value, abcd, cdab, badc, dcba) => {
    const orders = { ABCD: abcd, CDAB: cdab, BADC: badc, DCBA: dcba } as const;
    for (const [order, words] of Object.entries(orders) as [keyof typeof orders, readonly number[]][]) {
      expect(decodeRaw(words, dataType, order), order).toBeCloseTo(value, 3);
      expect(encodeRaw(value, dataType, order), order).toEqual(words);
    }
  });

  test('64-bit values, and every type through encode and decode', () => {
    expect(decodeRaw([0x0000, 0x0000, 0x0001, 0x0000], 'int64', 'ABCD')).toBe(65_536);
    expect(decodeRaw([0x0000, 0x0001, 0x0000, 0x0000], 'int64', 'CDAB')).toBe(65_536);
    for (const [dataType, value] of [
      ['bool', 1],
      ['uint16', 65_535],
      ['int64', -9_007_199_254_740_991],
      ['float64', -1234.5678],
    ] as const)
      for (const order of ['ABCD', 'CDAB', 'BADC', 'DCBA'] as const)
        expect(decodeRaw(encodeRaw(value, dataType, order), dataType, order), `${dataType} ${order}`).toBe(value);
  });

  test('a value that does not fit its type is refused, not wrapped', () => {
    expect(() => encodeRaw(70_000, 'uint16', 'ABCD')).toThrow(RangeError);
    expect(() => encodeRaw(-1, 'uint32', 'ABCD')).toThrow(RangeError);
    expect(() => encodeRaw(Number.NaN, 'float32', 'ABCD')).toThrow(RangeError);
  });

  test('ratio and offset scale the raw value, and unscale a command', () => {
    const meter = { dataType: 'int16', ratio: 0.1, offset: -40 } as const;
    expect(scaled(meter, 1234)).toBe(83.4);
    expect(unscaled(meter, 83.4)).toBeCloseTo(1234, 6);
    expect(scaled({ dataType: 'bool', ratio: 10, offset: 5 }, 1)).toBe(1);
  });
});
