import { DELTA } from './direction.js';
import type { Direction, Position } from './types.js';

export const samePosition = (a: Position, b: Position): boolean => a.x === b.x && a.y === b.y;

export const isOnSnake = (snake: readonly Position[], cell: Position): boolean =>
  snake.some((part) => samePosition(part, cell));

export const isInsideGrid = (cell: Position, size: number): boolean =>
  cell.x >= 0 && cell.y >= 0 && cell.x < size && cell.y < size;

export const moveBy = (cell: Position, direction: Direction): Position => {
  const d = DELTA[direction];
  return { x: cell.x + d.x, y: cell.y + d.y };
};

/** Without borders a cell that leaves one edge comes back in at the opposite one. */
export const wrap = (cell: Position, size: number): Position => ({
  x: ((cell.x % size) + size) % size,
  y: ((cell.y % size) + size) % size,
});
