import { hexToBytes } from '@nftkit/primitives';
import {
  dropTransaction,
  impersonate,
  increaseTime,
  mineBlocks,
  resetChain,
  revertTo,
  setAccountBalance,
  setAccountCode,
  setAccountNonce,
  setAccountStorageAt,
  setAutomine,
  setIntervalMining,
  setNextBlockTimestamp,
  stopImpersonating,
  takeSnapshot,
} from '../../chain/devTools.js';
import { MAX_SET_CODE_BYTES } from '../../chain/stateEdits.js';
import type { RpcMethod } from '../context.js';
import { devToolMethod } from '../devToolMethod.js';
import { quantity } from '../format.js';
import { Params } from '../params.js';

/** A 32-byte word as `hardhat_setStorageAt` takes it (exactly 32 bytes, as Hardhat and anvil require). */
const word = (p: Params, i: number, name: string) => hexToBytes(p.data(i, name, 32));

/** `evm_mine`'s parameter: a timestamp (Hardhat), or anvil's `{timestamp, blocks}`. */
function mineOptions(p: Params): { blocks: bigint; timestamp: bigint | undefined } {
  if (!p.has(0)) return { blocks: 1n, timestamp: undefined };
  const v = p.raw(0);
  if (typeof v === 'object' && !Array.isArray(v)) {
    const o = p.object(0, 'timestamp');
    for (const key of Object.keys(o))
      if (key !== 'timestamp' && key !== 'blocks')
        p.fail(0, 'timestamp', `${key}: expected timestamp or blocks`);
    const sub = new Params([o.timestamp, o.blocks], 2);
    return {
      timestamp: sub.has(0) ? sub.integer(0, 'timestamp') : undefined,
      blocks: sub.has(1) ? sub.integer(1, 'blocks') : 1n,
    };
  }
  const t = p.integer(0, 'timestamp');
  // Hardhat takes 0 as "no timestamp".
  return { blocks: 1n, timestamp: t === 0n ? undefined : t };
}

/** `hardhat_reset`'s optional config: forking another network is not something the devnet does. */
function resetOptions(p: Params): void {
  if (!p.has(0)) return;
  const o = p.object(0, 'config');
  for (const key of Object.keys(o)) if (key !== 'forking') p.fail(0, 'config', `${key}: unknown option`);
  const forking = o.forking;
  if (forking === undefined || forking === null) return;
  if (typeof forking !== 'object' || Array.isArray(forking))
    p.fail(0, 'config', 'forking: expected an object');
  // viem's `reset()` sends `{forking: {blockNumber: null}}` (no URL): a plain reset.
  const url = (forking as Record<string, unknown>).jsonRpcUrl;
  if (url !== undefined && url !== null)
    p.fail(
      0,
      'config',
      'forking.jsonRpcUrl: the devnet cannot fork another network; reset takes it back to its genesis',
    );
}

/** `evm_setIntervalMining`'s interval: ms, or a `[min, max]` range (Hardhat). */
function intervalRange(p: Params): bigint | [bigint, bigint] {
  const v = p.required(0, 'interval');
  if (!Array.isArray(v)) return p.integer(0, 'interval');
  if (v.length !== 2) p.fail(0, 'interval', 'expected an interval in ms or a [min, max] range');
  const r = new Params(v, 2);
  return [r.integer(0, 'interval'), r.integer(1, 'interval')];
}

// One implementation per helper; the names give Hardhat's answers (`true`), anvil's give anvil's (`null`), as each
// node answers its own names.
const snapshot = devToolMethod([], (_p, { chain }) => quantity(takeSnapshot(chain)));
const revert = devToolMethod(['snapshotId'], (p, { chain }) => {
  revertTo(chain, p.quantity(0, 'snapshotId'));
  return true;
});
const increase = (answer: (total: number) => unknown) =>
  devToolMethod(['seconds'], (p, { chain }) => answer(increaseTime(chain, p.integer(0, 'seconds'))));
const nextTimestamp = (answer: (given: unknown) => unknown) =>
  devToolMethod(['timestamp'], (p, { chain }) => {
    setNextBlockTimestamp(chain, p.integer(0, 'timestamp'));
    return answer(p.raw(0));
  });
const automine = (answer: unknown) =>
  devToolMethod(['enabled'], (p, { chain }) => {
    p.required(0, 'enabled');
    setAutomine(chain, p.bool(0, 'enabled', false));
    return answer;
  });
const getAutomine = devToolMethod([], (_p, { chain }) => chain.instant);
const mine = (answer: unknown) =>
  devToolMethod(['blocks', 'interval'], async (p, { chain }) => {
    const blocks = p.has(0) ? p.integer(0, 'blocks') : 1n;
    const interval = p.has(1) ? p.integer(1, 'interval') : 1n;
    await mineBlocks(chain, blocks, interval);
    return answer;
  });
const setBalance = (answer: unknown) =>
  devToolMethod(['address', 'balance'], (p, { chain }) => {
    setAccountBalance(chain, p.address(0, 'address'), p.integer(1, 'balance'));
    return answer;
  });
const setCode = (answer: unknown) =>
  devToolMethod(['address', 'code'], (p, { chain }) => {
    setAccountCode(chain, p.address(0, 'address'), hexToBytes(p.data(1, 'code', MAX_SET_CODE_BYTES)));
    return answer;
  });
const setNonce = (answer: unknown) =>
  devToolMethod(['address', 'nonce'], (p, { chain }) => {
    setAccountNonce(chain, p.address(0, 'address'), p.integer(1, 'nonce'));
    return answer;
  });
const setStorageAt = devToolMethod(['address', 'slot', 'value'], (p, { chain }) => {
  const address = p.address(0, 'address');
  const slot = p.integer(1, 'slot');
  setAccountStorageAt(chain, address, slot, word(p, 2, 'value'));
  return true;
});
const impersonateAccount = (answer: unknown) =>
  devToolMethod(['address'], (p, { chain }) => {
    impersonate(chain, p.address(0, 'address'));
    return answer;
  });
const stopImpersonatingAccount = (answer: (was: boolean) => unknown) =>
  devToolMethod(['address'], (p, { chain }) => answer(stopImpersonating(chain, p.address(0, 'address'))));
const drop = (answer: (dropped: boolean, hash: string) => unknown) =>
  devToolMethod(['hash'], (p, { chain }) => {
    const hash = p.hash(0, 'hash');
    return answer(dropTransaction(chain, hash), hash);
  });
const reset = (answer: unknown) =>
  devToolMethod(['config'], (p, { chain }) => {
    resetOptions(p);
    resetChain(chain);
    return answer;
  });

/** Hardhat's and anvil's test helpers, under both names (anvil also takes the `evm_*` ones). */
export const testHelperMethods: Record<string, RpcMethod> = {
  evm_snapshot: snapshot,
  anvil_snapshot: snapshot,
  evm_revert: revert,
  anvil_revert: revert,
  // Hardhat answers the whole offset as a decimal string (its one exception to hex quantities); anvil as a number.
  evm_increaseTime: increase((total) => String(total)),
  anvil_increaseTime: increase((total) => total),
  // Hardhat answers the timestamp as it was given; anvil nothing.
  evm_setNextBlockTimestamp: nextTimestamp((given) => (typeof given === 'string' ? given : String(given))),
  anvil_setNextBlockTimestamp: nextTimestamp(() => null),
  evm_mine: devToolMethod(['timestamp'], async (p, { chain }) => {
    const { blocks, timestamp } = mineOptions(p);
    await mineBlocks(chain, blocks, 1n, timestamp);
    return '0x0';
  }),
  hardhat_mine: mine(true),
  anvil_mine: mine(null),
  evm_setAutomine: automine(true),
  anvil_setAutomine: automine(null),
  hardhat_getAutomine: getAutomine,
  anvil_getAutomine: getAutomine,
  // Hardhat's interval is in ms (or a [min, max] range); anvil's in seconds.
  evm_setIntervalMining: devToolMethod(['interval'], (p, { chain }) => {
    setIntervalMining(chain, intervalRange(p));
    return true;
  }),
  anvil_setIntervalMining: devToolMethod(['interval'], (p, { chain }) => {
    const secs = p.integer(0, 'interval');
    setIntervalMining(chain, secs < 0n ? secs : secs * 1000n);
    return null;
  }),
  hardhat_setBalance: setBalance(true),
  anvil_setBalance: setBalance(null),
  hardhat_setCode: setCode(true),
  anvil_setCode: setCode(null),
  hardhat_setNonce: setNonce(true),
  anvil_setNonce: setNonce(null),
  hardhat_setStorageAt: setStorageAt,
  anvil_setStorageAt: setStorageAt,
  hardhat_impersonateAccount: impersonateAccount(true),
  anvil_impersonateAccount: impersonateAccount(null),
  hardhat_stopImpersonatingAccount: stopImpersonatingAccount((was) => was),
  anvil_stopImpersonatingAccount: stopImpersonatingAccount(() => null),
  // Hardhat answers whether the pool held it; anvil the hash it dropped, or null.
  hardhat_dropTransaction: drop((dropped) => dropped),
  anvil_dropTransaction: drop((dropped, hash) => (dropped ? hash : null)),
  hardhat_reset: reset(true),
  anvil_reset: reset(null),
};
