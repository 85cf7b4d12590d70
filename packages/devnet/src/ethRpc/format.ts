import { bytesToHex, hexToBytes } from '@nftkit/primitives';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { Hex } from 'viem';

/** A JSON-RPC quantity: hex without leading zeros (`0x0`, `0x1a`). */
export const quantity = (n: number | bigint): Hex => `0x${n.toString(16)}`;

/** 32 zero bytes: the roots and hashes the devnet does not compute. */
export const ZERO_HASH = `0x${'00'.repeat(32)}` as Hex;
/** keccak256(rlp([])): the uncles hash of a block without uncles. */
export const EMPTY_UNCLES_HASH = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347' as Hex;

/** The bloom of no logs (most transactions, a value transfer's). */
const EMPTY_BLOOM = `0x${'00'.repeat(256)}` as Hex;

/** The 2048-bit bloom of a set of logs (yellow paper §4.3.1): three bits per address and per topic. */
export function logsBloom(logs: readonly { address: string; topics: readonly string[] }[]): Hex {
  if (logs.length === 0) return EMPTY_BLOOM;
  const bloom = new Uint8Array(256);
  const add = (hex: string) => {
    const h = keccak_256(hexToBytes(hex));
    for (let i = 0; i < 6; i += 2) {
      const bit = ((h[i]! << 8) | h[i + 1]!) & 2047;
      const at = 255 - (bit >> 3);
      bloom[at] = (bloom[at] ?? 0) | (1 << (bit & 7));
    }
  };
  for (const log of logs) {
    add(log.address);
    for (const t of log.topics) add(t);
  }
  return bytesToHex(bloom) as Hex;
}
