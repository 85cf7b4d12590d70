import * as z from 'zod';

const DIGITS = /^\d+$/;
const SIGNED_DIGITS = /^-?\d+$/;

/**
 * A bigint carried as a decimal string: accepts a bigint, a safe integer number or a decimal digit string and
 * produces the canonical decimal string, so a parsed input is always JSON-safe (the real client stringifies bigints
 * before sending; the server gets strings).
 */
export const BigIntStringSchema = z
  .union([
    z.bigint(),
    z.number().int(),
    z.string().trim().regex(SIGNED_DIGITS, { message: 'Expected an integer as a decimal string' }),
  ])
  .transform((value) => BigInt(value).toString())
  .meta({ description: 'Integer as a decimal string', examples: ['1000000000000000000'] });

/** A non-negative {@link BigIntStringSchema} (wei, gas, values). */
export const UnsignedBigIntStringSchema = BigIntStringSchema.refine((value) => !value.startsWith('-'), {
  message: 'Expected a non-negative integer',
});

/** An amount in wei: a non-negative integer given as a number or a digit string, produced as a string. */
export const WeiAmountSchema = z
  .union([
    z.bigint().nonnegative(),
    z.number().int().nonnegative(),
    z.string().trim().regex(DIGITS, { message: 'Amount must be a non-negative integer (wei)' }),
  ])
  .transform((value) => BigInt(value).toString())
  .meta({ description: 'Amount in wei as a decimal string', examples: ['1500000000000000000'] });

/** An amount that may be coins (`"1.5"`) or wei: a non-negative decimal given as a number or string. */
export const DecimalAmountSchema = z
  .union([
    z.bigint().nonnegative(),
    z
      .number()
      .nonnegative()
      .refine((value) => !Number.isInteger(value) || Number.isSafeInteger(value), {
        message: 'Amount is too large for a JS number; pass it as a string or a bigint',
      }),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, { message: 'Amount must be a non-negative decimal number' }),
  ])
  .transform((value) => (typeof value === 'number' ? numberToPlainString(value) : value.toString()))
  .meta({ description: 'Amount as a decimal string', examples: ['1000', '1.5'] });

/** Writes a JS number without exponent notation (1e21 → "1000000000000000000000"). */
function numberToPlainString(value: number): string {
  if (Number.isInteger(value)) return BigInt(value).toString();
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** A numeric string in an answer (wei amounts, balances). */
export const NumericStringSchema = z.string().meta({ description: 'Decimal string' });
