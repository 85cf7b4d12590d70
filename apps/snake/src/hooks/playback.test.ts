import { createInitialState, type Direction, type GameState, scoreOf } from '@nftkit/snake-engine';
import { decodeBestGame, encodeBestGame, playRecordedGame, replayGame } from '@nftkit/snake-protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGameStore } from './gameStore';
import { advance, type Playback } from './playback';
import { initialRecordedState } from './recording';

/** A player that heads for the snack (x first, then y) and never asks to reverse. */
function chaser(state: GameState): Direction[] {
  const head = state.snake[0]!;
  const snack = state.snack;
  if (!snack) return [];
  const current = state.playground.direction;
  const want: Direction =
    snack.x !== head.x ? (snack.x > head.x ? 'RIGHT' : 'LEFT') : snack.y > head.y ? 'DOWN' : 'UP';
  const opposite: Record<Direction, Direction> = { UP: 'DOWN', DOWN: 'UP', LEFT: 'RIGHT', RIGHT: 'LEFT' };
  if (want === current || want === opposite[current]) return [];
  return [want];
}

/** Plays a recorded game back on a fresh board, tick by tick as the page's clock does, to its end. */
function playBack(game: { seed: number; inputs: Playback['inputs'] }) {
  const store = createGameStore(initialRecordedState(createInitialState()));
  store.dispatch({ type: 'start', seed: game.seed, rule: 'WITH_BORDERS' });
  const playback: Playback = { inputs: game.inputs, next: 0 };
  for (let guard = 0; guard < 100_000 && !store.game().playground.isGameOver; guard += 1)
    advance(store, playback);
  return { state: store.game(), used: playback.next };
}

describe('a best game played back on the board', () => {
  it('is the game that was recorded: the same ticks and score, every turn used', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), (seed) => {
        const played = playRecordedGame(seed, chaser, 5_000);
        const replay = replayGame(played);
        if (!replay.ok) throw new Error(replay.message);
        // As the token keeps it: only the turns the engine kept, through the property's text form.
        const kept = decodeBestGame(encodeBestGame({ ...played, inputs: replay.kept }))!;
        const { state, used } = playBack(kept);
        expect(state.playground.isGameOver).toBe(true);
        expect(state.ticks).toBe(played.ticks);
        expect(scoreOf(state)).toBe(played.score);
        expect(used).toBe(kept.inputs.length);
      }),
      { numRuns: 25 },
    );
  });

  it('without a playback the clock only ticks', () => {
    const store = createGameStore(initialRecordedState(createInitialState()));
    store.dispatch({ type: 'start', seed: 7, rule: 'WITH_BORDERS' });
    const direction = store.game().playground.direction;
    advance(store, null);
    expect(store.game().ticks).toBe(1);
    expect(store.game().playground.direction).toBe(direction);
  });
});
