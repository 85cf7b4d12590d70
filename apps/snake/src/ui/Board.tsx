import type { Position } from '@nftkit/snake-engine';
import { memo, useMemo } from 'react';
import { BOARD_SIZE, boardRows } from './boardModel';

const CLASS: Record<string, string> = {
  '.': 'cell',
  '#': 'cell cell--wall',
  o: 'cell cell--snack',
  H: 'cell cell--head',
  B: 'cell cell--body',
  X: 'cell cell--head cell--game-over',
  x: 'cell cell--body cell--game-over',
};

const KIND: Record<string, string> = {
  '.': 'empty',
  '#': 'wall',
  o: 'snack',
  H: 'head',
  B: 'body',
  X: 'head',
  x: 'body',
};

const COLUMNS = Array.from({ length: BOARD_SIZE }, (_, i) => i);

/** One row of cells; memoised on its string so a tick re-renders only the few rows that changed. */
const Row = memo(function Row({ y, cells }: { y: number; cells: string }) {
  return (
    <div className="board__row">
      {COLUMNS.map((i) => {
        const c = cells[i] ?? '.';
        return (
          <div
            key={i}
            className={CLASS[c]}
            data-cell={KIND[c]}
            data-game-over={c === 'X' || c === 'x' ? '' : undefined}
            data-x={i - 1}
            data-y={y - 1}
          />
        );
      })}
    </div>
  );
});

export interface BoardProps {
  snake: readonly Position[];
  snack: Position | null;
  isGameOver: boolean;
  status: 'idle' | 'playing' | 'paused' | 'over';
  boardRef?: React.Ref<HTMLDivElement>;
  onPointerDown?: React.PointerEventHandler<HTMLDivElement>;
  onPointerUp?: React.PointerEventHandler<HTMLDivElement>;
  onPointerCancel?: React.PointerEventHandler<HTMLDivElement>;
}

export const Board = memo(function Board({
  snake,
  snack,
  isGameOver,
  status,
  boardRef,
  onPointerDown,
  onPointerUp,
  onPointerCancel,
}: BoardProps) {
  const rows = useMemo(() => boardRows(snake, snack, isGameOver), [snake, snack, isGameOver]);
  return (
    <div
      ref={boardRef}
      className="board"
      data-testid="board"
      data-status={status}
      role="img"
      aria-label="Snake board: 35 by 35 cells inside a wall"
      tabIndex={-1}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {rows.map((cells, y) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions on a fixed board
        <Row key={y} y={y} cells={cells} />
      ))}
    </div>
  );
});
