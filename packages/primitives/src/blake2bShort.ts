import { blake2bRounds } from './blake2bRounds.js';

// BLAKE2b (RFC 7693) for messages of at most one block (128 bytes), unkeyed, in 32-bit halves.
// SS58 checksums (≤ 7 + 35 bytes) and the EVM mirror hash (24 bytes) are this short; a single
// compression with no incremental state or allocation per call is several times faster than a
// general streaming hasher. Longer input is the caller's job (`@noble/hashes`).

export const BLAKE2B_IV = new Uint32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a, 0xade682d1,
  0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
]);

const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];
// Word offsets (×2, into the lo/hi array) of each round's message words, rounds 10 and 11 repeating 0 and 1.
export const BLAKE2B_SIGMA2 = new Uint8Array(12 * 16);
for (let r = 0; r < 12; r++) for (let i = 0; i < 16; i++) BLAKE2B_SIGMA2[r * 16 + i] = SIGMA[r % 10]![i]! * 2;

// Module-level scratch: the hash is synchronous and never re-entered.
const v = new Uint32Array(32);
const m = new Uint32Array(32);
const block = new Uint8Array(128);

const MAX_SHORT_INPUT = 128;

/** BLAKE2b of the concatenation of `parts` (at most 128 bytes in total), `outLen` bytes (1..64). */
export const blake2bShort = (outLen: number, ...parts: Uint8Array[]): Uint8Array => {
  block.fill(0);
  let total = 0;
  for (const p of parts) total += p.length;
  if (total > MAX_SHORT_INPUT || !(outLen >= 1 && outLen <= 64))
    throw new RangeError(`blake2bShort: input ${total} bytes, output ${outLen} bytes`);
  let length = 0;
  for (const p of parts) {
    block.set(p, length);
    length += p.length;
  }
  return compress(length, outLen);
};

const compress = (length: number, outLen: number): Uint8Array => {
  for (let i = 0; i < 32; i++)
    m[i] = block[i * 4]! | (block[i * 4 + 1]! << 8) | (block[i * 4 + 2]! << 16) | (block[i * 4 + 3]! << 24);
  const h = new Uint32Array(BLAKE2B_IV);
  h[0] = h[0]! ^ 0x01010000 ^ outLen;
  v.set(h, 0);
  v.set(BLAKE2B_IV, 16);
  v[24] = v[24]! ^ length; // t low word
  v[28] = ~v[28]!; // final block flag: v[14] = ~v[14]
  v[29] = ~v[29]!;
  blake2bRounds(v, m, BLAKE2B_SIGMA2);
  const out = new Uint8Array(outLen);
  for (let i = 0; i < outLen; i++) {
    const w = i >> 2;
    const word = h[w]! ^ v[w]! ^ v[w + 16]!;
    out[i] = word >>> ((i & 3) * 8);
  }
  return out;
};
