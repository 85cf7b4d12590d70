import { createInitialState, type Direction, scoreOf } from '@nftkit/snake-engine';
import { replayGame } from '@nftkit/snake-protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AppAction,
  initialRecordedState,
  type RecordedState,
  recordedTurns,
  recordingReducer,
} from './recording';

const DIRECTIONS: Direction[] = ['UP', 'DOWN', 'LEFT', 'RIGHT'];

const play = (seed: number, actions: AppAction[]): RecordedState => {
  let state = recordingReducer(initialRecordedState(createInitialState()), {
    type: 'start',
    seed,
    rule: 'WITH_BORDERS',
  });
  for (const action of actions) {
    if (state.game.playground.isGameOver) break;
    state = recordingReducer(state, action);
  }
  // Straight on, the snake reaches the wall within 36 ticks.
  for (let i = 0; i < 40 && !state.game.playground.isGameOver; i += 1) {
    state = recordingReducer(state, { type: 'resume' });
    state = recordingReducer(state, { type: 'tick' });
  }
  return state;
};

const action: fc.Arbitrary<AppAction> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(...DIRECTIONS).map((direction) => ({ type: 'turn', direction }) as const),
  },
  { weight: 5, arbitrary: fc.constant({ type: 'tick' } as const) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { type: 'pause' } as const,
      { type: 'resume' } as const,
      { type: 'togglePause' } as const,
    ),
  },
);

describe('the recorded game', () => {
  it('replays with the protocol to the score and ticks the page saw (any keys, pauses, quick turns)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff_ffff }),
        fc.array(action, { maxLength: 400 }),
        (seed, actions) => {
          const state = play(seed, actions);
          expect(state.game.playground.isGameOver).toBe(true);
          const outcome = replayGame({ seed, inputs: recordedTurns(state), ticks: state.game.ticks });
          expect(outcome).toMatchObject({ ok: true, score: scoreOf(state.game), ticks: state.game.ticks });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('records a turn with the tick count at that moment, and nothing the engine refused', () => {
    let state = recordingReducer(initialRecordedState(createInitialState()), { type: 'start', seed: 7 });
    const first = state.game.playground.direction;
    const side: Direction = first === 'UP' || first === 'DOWN' ? 'LEFT' : 'UP';
    state = recordingReducer(state, { type: 'tick' });
    state = recordingReducer(state, { type: 'tick' });
    state = recordingReducer(state, { type: 'turn', direction: first }); // same direction: refused
    state = recordingReducer(state, { type: 'pause' });
    state = recordingReducer(state, { type: 'turn', direction: side }); // paused: refused
    state = recordingReducer(state, { type: 'resume' });
    state = recordingReducer(state, { type: 'turn', direction: side });
    expect(recordedTurns(state)).toEqual([{ tick: 2, direction: side }]);
  });

  it('starts empty for every game', () => {
    let state = recordingReducer(initialRecordedState(createInitialState()), { type: 'start', seed: 1 });
    const first = state.game.playground.direction;
    state = recordingReducer(state, {
      type: 'turn',
      direction: first === 'UP' || first === 'DOWN' ? 'LEFT' : 'UP',
    });
    expect(recordedTurns(state)).toHaveLength(1);
    state = recordingReducer(state, { type: 'start', seed: 2 });
    expect(recordedTurns(state)).toEqual([]);
  });
});
