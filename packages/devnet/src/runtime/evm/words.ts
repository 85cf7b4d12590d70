/**
 * 256-bit EVM words as bigints, and their 32-byte big-endian form. Read and written through a DataView, 64 bits
 * at a time: a hex string or a byte loop costs several times more on every MLOAD, MSTORE, SLOAD and KECCAK256.
 */

const M64 = 0xffff_ffff_ffff_ffffn;

/** Writes `v` (0 ≤ v < 2²⁵⁶) as 32 big-endian bytes at `offset`. */
export function writeWord(view: DataView, offset: number, v: bigint): void {
  view.setBigUint64(offset, v >> 192n);
  view.setBigUint64(offset + 8, (v >> 128n) & M64);
  view.setBigUint64(offset + 16, (v >> 64n) & M64);
  view.setBigUint64(offset + 24, v & M64);
}

/** The word of the 32 big-endian bytes at `offset`. */
export function readWord(view: DataView, offset: number): bigint {
  return (
    (view.getBigUint64(offset) << 192n) |
    (view.getBigUint64(offset + 8) << 128n) |
    (view.getBigUint64(offset + 16) << 64n) |
    view.getBigUint64(offset + 24)
  );
}

/** A stack word as the 32 big-endian bytes MSTORE writes. */
export function word32(v: bigint): Uint8Array {
  const out = new Uint8Array(32);
  writeWord(new DataView(out.buffer), 0, BigInt.asUintN(256, v));
  return out;
}

/** The unsigned integer of at most 32 big-endian bytes (a stored slot value without its leading zeros, an address). */
export function bytesToWord(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n;
  const padded = new Uint8Array(32);
  padded.set(bytes.length > 32 ? bytes.subarray(bytes.length - 32) : bytes, 32 - Math.min(bytes.length, 32));
  return readWord(new DataView(padded.buffer), 0);
}
