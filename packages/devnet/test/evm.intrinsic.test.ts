import { bytesToHex } from '@nftkit/primitives';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { intrinsicGas } from '../src/runtime/evm/intrinsic.js';

// Calldata given as hex is counted without being decoded: it must cost what the same bytes cost.
it('charges hex calldata as its bytes: 4 gas a zero byte, 16 any other, initcode words on a creation', () => {
  expect(intrinsicGas({ data: '0x0000ff00', create: false })).toBe(21_000n + 3n * 4n + 16n);
  expect(intrinsicGas({ data: '0x00F0', create: false })).toBe(21_000n + 4n + 16n);
  expect(intrinsicGas({ data: '0x', create: true })).toBe(53_000n);
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), fc.boolean(), (bytes, create, upper) => {
      const hex = bytesToHex(bytes);
      const data = (upper ? `0x${hex.slice(2).toUpperCase()}` : hex) as `0x${string}`;
      expect(intrinsicGas({ data, create })).toBe(intrinsicGas({ data: bytes, create }));
    }),
    { numRuns: 500 },
  );
});

it('refuses calldata that is not hex, as decoding it does', () => {
  expect(() => intrinsicGas({ data: '0x0g' as `0x${string}`, create: false })).toThrow(/hex/i);
  expect(() => intrinsicGas({ data: '0x123' as `0x${string}`, create: false })).toThrow(/odd/i);
});
