import type { GameState } from '@nftkit/snake-engine';
import { type AppAction, type RecordedState, recordingReducer } from './recording';

/**
 * The game outside React: the recording reducer behind a subscribe/get pair (for useSyncExternalStore). A tick
 * then re-renders only the components that read what the tick changed (the board, the snake layer, the score),
 * never the header, the controls, the token panel or the notices.
 */
export interface GameStore {
  get(): RecordedState;
  game(): GameState;
  /** Reduces at once; listeners hear of it only when the state changed. */
  dispatch(action: AppAction): void;
  subscribe(listener: () => void): () => void;
}

export function createGameStore(initial: RecordedState): GameStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    game: () => state.game,
    dispatch(action) {
      const next = recordingReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
