import { useSyncExternalStore } from 'react';
import { dismissTokenNotice, getTokenState, subscribeToken } from './tokenState';

/**
 * The snake token for the UI, whichever path writes it: `token` (id and totals for the panel below the board),
 * `minting` (show progress on Start), `updating`, `notice` (a dismissable message) and `dismissNotice`.
 */
export function useSnakeToken() {
  const state = useSyncExternalStore(subscribeToken, getTokenState, getTokenState);
  return { ...state, dismissNotice: dismissTokenNotice };
}
