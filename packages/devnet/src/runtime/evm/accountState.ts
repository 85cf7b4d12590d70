import { setUsableBalance } from '../balances/pallet.js';
import type { RuntimeStorage } from '../storage.js';
import { evmStorage } from './storage.js';
import { balanceAccount } from './value.js';

/**
 * Sets what the EVM reads of an Ethereum account, outside any transaction: the state overrides of `eth_call` (written
 * in a savepoint that is rolled back) and the test helpers' `setBalance`/`setNonce`/`setCode`/`setStorageAt`. Writes
 * go through the pallets' storage, so their caches and the chain's other faces agree.
 */

/** The balance `eth_getBalance` answers (the mirror's usable balance); the total issuance moves with it. */
export function setEthBalance(storage: RuntimeStorage, address: string, wei: bigint): void {
  setUsableBalance(storage, balanceAccount(address), wei);
}

export function setEthNonce(storage: RuntimeStorage, address: string, nonce: bigint): void {
  evmStorage(storage).putNonce(address, nonce);
}

/** The account's code (empty: none); its nonce and deployer stay. */
export function setEthCode(storage: RuntimeStorage, address: string, code: Uint8Array): void {
  const evm = evmStorage(storage);
  evm.putAccount(address, { ...evm.account(address), code });
}

/** One storage slot (both 32 bytes; a zero value deletes it). */
export function setEthStorageSlot(
  storage: RuntimeStorage,
  address: string,
  slot: Uint8Array,
  value: Uint8Array,
): void {
  let i = 0;
  while (i < value.length && value[i] === 0) i++;
  evmStorage(storage).putSlot(address, slot, value.subarray(i));
}

/** Every storage slot of the account gone. */
export function clearEthStorage(storage: RuntimeStorage, address: string): void {
  evmStorage(storage).clearSlots(address);
}
