import { PrimitivesError } from './errors.js';

/** Default decimals of the native coins (UNQ, QTZ, OPL). */
export const DEFAULT_DECIMALS = 18;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const UNSIGNED = /^\d+$/;

/** Decimals must be an integer 1..18 (the message says 0..18, as the spec and the API do). */
export const assertDecimals = (decimals: unknown): number => {
  if (typeof decimals !== 'number' || Number.isNaN(decimals))
    throw new PrimitivesError('INVALID_DECIMALS', 'Invalid decimals, must be a number');
  if (decimals < 1 || decimals > 18)
    throw new PrimitivesError('INVALID_DECIMALS', 'Invalid decimals, must be between 0 and 18');
  if (!Number.isInteger(decimals)) throw new PrimitivesError('INVALID_DECIMALS', 'Invalid decimals');
  return decimals;
};

const asDecimalString = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value)))
    return value.toString();
  return '';
};

// Splits a non-negative decimal into integer and fractional units of `scale` digits, refusing
// digits that would be lost: amounts are exact or rejected, never rounded.
const toUnits = (value: unknown, scale: number, error: () => PrimitivesError): bigint => {
  const match = DECIMAL.exec(asDecimalString(value));
  if (!match) throw error();
  const whole = match[1]!;
  let fraction = match[2] ?? '';
  if (fraction.length > scale) {
    if (!/^0*$/.test(fraction.slice(scale))) throw error();
    fraction = fraction.slice(0, scale);
  }
  return BigInt(whole) * 10n ** BigInt(scale) + (fraction === '' ? 0n : BigInt(fraction.padEnd(scale, '0')));
};

const fromUnits = (units: bigint, scale: number): string => {
  if (scale === 0) return units.toString();
  const divisor = 10n ** BigInt(scale);
  const fraction = (units % divisor).toString().padStart(scale, '0').replace(/0+$/, '');
  return fraction === '' ? (units / divisor).toString() : `${units / divisor}.${fraction}`;
};

const toWei = (wei: unknown, error: () => PrimitivesError): bigint => {
  if (typeof wei === 'bigint') {
    if (wei < 0n) throw error();
    return wei;
  }
  if (typeof wei === 'string' && UNSIGNED.test(wei)) return BigInt(wei);
  if (typeof wei === 'number' && Number.isSafeInteger(wei) && wei >= 0) return BigInt(wei);
  throw error();
};

const invalidValue = () => new PrimitivesError('INVALID_VALUE', 'Invalid value');
const invalidGwei = () => new PrimitivesError('INVALID_GWEI', 'Invalid gwei value');

/**
 * Coins (a non-negative decimal string such as "1.5") → wei, exactly. More fractional digits than
 * `decimals` are refused unless they are zeros.
 */
export const parseCoins = (coins: string, decimals: number = DEFAULT_DECIMALS): bigint => {
  const scale = assertDecimals(decimals);
  return toUnits(coins, scale, invalidValue);
};

/** Wei → coins: integer part, then the fraction without trailing zeros (no '.' when integral). */
export const formatCoins = (wei: bigint | string, decimals: number = DEFAULT_DECIMALS): string => {
  const scale = assertDecimals(decimals);
  return fromUnits(toWei(wei, invalidValue), scale);
};

/** Gwei use half the decimals (rounded down): 9 for 18-decimal coins. */
export const gweiDecimals = (decimals: number = DEFAULT_DECIMALS): number =>
  Math.floor(assertDecimals(decimals) / 2);

/** Gwei (a non-negative decimal string) → wei, exactly. */
export const parseGwei = (gwei: string, decimals: number = DEFAULT_DECIMALS): bigint =>
  toUnits(gwei, gweiDecimals(decimals), invalidGwei);

/** Wei → gwei as a decimal string without trailing zeros. */
export const formatGwei = (wei: bigint | string, decimals: number = DEFAULT_DECIMALS): string =>
  fromUnits(toWei(wei, invalidGwei), gweiDecimals(decimals));
