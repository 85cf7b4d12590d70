import { bytesToHex } from '@nftkit/primitives';
import { RPC_ERROR, RpcError } from '../../jsonRpc/errors.js';
import { usableBalance } from '../../runtime/balances/pallet.js';
import { nativeContractAt } from '../../runtime/evm/contracts/dispatch.js';
import { evmStorage } from '../../runtime/evm/storage.js';
import { balanceAccount } from '../../runtime/evm/value.js';
import { type RpcMethod, readStateAt } from '../context.js';
import { quantity } from '../format.js';
import { Params } from '../params.js';

/** The most storage keys one `eth_getProof` names (checked before it is refused all the same). */
const MAX_PROOF_KEYS = 1024;

/**
 * What `eth_getCode` shows at a native contract (a collection, the helpers): they have no bytecode, but callers
 * check `extcodesize` before calling, so the chain reports a stub (`REVERT`: the code itself never runs).
 */
const NATIVE_CODE_STUB = '0x60006000fd';

/** Balances, nonces, code and storage of Ethereum accounts, at the head or a block of the last 256. */
export const stateMethods: Record<string, RpcMethod> = {
  eth_getBalance: (ctx, params) => {
    const p = new Params(params, 2);
    const address = p.address(0, 'address');
    return readStateAt(ctx, p.block(1, 'block'), () =>
      quantity(usableBalance(ctx.chain.storage, balanceAccount(address))),
    );
  },
  eth_getTransactionCount: (ctx, params) => {
    const p = new Params(params, 2);
    const address = p.address(0, 'address');
    const block = p.block(1, 'block');
    // `pending` counts the sender's transactions waiting in the pool, as a wallet needs for its next nonce.
    if ('tag' in block && block.tag === 'pending') return quantity(ctx.chain.nextIndex(address));
    return readStateAt(ctx, block, () => quantity(evmStorage(ctx.chain.storage).header(address).nonce));
  },
  eth_getCode: (ctx, params) => {
    const p = new Params(params, 2);
    const address = p.address(0, 'address');
    return readStateAt(ctx, p.block(1, 'block'), () => {
      if (nativeContractAt(ctx.chain.storage, address)) return NATIVE_CODE_STUB;
      return bytesToHex(evmStorage(ctx.chain.storage).account(address).code);
    });
  },
  eth_getStorageAt: (ctx, params) => {
    const p = new Params(params, 3);
    const address = p.address(0, 'address');
    const slot = p.quantity(1, 'slot');
    const block = p.block(2, 'block');
    const key = new Uint8Array(32);
    let n = slot;
    for (let i = 31; i >= 0; i--, n >>= 8n) key[i] = Number(n & 0xffn);
    return readStateAt(ctx, block, () => {
      const value = evmStorage(ctx.chain.storage).slot(address, key);
      const word = new Uint8Array(32);
      word.set(value, 32 - value.length);
      return bytesToHex(word);
    });
  },

  /**
   * Refused with what the devnet lacks: its state is SQLite tables, not a Merkle-Patricia trie (every block's
   * `stateRoot` is zero), so there is no proof to give, and a made-up one would verify against nothing.
   */
  eth_getProof: (_ctx, params) => {
    const p = new Params(params, 3);
    p.address(0, 'address');
    const keys = p.required(1, 'storageKeys');
    if (!Array.isArray(keys) || keys.length > MAX_PROOF_KEYS)
      p.fail(1, 'storageKeys', `expected an array of at most ${MAX_PROOF_KEYS} storage keys`);
    p.block(2, 'block');
    throw new RpcError(
      RPC_ERROR.notSupported,
      'eth_getProof is not supported by the devnet: its state is not kept in a Merkle-Patricia trie (blocks have a zero stateRoot), so it has no proof to give',
    );
  },
};
