import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCoins, formatGwei, gweiDecimals, parseCoins, parseGwei } from '../src/index.js';
import { coinTexts } from './arbitraries.js';
import { thrown } from './helpers.js';

const decimals = fc.integer({ min: 1, max: 18 });
const wei = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });

describe('coins', () => {
  it('converts the examples', () => {
    expect(parseCoins('1.5')).toBe(1_500_000_000_000_000_000n);
    expect(parseCoins('0')).toBe(0n);
    expect(parseCoins('2', 6)).toBe(2_000_000n);
    expect(parseCoins('0.000000000000000001')).toBe(1n);
    expect(parseCoins('1.230000000000000000000')).toBe(1_230_000_000_000_000_000n);
    expect(formatCoins(1_500_000_000_000_000_000n)).toBe('1.5');
    expect(formatCoins('1000000000000000000')).toBe('1');
    expect(formatCoins(1n)).toBe('0.000000000000000001');
    expect(formatCoins(0n)).toBe('0');
    expect(formatCoins(123_456n, 3)).toBe('123.456');
  });

  it('wei → coins → wei is the identity for any bigint and decimals', () => {
    fc.assert(
      fc.property(wei, decimals, (w, d) => {
        const coins = formatCoins(w, d);
        expect(parseCoins(coins, d)).toBe(w);
        expect(formatCoins(w.toString(), d)).toBe(coins);
        expect(coins).toMatch(/^\d+(\.\d*[1-9])?$/);
      }),
    );
  });

  it('coins → wei is exact (no floating point)', () => {
    fc.assert(
      fc.property(coinTexts(10n ** 40n), ({ text, decimals: d, units, fractionDigits }) => {
        expect(parseCoins(text, d)).toBe(units * 10n ** BigInt(d - fractionDigits));
      }),
    );
  });

  it('gwei use half the decimals', () => {
    expect(gweiDecimals()).toBe(9);
    expect(gweiDecimals(7)).toBe(3);
    expect(parseGwei('1.5')).toBe(1_500_000_000n);
    expect(formatGwei(1_500_000_000n)).toBe('1.5');
    expect(formatGwei('1')).toBe('0.000000001');
    fc.assert(
      fc.property(wei, decimals, (w, d) => {
        expect(parseGwei(formatGwei(w, d), d)).toBe(w);
      }),
    );
  });

  it('refuses malformed values with the spec messages', () => {
    for (const bad of ['', '-1', '1.', '.5', '1e5', ' 1', '1,5', 'abc', '0x10', '1.2.3']) {
      const error = thrown(() => parseCoins(bad));
      expect(error.message).toBe('Invalid value');
      expect(error.code).toBe('INVALID_VALUE');
    }
    expect(thrown(() => parseCoins(null as never)).message).toBe('Invalid value');
    // Digits beyond the precision would be lost: refused rather than rounded.
    expect(thrown(() => parseCoins('1.0000001', 6)).message).toBe('Invalid value');
    for (const bad of [-1n, '-1', '1.5', '', 'x', 1.5 as never, null as never])
      expect(thrown(() => formatCoins(bad)).message).toBe('Invalid value');
    for (const bad of ['-1', 'x', '1.0000000001'])
      expect(thrown(() => parseGwei(bad)).message).toBe('Invalid gwei value');
    expect(thrown(() => formatGwei(-5n)).message).toBe('Invalid gwei value');
  });

  it('refuses bad decimals with the spec messages', () => {
    expect(thrown(() => parseCoins('1', '18' as never)).message).toBe('Invalid decimals, must be a number');
    expect(thrown(() => parseCoins('1', Number.NaN)).message).toBe('Invalid decimals, must be a number');
    for (const d of [0, 19, -1, Number.POSITIVE_INFINITY])
      expect(thrown(() => formatCoins(1n, d)).message).toBe('Invalid decimals, must be between 0 and 18');
    expect(thrown(() => formatCoins(1n, 1.5)).message).toBe('Invalid decimals');
    expect(thrown(() => formatCoins(1n, 1.5)).code).toBe('INVALID_DECIMALS');
  });
});
