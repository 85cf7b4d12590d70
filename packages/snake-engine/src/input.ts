import { MAX_BUFFERED_TURNS } from './constants.js';
import { isOpposite } from './direction.js';
import type { Direction, GameState } from './types.js';

/** The direction the snake will have after every buffered turn is applied. */
export const lastDirection = (state: GameState): Direction =>
  state.turns[state.turns.length - 1] ?? state.playground.direction;

/**
 * Buffers a turn. Each is checked against the last buffered direction (not the current one), so two quick
 * turns both apply and can never add up to a reversal. Ignored while not playing or paused, when equal to
 * the last direction, when opposite to it, and once MAX_BUFFERED_TURNS are waiting.
 */
export function bufferTurn(state: GameState, direction: Direction): GameState {
  if (!state.isPlaying || state.isPaused) return state;
  if (state.turns.length >= MAX_BUFFERED_TURNS) return state;
  const last = lastDirection(state);
  if (direction === last || isOpposite(direction, last)) return state;
  return { ...state, turns: [...state.turns, direction] };
}
