import { useSyncExternalStore } from 'react';
import { getWalletState, subscribeWallet, type WalletState } from './store';

/** The wallet state, re-rendering on every change. */
export function useWallet(): WalletState {
  return useSyncExternalStore(subscribeWallet, getWalletState, getWalletState);
}
