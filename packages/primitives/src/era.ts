import { describe, PrimitivesError } from './errors.js';
import { hexToBytes } from './hex.js';

// Substrate's `Era` (sp_runtime::generic::Era): a mortal transaction is valid for `period` blocks
// starting at the block whose number ≡ `phase` (mod period); 0x00 is the immortal era.

const MIN_PERIOD = 4;
const MAX_PERIOD = 65536;
const periodError = () => new PrimitivesError('INVALID_ERA', 'Period must be between 4 and 65536');

const isPowerOfTwo = (n: number): boolean => Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;

const assertBlockNumber = (n: unknown, what: string): number => {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new PrimitivesError('INVALID_ERA', `${what} must be a non-negative integer, got ${describe(n)}`);
  return n;
};

/** The era period for a requested mortal length: the next power of two, which must be 4..65536. */
export const mortalEraPeriod = (mortalLength: number): number => {
  if (typeof mortalLength !== 'number' || !Number.isInteger(mortalLength) || mortalLength < 1)
    throw periodError();
  let period = 1;
  while (period < mortalLength) period *= 2;
  if (period < MIN_PERIOD || period > MAX_PERIOD) throw periodError();
  return period;
};

const quantizeFactor = (period: number): number => Math.max(period >> 12, 1);

/** The 2-byte SCALE encoding of the mortal era of `period` (a power of two, 4..65536) starting at `blockNumber`. */
export const encodeMortalEra = (period: number, blockNumber: number): Uint8Array => {
  if (!isPowerOfTwo(period) || period < MIN_PERIOD || period > MAX_PERIOD) throw periodError();
  assertBlockNumber(blockNumber, 'blockNumber');
  const factor = quantizeFactor(period);
  const phase = blockNumber % period;
  const trailingZeros = 31 - Math.clz32(period);
  const encoded = Math.min(Math.max(trailingZeros - 1, 1), 15) | (Math.floor(phase / factor) << 4);
  return Uint8Array.of(encoded & 0xff, encoded >> 8);
};

/** The immortal era's encoding. */
export const IMMORTAL_ERA = Uint8Array.of(0);

export type MortalEra = { period: number; phase: number };

/** Decodes an era (bytes or hex): `'immortal'` or the mortal era's period and phase. */
export const decodeEra = (era: Uint8Array | string): MortalEra | 'immortal' => {
  const bytes = typeof era === 'string' ? hexToBytes(era) : era;
  if (!(bytes instanceof Uint8Array)) throw new PrimitivesError('INVALID_ERA', 'Era must be bytes or hex');
  if (bytes.length === 1 && bytes[0] === 0) return 'immortal';
  if (bytes.length !== 2 || bytes[0] === 0)
    throw new PrimitivesError('INVALID_ERA', `Invalid era encoding of ${bytes.length} byte(s)`);
  const encoded = bytes[0]! | (bytes[1]! << 8);
  const period = 2 << (encoded % 16);
  const phase = (encoded >> 4) * quantizeFactor(period);
  if (period < MIN_PERIOD || phase >= period)
    throw new PrimitivesError('INVALID_ERA', `Invalid era: period ${period}, phase ${phase}`);
  return { period, phase };
};

const assertMortalEra = (period: number, phase: number): void => {
  if (!isPowerOfTwo(period) || period < MIN_PERIOD || period > MAX_PERIOD) throw periodError();
  if (!Number.isInteger(phase) || phase < 0 || phase >= period)
    throw new PrimitivesError(
      'INVALID_ERA',
      `Era phase must be an integer from 0 to ${period - 1}, got ${describe(phase)}`,
    );
};

/** The first block in which a transaction with this era is valid, seen from `currentBlock`. */
export const eraBirth = (period: number, phase: number, currentBlock: number): number => {
  assertMortalEra(period, phase);
  assertBlockNumber(currentBlock, 'currentBlock');
  return Math.floor((Math.max(currentBlock, phase) - phase) / period) * period + phase;
};

/** The first block in which a transaction with this era is no longer valid. */
export const eraDeath = (period: number, phase: number, currentBlock: number): number =>
  eraBirth(period, phase, currentBlock) + period;
