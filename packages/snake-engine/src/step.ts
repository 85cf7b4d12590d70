import { GRID_SIZE, TICK_RATE_STEP } from './constants.js';
import { OPPOSITE } from './direction.js';
import { isInsideGrid, isOnSnake, moveBy, samePosition, wrap } from './position.js';
import { placeSnack } from './snack.js';
import type { Direction, GameState, Position } from './types.js';

/** Spec §4 loss check, made at the start of a tick: the head on the body, or (with borders) off the grid. */
export function isLost(state: GameState): boolean {
  const [head, ...body] = state.snake;
  if (!head) return false;
  if (isOnSnake(body, head)) return true;
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

  const base = {
    ...state,
    turns: state.turns.slice(1),
    playground: { ...state.playground, direction },
    ticks: state.ticks + 1,
  };

  if (state.snack && samePosition(next, state.snack)) {
    const snake = [next, ...state.snake];
    const placement = placeSnack(snake, state.seed);
    return {
      ...base,
      snake,
      snack: placement.snack,
      seed: placement.seed,
      tickRate: state.tickRate + TICK_RATE_STEP,
    };
  }

  return { ...base, snake: [next, ...state.snake.slice(0, -1)] };
}
