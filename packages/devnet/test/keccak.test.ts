import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { keccak256 } from '../src/crypto/keccak.js';
import { loadWasmCrypto, wasmCrypto } from '../src/crypto/wasm.js';

// The EVM's KECCAK256 runs in wasm once it has loaded: the same hash as noble's, at every length (around the
// 136-byte rate too, where the sponge absorbs a second block).
beforeAll(async () => {
  expect(await loadWasmCrypto()).toBe(true);
});

it('hashes as noble does, in wasm', () => {
  expect(wasmCrypto()).toBeDefined();
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  // The empty input's hash is every empty contract's code hash.
  expect(hex(keccak256(new Uint8Array(0)))).toBe(
    'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
  );
  for (const n of [1, 31, 32, 33, 64, 135, 136, 137, 271, 272, 273, 1000])
    expect(hex(keccak256(new Uint8Array(n).fill(n & 0xff)))).toBe(
      hex(keccak_256(new Uint8Array(n).fill(n & 0xff))),
    );
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 600 }), (data) => {
      expect(hex(keccak256(data))).toBe(hex(keccak_256(data)));
    }),
    { numRuns: 2000 },
  );
});
