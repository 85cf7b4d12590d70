// The wallet state shared by the header, the popup and the token hook. No kit code here: this module is part of the
// initial bundle; everything that talks to a wallet or the chain lives in `controller.ts`, loaded on demand.
import type { WalletSession } from './session';
import { browserStorage, clearStoredWallet } from './storage';

export type WalletState = {
  status: 'disconnected' | 'connecting' | 'connected';
  session: WalletSession | null;
  /** `{available} {symbol}` with 4 decimals, when known. */
  balance: string | null;
  /** `Failed to fetch balance` when the last balance query failed. */
  balanceError: string | null;
  /** The wallet error of spec §8 to show (popup paragraph, or beside the connect button). */
  errorMessage: string | null;
};

const initial: WalletState = {
  status: 'disconnected',
  session: null,
  balance: null,
  balanceError: null,
  errorMessage: null,
};

let state: WalletState = initial;
const listeners = new Set<() => void>();

export const getWalletState = (): WalletState => state;

export function setWalletState(patch: Partial<WalletState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function subscribeWallet(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Spec §4: disconnect clears the connection, the chain client and both stored wallet keys. */
export function disconnectWallet(): void {
  const storage = browserStorage();
  if (storage) clearStoredWallet(storage);
  setWalletState({ ...initial });
}

/** Test hook: back to the initial state without touching storage. */
export function resetWalletStore(): void {
  state = initial;
  for (const listener of listeners) listener();
}
