// The self-custody token path (spec §4, no game service): the wallet creates the collection, mints and updates its
// token. No kit code: the token logic (`snakeToken.ts`) is imported on demand.
import type { PlayedGame } from '../hooks/recording';
import { loadChunk } from '../ui/loadChunk';
import type { WalletSession } from '../wallet/session';
import { getWalletState, subscribeWallet } from '../wallet/store';
import { failureNotice } from './failureNotice';
import { chainReasons, describeChainFailure, tokenText } from './strings';
import { getTokenState, setTokenState as set, type TokenPath } from './tokenState';

export {
  dismissTokenNotice,
  getTokenState,
  subscribeToken,
  type TokenNotice,
  type TokenState,
} from './tokenState';

const loadLogic = () => loadChunk(() => import('./snakeToken'));
const refreshBalance = () => loadChunk(() => import('../wallet/controller')).then((c) => c.refreshBalance());

const contextOf = (session: WalletSession, storage: Storage | null, baseUrl: string) => ({
  client: session.client,
  address: session.address,
  chain: baseUrl,
  storage,
});

type Env = { storage: () => Storage | null; baseUrl: () => Promise<string> };

const defaultEnv: Env = {
  storage: () => {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
      return null;
    }
  },
  baseUrl: () => loadChunk(() => import('../chain/config')).then((c) => c.chainConfig().baseUrl),
};

let env: Env = defaultEnv;
/** Test hook: replace where the store reads storage and the base URL. */
export function setTokenEnv(next: Partial<Env>): void {
  env = { ...defaultEnv, ...next };
}

// The session whose token is loaded (or loading); a new session (connect, switch, disconnect) starts over.
let loadedFor: WalletSession | null = null;
let loading: Promise<void> | null = null;
// The wallet's collection, made ready in the background when it has no token yet (spec §4: page load creates the
// collection if needed), so that Start Play then waits for one write (the mint) instead of two.
let collectionReady: Promise<unknown> = Promise.resolve();
// Game-over writes run one after the other, each starting from the chain's totals.
let updates: Promise<unknown> = Promise.resolve();

/** Reads the connected wallet's token back from the chain (spec: on connect, the totals come from the chain). */
export function loadTokenFor(session: WalletSession | null): Promise<void> {
  if (session === loadedFor && loading) return loading;
  loadedFor = session;
  collectionReady = Promise.resolve();
  set({ token: null, notice: null });
  if (!session?.canWriteTokens) {
    loading = Promise.resolve();
    return loading;
  }
  loading = (async () => {
    try {
      const logic = await loadLogic();
      const ctx = contextOf(session, env.storage(), await env.baseUrl());
      const token = await logic.findSnakeToken(ctx);
      if (loadedFor !== session) return;
      set({ token });
      if (!token) {
        // Failure here is only logged: Start Play tries again and shows what went wrong.
        collectionReady = logic.ensureCollection(ctx).catch((error: unknown) => {
          console.error('Failed to create the Snake Game Collection:', error);
        });
      }
    } catch (error) {
      console.error('Failed to read Snake NFT:', error);
      if (loadedFor === session)
        set({ notice: failureNotice(describeChainFailure(error), tokenText.readFailed) });
    }
  })();
  return loading;
}

/**
 * Start Play's token step (spec §4 step 5). Resolves `true` when the game may start: no wallet (plays without a
 * token), MetaMask (plays without a token, says so), the wallet has its token — minted now when it had none — or
 * the chain does not answer (the game plays on without the token, and the notice says so: nothing is kept for
 * later on this path). Resolves `false` when minting failed otherwise: the game must not start; the notice says why.
 */
export async function prepareStart(): Promise<boolean> {
  const session = getWalletState().session;
  if (!session) return true;
  if (!session.canWriteTokens) {
    set({ notice: { kind: 'info', text: tokenText.metaMaskNoToken } });
    return true;
  }
  if (getTokenState().minting) return false;
  await loadTokenFor(session);
  if (getTokenState().token && loadedFor === session) return true;
  set({ minting: true, notice: null });
  try {
    await collectionReady;
    const logic = await loadLogic();
    const token = await logic.prepareSnakeToken(contextOf(session, env.storage(), await env.baseUrl()));
    if (loadedFor !== session) return false;
    set({ token, minting: false });
    void refreshBalance();
    return true;
  } catch (error) {
    const failure = describeChainFailure(error);
    if (failure.reason === chainReasons.unreachable) {
      set({
        minting: false,
        notice: { kind: 'info', text: tokenText.chainDownPlay, detail: failure.detail },
      });
      return true;
    }
    set({ minting: false, notice: failureNotice(failure, tokenText.mintFailed) });
    return false;
  }
}

/**
 * Game over: writes the new totals (once per call; the caller calls it once per game). Never blocks: it returns at
 * once, and the notice and panel follow when the chain answers.
 */
export function recordGameOver(score: number): void {
  const session = getWalletState().session;
  const token = getTokenState().token;
  if (!session?.canWriteTokens || !token || loadedFor !== session) return;
  set({ updating: true });
  updates = updates.then(async () => {
    try {
      const logic = await loadLogic();
      const current = getTokenState().token ?? token;
      const ids = { collectionId: current.collectionId, tokenId: current.tokenId };
      const totals = await logic.recordGame(
        contextOf(session, env.storage(), await env.baseUrl()),
        ids,
        score,
      );
      if (loadedFor === session) {
        set({
          token: totals,
          updating: false,
          notice: { kind: 'success', text: tokenText.updated(totals.totalScore, totals.gamesPlayed) },
        });
      }
      void refreshBalance();
    } catch (error) {
      if (loadedFor === session) {
        set({ updating: false, notice: failureNotice(describeChainFailure(error), tokenText.updateFailed) });
      }
    }
  });
}

let following = false;
/** Follow the wallet: connect reads the token back, disconnect forgets it. */
export function followWallet(): void {
  if (following) return;
  following = true;
  subscribeWallet(() => {
    const session = getWalletState().session;
    if (session !== loadedFor) void loadTokenFor(session);
  });
}

/** The self-custody path for the UI. */
export const selfCustodyPath: TokenPath = {
  prepareStart: async () => {
    if (!(await prepareStart())) return null;
    // The game counts when the wallet's token is there to record it (not a guest, not MetaMask, the chain answering).
    const session = getWalletState().session;
    return { seed: null, counts: session?.canWriteTokens === true && getTokenState().token !== null };
  },
  recordGame: (score: number, _played: PlayedGame) => recordGameOver(score),
  follow: followWallet,
};
