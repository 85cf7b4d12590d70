import { describe, expect, it } from 'vitest';
import { formatFixed, formatNumber, formatWeiFixed, formatWeiNumber } from '../src/index.js';
import { thrown } from './helpers.js';

describe('formatNumber', () => {
  it('shows 1 to 6 decimals under 100000 depending on size', () => {
    expect(formatNumber('0.00012345678')).toBe('0.000123');
    expect(formatNumber('0.123456')).toBe('0.1234');
    expect(formatNumber('1.23456')).toBe('1.234');
    expect(formatNumber('1.5')).toBe('1.50');
    expect(formatNumber('12.3456')).toBe('12.34');
    expect(formatNumber('9999.999')).toBe('9999.99');
    expect(formatNumber('12345.678')).toBe('12345.6');
    expect(formatNumber('5')).toBe('5');
    expect(formatNumber('5.000')).toBe('5');
    expect(formatNumber('0.00000001')).toBe('0');
    expect(formatNumber(0.1)).toBe('0.10');
  });

  it('abbreviates large values with K, M, B, T (truncating)', () => {
    expect(formatNumber('100000')).toBe('100K');
    expect(formatNumber('123456.789')).toBe('123.456K');
    expect(formatNumber(999_999_999)).toBe('999.999M');
    expect(formatNumber(1_000_000_000)).toBe('1B');
    expect(formatNumber('1200000000000')).toBe('1.2T');
    expect(formatNumber('1000000000000000')).toBe('1000T');
    expect(formatNumber(123_456_789_012_345_678_901n)).toBe('123456789.012T');
  });

  it('handles thresholds, signs and exponent notation', () => {
    expect(formatNumber('123456.789', { threshold: -1 })).toBe('123456.789');
    expect(formatNumber('50.5', { threshold: 10 })).toBe('50');
    expect(formatNumber('-1.5')).toBe('-1.50');
    expect(formatNumber('-123456')).toBe('-123.456K');
    expect(formatNumber(1e21)).toBe('1000000000T');
    expect(formatNumber(1e-7)).toBe('0');
    expect(formatNumber(1.5e-5)).toBe('0.000015');
  });

  it('refuses a bad threshold', () => {
    for (const threshold of [0, -2, Number.NaN, '10' as never])
      expect(thrown(() => formatNumber('1', { threshold })).code).toBe('INVALID_NUMBER');
  });

  it('shows wei amounts as coins', () => {
    expect(formatWeiNumber(1_234_567_891_000_000_000_000_000n)).toBe('1.234M');
    expect(formatWeiNumber('1500000000000000000')).toBe('1.50');
    expect(formatWeiFixed(1_500_000_000_000_000_000n)).toBe('1.500');
    expect(formatWeiFixed(123_456n, 3, 2)).toBe('123.45');
    expect(thrown(() => formatWeiNumber(-1n)).message).toBe('Invalid value');
  });

  it('refuses what is not a number', () => {
    for (const bad of ['', 'abc', '12abc', '1e5', Number.NaN, Number.POSITIVE_INFINITY, null, {}])
      expect(thrown(() => formatNumber(bad as never)).code).toBe('INVALID_NUMBER');
  });
});

describe('formatFixed', () => {
  it('truncates or pads to 3 decimals by default', () => {
    expect(formatFixed('5.1')).toBe('5.100');
    expect(formatFixed('5.123456')).toBe('5.123');
    expect(formatFixed('5')).toBe('5');
    expect(formatFixed(1234.5678, 2)).toBe('1234.56');
    expect(formatFixed('5.1', -1)).toBe('5.1');
    expect(formatFixed('5.9', 0)).toBe('5');
  });

  it('refuses bad precision and bad numbers', () => {
    expect(thrown(() => formatFixed('1', -2)).code).toBe('INVALID_NUMBER');
    expect(thrown(() => formatFixed('1', 1.5)).code).toBe('INVALID_NUMBER');
    expect(thrown(() => formatFixed('x')).code).toBe('INVALID_NUMBER');
  });
});
