import { describe, expect, it } from 'vitest';
import { parseBestScore } from './bestScore';

describe('parseBestScore', () => {
  it('reads a stored non-negative integer', () => {
    expect(parseBestScore('0')).toBe(0);
    expect(parseBestScore('42')).toBe(42);
    expect(parseBestScore(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('ignores what is not a non-negative safe integer', () => {
    for (const raw of [
      null,
      '',
      '1e+23',
      '1e3',
      '100000000000000000000000',
      String(Number.MAX_SAFE_INTEGER + 1),
      '-3',
      '7.5',
      '12abc',
      ' 12',
      'NaN',
      'Infinity',
      '0x10',
    ])
      expect(parseBestScore(raw), String(raw)).toBe(0);
  });
});
