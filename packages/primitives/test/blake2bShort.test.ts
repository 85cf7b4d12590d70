import { blake2b } from '@noble/hashes/blake2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blake2bShort } from '../src/blake2bShort.js';
import { bytesToHex } from '../src/index.js';

describe('single-block BLAKE2b', () => {
  it('matches the RFC 7693 "abc" vector', () => {
    expect(bytesToHex(blake2bShort(64, new TextEncoder().encode('abc')))).toBe(
      '0xba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    );
  });

  it('equals @noble/hashes for any input up to 128 bytes, split anywhere, any output length', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 128 }),
        fc.nat(),
        fc.integer({ min: 1, max: 64 }),
        (data, cut, outLen) => {
          const at = data.length === 0 ? 0 : cut % data.length;
          expect(blake2bShort(outLen, data.subarray(0, at), data.subarray(at))).toEqual(
            blake2b(data, { dkLen: outLen }),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses longer input and bad output lengths', () => {
    expect(() => blake2bShort(64, new Uint8Array(129))).toThrow(RangeError);
    expect(() => blake2bShort(0, new Uint8Array(1))).toThrow(RangeError);
    expect(() => blake2bShort(65, new Uint8Array(1))).toThrow(RangeError);
  });
});
