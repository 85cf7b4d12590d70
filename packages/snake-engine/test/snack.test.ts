import { describe, expect, it } from 'vitest';
import { nextRandom, randomInt } from '../src/random.js';
import { placeSnack } from '../src/snack.js';
import type { Position } from '../src/types.js';

const cells = (from: number, to: number): Position[] => {
  const out: Position[] = [];
  for (let y = from; y <= to; y += 1) for (let x = from; x <= to; x += 1) out.push({ x, y });
  return out;
};

describe('random source', () => {
  it('is deterministic and uniform-ish in [0, 1)', () => {
    expect(nextRandom(123)).toEqual(nextRandom(123));
    let seed = 9;
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i += 1) {
      const draw = randomInt(seed, 0, 3);
      seed = draw.seed;
      counts[draw.value] = (counts[draw.value] ?? 0) + 1;
    }
    for (const c of counts) expect(c).toBeGreaterThan(800);
  });
});

describe('snack placement (spec §5)', () => {
  it('finds the only free cell of a nearly full board', () => {
    const snake = cells(1, 34).filter((c) => !(c.x === 17 && c.y === 30));
    expect(placeSnack(snake, 5).snack).toEqual({ x: 17, y: 30 });
  });

  it('gives no snack when the whole range is covered', () => {
    expect(placeSnack(cells(1, 34), 5).snack).toBeNull();
  });

  it('never uses row or column 0', () => {
    let seed = 1;
    for (let i = 0; i < 2000; i += 1) {
      const { snack, seed: next } = placeSnack([], seed);
      seed = next;
      expect(snack?.x).toBeGreaterThanOrEqual(1);
      expect(snack?.y).toBeGreaterThanOrEqual(1);
    }
  });
});
