import { BalancesEvent, depositInto, withdraw } from '../runtime/balances/pallet.js';
import type { BytecodeRunner, DispatchContext } from '../runtime/context.js';
import { DispatchError } from '../runtime/errors.js';
import type { EventRecord } from '../runtime/events.js';
import { DeadlineExceededError } from '../runtime/evm/engine/deadline.js';
import { sponsorOf } from '../runtime/sponsoring.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { SystemError } from '../runtime/system/errors.js';
import { dispatchInfo, SystemEvent } from '../runtime/system/pallet.js';
import { TREASURY_ADDRESS, treasuryDeposit } from '../runtime/treasury.js';
import { atomically } from '../storage/savepoint.js';
import type { CheckedTx } from './validity.js';

/**
 * The block a transaction is applied in: the state it writes, the EVM its calls run bytecode on, its number and its
 * time (ms, the Timestamp pallet's; the EVM's `block.timestamp` is its seconds).
 */
export type BlockInProgress = {
  storage: RuntimeStorage;
  evm: BytecodeRunner;
  number: number;
  timestamp: number;
  /** Where the block's `console.log` calls go (`DispatchContext.console`). */
  console?: DispatchContext['console'];
  /** A block re-run for a trace (`ethRpc/replay.ts`): its runs are recorded (`DispatchContext.trace`). */
  trace?: DispatchContext['trace'];
  /** A re-run block's deadline (`DispatchContext.deadline`); a produced block has none. */
  deadline?: number;
};

/** What dispatching an extrinsic reads of it: who signed, the call, and its weight (for the dispatch info). */
export type Dispatchable = Pick<CheckedTx, 'signer' | 'weight'> & {
  call: Pick<CheckedTx['call'], 'call' | 'args'>;
};

export type ApplyOutcome = {
  events: EventRecord[];
  error: DispatchError | undefined;
};

/**
 * Applies one signed extrinsic inside the block's SQL transaction: the fee is withdrawn and the nonce bumped
 * whatever happens; the call runs in a SAVEPOINT that is rolled back (with its events) if it fails.
 */
export function applyExtrinsic(block: BlockInProgress, tx: CheckedTx): ApplyOutcome {
  // The signer's row is written once for the fee and the nonce (before the call's savepoint opens).
  return block.storage.system.coalesceWrites(() => applySigned(block, tx));
}

function applySigned(block: BlockInProgress, tx: CheckedTx): ApplyOutcome {
  const { storage, number: blockNumber } = block;
  const events: EventRecord[] = [];
  const sponsored = sponsorOf(storage, tx.call, tx.signer, blockNumber);
  const payer = sponsored?.payer ?? tx.signer;
  withdraw(storage, payer, tx.fee);
  if (sponsored)
    storage.sponsoring.record(
      sponsored.collectionId,
      sponsored.basket.kind,
      sponsored.basket.key,
      blockNumber,
    );
  events.push(BalancesEvent.Withdraw(payer, tx.fee));
  storage.system.incNonce(tx.signer);

  const error = dispatchInSavepoint(block, tx, events);

  depositInto(storage, TREASURY_ADDRESS, tx.fee);
  events.push(BalancesEvent.Deposit(TREASURY_ADDRESS, tx.fee), treasuryDeposit(tx.fee));
  return closeExtrinsic(tx, events, error);
}

/**
 * Runs the call in a SAVEPOINT: its writes and events are kept if it succeeds, rolled back if it fails.
 * Appends the call's events to `events` and answers the error, if any.
 */
export function dispatchInSavepoint(
  { storage, evm, number: blockNumber, timestamp, console, trace, deadline }: BlockInProgress,
  tx: Dispatchable,
  events: EventRecord[],
): DispatchError | undefined {
  const ctx: DispatchContext = {
    storage,
    origin: tx.signer,
    blockNumber,
    timestamp,
    events: [],
    evm,
    ...(console ? { console } : {}),
    ...(trace ? { trace } : {}),
    ...(deadline === undefined ? {} : { deadline }),
  };
  try {
    // Each account row the call writes is written once (an Ethereum transaction moves its sender's balance for the
    // gas, the value and the refund).
    atomically(storage.db, () =>
      storage.system.coalesceWrites(() => tx.call.call.dispatch(ctx, tx.call.args)),
    );
  } catch (e) {
    // A re-run block (a trace) past its deadline stops whole; it is not the extrinsic failing.
    if (e instanceof DeadlineExceededError) throw e;
    return e instanceof DispatchError ? e : otherError(e);
  }
  events.push(...ctx.events);
  return undefined;
}

/** Ends an extrinsic's events with `ExtrinsicSuccess` or `ExtrinsicFailed`, as every applied extrinsic does. */
export function closeExtrinsic(
  tx: Dispatchable,
  events: EventRecord[],
  error: DispatchError | undefined,
): ApplyOutcome {
  const info = dispatchInfo(tx.weight);
  events.push(
    error ? SystemEvent.ExtrinsicFailed(error.toModuleError(), info) : SystemEvent.ExtrinsicSuccess(info),
  );
  return { events, error };
}

/** A bug in a call must not take the block down: it fails the extrinsic as `system.Other` and is logged. */
export function otherError(e: unknown): DispatchError {
  const base = SystemError.Other();
  const detail = e instanceof Error ? e.message : String(e);
  return new DispatchError(
    base.section,
    base.name,
    `${base.docs} (${detail})`,
    base.palletIndex,
    base.errorIndex,
  );
}
