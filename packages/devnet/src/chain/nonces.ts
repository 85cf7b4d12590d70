import { evmStorage } from '../runtime/evm/storage.js';
import type { RuntimeStorage } from '../runtime/storage.js';

/**
 * The next nonce of a transaction signer. The pool and block production key transactions by signer: an SS58
 * address (a substrate extrinsic: the system account's nonce) or an EIP-55 Ethereum address (an Ethereum
 * transaction: the EVM account's nonce, the one contract addresses derive from).
 */
export function accountNonce(storage: RuntimeStorage, signer: string): number {
  if (signer.startsWith('0x')) return Number(evmStorage(storage).header(signer).nonce);
  return storage.system.account(signer).nonce;
}
