import type { Position } from '@nftkit/snake-engine';
import { describe, expect, it } from 'vitest';
import { glidePoints, isStep, tickProgress } from './glide';

const P = (x: number, y: number): Position => ({ x, y });
const points = (prev: Position[] | null, snake: Position[], p: number) => {
  const out = new Float64Array(2 * (snake.length + 1));
  const n = glidePoints(prev, snake, p, out);
  return Array.from({ length: n }, (_, i) => [out[2 * i], out[2 * i + 1]]);
};

describe('glidePoints', () => {
  const prev = [P(5, 5), P(4, 5), P(3, 5)];
  const moved = [P(6, 5), P(5, 5), P(4, 5)];

  it('slides the head forward and the tail after it, keeping the length', () => {
    expect(points(prev, moved, 0)).toEqual([
      [5, 5],
      [5, 5],
      [4, 5],
      [3, 5],
    ]);
    expect(points(prev, moved, 0.5)).toEqual([
      [5.5, 5],
      [5, 5],
      [4, 5],
      [3.5, 5],
    ]);
    expect(points(prev, moved, 1)).toEqual([
      [6, 5],
      [5, 5],
      [4, 5],
    ]);
  });

  it('keeps the tail still on the tick the snake grows', () => {
    const grown = [P(6, 5), P(5, 5), P(4, 5), P(3, 5)];
    expect(points(prev, grown, 0.25)).toEqual([
      [5.25, 5],
      [5, 5],
      [4, 5],
      [3, 5],
    ]);
  });

  it('glides a one-cell snake', () => {
    expect(points([P(18, 18)], [P(18, 17)], 0.5)).toEqual([[18, 17.5]]);
  });

  it('does not glide across a wrap, a new game or without a previous board', () => {
    expect(points([P(34, 3)], [P(0, 3)], 0.5)).toEqual([[0, 3]]);
    expect(points(moved, [P(18, 18)], 0.5)).toEqual([[18, 18]]);
    expect(points(null, moved, 0.5)).toEqual([
      [6, 5],
      [5, 5],
      [4, 5],
    ]);
  });

  it('clamps the progress', () => {
    expect(points(prev, moved, -1)[0]).toEqual([5, 5]);
    expect(points(prev, moved, Number.NaN)[0]).toEqual([5, 5]);
    expect(points(prev, moved, 7)[0]).toEqual([6, 5]);
  });

  it('answers nothing for an empty board', () => {
    expect(points(null, [], 0.5)).toEqual([]);
  });
});

describe('isStep', () => {
  it('is one ordinary tick only', () => {
    expect(isStep([P(1, 1), P(1, 2)], [P(1, 0), P(1, 1)])).toBe(true);
    expect(isStep([P(1, 1), P(1, 2)], [P(1, 0), P(1, 1), P(1, 2)])).toBe(true);
    expect(isStep([P(1, 1), P(1, 2)], [P(2, 0), P(1, 1)])).toBe(false);
    expect(isStep([P(1, 1)], [P(1, 1)])).toBe(false);
    expect(isStep([], [P(1, 1)])).toBe(false);
  });
});

describe('tickProgress', () => {
  it('is the elapsed fraction of the period, clamped', () => {
    expect(tickProgress(175, 100, 150)).toBeCloseTo(0.5);
    expect(tickProgress(50, 100, 150)).toBe(0);
    expect(tickProgress(400, 100, 150)).toBe(1);
    expect(tickProgress(400, 100, 0)).toBe(1);
  });
});
