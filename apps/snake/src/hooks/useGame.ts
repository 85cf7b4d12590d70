import type { GameAction, GameState } from '@nftkit/snake-engine';
import { createInitialState } from '@nftkit/snake-engine';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { flushSync } from 'react-dom';
import { manualClock, newSeed, TEST_HOOKS } from '../app/config';
import {
  type AppAction,
  initialRecordedState,
  type PlayedGame,
  recordedTurns,
  recordingReducer,
} from './recording';
import { useClock } from './useClock';

export type { AppAction, PlayedGame, RecordedTurn } from './recording';

export interface SnakeTestHook {
  state(): GameState;
  /** Dispatches and commits synchronously (flushSync), so the DOM is up to date on return. */
  run(...actions: AppAction[]): void;
  tick(count?: number): void;
  load(state: GameState): void;
}

declare global {
  interface Window {
    __snake?: SnakeTestHook;
  }
}

export interface UseGameOptions {
  /**
   * Called once per finished game (not on Stop), after the board shows the loss, with the game's record: the turns
   * the engine accepted (with the tick count at each), the ticks played and the time since Start.
   */
  onGameOver?: (state: GameState, played: PlayedGame) => void;
}

/** The game as React state: the engine reduces, React owns the clock. */
export function useGame({ onGameOver }: UseGameOptions = {}) {
  const [recorded, dispatch] = useReducer(recordingReducer, undefined, () =>
    initialRecordedState(createInitialState()),
  );
  const state = recorded.game;
  const recordedRef = useRef(recorded);
  recordedRef.current = recorded;
  // When the current game started (performance.now()): its duration goes with the result.
  const startedAt = useRef(0);

  const running = state.isPlaying && !state.isPaused;
  const tick = useCallback(() => dispatch({ type: 'tick' }), []);
  useClock(running && !manualClock, state.tickRate, tick);

  // The engine sets isGameOver on exactly one transition per game, so this fires once per game.
  const onGameOverRef = useRef(onGameOver);
  onGameOverRef.current = onGameOver;
  const { isGameOver } = state.playground;
  const { gameId } = state;
  useEffect(() => {
    if (!isGameOver || gameId <= 0) return;
    const { game } = recordedRef.current;
    const durationMs = Math.max(0, Math.round(performance.now() - startedAt.current));
    onGameOverRef.current?.(game, {
      inputs: recordedTurns(recordedRef.current),
      ticks: game.ticks,
      durationMs,
    });
  }, [isGameOver, gameId]);

  useEffect(() => {
    if (!TEST_HOOKS) return;
    const run = (...actions: AppAction[]) => flushSync(() => actions.forEach(dispatch));
    window.__snake = {
      state: () => recordedRef.current.game,
      run,
      tick: (count = 1) => {
        for (let i = 0; i < count; i += 1) run({ type: 'tick' });
      },
      load: (next) => run({ type: 'load', state: next }),
    };
    return () => {
      delete window.__snake;
    };
  }, []);

  /** Starts a game with `seed` (the game service's), or a new random one. */
  const start = useCallback((seed?: number) => {
    startedAt.current = performance.now();
    dispatch({ type: 'start', seed: seed ?? newSeed(), rule: 'WITH_BORDERS' });
  }, []);
  return { state, dispatch: dispatch as (action: GameAction) => void, start };
}
