import { blake2b } from '@noble/hashes/blake2.js';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { blake2b256 } from '../src/crypto/blake2b.js';
import { loadWasmCrypto, wasmCrypto } from '../src/crypto/wasm.js';

// Extrinsic and block hashes are blake2b-256 in wasm once it has loaded: the same hash as noble's, at every length
// (around the 128-byte block too), so a chain's hashes do not depend on which one answered.
beforeAll(async () => {
  expect(await loadWasmCrypto()).toBe(true);
});

it('hashes as noble does, in wasm', () => {
  expect(wasmCrypto()).toBeDefined();
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  const noble = (b: Uint8Array) => hex(blake2b(b, { dkLen: 32 }));
  expect(hex(blake2b256(new Uint8Array(0)))).toBe(
    '0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8',
  );
  for (const n of [1, 31, 32, 33, 64, 127, 128, 129, 255, 256, 257, 1000])
    expect(hex(blake2b256(new Uint8Array(n).fill(n & 0xff)))).toBe(noble(new Uint8Array(n).fill(n & 0xff)));
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 600 }), (data) => {
      expect(hex(blake2b256(data))).toBe(noble(data));
    }),
    { numRuns: 2000 },
  );
});
