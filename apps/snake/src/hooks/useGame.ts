import type { GameAction, GameState } from '@nftkit/snake-engine';
import { createInitialState, gameReducer } from '@nftkit/snake-engine';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { flushSync } from 'react-dom';
import { manualClock, newSeed, TEST_HOOKS } from '../app/config';
import { useClock } from './useClock';

/** Engine actions plus `load`, which only test builds use (to set up a board for browser tests and the benchmark). */
export type AppAction = GameAction | { readonly type: 'load'; readonly state: GameState };

function appReducer(state: GameState, action: AppAction): GameState {
  return action.type === 'load' ? action.state : gameReducer(state, action);
}

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
  /** Called once per finished game (not on Stop), after the board shows the loss. */
  onGameOver?: (state: GameState) => void;
}

/** The game as React state: the engine reduces, React owns the clock. */
export function useGame({ onGameOver }: UseGameOptions = {}) {
  const [state, dispatch] = useReducer(appReducer, undefined, () => createInitialState());
  const stateRef = useRef(state);
  stateRef.current = state;

  const running = state.isPlaying && !state.isPaused;
  const tick = useCallback(() => dispatch({ type: 'tick' }), []);
  useClock(running && !manualClock, state.tickRate, tick);

  // The engine sets isGameOver on exactly one transition per game, so this fires once per game.
  const onGameOverRef = useRef(onGameOver);
  onGameOverRef.current = onGameOver;
  const { isGameOver } = state.playground;
  const { gameId } = state;
  useEffect(() => {
    if (isGameOver && gameId > 0) onGameOverRef.current?.(stateRef.current);
  }, [isGameOver, gameId]);

  useEffect(() => {
    if (!TEST_HOOKS) return;
    const run = (...actions: AppAction[]) => flushSync(() => actions.forEach(dispatch));
    window.__snake = {
      state: () => stateRef.current,
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

  const start = useCallback(() => dispatch({ type: 'start', seed: newSeed(), rule: 'WITH_BORDERS' }), []);
  return { state, dispatch: dispatch as (action: GameAction) => void, start };
}
