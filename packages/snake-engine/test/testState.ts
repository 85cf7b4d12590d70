import { createInitialState, startGame } from '../src/state.js';
import type { Direction, GameRule, GameState, Position } from '../src/types.js';

/** Test helper: a running game with exactly the given board. */
export function playing(options: {
  snake: Position[];
  direction: Direction;
  snack?: Position | null;
  rule?: GameRule;
  turns?: Direction[];
  tickRate?: number;
}): GameState {
  const started = startGame(createInitialState(), 1, options.rule ?? 'WITH_BORDERS');
  return {
    ...started,
    snake: options.snake,
    snack: options.snack === undefined ? { x: 1, y: 1 } : options.snack,
    turns: options.turns ?? [],
    tickRate: options.tickRate ?? started.tickRate,
    playground: { direction: options.direction, isGameOver: false },
  };
}
