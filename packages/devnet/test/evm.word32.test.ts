import { bigIntToBytes, setLengthLeft } from '@ethereumjs/util';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { word32 } from '../src/runtime/evm/words.js';

// MSTORE's word, written by the devnet's fast path, must be the library's own bytes for every stack value.
it('writes every 256-bit word as the library pads it', () => {
  const edges = [0n, 1n, 255n, 256n, 2n ** 64n - 1n, 2n ** 64n, 2n ** 192n, 2n ** 255n, 2n ** 256n - 1n];
  for (const v of edges) expect(word32(v)).toEqual(setLengthLeft(bigIntToBytes(v), 32));
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (v) => {
      expect(word32(v)).toEqual(setLengthLeft(bigIntToBytes(v), 32));
    }),
    { numRuns: 2000 },
  );
});
