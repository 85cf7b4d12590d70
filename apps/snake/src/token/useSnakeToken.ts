import { useSyncExternalStore } from 'react';
import {
  dismissTokenNotice,
  getTokenState,
  prepareStart,
  recordGameOver,
  subscribeToken,
} from './tokenStore';

/**
 * The snake token for the UI: `token` (id and totals for the panel below the board), `minting` (show progress on
 * Start), `updating`, `notice` (a dismissable message), and the two game hooks:
 * - `prepareStart()`: await it in the Start handler before starting; `false` means do not start.
 * - `recordGame(score)`: call once at game over; it returns at once.
 */
export function useSnakeToken() {
  const state = useSyncExternalStore(subscribeToken, getTokenState, getTokenState);
  return { ...state, prepareStart, recordGame: recordGameOver, dismissNotice: dismissTokenNotice };
}
