import type { EventRecord } from '../runtime/events.js';
import { evmStorage } from '../runtime/evm/storage.js';
import {
  type ApplyOutcome,
  type BlockInProgress,
  closeExtrinsic,
  type Dispatchable,
  dispatchInSavepoint,
} from './apply.js';

/**
 * Applies an Ethereum transaction inside the block's SQL transaction. There is no extrinsic fee: the gas is the
 * fee, reserved and settled by the execution. The sender's nonce moves whatever happens, as on Ethereum: a
 * dispatch that fails (its gas could not be reserved) is undone, then the nonce is bumped on its own.
 */
export function applyEthereumTransaction(block: BlockInProgress, tx: Dispatchable): ApplyOutcome {
  const events: EventRecord[] = [];
  const error = dispatchInSavepoint(block, tx, events);
  if (error) {
    const accounts = evmStorage(block.storage);
    accounts.putNonce(tx.signer, accounts.header(tx.signer).nonce + 1n);
  }
  return closeExtrinsic(tx, events, error);
}
