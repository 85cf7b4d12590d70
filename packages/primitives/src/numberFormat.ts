import { describe, PrimitivesError } from './errors.js';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const SUFFIXES = ['', 'K', 'M', 'B', 'T'];

type Parts = { sign: string; whole: string; fraction: string };

// Numbers go through their shortest decimal form; exponent notation is expanded by moving the point
// in the digit string, so no float arithmetic touches the value.
const expandExponent = (text: string): string => {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const digits = m[2]! + (m[3] ?? '');
  const point = m[2]!.length + Number(m[4]);
  if (point <= 0) return `${m[1]}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${m[1]}${digits}${'0'.repeat(point - digits.length)}`;
  return `${m[1]}${digits.slice(0, point)}.${digits.slice(point)}`;
};

const parse = (value: unknown): Parts => {
  let text: string | undefined;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'number' && Number.isFinite(value)) text = expandExponent(value.toString());
  const m = text === undefined ? null : DECIMAL.exec(text);
  if (!m) throw new PrimitivesError('INVALID_NUMBER', `Invalid number: ${describe(value)}`);
  const whole = m[2]!.replace(/^0+(?=\d)/, '');
  const fraction = m[3] ?? '';
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return { sign: m[1] && !isZero ? '-' : '', whole, fraction };
};

// Digits shown after the point for values under the threshold: tiny fractions keep 6, then fewer
// as the integer part grows (spec §9, same steps as the reference wallet formatting).
const fractionDigits = (whole: string, fraction: string): number => {
  if (/^0?$/.test(fraction.slice(0, 1))) return 6; // fraction < 0.1
  const n = whole.length > 6 ? Number.POSITIVE_INFINITY : Number(whole);
  if (n < 1) return 4;
  if (n < 10) return 3;
  if (n < 10_000) return 2;
  if (n < 100_000) return 1;
  return 0;
};

export type FormatNumberOptions = {
  /** Values from here up are abbreviated with K, M, B, T (default 100000); -1 disables formatting. */
  threshold?: number;
};

/**
 * Human display of an amount (spec §9): under 100000 with 1 to 6 decimals depending on size
 * (truncated, never rounded up), larger values abbreviated with K, M, B, T and up to 3 decimals.
 */
export const formatNumber = (value: number | string | bigint, options: FormatNumberOptions = {}): string => {
  const threshold = options.threshold ?? 100_000;
  if (typeof threshold !== 'number' || !(threshold === -1 || threshold > 0))
    throw new PrimitivesError('INVALID_NUMBER', `Invalid threshold: ${describe(threshold)}`);
  const { sign, whole, fraction } = parse(value);
  if (threshold === -1) return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
  if (Number(whole) < threshold) {
    if (!fraction) return sign + whole;
    const digits = fractionDigits(whole, fraction);
    let shown = fraction.slice(0, digits);
    if (shown.length < 2 && digits >= 2) shown = shown.padEnd(2, '0');
    return /^0*$/.test(shown) ? sign + whole : `${sign}${whole}.${shown}`;
  }
  const group = Math.min(Math.floor((whole.length - 1) / 3), SUFFIXES.length - 1);
  const head = whole.slice(0, whole.length - group * 3);
  // First three digits of the exact remainder, kept as they are unless the whole remainder is zero
  // after them ('1.200M' for 1200001, '1.2M' for 1200000).
  const tail = whole
    .slice(whole.length - group * 3)
    .replace(/0+$/, '')
    .slice(0, 3);
  return `${sign}${head}${tail ? `.${tail}` : ''}${SUFFIXES[group]}`;
};

/**
 * Fixed display: the fraction truncated or padded to `precision` digits (default 3). An integral
 * value is shown without a fraction; precision -1 shows the value as is.
 */
export const formatFixed = (value: number | string | bigint, precision = 3): string => {
  if (!(Number.isInteger(precision) && precision >= -1))
    throw new PrimitivesError('INVALID_NUMBER', `Invalid precision: ${describe(precision)}`);
  const { sign, whole, fraction } = parse(value);
  if (precision === -1 || !fraction) return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
  if (precision === 0) return sign + whole;
  return `${sign}${whole}.${fraction.slice(0, precision).padEnd(precision, '0')}`;
};
