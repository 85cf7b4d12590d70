import type { Position } from '@nftkit/snake-engine';
import { GRID_SIZE } from '@nftkit/snake-engine';

/** The drawn board: the grid plus one ring of wall cells. */
export const BOARD_SIZE = GRID_SIZE + 2;

/** One character per cell, so a row is a string and a memoised row re-renders only when its string changes. */
export const CELL = {
  empty: '.',
  wall: '#',
  snack: 'o',
  head: 'H',
  body: 'B',
  headOver: 'X',
  bodyOver: 'x',
} as const;

const code = (c: string): number => c.charCodeAt(0);
const EMPTY = code(CELL.empty);
const WALL = code(CELL.wall);

const template = new Uint8Array(BOARD_SIZE * BOARD_SIZE);
for (let y = 0; y < BOARD_SIZE; y += 1)
  for (let x = 0; x < BOARD_SIZE; x += 1) {
    const wall = x === 0 || y === 0 || x === BOARD_SIZE - 1 || y === BOARD_SIZE - 1;
    template[y * BOARD_SIZE + x] = wall ? WALL : EMPTY;
  }

const indexOf = (p: Position): number | null => {
  const x = p.x + 1;
  const y = p.y + 1;
  if (x < 0 || y < 0 || x >= BOARD_SIZE || y >= BOARD_SIZE) return null;
  return y * BOARD_SIZE + x;
};

/**
 * Rows of the drawn board (index 0 is the top wall). A head that left the grid is drawn on the wall ring;
 * on game over the snake takes the game-over style. The head is drawn last so it shows where it overlaps the body.
 */
export function boardRows(snake: readonly Position[], snack: Position | null, isGameOver: boolean): string[] {
  const cells = template.slice();
  if (snack) {
    const i = indexOf(snack);
    if (i !== null) cells[i] = code(CELL.snack);
  }
  const body = code(isGameOver ? CELL.bodyOver : CELL.body);
  for (let s = snake.length - 1; s >= 1; s -= 1) {
    const part = snake[s];
    const i = part ? indexOf(part) : null;
    if (i !== null) cells[i] = body;
  }
  const head = snake[0];
  const h = head ? indexOf(head) : null;
  if (h !== null) cells[h] = code(isGameOver ? CELL.headOver : CELL.head);

  const rows: string[] = new Array(BOARD_SIZE);
  for (let y = 0; y < BOARD_SIZE; y += 1)
    rows[y] = String.fromCharCode.apply(
      null,
      cells.subarray(y * BOARD_SIZE, (y + 1) * BOARD_SIZE) as unknown as number[],
    );
  return rows;
}
