import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  compactFromBytes,
  compactToBytes,
  hexToBytes,
  u32ToLeBytes,
  u64ToLeBytes,
  u128ToLeBytes,
  uintFromLeBytes,
} from '../src/index.js';
import { thrown } from './helpers.js';

describe('SCALE compact', () => {
  it('matches the SCALE specification examples', () => {
    const cases: [number | bigint, string][] = [
      [0, '0x00'],
      [1, '0x04'],
      [42, '0xa8'],
      [63, '0xfc'],
      [64, '0x0101'],
      [69, '0x1501'],
      [16383, '0xfdff'],
      [16384, '0x02000100'],
      [1073741823, '0xfeffffff'],
      [1073741824, '0x0300000040'],
      [(1n << 32n) - 1n, '0x03ffffffff'],
      [1n << 32n, '0x070000000001'],
      [100000000000000n, '0x0b00407a10f35a'],
    ];
    for (const [value, hex] of cases) {
      expect(bytesToHex(compactToBytes(value))).toBe(hex);
      expect(compactFromBytes(hexToBytes(hex))).toEqual({
        value: BigInt(value),
        length: (hex.length - 2) / 2,
      });
    }
  });

  it('round-trips any value, at any offset', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 536n) - 1n }),
        fc.uint8Array({ maxLength: 4 }),
        (v, pad) => {
          const encoded = compactToBytes(v);
          const buffer = new Uint8Array(pad.length + encoded.length + 1);
          buffer.set(pad);
          buffer.set(encoded, pad.length);
          expect(compactFromBytes(buffer, pad.length)).toEqual({ value: v, length: encoded.length });
        },
      ),
    );
  });

  it('refuses negative, fractional and oversize values, truncated and non-canonical bytes', () => {
    for (const bad of [-1, 1.5, -1n, 1n << 536n, Number.NaN, '1' as never])
      expect(thrown(() => compactToBytes(bad)).code).toBe('INVALID_SCALE');
    for (const hex of [
      '0x',
      '0x01',
      '0x02ff',
      '0x03ffffff',
      '0x0100',
      '0x02000000',
      '0x03ffffff3f',
      '0x07000000ff00',
    ])
      expect(thrown(() => compactFromBytes(hexToBytes(hex))).code).toBe('INVALID_SCALE');
    expect(thrown(() => compactFromBytes('0x00' as never)).code).toBe('INVALID_BYTES');
  });
});

describe('fixed-width integers', () => {
  it('writes little-endian', () => {
    expect(bytesToHex(u32ToLeBytes(0x000f4628))).toBe('0x28460f00');
    expect(bytesToHex(u32ToLeBytes(3))).toBe('0x03000000');
    expect(bytesToHex(u64ToLeBytes(1n))).toBe('0x0100000000000000');
    expect(bytesToHex(u128ToLeBytes((1n << 128n) - 1n))).toBe(`0x${'ff'.repeat(16)}`);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), (v) => {
        expect(uintFromLeBytes(u128ToLeBytes(v))).toBe(v);
      }),
    );
  });

  it('refuses values that do not fit', () => {
    expect(thrown(() => u32ToLeBytes(2 ** 32)).code).toBe('INVALID_SCALE');
    expect(thrown(() => u32ToLeBytes(-1)).code).toBe('INVALID_SCALE');
    expect(thrown(() => u128ToLeBytes(1n << 128n)).code).toBe('INVALID_SCALE');
  });
});
