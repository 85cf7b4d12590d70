import { describe, PrimitivesError } from './errors.js';

// SCALE codec pieces the signing payload needs: compact integers and fixed-width little-endian
// unsigned integers.

const MAX_COMPACT = (1n << 536n) - 1n; // 67 bytes in big-integer mode

const toBigIntUnsigned = (value: unknown, what: string): bigint => {
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw new PrimitivesError(
    'INVALID_SCALE',
    `${what} must be a non-negative integer, got ${describe(value)}`,
  );
};

/** SCALE compact encoding of a non-negative integer (up to 2^536 - 1). */
export const compactToBytes = (value: number | bigint): Uint8Array => {
  const v = toBigIntUnsigned(value, 'Compact value');
  if (v < 1n << 6n) return Uint8Array.of(Number(v) << 2);
  if (v < 1n << 14n) {
    const n = (Number(v) << 2) | 1;
    return Uint8Array.of(n & 0xff, n >> 8);
  }
  if (v < 1n << 30n) {
    const n = Number(v) * 4 + 2;
    return Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);
  }
  if (v > MAX_COMPACT) throw new PrimitivesError('INVALID_SCALE', `Compact value too large: ${v}`);
  const body: number[] = [];
  for (let rest = v; rest > 0n; rest >>= 8n) body.push(Number(rest & 0xffn));
  const out = new Uint8Array(body.length + 1);
  out[0] = ((body.length - 4) << 2) | 3;
  out.set(body, 1);
  return out;
};

const truncated = (what: string) => new PrimitivesError('INVALID_SCALE', `${what}: not enough bytes`);

/**
 * Decodes a SCALE compact integer at `offset`; returns the value and how many bytes it used.
 * Non-canonical encodings (a value written in a longer mode than needed) are refused, as Substrate does.
 */
export const compactFromBytes = (bytes: Uint8Array, offset = 0): { value: bigint; length: number } => {
  if (!(bytes instanceof Uint8Array)) throw new PrimitivesError('INVALID_BYTES', 'Expected a Uint8Array');
  if (!Number.isInteger(offset) || offset < 0 || offset >= bytes.length) throw truncated('Compact');
  const first = bytes[offset]!;
  const mode = first & 3;
  if (mode === 0) return { value: BigInt(first >> 2), length: 1 };
  if (mode === 1) {
    if (offset + 2 > bytes.length) throw truncated('Compact');
    const v = (first | (bytes[offset + 1]! << 8)) >> 2;
    if (v < 1 << 6) throw new PrimitivesError('INVALID_SCALE', 'Compact value is not canonically encoded');
    return { value: BigInt(v), length: 2 };
  }
  if (mode === 2) {
    if (offset + 4 > bytes.length) throw truncated('Compact');
    const raw =
      first + bytes[offset + 1]! * 0x100 + bytes[offset + 2]! * 0x10000 + bytes[offset + 3]! * 0x1000000;
    const v = Math.floor(raw / 4);
    if (v < 1 << 14) throw new PrimitivesError('INVALID_SCALE', 'Compact value is not canonically encoded');
    return { value: BigInt(v), length: 4 };
  }
  const size = (first >> 2) + 4;
  if (offset + 1 + size > bytes.length) throw truncated('Compact');
  let value = 0n;
  for (let i = size; i >= 1; i--) value = (value << 8n) | BigInt(bytes[offset + i]!);
  if (value < 1n << 30n || bytes[offset + size] === 0)
    throw new PrimitivesError('INVALID_SCALE', 'Compact value is not canonically encoded');
  return { value, length: size + 1 };
};

/** Fixed-width little-endian unsigned integer of `byteLength` bytes. */
export const uintToLeBytes = (value: number | bigint, byteLength: number): Uint8Array => {
  const v = toBigIntUnsigned(value, `u${byteLength * 8}`);
  if (v >> BigInt(byteLength * 8) !== 0n)
    throw new PrimitivesError('INVALID_SCALE', `${v} does not fit in u${byteLength * 8}`);
  const out = new Uint8Array(byteLength);
  let rest = v;
  for (let i = 0; i < byteLength; i++, rest >>= 8n) out[i] = Number(rest & 0xffn);
  return out;
};

/** Reads a little-endian unsigned integer from all of `bytes`. */
export const uintFromLeBytes = (bytes: Uint8Array): bigint => {
  if (!(bytes instanceof Uint8Array)) throw new PrimitivesError('INVALID_BYTES', 'Expected a Uint8Array');
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
};

export const u32ToLeBytes = (n: number | bigint): Uint8Array => uintToLeBytes(n, 4);
export const u64ToLeBytes = (n: number | bigint): Uint8Array => uintToLeBytes(n, 8);
/** The largest u128, the chain's balance type: every amount on the wire stays at or below it. */
export const U128_MAX = (1n << 128n) - 1n;

export const u128ToLeBytes = (n: number | bigint): Uint8Array => uintToLeBytes(n, 16);
