import { SNACK_MAX, SNACK_MIN } from './constants.js';
import { isOnSnake } from './position.js';
import { randomInt } from './random.js';
import type { Position } from './types.js';

/** Spec §5 retries "until the cell is not on the snake"; past this many we pick among the free cells directly. */
const MAX_RANDOM_TRIES = 64;

export interface SnackPlacement {
  /** null only when every cell of the snack range is under the snake. */
  readonly snack: Position | null;
  readonly seed: number;
}

/** Random x and y in 1..34, retried until off the snake (spec §5), bounded so a nearly full board cannot hang. */
export function placeSnack(snake: readonly Position[], seed: number): SnackPlacement {
  let s = seed;
  for (let i = 0; i < MAX_RANDOM_TRIES; i += 1) {
    const x = randomInt(s, SNACK_MIN, SNACK_MAX);
    const y = randomInt(x.seed, SNACK_MIN, SNACK_MAX);
    s = y.seed;
    const cell = { x: x.value, y: y.value };
    if (!isOnSnake(snake, cell)) return { snack: cell, seed: s };
  }
  const occupied = new Set(snake.map((p) => `${p.x},${p.y}`));
  const free: Position[] = [];
  for (let y = SNACK_MIN; y <= SNACK_MAX; y += 1)
    for (let x = SNACK_MIN; x <= SNACK_MAX; x += 1) if (!occupied.has(`${x},${y}`)) free.push({ x, y });
  if (free.length === 0) return { snack: null, seed: s };
  const pick = randomInt(s, 0, free.length - 1);
  return { snack: free[pick.value] ?? null, seed: pick.seed };
}
