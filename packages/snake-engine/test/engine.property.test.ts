import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_SIZE } from '../src/constants.js';
import { isOpposite } from '../src/direction.js';
import { isInsideGrid, isOnSnake, samePosition } from '../src/position.js';
import { gameReducer } from '../src/reducer.js';
import { scoreOf } from '../src/score.js';
import { createInitialState, startGame } from '../src/state.js';
import type { Direction, GameAction, GameRule, GameState } from '../src/types.js';

const direction = fc.constantFrom<Direction>('UP', 'DOWN', 'LEFT', 'RIGHT');
const action: fc.Arbitrary<GameAction> = fc.oneof(
  { weight: 3, arbitrary: direction.map((d) => ({ type: 'turn', direction: d }) as const) },
  { weight: 4, arbitrary: fc.constant({ type: 'tick' } as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'togglePause' } as const) },
);

/** Plays a game, calling check on every transition. */
function play(
  seed: number,
  rule: GameRule,
  actions: GameAction[],
  check: (before: GameState, after: GameState, action: GameAction) => void,
) {
  let state = startGame(createInitialState(), seed, rule);
  for (const a of actions) {
    const next = gameReducer(state, a);
    check(state, next, a);
    state = next;
  }
}

const settings = { numRuns: 300 };
const game = fc.tuple(fc.integer(), fc.array(action, { maxLength: 400 }));

describe('engine properties (any key sequence)', () => {
  it('never reverses into itself: the head never moves onto the second segment', () => {
    fc.assert(
      fc.property(game, ([seed, actions]) =>
        play(seed, 'WITH_BORDERS', actions, (before, after, a) => {
          if (a.type !== 'tick' || !after.isPlaying || before.snake.length < 2) return;
          const neck = before.snake[1];
          expect(neck && after.snake[0] && samePosition(after.snake[0], neck)).toBe(false);
          expect(isOpposite(before.playground.direction, after.playground.direction)).toBe(false);
        }),
      ),
      settings,
    );
  });

  it('with borders, never leaves the grid without the game ending on the next tick', () => {
    fc.assert(
      fc.property(game, ([seed, actions]) =>
        play(seed, 'WITH_BORDERS', actions, (before, after, a) => {
          // Only the head can be outside, and only for one tick.
          for (const part of after.snake.slice(1)) expect(isInsideGrid(part, GRID_SIZE)).toBe(true);
          const head = before.snake[0];
          if (
            a.type === 'tick' &&
            before.isPlaying &&
            !before.isPaused &&
            head &&
            !isInsideGrid(head, GRID_SIZE)
          ) {
            expect(after.playground.isGameOver).toBe(true);
            expect(after.isPlaying).toBe(false);
          }
        }),
      ),
      settings,
    );
  });

  it('without borders, every cell stays on the grid', () => {
    fc.assert(
      fc.property(game, ([seed, actions]) =>
        play(seed, 'WITHOUT_BORDERS', actions, (_before, after) => {
          for (const part of after.snake) expect(isInsideGrid(part, GRID_SIZE)).toBe(true);
        }),
      ),
      settings,
    );
  });

  it('the snack is never on the snake and the score is always length − 1', () => {
    fc.assert(
      fc.property(
        game,
        fc.constantFrom<GameRule>('WITH_BORDERS', 'WITHOUT_BORDERS'),
        ([seed, actions], rule) =>
          play(seed, rule, actions, (_before, after) => {
            if (after.snack && !after.playground.isGameOver)
              expect(isOnSnake(after.snake, after.snack)).toBe(false);
            expect(scoreOf(after)).toBe(after.snake.length - 1);
            expect(after.tickRate).toBe(150 + after.snake.length - 1);
          }),
      ),
      settings,
    );
  });

  it('the snake stays connected: each segment next to the one before it', () => {
    fc.assert(
      fc.property(game, ([seed, actions]) =>
        play(seed, 'WITH_BORDERS', actions, (_before, after) => {
          for (let i = 1; i < after.snake.length; i += 1) {
            const a = after.snake[i - 1];
            const b = after.snake[i];
            if (!a || !b) continue;
            expect(Math.abs(a.x - b.x) + Math.abs(a.y - b.y)).toBe(1);
          }
        }),
      ),
      settings,
    );
  });
});
