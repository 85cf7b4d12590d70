/**
 * Exact decimal views of JavaScript numbers. Royalty percents are typed by people as decimals
 * (0.29, 0.57); multiplying the binary float by 100 gives 28.999999999999996, so every scaling here
 * works on the number's shortest decimal form (what `String(n)` prints) with bigints.
 */
const DECIMAL_FORM = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/** A finite, non-negative number as `digits × 10^exponent`, with no trailing zeros in `digits`. */
export const toDecimal = (n: number): { digits: bigint; exponent: number } => {
  const match = DECIMAL_FORM.exec(String(Math.abs(n)));
  if (!match) throw new RangeError(`Not a finite number: ${n}`);
  const [, int = '0', frac = '', exp = '0'] = match;
  let text = (int + frac).replace(/^0+(?=\d)/, '');
  let exponent = Number(exp) - frac.length;
  while (text.length > 1 && text.endsWith('0')) {
    text = text.slice(0, -1);
    exponent++;
  }
  if (text === '0') exponent = 0;
  return { digits: BigInt(text), exponent };
};

/** How many digits a number has after the decimal point (0.29 → 2, 1e-7 → 7, 100 → 0). */
export const fractionDigits = (n: number): number => Math.max(0, -toDecimal(n).exponent);

/** `n × 10^shift` exactly, as a bigint; `undefined` when the result is not an integer. */
export const scaleToInteger = (n: number, shift: number): bigint | undefined => {
  const { digits, exponent } = toDecimal(n);
  const e = exponent + shift;
  if (e >= 0) return digits * 10n ** BigInt(e);
  return undefined;
};

/** `value / 10^decimals` as the nearest number to the exact decimal (15, 6 → 0.000015). */
export const unscale = (value: bigint, decimals: number): number => {
  if (decimals <= 0) return Number(value * 10n ** BigInt(-decimals));
  const text = value.toString().padStart(decimals + 1, '0');
  return Number(`${text.slice(0, -decimals)}.${text.slice(-decimals)}`);
};
