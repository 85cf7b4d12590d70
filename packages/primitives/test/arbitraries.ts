import fc from 'fast-check';
import { bytesToHex } from '../src/index.js';

export const publicKey = fc.uint8Array({ minLength: 32, maxLength: 32 });
export const ss58Format = fc.integer({ min: 0, max: 16383 }).filter((f) => f !== 46 && f !== 47);
export const ethBytes = fc.uint8Array({ minLength: 20, maxLength: 20 });
export const ethLower = ethBytes.map((b) => bytesToHex(b));
export const u32 = fc.integer({ min: 0, max: 4294967295 });

/** Randomly re-cases the hex digits of a 0x string. */
export const recase = (hex: string, mask: number[]): string =>
  `0x${[...hex.slice(2)].map((c, i) => ((mask[i % mask.length] ?? 0) % 2 ? c.toUpperCase() : c)).join('')}`;

/**
 * A coin amount as text (`"12.345"`) with at most `decimals` fraction digits, beside `decimals` and its exact value in
 * the smallest units: `units` of 10^-fractionDigits coins.
 */
export const coinTexts = (maxUnits: bigint) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: maxUnits }), fc.integer({ min: 1, max: 18 }), fc.nat({ max: 18 }))
    .map(([units, decimals, fracLen]) => {
      const fractionDigits = Math.min(fracLen, decimals);
      const digits = units.toString().padStart(fractionDigits + 1, '0');
      const text =
        fractionDigits === 0
          ? digits
          : `${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`;
      return { text, decimals, units, fractionDigits };
    });
