import { describe, expect, it } from 'vitest';
import {
  GRID_INDICES,
  GRID_SIZE,
  INITIAL_TICK_RATE,
  SNACK_MAX,
  SNACK_MIN,
  START_POSITION,
} from '../src/constants.js';
import { DIRECTIONS } from '../src/direction.js';
import { isOnSnake } from '../src/position.js';
import { gameReducer } from '../src/reducer.js';
import { isScoreShown, scoreOf } from '../src/score.js';
import { createInitialState, resetGame, startGame } from '../src/state.js';
import { step } from '../src/step.js';
import type { Direction, GameAction, GameState } from '../src/types.js';
import { playing } from './testState.js';

const run = (state: GameState, ...actions: GameAction[]): GameState => actions.reduce(gameReducer, state);
const tick: GameAction = { type: 'tick' };
const turn = (direction: Direction): GameAction => ({ type: 'turn', direction });

describe('constants (spec §9)', () => {
  it('the grid is 35 by 35 with indices 0..34', () => {
    expect(GRID_SIZE).toBe(35);
    expect(GRID_INDICES).toEqual(Array.from({ length: 35 }, (_, i) => i));
  });

  it('keeps both versions in state', () => {
    const state = createInitialState();
    expect(state.appVersion).toBe('1.0.0');
    expect(state.packageVersion).toBe('0.1.5');
  });
});

describe('start (spec §4 idle to playing)', () => {
  it('places one cell at (18,18), tickRate 150, playing, with borders', () => {
    const state = startGame(createInitialState(), 42);
    expect(state.snake).toEqual([{ x: 18, y: 18 }]);
    expect(START_POSITION).toEqual({ x: 18, y: 18 });
    expect(state.isPlaying).toBe(true);
    expect(state.isPaused).toBe(false);
    expect(state.tickRate).toBe(INITIAL_TICK_RATE);
    expect(state.tickRate).toBe(150);
    expect(state.rule).toBe('WITH_BORDERS');
    expect(state.grid).toEqual(GRID_INDICES);
    expect(state.playground.isGameOver).toBe(false);
    expect(scoreOf(state)).toBe(0);
  });

  it('places the snack in 1..34 off the snake', () => {
    for (let seed = 0; seed < 500; seed += 1) {
      const { snack, snake } = startGame(createInitialState(), seed);
      expect(snack).not.toBeNull();
      if (!snack) return;
      expect(snack.x).toBeGreaterThanOrEqual(SNACK_MIN);
      expect(snack.y).toBeGreaterThanOrEqual(SNACK_MIN);
      expect(snack.x).toBeLessThanOrEqual(SNACK_MAX);
      expect(snack.y).toBeLessThanOrEqual(SNACK_MAX);
      expect(isOnSnake(snake, snack)).toBe(false);
    }
  });

  it('picks a random initial direction, the same for the same seed', () => {
    const seen = new Set<Direction>();
    for (let seed = 0; seed < 200; seed += 1)
      seen.add(startGame(createInitialState(), seed).playground.direction);
    expect([...seen].sort()).toEqual([...DIRECTIONS].sort());
    expect(startGame(createInitialState(), 7)).toEqual(startGame(createInitialState(), 7));
  });

  it('stops and resets whatever ran before, and counts the game', () => {
    const over = { ...playing({ snake: [{ x: -1, y: 3 }], direction: 'LEFT' }), gameId: 4 };
    const lost = step(over);
    expect(lost.playground.isGameOver).toBe(true);
    const again = startGame(lost, 3);
    expect(again.playground.isGameOver).toBe(false);
    expect(again.snake).toEqual([{ x: 18, y: 18 }]);
    expect(again.gameId).toBe(5);
    expect(again.ticks).toBe(0);
  });

  it('can start without borders when asked', () => {
    expect(startGame(createInitialState(), 1, 'WITHOUT_BORDERS').rule).toBe('WITHOUT_BORDERS');
  });
});

describe('moving (spec §4 each tick)', () => {
  it.each([
    ['UP', { x: 5, y: 4 }],
    ['DOWN', { x: 5, y: 6 }],
    ['LEFT', { x: 4, y: 5 }],
    ['RIGHT', { x: 6, y: 5 }],
  ] as const)('moves one cell %s', (direction, expected) => {
    const state = step(playing({ snake: [{ x: 5, y: 5 }], direction }));
    expect(state.snake).toEqual([expected]);
    expect(state.ticks).toBe(1);
  });

  it('drops the tail when it does not eat', () => {
    const state = step(
      playing({
        snake: [
          { x: 5, y: 5 },
          { x: 4, y: 5 },
          { x: 3, y: 5 },
        ],
        direction: 'RIGHT',
      }),
    );
    expect(state.snake).toEqual([
      { x: 6, y: 5 },
      { x: 5, y: 5 },
      { x: 4, y: 5 },
    ]);
    expect(state.tickRate).toBe(150);
  });

  it('eating keeps the tail, moves the snack off the snake and adds 1 to tickRate', () => {
    const before = playing({
      snake: [
        { x: 5, y: 5 },
        { x: 4, y: 5 },
      ],
      direction: 'RIGHT',
      snack: { x: 6, y: 5 },
    });
    const after = step(before);
    expect(after.snake).toEqual([
      { x: 6, y: 5 },
      { x: 5, y: 5 },
      { x: 4, y: 5 },
    ]);
    expect(after.tickRate).toBe(151);
    expect(scoreOf(after)).toBe(2);
    expect(after.snack).not.toBeNull();
    expect(after.snack && isOnSnake(after.snake, after.snack)).toBe(false);
    expect(after.seed).not.toBe(before.seed);
  });

  it('may move into the cell its tail leaves on the same tick', () => {
    const square = playing({
      snake: [
        { x: 5, y: 5 },
        { x: 5, y: 6 },
        { x: 6, y: 6 },
        { x: 6, y: 5 },
      ],
      direction: 'RIGHT',
    });
    const state = run(square, tick, tick);
    expect(state.playground.isGameOver).toBe(false);
    expect(state.isPlaying).toBe(true);
  });
});

describe('with borders (spec §5)', () => {
  it.each([
    ['LEFT', { x: 0, y: 9 }, { x: -1, y: 9 }],
    ['RIGHT', { x: 34, y: 9 }, { x: 35, y: 9 }],
    ['UP', { x: 9, y: 0 }, { x: 9, y: -1 }],
    ['DOWN', { x: 9, y: 34 }, { x: 9, y: 35 }],
  ] as const)('leaving %s ends the game on the next tick', (direction, edge, outside) => {
    const left = step(playing({ snake: [edge], direction }));
    expect(left.snake).toEqual([outside]);
    expect(left.isPlaying).toBe(true);
    const over = step(left);
    expect(over.playground.isGameOver).toBe(true);
    expect(over.isPlaying).toBe(false);
    expect(over.snake).toEqual([outside]);
  });
});

describe('without borders (spec §4)', () => {
  it.each([
    ['LEFT', { x: 0, y: 9 }, { x: 34, y: 9 }],
    ['RIGHT', { x: 34, y: 9 }, { x: 0, y: 9 }],
    ['UP', { x: 9, y: 0 }, { x: 9, y: 34 }],
    ['DOWN', { x: 9, y: 34 }, { x: 9, y: 0 }],
  ] as const)('going %s wraps to the opposite edge', (direction, edge, wrapped) => {
    const state = run(playing({ snake: [edge], direction, rule: 'WITHOUT_BORDERS' }), tick, tick);
    expect(state.isPlaying).toBe(true);
    expect(state.snake[0]).toEqual({
      x: wrapped.x + (direction === 'LEFT' ? -1 : direction === 'RIGHT' ? 1 : 0),
      y: wrapped.y + (direction === 'UP' ? -1 : direction === 'DOWN' ? 1 : 0),
    });
  });
});

describe('self-collision (spec §5)', () => {
  it('the head landing on the body ends the game on the next tick', () => {
    // A length-5 snake curled so that moving UP puts the head on its own body.
    const curled = playing({
      snake: [
        { x: 5, y: 5 },
        { x: 6, y: 5 },
        { x: 6, y: 4 },
        { x: 5, y: 4 },
        { x: 4, y: 4 },
      ],
      direction: 'LEFT',
      turns: ['UP'],
    });
    const bitten = step(curled);
    expect(bitten.snake[0]).toEqual({ x: 5, y: 4 });
    expect(bitten.isPlaying).toBe(true);
    const over = step(bitten);
    expect(over.playground.isGameOver).toBe(true);
    expect(over.isPlaying).toBe(false);
  });
});

describe('the second segment (spec §4)', () => {
  it('never moves back onto it: it keeps moving away instead', () => {
    const state = step(
      playing({
        snake: [
          { x: 5, y: 5 },
          { x: 4, y: 5 },
        ],
        direction: 'LEFT',
      }),
    );
    expect(state.snake[0]).toEqual({ x: 6, y: 5 });
    expect(state.playground.direction).toBe('RIGHT');
    expect(state.playground.isGameOver).toBe(false);
  });
});

describe('turning (spec §4 direction change, DESIGN §3 input)', () => {
  const moving = (direction: Direction) => playing({ snake: [{ x: 10, y: 10 }], direction });

  it('refuses the opposite direction', () => {
    for (const [a, b] of [
      ['UP', 'DOWN'],
      ['DOWN', 'UP'],
      ['LEFT', 'RIGHT'],
      ['RIGHT', 'LEFT'],
    ] as const) {
      const state = moving(a);
      expect(gameReducer(state, turn(b))).toBe(state);
    }
  });

  it('ignores a key equal to the current direction', () => {
    const state = moving('UP');
    expect(gameReducer(state, turn('UP'))).toBe(state);
  });

  it('applies a turn on the next tick', () => {
    const state = run(moving('RIGHT'), turn('UP'), tick);
    expect(state.snake[0]).toEqual({ x: 10, y: 9 });
    expect(state.playground.direction).toBe('UP');
  });

  it('buffers two quick turns and applies both, one per tick', () => {
    const buffered = run(moving('RIGHT'), turn('UP'), turn('LEFT'));
    expect(buffered.turns).toEqual(['UP', 'LEFT']);
    const one = step(buffered);
    expect(one.snake[0]).toEqual({ x: 10, y: 9 });
    const two = step(one);
    expect(two.snake[0]).toEqual({ x: 9, y: 9 });
    expect(two.playground.direction).toBe('LEFT');
  });

  it('checks each turn against the last buffered direction', () => {
    const state = run(moving('RIGHT'), turn('UP'));
    expect(gameReducer(state, turn('DOWN'))).toBe(state);
    expect(gameReducer(state, turn('UP'))).toBe(state);
    expect(gameReducer(state, turn('RIGHT')).turns).toEqual(['UP', 'RIGHT']);
  });

  it('drops a third turn within one tick', () => {
    const state = run(moving('RIGHT'), turn('UP'), turn('LEFT'));
    expect(gameReducer(state, turn('DOWN'))).toBe(state);
  });

  it('does nothing while not playing or paused', () => {
    const idle = createInitialState();
    expect(gameReducer(idle, turn('UP'))).toBe(idle);
    const paused = run(moving('RIGHT'), { type: 'pause' });
    expect(gameReducer(paused, turn('UP'))).toBe(paused);
  });
});

describe('game over happens exactly once', () => {
  it('later ticks change nothing, so a listener on isGameOver fires once', () => {
    const over = run(playing({ snake: [{ x: 0, y: 0 }], direction: 'LEFT' }), tick, tick);
    expect(over.playground.isGameOver).toBe(true);
    expect(step(over)).toBe(over);
    expect(gameReducer(over, turn('UP'))).toBe(over);
    expect(gameReducer(over, { type: 'stop' })).toBe(over);
  });

  it('marks it only on the tick that detects it', () => {
    let state = playing({ snake: [{ x: 1, y: 0 }], direction: 'LEFT' });
    const flips: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const next = step(state);
      if (!state.playground.isGameOver && next.playground.isGameOver) flips.push(i);
      state = next;
    }
    expect(flips).toEqual([2]);
  });
});

describe('stop, pause, reset', () => {
  it('Stop ends the game without losing it and freezes the board', () => {
    const state = run(playing({ snake: [{ x: 9, y: 9 }], direction: 'UP' }), tick, { type: 'stop' });
    expect(state.isPlaying).toBe(false);
    expect(state.playground.isGameOver).toBe(false);
    expect(step(state)).toBe(state);
  });

  it('pause freezes the clock, resume continues', () => {
    const paused = run(playing({ snake: [{ x: 9, y: 9 }], direction: 'UP' }), { type: 'pause' });
    expect(paused.isPaused).toBe(true);
    expect(step(paused)).toBe(paused);
    const resumed = run(paused, { type: 'togglePause' }, tick);
    expect(resumed.isPaused).toBe(false);
    expect(resumed.snake[0]).toEqual({ x: 9, y: 8 });
    expect(gameReducer(createInitialState(), { type: 'pause' }).isPaused).toBe(false);
  });

  it('reset clears grid, snake, snack and isGameOver', () => {
    const over = run(playing({ snake: [{ x: 0, y: 0 }], direction: 'UP' }), tick, tick);
    const state = resetGame(over);
    expect(state.grid).toEqual([]);
    expect(state.snake).toEqual([]);
    expect(state.snack).toBeNull();
    expect(state.playground.isGameOver).toBe(false);
    expect(state.isPlaying).toBe(false);
    expect(gameReducer(over, { type: 'reset' })).toEqual(state);
  });
});

describe('score (spec §3, §5)', () => {
  it('is length − 1 and shown only when 0 or more', () => {
    expect(scoreOf(createInitialState())).toBe(-1);
    expect(isScoreShown(scoreOf(createInitialState()))).toBe(false);
    expect(isScoreShown(0)).toBe(true);
    expect(
      scoreOf({
        snake: [
          { x: 1, y: 1 },
          { x: 2, y: 1 },
          { x: 3, y: 1 },
        ],
      }),
    ).toBe(2);
  });
});
