// The snake token state shared by the Start button, the game-over handler, the notice, the panel and the game-over
// overlay. Both token paths (self-custody in `tokenStore.ts`, the game service in `../service/`) write it.
import type { PlayedGame } from '../hooks/recording';
import type { SnakeTokenTotals } from './snakeToken';

/**
 * A message about the token: `text` in the page's language, whole on its own; `detail` the raw error behind it, if
 * any, shown as one small line under it (it is whatever the wallet, chain or service said, often English).
 */
export type TokenNotice = { kind: 'info' | 'success' | 'error'; text: string; detail?: string };

export type TokenState = {
  /** The connected wallet's token and its totals as last read from or written to the chain. */
  token: SnakeTokenTotals | null;
  minting: boolean;
  updating: boolean;
  notice: TokenNotice | null;
};

const initial: TokenState = { token: null, minting: false, updating: false, notice: null };
let state: TokenState = initial;
const listeners = new Set<() => void>();

export const getTokenState = (): TokenState => state;

export function setTokenState(patch: Partial<TokenState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissTokenNotice(): void {
  setTokenState({ notice: null });
}

/**
 * What Start Play may start with: the game service's seed, or none (the page picks one); and whether the game's
 * result goes to a token (a connected wallet that can have one), so the game-over screen never shows a token's
 * totals under a game that did not count on it.
 */
export type StartTicket = { seed: number | null; counts: boolean };

/** A token path as the UI uses it (the self-custody one or the game service's). */
export type TokenPath = {
  /** Await it in the Start handler before starting; `null` means do not start (the notice says why). */
  prepareStart(): Promise<StartTicket | null>;
  /** Call once at game over; it returns at once. */
  recordGame(score: number, played: PlayedGame): void;
  /** Starts following the wallet (connect, switch, disconnect). */
  follow(): void;
  /** The chain answers again: send what waits for it now (a path that keeps nothing ignores it). */
  retryNow?(): void;
};
