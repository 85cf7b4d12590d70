// The game service token path (issue 12): the player signs in by signing a challenge (no fee), Start Play gets a
// game id and seed from the service (which finds or mints the player's token), and game over sends the recorded game
// for the service to replay and record. Results are saved in localStorage before they are sent and removed only
// when the service confirms them. The protocol code loads on demand (`serviceCalls.ts`).
import type { GameResultRequest } from '@nftkit/snake-protocol';
import type { PlayedGame } from '../hooks/recording';
import type { SnakeTokenTotals } from '../token/snakeToken';
import { tokenText } from '../token/strings';
import { getTokenState, type StartTicket, setTokenState as set, type TokenPath } from '../token/tokenState';
import type { WalletSession } from '../wallet/session';
import { browserStorage, type KeyValueStorage } from '../wallet/storage';
import { getWalletState, subscribeWallet } from '../wallet/store';
import { gameServiceUrl } from './config';
import { dropStoredSession } from './storedSession';
import { serviceText } from './strings';

type Calls = typeof import('./serviceCalls');

export type ServiceEnv = {
  url: () => string | null;
  storage: () => KeyValueStorage | null;
  load: () => Promise<Calls>;
  /** Schedules a resend; answers a cancel function. */
  later: (run: () => void, ms: number) => () => void;
};

const defaultEnv: ServiceEnv = {
  url: gameServiceUrl,
  storage: browserStorage,
  load: () => import('./serviceCalls'),
  later: (run, ms) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};
let env = defaultEnv;
/** Test hook: replace the service URL, storage, loader or timer. */
export function setServiceEnv(next: Partial<ServiceEnv>): void {
  env = { ...defaultEnv, ...next };
}

// The loaded protocol code, kept so game over can save its result synchronously (before anything can interrupt).
let calls: Calls | null = null;
const loadCalls = async (): Promise<Calls> => {
  calls ??= await env.load();
  return calls;
};

// The wallet this path works for; every async step checks it is still the one before writing state.
let wallet: WalletSession | null = null;
let bearer: string | null = null;
let signing: { for: WalletSession; promise: Promise<string> } | null = null;
// The game Start Play got from the service, sent at its game over.
let current: { gameId: string; address: string } | null = null;
let starting = false;
// Results of this wallet saved but not confirmed: leaving the page asks first while there are any.
let unsent = 0;
let flushing = false;
let flushAgain = false;
let cancelRetry: (() => void) | null = null;
let retryDelay = 0;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/** Totals only grow: an answer read before a newer one (a Start racing a result) never rolls the panel back. */
function showToken(token: SnakeTokenTotals | null | undefined): void {
  if (!token) return;
  const shown = getTokenState().token;
  const older =
    shown !== null &&
    shown.collectionId === token.collectionId &&
    shown.tokenId === token.tokenId &&
    token.gamesPlayed < shown.gamesPlayed;
  if (!older) set({ token });
}

const serviceUrl = (): string => {
  const url = env.url();
  if (!url) throw new Error('VITE_GAME_SERVICE_URL is not set');
  return url;
};

/** The reason shown for a failed step: the wallet's refusal, the service being unreachable, or its message. */
function reasonText(c: Calls, error: unknown): string {
  if (error instanceof c.SignInError) return error.refused ? serviceText.signRejected : error.message;
  const info = c.classify(error);
  return info.status === 0 ? `${serviceText.unreachable}: ${info.message}` : info.message;
}

function signInNotice(c: Calls, error: unknown): string {
  return error instanceof c.SignInError && error.refused
    ? serviceText.signRejected
    : serviceText.signInFailed(reasonText(c, error));
}

async function ensureSignedIn(c: Calls, w: WalletSession): Promise<string> {
  if (bearer && wallet === w) return bearer;
  if (signing?.for !== w) {
    const promise = c.signIn(
      { client: c.serviceClient(serviceUrl()), service: serviceUrl(), storage: env.storage() },
      w,
    );
    signing = { for: w, promise };
    promise.then(
      (session) => {
        if (wallet === w) bearer = session;
        if (signing?.promise === promise) signing = null;
      },
      () => {
        if (signing?.promise === promise) signing = null;
      },
    );
  }
  return signing.promise;
}

/** Runs a call with the wallet's session; a session the service no longer accepts (401) is replaced once. */
async function withSession<T>(c: Calls, w: WalletSession, call: (session: string) => Promise<T>): Promise<T> {
  const session = await ensureSignedIn(c, w);
  try {
    return await call(session);
  } catch (error) {
    if (!c.classify(error).unauthorised) throw error;
    const storage = env.storage();
    if (storage) dropStoredSession(storage);
    if (bearer === session) bearer = null;
    return call(await ensureSignedIn(c, w));
  }
}

function stopRetry(): void {
  cancelRetry?.();
  cancelRetry = null;
}

function scheduleRetry(w: WalletSession): void {
  stopRetry();
  retryDelay = Math.min(RETRY_MAX_MS, retryDelay === 0 ? RETRY_MIN_MS : retryDelay * 2);
  cancelRetry = env.later(() => {
    cancelRetry = null;
    if (wallet === w) void flush(w);
  }, retryDelay);
}

/**
 * Sends the wallet's saved results, oldest first, one at a time. Applied or already recorded: removed, totals shown.
 * Unreachable or a server failure: kept, sent again later. Refused (a replay that differs, a forged or expired id):
 * removed, and the notice says why. The wallet refusing to sign in again: kept until the next sign-in.
 */
export async function flush(w: WalletSession): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return;
  }
  flushing = true;
  try {
    const c = await loadCalls();
    const storage = env.storage();
    do {
      flushAgain = false;
      const url = serviceUrl();
      const mine = () =>
        storage ? c.readPending(storage).filter((p) => p.service === url && p.address === w.address) : [];
      let queue = mine();
      unsent = queue.length;
      while (queue.length > 0 && wallet === w) {
        const pending = queue[0]!;
        set({ updating: true, notice: { kind: 'info', text: serviceText.sending } });
        try {
          const answer = await withSession(c, w, (session) =>
            c.serviceClient(url).sendResult(session, pending.result),
          );
          if (storage) c.removePending(storage, pending.result.gameId);
          retryDelay = 0;
          if (wallet === w) {
            showToken(answer.token);
            const shown = getTokenState().token ?? answer.token;
            set({
              notice: { kind: 'success', text: tokenText.updated(shown.totalScore, shown.gamesPlayed) },
            });
          }
        } catch (error) {
          const info = c.classify(error);
          if (info.alreadyRecorded) {
            // An earlier send got through: confirmed.
            if (storage) c.removePending(storage, pending.result.gameId);
            if (wallet === w) {
              showToken(info.token ?? (await c.serviceClient(url).me(await ensureSignedIn(c, w))).token);
              const shown = getTokenState().token;
              if (shown)
                set({
                  notice: { kind: 'success', text: tokenText.updated(shown.totalScore, shown.gamesPlayed) },
                });
            }
          } else if (error instanceof c.SignInError || info.retryable) {
            if (wallet === w) {
              const text =
                error instanceof c.SignInError
                  ? signInNotice(c, error)
                  : serviceText.willRetry(reasonText(c, error));
              set({ notice: { kind: 'error', text } });
              if (!(error instanceof c.SignInError)) scheduleRetry(w);
            }
            return;
          } else {
            if (storage) c.removePending(storage, pending.result.gameId);
            if (wallet === w) {
              console.error('Failed to update Snake NFT:', error);
              set({ notice: { kind: 'error', text: serviceText.refused(info.message) } });
            }
          }
        }
        queue = mine();
        unsent = queue.length;
      }
    } while (flushAgain && wallet === w);
  } catch (error) {
    // Storage or loading failed: nothing to resend from here; keep what is stored.
    console.error('Failed to send the snake results:', error);
  } finally {
    flushing = false;
    if (wallet === w) set({ updating: false });
  }
}

/** Switches to another wallet (or none): signs in (stored session or a new signature), reads the token, resends. */
function follow(next: WalletSession | null): void {
  if (next === wallet) return;
  const previous = wallet;
  wallet = next;
  bearer = null;
  current = null;
  unsent = 0;
  retryDelay = 0;
  stopRetry();
  set({ token: null, minting: false, updating: false, notice: null });
  if (!next) {
    // Disconnect: the session goes too (a shared browser), the unsent results stay for that wallet's return.
    const storage = env.storage();
    if (previous && storage) dropStoredSession(storage);
    return;
  }
  void (async () => {
    let c: Calls;
    try {
      c = await loadCalls();
    } catch (error) {
      console.error('Failed to load the game service client:', error);
      return;
    }
    try {
      if (wallet !== next) return;
      const session = await ensureSignedIn(c, next);
      if (wallet !== next) return;
      const me = await c.serviceClient(serviceUrl()).me(session);
      if (wallet === next) showToken(me.token);
    } catch (error) {
      console.error('Failed to read Snake NFT:', error);
      if (wallet === next) {
        const text =
          error instanceof c.SignInError
            ? signInNotice(c, error)
            : tokenText.readFailed(reasonText(c, error));
        set({ notice: { kind: 'error', text } });
      }
      return;
    }
    await flush(next);
  })();
}

/**
 * Start Play (spec §4 step 5 with a service): a guest (no wallet) plays at once with the page's seed; a wallet signs
 * in if needed, then the service finds or mints its token and answers the game's id and seed. `null` when that
 * fails: the game does not start, the notice says why.
 */
async function prepareStart(): Promise<StartTicket | null> {
  const w = getWalletState().session;
  if (!w) return { seed: null };
  if (starting) return null;
  if (w !== wallet) follow(w);
  starting = true;
  const hadToken = getTokenState().token !== null;
  set({ minting: !hadToken, notice: null });
  let c: Calls | null = null;
  try {
    c = await loadCalls();
    const loaded = c;
    const game = await withSession(loaded, w, (session) =>
      loaded.serviceClient(serviceUrl()).startGame(session),
    );
    if (wallet !== w) return null;
    current = { gameId: game.gameId, address: w.address };
    showToken(game.token);
    set({ minting: false });
    // Signed in again: results kept from before (an outage, a refused signature) go now.
    void flush(w);
    return { seed: game.seed };
  } catch (error) {
    console.error('Failed to create Snake NFT:', error);
    if (wallet === w) {
      const reason = c ? reasonText(c, error) : String(error);
      const text =
        c && error instanceof c.SignInError
          ? signInNotice(c, error)
          : hadToken
            ? serviceText.startFailed(reason)
            : tokenText.mintFailed(reason);
      set({ minting: false, notice: { kind: 'error', text } });
    }
    return null;
  } finally {
    starting = false;
  }
}

/** Game over: saves the result (before anything is sent), then sends it. Returns at once. */
function recordGame(score: number, played: PlayedGame): void {
  const game = current;
  current = null;
  const w = wallet;
  if (!game || !w || w.address !== game.address || !calls) return;
  const storage = env.storage();
  const entry = {
    service: serviceUrl(),
    address: w.address,
    score,
    savedAt: Date.now(),
    result: {
      gameId: game.gameId,
      inputs: played.inputs.map((t) => ({ tick: t.tick, direction: t.direction })),
      ticks: played.ticks,
      durationMs: played.durationMs,
    },
  };
  try {
    if (storage) calls.savePending(storage, entry);
  } catch (error) {
    console.error('Failed to keep the snake result in this browser:', error);
  }
  unsent += 1;
  set({ updating: true });
  if (!storage) {
    // No storage (privacy mode): send it from memory, once.
    void sendUnsaved(calls, w, entry.result);
    return;
  }
  void flush(w);
}

async function sendUnsaved(c: Calls, w: WalletSession, result: GameResultRequest): Promise<void> {
  try {
    const answer = await withSession(c, w, (session) =>
      c.serviceClient(serviceUrl()).sendResult(session, result),
    );
    if (wallet === w) {
      showToken(answer.token);
      set({
        notice: {
          kind: 'success',
          text: tokenText.updated(answer.token.totalScore, answer.token.gamesPlayed),
        },
      });
    }
  } catch (error) {
    if (wallet === w) set({ notice: { kind: 'error', text: tokenText.updateFailed(reasonText(c, error)) } });
  } finally {
    unsent = Math.max(0, unsent - 1);
    if (wallet === w) set({ updating: false });
  }
}

/** Whether a finished game of the connected wallet still waits for the service's confirmation. */
export const hasUnsentResults = (): boolean => unsent > 0;

let following = false;

/** The game service path for the UI. */
export const serviceTokenPath: TokenPath = {
  prepareStart,
  recordGame,
  follow: () => {
    if (following) return;
    following = true;
    subscribeWallet(() => follow(getWalletState().session));
    follow(getWalletState().session);
    if (typeof window !== 'undefined') {
      window.addEventListener('beforeunload', (event) => {
        if (!hasUnsentResults()) return;
        event.preventDefault();
        // Older browsers show the prompt only when returnValue is set.
        event.returnValue = '';
      });
      window.addEventListener('online', () => {
        if (wallet) void flush(wallet);
      });
    }
  },
};
