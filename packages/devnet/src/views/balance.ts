import { formatCoins } from '@nftkit/primitives';
import { CHAIN } from '../runtime/identity.js';
import type { RuntimeStorage } from '../runtime/storage.js';

/** `/balances/get`: `available` in coins, the rest in wei (rest-api §4.1). */
export function balanceView(storage: RuntimeStorage, address: string) {
  const a = storage.system.account(address);
  const available = a.free > a.frozen ? a.free - a.frozen : 0n;
  return {
    available: formatCoins(available, CHAIN.decimals),
    locked: String(a.frozen),
    free: String(a.free),
    total: String(a.free + a.reserved),
    reserved: String(a.reserved),
    staked: '0',
    unstaked: '0',
    canstake: '0',
    decimals: CHAIN.decimals,
    tokenSymbol: CHAIN.symbol,
  };
}
