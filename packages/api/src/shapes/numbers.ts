import { U128_MAX } from '@nftkit/primitives';
import * as z from 'zod/mini';
import { meta } from './meta.js';

const DIGITS = /^\d+$/;
const SIGNED_DIGITS = /^-?\d+$/;

/**
 * The most characters an amount string may have: u128 has 39 digits; leading zeros, a fraction and spaces get some
 * room. Checked before any BigInt is made of it (parsing decimal text costs more than its length).
 */
export const MAX_AMOUNT_LENGTH = 80;
// No `abort` on these checks: inside a union an aborted branch reads as "Invalid input" instead of its message.
const amountLength = z.maxLength(MAX_AMOUNT_LENGTH, {
  message: `Amount is longer than ${MAX_AMOUNT_LENGTH} characters`,
});

/**
 * False when the integer part of a non-negative decimal (number, bigint or digit string) is above the chain's u128.
 * Text that is too long or not a decimal passes: its own check says what is wrong with it.
 */
export const fitsU128 = (value: string | number | bigint): boolean => {
  if (typeof value === 'bigint') return value <= U128_MAX;
  if (typeof value === 'number') return value <= Number(U128_MAX);
  const whole = value.trim().split('.')[0] ?? '';
  return whole.length > MAX_AMOUNT_LENGTH || !DIGITS.test(whole) || BigInt(whole) <= U128_MAX;
};
const u128Message = 'Amount is above the largest u128 (2^128 - 1)';
const u128Bound = z.refine<string | number | bigint>(fitsU128, { message: u128Message });
/** The checks of an amount string given in wei: bounded length, then at most u128. */
export const u128StringChecks = [amountLength, u128Bound] as const;

/**
 * A bigint carried as a decimal string: accepts a bigint, a safe integer number or a decimal digit string and
 * produces the canonical decimal string, so a parsed input is always JSON-safe (the real client stringifies bigints
 * before sending; the server gets strings).
 */
export const BigIntStringSchema = meta(
  z.pipe(
    z.union([
      z.bigint(),
      z.number().check(z.int()),
      z
        .string()
        .check(z.trim(), z.regex(SIGNED_DIGITS, { message: 'Expected an integer as a decimal string' })),
    ]),
    z.transform((value) => BigInt(value).toString()),
  ),
  { description: 'Integer as a decimal string', examples: ['1000000000000000000'] },
);

/** A non-negative {@link BigIntStringSchema} (wei, gas, values). */
export const UnsignedBigIntStringSchema = BigIntStringSchema.check(
  z.refine((value) => !value.startsWith('-'), {
    message: 'Expected a non-negative integer',
  }),
);

/**
 * An amount in wei (or a fungible collection's smallest unit): a non-negative integer up to u128, given as a number
 * or a digit string, produced as a string.
 */
export const WeiAmountSchema = meta(
  z.pipe(
    z.union([
      z.bigint().check(z.nonnegative(), u128Bound),
      z.number().check(z.int(), z.nonnegative(), u128Bound),
      z
        .string()
        .check(
          amountLength,
          z.trim(),
          z.regex(DIGITS, { message: 'Amount must be a non-negative integer (wei)' }),
          u128Bound,
        ),
    ]),
    z.transform((value) => BigInt(value).toString()),
  ),
  { description: 'Amount in wei as a decimal string, at most 2^128 - 1', examples: ['1500000000000000000'] },
);

/**
 * An amount that may be coins (`"1.5"`) or wei: a non-negative decimal given as a number or string. Its integer part
 * is bounded by u128 (in wei it is the bound; in coins the server's decimals make the bound tighter).
 */
export const DecimalAmountSchema = meta(
  z.pipe(
    z.union([
      z.bigint().check(z.nonnegative(), u128Bound),
      z.number().check(
        z.nonnegative(),
        z.refine((value) => !Number.isInteger(value) || Number.isSafeInteger(value), {
          message: 'Amount is too large for a JS number; pass it as a string or a bigint',
        }),
      ),
      z
        .string()
        .check(
          amountLength,
          z.trim(),
          z.regex(/^\d+(\.\d+)?$/, { message: 'Amount must be a non-negative decimal number' }),
          u128Bound,
        ),
    ]),
    z.transform((value) => (typeof value === 'number' ? numberToPlainString(value) : value.toString())),
  ),
  { description: 'Amount as a decimal string', examples: ['1000', '1.5'] },
);

/** Writes a JS number without exponent notation (1e21 → "1000000000000000000000"). */
function numberToPlainString(value: number): string {
  if (Number.isInteger(value)) return BigInt(value).toString();
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** A numeric string in an answer (wei amounts, balances). */
export const NumericStringSchema = meta(z.string(), { description: 'Decimal string' });
