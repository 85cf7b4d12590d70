import { describe, expect, it } from 'vitest';
import { balanceLabel, formatBalance } from './balance';

describe('formatBalance', () => {
  it('shows exactly 4 decimals', () => {
    expect(formatBalance('1000', 18)).toBe('1000.0000');
    expect(formatBalance('1.5', 18)).toBe('1.5000');
    expect(formatBalance('0', 18)).toBe('0.0000');
  });

  it('truncates instead of rounding up, without float error on large amounts', () => {
    expect(formatBalance('0.99999', 18)).toBe('0.9999');
    expect(formatBalance('123456789012345678.123456789012345678', 18)).toBe('123456789012345678.1234');
  });

  it('works with fewer decimals than 4', () => {
    expect(formatBalance('7.25', 2)).toBe('7.2500');
  });

  it('rejects a malformed amount rather than showing a wrong one', () => {
    expect(() => formatBalance('abc', 18)).toThrow();
    expect(() => formatBalance('-1', 18)).toThrow();
  });

  it('joins the amount and the symbol', () => {
    expect(balanceLabel('1000', 18, 'OPL')).toBe('1000.0000 OPL');
  });
});
