import { describe, expect, it } from 'vitest';
import { BOARD_SIZE, boardRows } from './boardModel';

const at = (rows: string[], x: number, y: number) => rows[y + 1]?.[x + 1];

describe('boardRows', () => {
  it('draws a 37×37 board: the 35×35 grid inside one ring of wall', () => {
    const rows = boardRows([], null, false);
    expect(BOARD_SIZE).toBe(37);
    expect(rows).toHaveLength(37);
    for (const row of rows) expect(row).toHaveLength(37);
    expect(rows[0]).toBe('#'.repeat(37));
    expect(rows[36]).toBe('#'.repeat(37));
    expect(rows[18]).toBe(`#${'.'.repeat(35)}#`);
  });

  it('marks head, body and snack', () => {
    const rows = boardRows(
      [
        { x: 18, y: 18 },
        { x: 17, y: 18 },
      ],
      { x: 1, y: 34 },
      false,
    );
    expect(at(rows, 18, 18)).toBe('H');
    expect(at(rows, 17, 18)).toBe('B');
    expect(at(rows, 1, 34)).toBe('o');
  });

  it('draws a head that left the grid on the wall ring, in game-over style when over', () => {
    expect(at(boardRows([{ x: -1, y: 5 }], null, false), -1, 5)).toBe('H');
    const rows = boardRows(
      [
        { x: 35, y: 5 },
        { x: 34, y: 5 },
      ],
      null,
      true,
    );
    expect(at(rows, 35, 5)).toBe('X');
    expect(at(rows, 34, 5)).toBe('x');
  });

  it('shows the head where it overlaps the body', () => {
    const rows = boardRows(
      [
        { x: 5, y: 5 },
        { x: 6, y: 5 },
        { x: 6, y: 4 },
        { x: 5, y: 4 },
        { x: 5, y: 5 },
      ],
      null,
      false,
    );
    expect(at(rows, 5, 5)).toBe('H');
  });
});
