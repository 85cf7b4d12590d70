import { isEthereumAddress } from '@nftkit/primitives';
import { setUsableBalance, TOTAL_ISSUANCE, totalIssuance } from '../runtime/balances/pallet.js';
import { setEthCode, setEthNonce, setEthStorageSlot } from '../runtime/evm/accountState.js';
import { nativeContractAt } from '../runtime/evm/contracts/dispatch.js';
import { evmStorage } from '../runtime/evm/storage.js';
import { balanceAccount } from '../runtime/evm/value.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import type { AccountInfo } from '../runtime/system/storage.js';
import { DevToolError } from './devToolError.js';

/** The largest balance (and total issuance) the chain holds: balances are u128. */
export const MAX_BALANCE = 2n ** 128n - 1n;
/** The largest nonce: an Ethereum nonce is a u64 (EIP-2681), a substrate one a u32. */
const MAX_ETH_NONCE = 2n ** 64n - 1n;
const MAX_SUBSTRATE_NONCE = 2n ** 32n - 1n;
/** The largest code `setCode` takes: twice EIP-170's contract size, the most a deploy may carry (EIP-3860). */
export const MAX_SET_CODE_BYTES = 2 * 24_576;

// Devnet-only edits of the chain's state, outside any block (`hardhat_setBalance`, `dev_setStorage`, …). Each checks
// everything before it writes, so a refusal changes nothing; the caller runs them in one SQL transaction.

/** The runtime account that holds `address`'s coins: an Ethereum address's substrate mirror (chain-rules §7). */
const holderOf = (address: string) => (isEthereumAddress(address) ? balanceAccount(address) : address);

/**
 * Sets an account's whole system record (`System.Account`), keeping the total issuance equal to the sum of what
 * accounts hold, as minting and burning would. Refuses a total issuance past u128.
 */
export function setSystemAccount(
  storage: RuntimeStorage,
  who: string,
  next: AccountInfo,
  param: string,
): void {
  for (const [field, v] of [
    ['free', next.free],
    ['reserved', next.reserved],
    ['frozen', next.frozen],
  ] as const)
    if (v < 0n || v > MAX_BALANCE)
      throw new DevToolError(param, `${field} must be between 0 and 2^128 - 1, got ${v}`, 'invalid');
  if (next.nonce < 0 || next.nonce > Number(MAX_SUBSTRATE_NONCE))
    throw new DevToolError(param, `nonce must be between 0 and 2^32 - 1, got ${next.nonce}`, 'invalid');
  const was = storage.system.account(who);
  const issuance = totalIssuance(storage) + next.free + next.reserved - was.free - was.reserved;
  if (issuance > MAX_BALANCE)
    throw new DevToolError(param, `the total issuance would pass 2^128 - 1 (the chain's u128 balance)`);
  storage.system.setAccount(who, next);
  storage.meta.set(TOTAL_ISSUANCE, issuance);
}

/**
 * `hardhat_setBalance`: what `address` can spend becomes `wei` (its free balance, over what is frozen). An Ethereum
 * address's balance is its substrate mirror's.
 */
export function setBalance(storage: RuntimeStorage, address: string, wei: bigint): void {
  if (wei < 0n || wei > MAX_BALANCE)
    throw new DevToolError(
      'balance',
      `must be between 0 and 2^128 - 1 wei (the chain's u128 balance), got ${wei}`,
      'invalid',
    );
  const who = holderOf(address);
  const a = storage.system.account(who);
  if (wei + a.frozen > MAX_BALANCE)
    throw new DevToolError(
      'balance',
      `with ${a.frozen} frozen, the free balance would pass 2^128 - 1`,
      'invalid',
    );
  const usable = a.free > a.frozen ? a.free - a.frozen : 0n;
  if (totalIssuance(storage) + wei - usable > MAX_BALANCE)
    throw new DevToolError('balance', `the total issuance would pass 2^128 - 1 (the chain's u128 balance)`);
  setUsableBalance(storage, who, wei);
}

function notNative(storage: RuntimeStorage, address: string): void {
  if (nativeContractAt(storage, address))
    throw new DevToolError(
      'address',
      `${address} is a native contract of the runtime (a collection or a helper): its code and storage are the runtime's own`,
    );
}

/**
 * `hardhat_setNonce`: the nonce the next transaction from `address` must carry (an Ethereum address's EVM nonce,
 * a substrate account's system nonce). As on Hardhat's node it may not go down, and not while the account has
 * transactions waiting in the pool (their order would be lost).
 */
export function setNonce(storage: RuntimeStorage, address: string, nonce: bigint, pooled: number): void {
  const eth = isEthereumAddress(address);
  const max = eth ? MAX_ETH_NONCE : MAX_SUBSTRATE_NONCE;
  if (nonce < 0n || nonce > max)
    throw new DevToolError('nonce', `must be between 0 and ${max}, got ${nonce}`, 'invalid');
  const current = eth
    ? evmStorage(storage).header(address).nonce
    : BigInt(storage.system.account(address).nonce);
  if (nonce < current)
    throw new DevToolError(
      'nonce',
      `New nonce (${nonce}) must not be smaller than the existing nonce (${current})`,
    );
  if (pooled > 0)
    throw new DevToolError(
      'address',
      `Cannot set the nonce of ${address} while ${pooled} of its transactions wait in the pool (drop them first)`,
    );
  if (eth) setEthNonce(storage, address, nonce);
  else storage.system.setAccount(address, { ...storage.system.account(address), nonce: Number(nonce) });
}

/** `hardhat_setCode`: `address` runs `code` from now on (empty code makes it a plain account again). */
export function setCode(storage: RuntimeStorage, address: string, code: Uint8Array): void {
  if (code.length > MAX_SET_CODE_BYTES)
    throw new DevToolError('code', `longer than ${MAX_SET_CODE_BYTES} bytes (${code.length})`, 'invalid');
  notNative(storage, address);
  setEthCode(storage, address, code);
}

/** `hardhat_setStorageAt`: one 32-byte storage slot of `address` (a zero value clears it). */
export function setStorageAt(
  storage: RuntimeStorage,
  address: string,
  slot: bigint,
  value: Uint8Array,
): void {
  if (slot < 0n || slot >= 2n ** 256n)
    throw new DevToolError(
      'slot',
      `Storage key must not be greater than or equal to 2^256. Received ${slot}.`,
      'invalid',
    );
  if (value.length !== 32)
    throw new DevToolError(
      'value',
      `Storage value must be exactly 32 bytes long. Received ${value.length} bytes.`,
      'invalid',
    );
  notNative(storage, address);
  const key = new Uint8Array(32);
  let n = slot;
  for (let i = 31; i >= 0; i--, n >>= 8n) key[i] = Number(n & 0xffn);
  setEthStorageSlot(storage, address, key, value);
}
