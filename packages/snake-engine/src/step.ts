import { GRID_SIZE, TICK_RATE_STEP } from './constants.js';
import { OPPOSITE } from './direction.js';
import { isInsideGrid, moveBy, samePosition, wrap } from './position.js';
import { placeSnack } from './snack.js';
import type { Direction, GameState, Position } from './types.js';

/** Spec §4 loss check, made at the start of a tick: the head on the body, or (with borders) off the grid. */
export function isLost(state: GameState): boolean {
  const { snake } = state;
  const head = snake[0];
  if (!head) return false;
  // A plain loop over the body (no rest copy): the game service replays thousands of ticks per result.
  for (let i = 1; i < snake.length; i += 1) {
    const part = snake[i];
    if (part && samePosition(part, head)) return true;
  }
  return state.rule === 'WITH_BORDERS' && !isInsideGrid(head, GRID_SIZE);
}

function nextHead(state: GameState, head: Position, direction: Direction): Position {
  const cell = moveBy(head, direction);
  return state.rule === 'WITHOUT_BORDERS' ? wrap(cell, GRID_SIZE) : cell;
}

/** One clock tick (spec §4 "Each tick"). A no-op unless a game is running and not paused. */
export function step(state: GameState): GameState {
  if (!state.isPlaying || state.isPaused) return state;
  const head = state.snake[0];
  if (!head) return state;

  if (isLost(state)) {
    return {
      ...state,
      isPlaying: false,
      isPaused: false,
      turns: [],
      playground: { ...state.playground, isGameOver: true },
    };
  }

  let direction = state.turns[0] ?? state.playground.direction;
  let next = nextHead(state, head, direction);
  const neck = state.snake[1];
  // Spec §4: never back onto the second segment; the snake keeps moving away from it instead.
  if (neck && samePosition(next, neck)) {
    direction = OPPOSITE[direction];
    next = nextHead(state, head, direction);
  }

  if (state.snack && samePosition(next, state.snack)) {
    const snake = [next, ...state.snake];
    const placement = placeSnack(snake, state.seed);
    return advance(state, direction, snake, placement.snack, placement.seed, state.tickRate + TICK_RATE_STEP);
  }

  return advance(state, direction, moveSnake(state.snake, next), state.snack, state.seed, state.tickRate);
}

/**
 * The state after a move, written out field by field: `{ ...state, … }` twice per tick cost most of a tick's time
 * in V8, and the game service replays thousands of ticks per result. TypeScript checks that no field is missed.
 */
function advance(
  state: GameState,
  direction: Direction,
  snake: readonly Position[],
  snack: Position | null,
  seed: number,
  tickRate: number,
): GameState {
  return {
    appVersion: state.appVersion,
    packageVersion: state.packageVersion,
    isPlaying: state.isPlaying,
    isPaused: state.isPaused,
    rule: state.rule,
    tickRate,
    playground: { direction, isGameOver: state.playground.isGameOver },
    grid: state.grid,
    snake,
    snack,
    turns: state.turns.slice(1),
    seed,
    gameId: state.gameId,
    ticks: state.ticks + 1,
  };
}

/** The snake one cell on: the new head, then every part but the last. A loop rather than `[next, ...slice]`, which
 * costs several times more per tick in V8 (the game service replays thousands of ticks per result). */
function moveSnake(snake: readonly Position[], head: Position): Position[] {
  const moved = new Array<Position>(snake.length);
  moved[0] = head;
  for (let i = 1; i < snake.length; i += 1) moved[i] = snake[i - 1] as Position;
  return moved;
}
