import type { GameState } from './types.js';

/** Spec §3: score = snake length − 1 (−1 on an empty board, which the score line hides). */
export const scoreOf = (state: Pick<GameState, 'snake'>): number => state.snake.length - 1;

/** Spec §5: the score line shows only when the score is 0 or more. */
export const isScoreShown = (score: number): boolean => score >= 0;
