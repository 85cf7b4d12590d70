import type { Direction, Position } from './types.js';

export const DIRECTIONS: readonly Direction[] = ['UP', 'RIGHT', 'DOWN', 'LEFT'];

export const OPPOSITE: Readonly<Record<Direction, Direction>> = {
  UP: 'DOWN',
  DOWN: 'UP',
  LEFT: 'RIGHT',
  RIGHT: 'LEFT',
};

/** y grows downwards, as the grid is drawn top to bottom. */
export const DELTA: Readonly<Record<Direction, Position>> = {
  UP: { x: 0, y: -1 },
  DOWN: { x: 0, y: 1 },
  LEFT: { x: -1, y: 0 },
  RIGHT: { x: 1, y: 0 },
};

export const isOpposite = (a: Direction, b: Direction): boolean => OPPOSITE[a] === b;
