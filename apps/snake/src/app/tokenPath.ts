import { gameServiceUrl } from '../service/config';
import type { TokenPath } from '../token/tokenState';
import { selfCustodyPath } from '../token/tokenStore';

// The service path loads on demand (it is only in builds with a service URL). By game over, Start has loaded it, so
// recordGame saves the result within the same task (a resolved import answers in a microtask).
let loaded: Promise<TokenPath> | null = null;
const loadServicePath = () =>
  (loaded ??= import('../service/serviceTokenPath').then((m) => new m.ServiceTokenPath()));
const servicePath: TokenPath = {
  prepareStart: () => loadServicePath().then((p) => p.prepareStart()),
  recordGame: (score, played) => void loadServicePath().then((p) => p.recordGame(score, played)),
  follow: () => void loadServicePath().then((p) => p.follow()),
};

/**
 * The token path of this build: the game service's when it has a service URL, else the spec's self-custody path
 * (README, "Which token path runs"). It follows the wallet from the moment the page loads.
 * - `prepareStart()`: await it in the Start handler before starting; `null` means do not start, otherwise start
 *   with the ticket's seed (the game service's) when it has one.
 * - `recordGame(score, played)`: call once at game over; it returns at once.
 */
export const tokenPath: TokenPath = gameServiceUrl() ? servicePath : selfCustodyPath;
tokenPath.follow();
