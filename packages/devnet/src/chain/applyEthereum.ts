import type { DispatchContext } from '../runtime/context.js';
import { DispatchError } from '../runtime/errors.js';
import type { EventRecord } from '../runtime/events.js';
import { evmStorage } from '../runtime/evm/storage.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { dispatchInfo, SystemEvent } from '../runtime/system/pallet.js';
import { type ApplyOutcome, otherError } from './apply.js';
import type { CheckedTx } from './validity.js';

let savepointSeq = 0;

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
  const { db } = storage;
  const events: EventRecord[] = [];
  const sp = `eth_dispatch_${++savepointSeq}`;
  const ctx: DispatchContext = { storage, origin: tx.signer, blockNumber, events: [] };
  let error: DispatchError | undefined;
  db.exec(`SAVEPOINT ${sp}`);
  try {
    tx.call.call.dispatch(ctx, tx.call.args);
    db.exec(`RELEASE ${sp}`);
    events.push(...ctx.events);
  } catch (e) {
    db.exec(`ROLLBACK TO ${sp}`);
    db.exec(`RELEASE ${sp}`);
    error = e instanceof DispatchError ? e : otherError(e);
    const evm = evmStorage(storage);
    const account = evm.account(tx.signer);
    evm.putAccount(tx.signer, { ...account, nonce: account.nonce + 1n });
  }
  const info = dispatchInfo(tx.weight);
  events.push(
    error ? SystemEvent.ExtrinsicFailed(error.toModuleError(), info) : SystemEvent.ExtrinsicSuccess(info),
  );
  return { events, error };
}
