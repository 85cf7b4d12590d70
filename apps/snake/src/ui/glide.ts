import type { Position } from '@nftkit/snake-engine';

/**
 * Where the snake is drawn between two ticks. The board is drawn one tick behind the engine: at `progress` 0 the
 * snake lies where it was before the last tick (`prev`), at 1 where the engine has it now (`snake`), and in between
 * the head slides forward and the tail follows, so the length on screen stays the engine's.
 *
 * Points are written into `out` as x, y pairs in grid cells (cell centres at whole numbers), head first; the answer
 * is the number of points. `out` is reused from frame to frame so a 600-cell snake allocates nothing per frame.
 */
export function glidePoints(
  prev: readonly Position[] | null,
  snake: readonly Position[],
  progress: number,
  out: Float64Array,
): number {
  const n = snake.length;
  if (n === 0) return 0;
  const p = progress >= 1 || !(progress > 0) ? (progress >= 1 ? 1 : 0) : progress;
  const step = p < 1 && prev !== null && isStep(prev, snake);
  const head = snake[0] as Position;
  const from = step ? (prev[0] as Position) : head;
  out[0] = from.x + (head.x - from.x) * p;
  out[1] = from.y + (head.y - from.y) * p;
  let count = 1;
  for (let i = 1; i < n; i += 1) {
    const part = snake[i] as Position;
    out[2 * count] = part.x;
    out[2 * count + 1] = part.y;
    count += 1;
  }
  // The tail leaves its old cell only when the snake did not grow on this tick.
  if (step && prev.length === n && n > 1) {
    const tail = snake[n - 1] as Position;
    const old = prev[n - 1] as Position;
    if (adjacent(old, tail)) {
      out[2 * count] = old.x + (tail.x - old.x) * p;
      out[2 * count + 1] = old.y + (tail.y - old.y) * p;
      count += 1;
    }
  }
  return count;
}

const adjacent = (a: Position, b: Position): boolean => Math.abs(a.x - b.x) + Math.abs(a.y - b.y) === 1;

/**
 * True when `snake` is `prev` moved by one ordinary tick (head one cell on, same length or one longer). Anything else
 * — a new game, a wrap across the edge, a loaded test board — is drawn where it is, without a glide.
 */
export function isStep(prev: readonly Position[], snake: readonly Position[]): boolean {
  const n = snake.length;
  if (prev.length === 0 || (n !== prev.length && n !== prev.length + 1)) return false;
  const head = snake[0] as Position;
  const before = prev[0] as Position;
  if (!adjacent(before, head)) return false;
  if (n === 1) return true;
  const neck = snake[1] as Position;
  return neck.x === before.x && neck.y === before.y;
}

/** The time since the last tick as a fraction of the tick period, in [0, 1]. */
export const tickProgress = (now: number, tickAt: number, period: number): number =>
  period > 0 ? Math.min(1, Math.max(0, (now - tickAt) / period)) : 1;
