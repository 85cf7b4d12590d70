import * as z from 'zod/mini';
import { meta } from './meta.js';

const DIGITS = /^\d+$/;
const SIGNED_DIGITS = /^-?\d+$/;

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

/** An amount in wei: a non-negative integer given as a number or a digit string, produced as a string. */
export const WeiAmountSchema = meta(
  z.pipe(
    z.union([
      z.bigint().check(z.nonnegative()),
      z.number().check(z.int(), z.nonnegative()),
      z.string().check(z.trim(), z.regex(DIGITS, { message: 'Amount must be a non-negative integer (wei)' })),
    ]),
    z.transform((value) => BigInt(value).toString()),
  ),
  { description: 'Amount in wei as a decimal string', examples: ['1500000000000000000'] },
);

/** An amount that may be coins (`"1.5"`) or wei: a non-negative decimal given as a number or string. */
export const DecimalAmountSchema = meta(
  z.pipe(
    z.union([
      z.bigint().check(z.nonnegative()),
      z.number().check(
        z.nonnegative(),
        z.refine((value) => !Number.isInteger(value) || Number.isSafeInteger(value), {
          message: 'Amount is too large for a JS number; pass it as a string or a bigint',
        }),
      ),
      z
        .string()
        .check(
          z.trim(),
          z.regex(/^\d+(\.\d+)?$/, { message: 'Amount must be a non-negative decimal number' }),
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
