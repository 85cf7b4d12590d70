import { blake2b as nobleBlake2b } from '@noble/hashes/blake2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blake2b } from '../src/blake2b.js';

describe('BLAKE2b of any length', () => {
  it('equals @noble/hashes around every block boundary, for 32- and 64-byte outputs', () => {
    const data = Uint8Array.from({ length: 1100 }, (_, i) => (i * 131 + 7) & 0xff);
    for (const length of [0, 1, 127, 128, 129, 255, 256, 257, 383, 384, 385, 1024, 1100]) {
      for (const outLen of [32, 64]) {
        expect(blake2b(data.subarray(0, length), outLen), `${length} → ${outLen}`).toEqual(
          nobleBlake2b(data.subarray(0, length), { dkLen: outLen }),
        );
      }
    }
  });

  it('equals @noble/hashes for random input and output lengths', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.integer({ min: 1, max: 64 }), (data, outLen) => {
        expect(blake2b(data, outLen)).toEqual(nobleBlake2b(data, { dkLen: outLen }));
      }),
      { numRuns: 300 },
    );
  });

  it('defaults to blake2-256 and refuses an output length outside 1..64', () => {
    expect(blake2b(new Uint8Array(300))).toHaveLength(32);
    expect(() => blake2b(new Uint8Array(300), 65)).toThrow(RangeError);
    expect(() => blake2b(new Uint8Array(3), 0)).toThrow(RangeError);
  });
});
