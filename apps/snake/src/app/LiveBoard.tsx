import type { GameState } from '@nftkit/snake-engine';
import { memo } from 'react';
import { type GameStore, useGameValue } from '../hooks/useGame';
import { Board, type BoardProps } from '../ui/Board';
import { SnakeLayer } from '../ui/SnakeLayer';

const snakeOf = (s: GameState) => s.snake;
const snackOf = (s: GameState) => s.snack;
const isGameOverOf = (s: GameState) => s.playground.isGameOver;
const directionOf = (s: GameState) => s.playground.direction;

export interface LiveBoardProps extends Omit<BoardProps, 'snake' | 'snack' | 'isGameOver'> {
  store: GameStore;
  /** The engine's tick period (ms). */
  period: number;
  /** One cell in device pixels. */
  cell: number;
  motion: boolean;
}

/** The cells and the snake layer, following the game store tick by tick (nothing around them re-renders). */
export const LiveBoard = memo(function LiveBoard({ store, period, cell, motion, ...board }: LiveBoardProps) {
  const snake = useGameValue(store, snakeOf);
  const snack = useGameValue(store, snackOf);
  const isGameOver = useGameValue(store, isGameOverOf);
  const direction = useGameValue(store, directionOf);
  return (
    <>
      <Board snake={snake} snack={snack} isGameOver={isGameOver} {...board} />
      <SnakeLayer
        snake={snake}
        direction={direction}
        isGameOver={isGameOver}
        playing={board.status === 'playing'}
        period={period}
        cell={cell}
        motion={motion}
      />
    </>
  );
});
