import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, concatBytes, hexToBytes, isHex } from '../src/index.js';
import { thrown } from './helpers.js';

describe('hex', () => {
  it('decodes with or without 0x, in any case', () => {
    expect(hexToBytes('0x00ff10')).toEqual(Uint8Array.of(0, 255, 16));
    expect(hexToBytes('00FF10')).toEqual(Uint8Array.of(0, 255, 16));
    expect(hexToBytes('0x')).toEqual(new Uint8Array());
  });

  it('encodes lower-case with 0x', () => {
    expect(bytesToHex(Uint8Array.of(0, 171, 255))).toBe('0x00abff');
    expect(bytesToHex(new Uint8Array())).toBe('0x');
  });

  it('refuses odd lengths, foreign characters and non-strings', () => {
    expect(thrown(() => hexToBytes('0xabc')).code).toBe('INVALID_HEX');
    expect(thrown(() => hexToBytes('0xzz')).code).toBe('INVALID_HEX');
    expect(thrown(() => hexToBytes('0x0g')).code).toBe('INVALID_HEX');
    expect(thrown(() => hexToBytes('0xé0')).code).toBe('INVALID_HEX');
    expect(thrown(() => hexToBytes(12 as never)).code).toBe('INVALID_HEX');
    expect(thrown(() => bytesToHex('00' as never)).code).toBe('INVALID_BYTES');
  });

  it('recognizes hex, optionally of a given byte length', () => {
    expect(isHex('0x')).toBe(true);
    expect(isHex('0xAbCd')).toBe(true);
    expect(isHex('0xabcd', 2)).toBe(true);
    expect(isHex('0xabcd', 3)).toBe(false);
    expect(isHex('abcd')).toBe(false);
    expect(isHex('0xabc')).toBe(false);
    expect(isHex('0xabcg')).toBe(false);
    expect(isHex(12)).toBe(false);
    expect(isHex(null)).toBe(false);
  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const hex = bytesToHex(bytes);
        expect(isHex(hex, bytes.length)).toBe(true);
        expect(hexToBytes(hex)).toEqual(bytes);
        expect(hexToBytes(hex.toUpperCase().replace('0X', '0x'))).toEqual(bytes);
      }),
    );
  });

  it('reads and writes long hex (the native path in Node) exactly as short: every byte, any foreign character refused', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 600 }),
        fc.nat(),
        fc.constantFrom('g', 'G', ' ', 'x', 'é', '-'),
        (bytes, at, bad) => {
          const hex = bytesToHex(bytes);
          expect(hex).toBe(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
          const back = hexToBytes(hex);
          expect(back.constructor).toBe(Uint8Array);
          expect(back).toEqual(bytes);
          expect(bytesToHex(bytes.subarray(1, -1))).toBe(`0x${hex.slice(4, -2)}`);
          const i = 2 + (at % (hex.length - 2));
          expect(thrown(() => hexToBytes(`${hex.slice(0, i)}${bad}${hex.slice(i + 1)}`)).code).toBe(
            'INVALID_HEX',
          );
        },
      ),
    );
  });

  it('concatenates', () => {
    expect(concatBytes(Uint8Array.of(1), new Uint8Array(), Uint8Array.of(2, 3))).toEqual(
      Uint8Array.of(1, 2, 3),
    );
  });
});
