import { describe, expect, it } from 'vitest';
import { quickstart } from '../examples/quickstart.js';

describe('README example', () => {
  it('plays one tick of a seeded game deterministically', () => {
    const first = quickstart();
    expect(first).toEqual(quickstart());
    expect(first.over).toBe(false);
    expect(first.score).toBe(0);
    // One move from (18,18): exactly one coordinate changed by one.
    const head = first.head ?? { x: 0, y: 0 };
    expect(Math.abs(head.x - 18) + Math.abs(head.y - 18)).toBe(1);
  });
});
