import type { GameAction, GameState } from '@nftkit/snake-engine';
import { createInitialState } from '@nftkit/snake-engine';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { manualClock, newSeed, TEST_HOOKS } from '../config/build';
import { createGameStore, type GameStore } from './gameStore';
import { advance, type Playback } from './playback';
import {
  type AppAction,
  initialRecordedState,
  type PlayedGame,
  type RecordedTurn,
  recordedTurns,
} from './recording';
import { useClock } from './useClock';

export type { GameStore } from './gameStore';
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

/**
 * One value of the game, re-rendering the caller only when it changes: `select` must answer a primitive or a
 * reference the engine keeps while unchanged (the snake array, the snack), never a new object.
 */
export function useGameValue<T>(store: GameStore, select: (game: GameState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.game()));
}

export interface UseGameOptions {
  /**
   * Called once per finished game (not on Stop, nor for a game watched), after the board shows the loss, with the
   * game's record: the turns the engine accepted (with the tick count at each), the ticks played and the time since
   * Start.
   */
  onGameOver?: (state: GameState, played: PlayedGame) => void;
}

/** A recorded game to play back on the board: its seed and the turns the engine kept, each at its tick. */
export interface WatchedGame {
  readonly seed: number;
  readonly inputs: readonly RecordedTurn[];
}

const isPlayingOf = (s: GameState) => s.isPlaying;
const isPausedOf = (s: GameState) => s.isPaused;
const isGameOverOf = (s: GameState) => s.playground.isGameOver;
const gameIdOf = (s: GameState) => s.gameId;
const tickRateOf = (s: GameState) => s.tickRate;

/**
 * The game: the engine reduces in a store (gameStore.ts), React owns the clock. The caller re-renders only when the
 * game starts, pauses, ends or changes speed; what changes every tick is read from `store` by the components that
 * draw it (useGameValue).
 */
export function useGame({ onGameOver }: UseGameOptions = {}) {
  const [store] = useState(() => createGameStore(initialRecordedState(createInitialState())));
  const isPlaying = useGameValue(store, isPlayingOf);
  const isPaused = useGameValue(store, isPausedOf);
  const isGameOver = useGameValue(store, isGameOverOf);
  const gameId = useGameValue(store, gameIdOf);
  const tickRate = useGameValue(store, tickRateOf);
  // When the current game started (performance.now()): its duration goes with the result.
  const startedAt = useRef(0);

  // A game played back (watching a best game; playback.ts): its turns go in at their ticks.
  const script = useRef<Playback | null>(null);
  const [watching, setWatching] = useState(false);
  const running = isPlaying && !isPaused;
  const tick = useCallback(() => advance(store, script.current), [store]);
  useClock(running && !manualClock, tickRate, tick);

  // The engine sets isGameOver on exactly one transition per game, so this fires once per game.
  const onGameOverRef = useRef(onGameOver);
  onGameOverRef.current = onGameOver;
  useEffect(() => {
    if (!isGameOver || gameId <= 0 || script.current) return;
    const recorded = store.get();
    const durationMs = Math.max(0, Math.round(performance.now() - startedAt.current));
    onGameOverRef.current?.(recorded.game, {
      inputs: recordedTurns(recorded),
      ticks: recorded.game.ticks,
      durationMs,
    });
  }, [isGameOver, gameId, store]);

  useEffect(() => {
    if (!TEST_HOOKS) return;
    const run = (...actions: AppAction[]) => flushSync(() => actions.forEach(store.dispatch));
    window.__snake = {
      state: store.game,
      run,
      tick: (count = 1) => {
        for (let i = 0; i < count; i += 1) flushSync(tick);
      },
      load: (next) => run({ type: 'load', state: next }),
    };
    return () => {
      delete window.__snake;
    };
  }, [store, tick]);

  const dispatch = store.dispatch as (action: GameAction) => void;
  /** Starts a game with `seed` (the game service's), or a new random one. */
  const start = useCallback(
    (seed?: number) => {
      script.current = null;
      setWatching(false);
      startedAt.current = performance.now();
      store.dispatch({ type: 'start', seed: seed ?? newSeed(), rule: 'WITH_BORDERS' });
    },
    [store],
  );
  /** Plays a recorded game back on the board at the game's speed; the player's keys do nothing meanwhile. */
  const watch = useCallback(
    (game: WatchedGame) => {
      script.current = { inputs: game.inputs, next: 0 };
      setWatching(true);
      store.dispatch({ type: 'start', seed: game.seed, rule: 'WITH_BORDERS' });
    },
    [store],
  );
  return { store, dispatch, start, watch, watching, isPlaying, isPaused, isGameOver, gameId, tickRate };
}
