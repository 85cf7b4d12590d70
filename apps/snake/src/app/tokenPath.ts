import { gameServiceUrl } from '../service/config';
import { tokenText } from '../token/strings';
import { setTokenState, type TokenPath } from '../token/tokenState';
import { selfCustodyPath } from '../token/tokenStore';
import { loadChunk } from '../ui/loadChunk';
import { reasonOf } from '../wallet/strings';

// The service path loads on demand (it is only in builds with a service URL). By game over, Start has loaded it, so
// recordGame saves the result within the same task (a resolved import answers in a microtask). A failed load is not
// kept: the next Start Play tries again.
let loaded: Promise<TokenPath> | null = null;
function loadServicePath(): Promise<TokenPath> {
  loaded ??= loadChunk(() => import('../service/serviceTokenPath')).then(
    (m) => {
      const path = new m.ServiceTokenPath();
      path.follow();
      return path;
    },
    (error: unknown) => {
      loaded = null;
      throw error;
    },
  );
  return loaded;
}
const servicePath: TokenPath = {
  prepareStart: () =>
    loadServicePath().then(
      (p) => p.prepareStart(),
      (error: unknown) => {
        console.error('Failed to load the game service code:', error);
        setTokenState({ notice: { kind: 'error', text: tokenText.codeFailed, detail: reasonOf(error) } });
        return null;
      },
    ),
  recordGame: (score, played) => void loadServicePath().then((p) => p.recordGame(score, played)),
  follow: () =>
    void loadServicePath().catch((error: unknown) =>
      console.error('Failed to load the game service code:', error),
    ),
  retryNow: () => void loaded?.then((p) => p.retryNow?.()),
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
