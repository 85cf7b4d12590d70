import { useSyncExternalStore } from 'react';
import { gameServiceUrl } from '../service/config';
import { dismissTokenNotice, getTokenState, subscribeToken, type TokenPath } from './tokenState';
import { selfCustodyPath } from './tokenStore';

// The service path loads on demand (it is only in builds with a service URL). By game over, Start has loaded it, so
// recordGame saves the result within the same task (a resolved import answers in a microtask).
const loadServicePath = () => import('../service/serviceTokenStore').then((m) => m.serviceTokenPath);
const servicePath: TokenPath = {
  prepareStart: () => loadServicePath().then((p) => p.prepareStart()),
  recordGame: (score, played) => void loadServicePath().then((p) => p.recordGame(score, played)),
  follow: () => void loadServicePath().then((p) => p.follow()),
};

/** The game service's path when this build has a service URL, else the spec's self-custody path (README). */
const path: TokenPath = gameServiceUrl() ? servicePath : selfCustodyPath;
path.follow();

/**
 * The snake token for the UI: `token` (id and totals for the panel below the board), `minting` (show progress on
 * Start), `updating`, `notice` (a dismissable message), and the two game hooks:
 * - `prepareStart()`: await it in the Start handler before starting; `null` means do not start, otherwise start
 *   with the ticket's seed (the game service's) when it has one.
 * - `recordGame(score, played)`: call once at game over; it returns at once.
 */
export function useSnakeToken() {
  const state = useSyncExternalStore(subscribeToken, getTokenState, getTokenState);
  return {
    ...state,
    prepareStart: path.prepareStart,
    recordGame: path.recordGame,
    dismissNotice: dismissTokenNotice,
  };
}
