import { PrimitivesError } from './errors.js';

const HEX_DIGITS = '0123456789abcdef';
const BYTE_TO_HEX: string[] = [];
for (let i = 0; i < 256; i++) BYTE_TO_HEX.push(HEX_DIGITS[i >> 4]! + HEX_DIGITS[i & 15]!);

// Char code → nibble, 255 for anything that is not a hex digit.
const NIBBLE = new Uint8Array(128).fill(255);
for (let i = 0; i < 16; i++) {
  NIBBLE[HEX_DIGITS.charCodeAt(i)] = i;
  NIBBLE[HEX_DIGITS.toUpperCase().charCodeAt(i)] = i;
}

const nibble = (code: number): number => (code < 128 ? NIBBLE[code]! : 255);

/**
 * Node's Buffer where there is one: its hex conversions are native, many times faster than a loop in JS on the
 * kilobytes of a call or a token's properties. Browsers take the loops.
 */
type HexBuffer = Uint8Array & { toString(encoding: 'hex'): string };
const NodeBuffer = (
  globalThis as {
    Buffer?: {
      from(b: ArrayBufferLike, offset: number, length: number): HexBuffer;
      from(s: string, encoding: 'hex'): HexBuffer;
    };
  }
).Buffer;
/** Below this many bytes the loops are as fast. */
const NATIVE_FROM = 32;

/** Decodes hex (with or without `0x`, any case). Throws on odd length or a non-hex character. */
export const hexToBytes = (hex: string): Uint8Array => {
  if (typeof hex !== 'string')
    throw new PrimitivesError('INVALID_HEX', `Expected a hex string, got ${typeof hex}`);
  const start = hex.length >= 2 && hex[0] === '0' && (hex[1] === 'x' || hex[1] === 'X') ? 2 : 0;
  const digits = hex.length - start;
  if (digits % 2 !== 0) throw new PrimitivesError('INVALID_HEX', `Hex string has an odd length: ${hex}`);
  if (NodeBuffer && digits >= 2 * NATIVE_FROM) {
    // Buffer stops at the first pair that is not hex: all were when every byte came out.
    const decoded = NodeBuffer.from(start ? hex.slice(start) : hex, 'hex');
    if (decoded.length !== digits / 2) throw new PrimitivesError('INVALID_HEX', `Invalid hex string: ${hex}`);
    return new Uint8Array(decoded);
  }
  const out = new Uint8Array(digits / 2);
  for (let i = 0, j = start; i < out.length; i++, j += 2) {
    const hi = nibble(hex.charCodeAt(j));
    const lo = nibble(hex.charCodeAt(j + 1));
    if (hi === 255 || lo === 255) throw new PrimitivesError('INVALID_HEX', `Invalid hex string: ${hex}`);
    out[i] = (hi << 4) | lo;
  }
  return out;
};

/** Lower-case hex with a `0x` prefix. */
export const bytesToHex = (bytes: Uint8Array): string => {
  if (!(bytes instanceof Uint8Array)) throw new PrimitivesError('INVALID_BYTES', 'Expected a Uint8Array');
  if (NodeBuffer && bytes.length >= NATIVE_FROM)
    return `0x${NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex')}`;
  let out = '0x';
  for (let i = 0; i < bytes.length; i++) out += BYTE_TO_HEX[bytes[i]!];
  return out;
};

/** True for a `0x`-prefixed hex string (even length); with `byteLength`, also checks the size. */
export const isHex = (value: unknown, byteLength?: number): boolean => {
  if (typeof value !== 'string' || value.length < 2 || value[0] !== '0' || value[1] !== 'x') return false;
  const digits = value.length - 2;
  if (digits % 2 !== 0) return false;
  if (byteLength !== undefined && digits !== byteLength * 2) return false;
  for (let i = 2; i < value.length; i++) if (nibble(value.charCodeAt(i)) === 255) return false;
  return true;
};

/** Concatenates byte arrays into one new array. */
export const concatBytes = (...parts: Uint8Array[]): Uint8Array => {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
};
