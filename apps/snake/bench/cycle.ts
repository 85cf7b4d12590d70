import type { Direction, Position } from '@nftkit/snake-engine';

/**
 * A closed path through 34 of the grid's 35 columns (serpentine down and up columns 0..33 on rows 1..34, back
 * along row 0). A snake that follows it never collides, so any length up to 1190 can be ticked forever, and
 * column 34 stays free for a snack that is never eaten.
 */
export function benchCycle(): Position[] {
  const cells: Position[] = [];
  for (let x = 0; x <= 33; x += 1)
    for (let i = 1; i <= 34; i += 1) cells.push({ x, y: x % 2 === 0 ? i : 35 - i });
  for (let x = 33; x >= 0; x -= 1) cells.push({ x, y: 0 });
  cells.forEach((a, i) => {
    const b = cells[(i + 1) % cells.length]!;
    if (Math.abs(a.x - b.x) + Math.abs(a.y - b.y) !== 1) throw new Error(`bench cycle broken at ${i}`);
  });
  return cells;
}

export function directionBetween(from: Position, to: Position): Direction {
  if (to.x > from.x) return 'RIGHT';
  if (to.x < from.x) return 'LEFT';
  return to.y > from.y ? 'DOWN' : 'UP';
}
