import { hexToBytes } from '@nftkit/primitives';
import { serverError } from '../jsonRpc/errors.js';
import { MAX_RAW_TRANSACTION_BYTES } from '../runtime/ethereum/transaction.js';
import {
  clearEthStorage,
  setEthBalance,
  setEthCode,
  setEthNonce,
  setEthStorageSlot,
} from '../runtime/evm/accountState.js';
import { nativeContractAt } from '../runtime/evm/contracts/dispatch.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import type { Params } from './params.js';
import { parseAddress, parseData, parseQuantity } from './params.js';

/** The most accounts one state override names, and storage slots in all: bounded before anything is written. */
export const MAX_OVERRIDE_ACCOUNTS = 1_000;
export const MAX_OVERRIDE_SLOTS = 10_000;
const WORD = /^0x[0-9a-fA-F]{64}$/;
const FIELDS = new Set(['balance', 'nonce', 'code', 'state', 'stateDiff', 'movePrecompileToAddress']);

/** One account's override (geth's `OverrideAccount`): `state` replaces all storage, `stateDiff` sets some slots. */
type AccountOverride = {
  balance?: bigint;
  nonce?: bigint;
  code?: Uint8Array;
  state?: [Uint8Array, Uint8Array][];
  stateDiff?: [Uint8Array, Uint8Array][];
};

/** A parsed `stateOverride` argument: checked whole before {@link applyStateOverride} writes any of it. */
export type StateOverride = ReadonlyMap<string, AccountOverride>;

/**
 * Argument `i` of `eth_call`/`eth_estimateGas`/`eth_createAccessList` as geth takes it: `{address: {balance, nonce,
 * code, state | stateDiff}}`. Every refusal is a -32602 naming the argument, the account and the field.
 */
export function parseStateOverride(
  storage: RuntimeStorage,
  p: Params,
  i: number,
  name = 'stateOverride',
): StateOverride | undefined {
  if (!p.has(i)) return undefined;
  const o = p.object(i, name);
  const entries = Object.entries(o);
  if (entries.length > MAX_OVERRIDE_ACCOUNTS) p.fail(i, name, `more than ${MAX_OVERRIDE_ACCOUNTS} accounts`);
  const out = new Map<string, AccountOverride>();
  let slots = 0;
  for (const [key, value] of entries) {
    const at = (field: string) => (what: string) =>
      p.fail(i, name, `${key.slice(0, 42)}${field ? `: ${field}` : ''}: ${what}`);
    const address = parseAddress(key, at(''));
    if (out.has(address)) at('')('named twice');
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      at('')('expected an object of balance, nonce, code, state, stateDiff');
    const v = value as Record<string, unknown>;
    for (const field of Object.keys(v)) if (!FIELDS.has(field)) at(field.slice(0, 40))('unknown field');
    if (v.movePrecompileToAddress !== undefined && v.movePrecompileToAddress !== null)
      at('movePrecompileToAddress')('not supported by the devnet');
    const has = (f: string) => v[f] !== undefined && v[f] !== null;
    // geth's refusal and code (-32000), with the argument named.
    if (has('state') && has('stateDiff'))
      throw serverError(
        `invalid argument ${i} (${name}): account ${address} has both 'state' and 'stateDiff'`,
      );
    const acc: AccountOverride = {};
    if (has('balance')) acc.balance = parseQuantity(v.balance, at('balance'));
    if (has('nonce')) {
      acc.nonce = parseQuantity(v.nonce, at('nonce'));
      if (acc.nonce >= 2n ** 64n) at('nonce')('exceeds 64 bits');
    }
    if (has('code')) {
      if (nativeContractAt(storage, address))
        at('code')('the account is a native contract of the runtime; its code cannot be replaced');
      acc.code = hexToBytes(parseData(v.code, MAX_RAW_TRANSACTION_BYTES, at('code')));
    }
    for (const field of ['state', 'stateDiff'] as const) {
      if (!has(field)) continue;
      const map = v[field];
      if (typeof map !== 'object' || map === null || Array.isArray(map))
        at(field)('expected an object of 32-byte slot → 32-byte value');
      const pairs = Object.entries(map as Record<string, unknown>);
      slots += pairs.length;
      if (slots > MAX_OVERRIDE_SLOTS) at(field)(`more than ${MAX_OVERRIDE_SLOTS} storage slots in all`);
      acc[field] = pairs.map(([slot, word]) => {
        if (!WORD.test(slot)) at(field)(`slot ${slot.slice(0, 66)}: expected a 32-byte 0x hex key`);
        if (typeof word !== 'string' || !WORD.test(word))
          return at(field)(`value of ${slot}: expected a 32-byte 0x hex value`);
        return [hexToBytes(slot), hexToBytes(word)] as [Uint8Array, Uint8Array];
      });
    }
    out.set(address, acc);
  }
  return out;
}

/** Writes the override into the state; the caller runs it in a savepoint it rolls back. */
export function applyStateOverride(storage: RuntimeStorage, override: StateOverride): void {
  for (const [address, acc] of override) {
    if (acc.balance !== undefined) setEthBalance(storage, address, acc.balance);
    if (acc.nonce !== undefined) setEthNonce(storage, address, acc.nonce);
    if (acc.code !== undefined) setEthCode(storage, address, acc.code);
    if (acc.state) clearEthStorage(storage, address);
    for (const [slot, value] of acc.state ?? acc.stateDiff ?? [])
      setEthStorageSlot(storage, address, slot, value);
  }
}
