import { blake2bRounds } from './blake2bRounds.js';
import { BLAKE2B_IV, BLAKE2B_SIGMA2, blake2bShort } from './blake2bShort.js';

const BLOCK = 128;

/**
 * BLAKE2b (RFC 7693, unkeyed) of any length of input, `outLen` bytes (1..64; default 32, Substrate's blake2-256).
 * Input of one block takes {@link blake2bShort}; longer input (signer payloads over 256 bytes, long derivation
 * junctions) is compressed block by block on the same rounds, so a bundle carries one BLAKE2b.
 */
export function blake2b(data: Uint8Array, outLen = 32): Uint8Array {
  if (data.length <= BLOCK) return blake2bShort(outLen, data);
  if (!(Number.isInteger(outLen) && outLen >= 1 && outLen <= 64))
    throw new RangeError(`blake2b: output ${outLen} bytes`);
  const h = new Uint32Array(BLAKE2B_IV);
  h[0] = h[0]! ^ 0x01010000 ^ outLen;
  const v = new Uint32Array(32);
  const m = new Uint32Array(32);
  const block = new Uint8Array(BLOCK);
  let offset = 0;
  while (offset < data.length) {
    const size = Math.min(BLOCK, data.length - offset);
    block.fill(0);
    block.set(data.subarray(offset, offset + size));
    offset += size;
    for (let i = 0; i < 32; i++)
      m[i] = block[i * 4]! | (block[i * 4 + 1]! << 8) | (block[i * 4 + 2]! << 16) | (block[i * 4 + 3]! << 24);
    v.set(h, 0);
    v.set(BLAKE2B_IV, 16);
    // The byte counter t (128 bits; inputs stay far below 2^53) goes into v[12], the last-block flag into v[14].
    v[24] = v[24]! ^ offset;
    v[25] = v[25]! ^ Math.floor(offset / 0x100000000);
    if (offset === data.length) {
      v[28] = ~v[28]!;
      v[29] = ~v[29]!;
    }
    blake2bRounds(v, m, BLAKE2B_SIGMA2);
    for (let i = 0; i < 16; i++) h[i] = h[i]! ^ v[i]! ^ v[i + 16]!;
  }
  const out = new Uint8Array(outLen);
  for (let i = 0; i < outLen; i++) out[i] = h[i >> 2]! >>> ((i & 3) * 8);
  return out;
}
