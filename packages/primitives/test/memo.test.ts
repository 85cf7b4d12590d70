import { describe, expect, it } from 'vitest';
import { memoizeString } from '../src/memo.js';

describe('memoizeString', () => {
  it('answers a repeated input from memory and recomputes once the cache started over', () => {
    const calls: string[] = [];
    const upper = memoizeString((s: string) => {
      calls.push(s);
      return s.toUpperCase();
    }, 2);
    expect([upper('a'), upper('a'), upper('b'), upper('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(calls).toEqual(['a', 'b']);
    // A third distinct input fills the bound: the cache starts over, so memory never holds more than 2.
    upper('c');
    upper('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('does not remember an input that throws', () => {
    let n = 0;
    const strict = memoizeString((s: string) => {
      n++;
      if (s === 'bad') throw new Error('bad input');
      return s;
    });
    expect(() => strict('bad')).toThrow('bad input');
    expect(() => strict('bad')).toThrow('bad input');
    expect(n).toBe(2);
  });
});
