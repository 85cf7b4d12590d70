import type { EventRecord } from '../runtime/events.js';
import { evmStorage } from '../runtime/evm/storage.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { type ApplyOutcome, closeExtrinsic, dispatchInSavepoint } from './apply.js';
import type { CheckedTx } from './validity.js';

/**
 * Applies an Ethereum transaction inside the block's SQL transaction. There is no extrinsic fee: the gas is the
 * fee, reserved and settled by the execution. The sender's nonce moves whatever happens, as on Ethereum: a
 * dispatch that fails (its gas could not be reserved) is undone, then the nonce is bumped on its own.
 */
export function applyEthereumTransaction(
  storage: RuntimeStorage,
  tx: CheckedTx,
  blockNumber: number,
): ApplyOutcome {
  const events: EventRecord[] = [];
  const error = dispatchInSavepoint(storage, tx, blockNumber, events);
  if (error) {
    const evm = evmStorage(storage);
    evm.putNonce(tx.signer, evm.header(tx.signer).nonce + 1n);
  }
  return closeExtrinsic(tx, events, error);
}
