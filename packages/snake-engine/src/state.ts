import {
  APP_VERSION,
  GRID_INDICES,
  INITIAL_TICK_RATE,
  PACKAGE_VERSION,
  START_POSITION,
} from './constants.js';
import { DIRECTIONS } from './direction.js';
import { randomInt, toSeed } from './random.js';
import { placeSnack } from './snack.js';
import type { Direction, GameRule, GameState } from './types.js';

/** The state on page load: nothing on the board until the first Start. */
export function createInitialState(seed = 0): GameState {
  return {
    appVersion: APP_VERSION,
    packageVersion: PACKAGE_VERSION,
    isPlaying: false,
    isPaused: false,
    rule: 'WITH_BORDERS',
    tickRate: INITIAL_TICK_RATE,
    playground: { direction: 'RIGHT', isGameOver: false },
    grid: [],
    snake: [],
    snack: null,
    turns: [],
    seed: toSeed(seed),
    gameId: 0,
    ticks: 0,
  };
}

/** Spec §4 "Reset": clears grid, snake, snack and isGameOver; a reset game is not running. */
export function resetGame(state: GameState): GameState {
  return {
    ...state,
    isPlaying: false,
    isPaused: false,
    grid: [],
    snake: [],
    snack: null,
    turns: [],
    playground: { ...state.playground, isGameOver: false },
  };
}

/**
 * Spec §4 "Idle to playing": stop, reset, rebuild the grid, one cell at (18,18), a snack off the snake.
 * The initial direction is random (the how-to-play text says so); the seed given here drives all later randomness.
 */
export function startGame(state: GameState, seed: number, rule: GameRule = 'WITH_BORDERS'): GameState {
  const base = resetGame(state);
  const snake = [START_POSITION];
  const pick = randomInt(toSeed(seed), 0, DIRECTIONS.length - 1);
  const direction: Direction = DIRECTIONS[pick.value] ?? 'RIGHT';
  const placement = placeSnack(snake, pick.seed);
  return {
    ...base,
    isPlaying: true,
    rule,
    tickRate: INITIAL_TICK_RATE,
    playground: { direction, isGameOver: false },
    grid: GRID_INDICES,
    snake,
    snack: placement.snack,
    seed: placement.seed,
    gameId: state.gameId + 1,
    ticks: 0,
  };
}

/** Spec §4 "Stop": the game stops without being lost; the board stays as it was. */
export function stopGame(state: GameState): GameState {
  if (!state.isPlaying) return state;
  return { ...state, isPlaying: false, isPaused: false, turns: [] };
}

export function pauseGame(state: GameState): GameState {
  if (!state.isPlaying || state.isPaused) return state;
  return { ...state, isPaused: true };
}

export function resumeGame(state: GameState): GameState {
  if (!state.isPlaying || !state.isPaused) return state;
  return { ...state, isPaused: false };
}
