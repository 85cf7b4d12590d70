import { hexToBytes } from '@nftkit/primitives';
import { Savepoint } from '../../storage/savepoint.js';
import type { DispatchContext } from '../context.js';
import { callNative, nativeContractAt } from './contracts/dispatch.js';
import { isPrecompile } from './precompiles.js';
import { EvmRevert, revertReason } from './revert.js';
import { evmStorage } from './storage.js';
import type { EvmMessage, EvmOutcome } from './types.js';
import { moveValue } from './value.js';

/**
 * One top-level message as `evm.call` (and `eth_call`) runs it: a native contract is called directly, an account
 * with code goes to the bytecode runner, anything else is a plain value transfer. All-or-nothing: a revert
 * rolls back the value move too.
 */
export function executeMessage(ctx: DispatchContext, msg: EvmMessage, gasLimit: bigint): EvmOutcome {
  const native = nativeContractAt(ctx.storage, msg.to);
  // Without value there is nothing to move: a native call manages its own SAVEPOINT (and skips it for views).
  if (native && msg.value === 0n) return traced(ctx, msg, gasLimit, callNative(ctx, native, msg, gasLimit));
  if (!native && (evmStorage(ctx.storage).hasCode(msg.to) || isPrecompile(msg.to)))
    return ctx.evm.call(ctx, msg, gasLimit);
  if (!native) {
    // A plain value transfer (it costs the intrinsic gas only, which the caller of the message adds). `moveValue`
    // checks the balance before it writes, so its revert leaves nothing to undo and it needs no savepoint of its own
    // (one copies every page first written in it into its journal). Anything else it throws is no revert: it goes on
    // to the savepoint the message runs in (the transaction's dispatch, a simulation), which undoes it all.
    try {
      moveValue(ctx.storage, msg.caller, msg.to, msg.value);
    } catch (e) {
      if (!(e instanceof EvmRevert)) throw e;
      return traced(ctx, msg, gasLimit, {
        ok: false,
        reason: revertReason(e),
        returnData: '0x',
        gasUsed: 0n,
      });
    }
    return traced(ctx, msg, gasLimit, { ok: true, returnData: '0x', logs: [], gasUsed: 0n });
  }
  const sp = new Savepoint(ctx.storage.db);
  const local: DispatchContext = { ...ctx, events: [] };
  let outcome: EvmOutcome;
  try {
    moveValue(ctx.storage, msg.caller, msg.to, msg.value);
    outcome = callNative(local, native, msg, gasLimit);
  } catch (e) {
    outcome = { ok: false, reason: revertReason(e), returnData: '0x', gasUsed: 0n };
  }
  if (outcome.ok) {
    sp.release();
    ctx.events.push(...local.events);
  } else sp.rollback();
  return traced(ctx, msg, gasLimit, outcome);
}

/** A message that ran no bytecode, recorded for a trace as the one frame it is (no steps inside it). */
function traced(ctx: DispatchContext, msg: EvmMessage, gasLimit: bigint, outcome: EvmOutcome): EvmOutcome {
  if (!ctx.trace) return outcome;
  const returnData = hexToBytes(outcome.returnData);
  const error = outcome.ok
    ? undefined
    : outcome.reason === 'revert' || outcome.returnData !== '0x'
      ? 'revert'
      : outcome.reason;
  ctx.trace.record(
    {
      structLogs: [],
      overflow: false,
      frame: {
        type: 'CALL',
        from: hexToBytes(msg.caller),
        to: hexToBytes(msg.to),
        value: msg.value,
        gas: gasLimit,
        gasUsed: outcome.gasUsed,
        input: hexToBytes(msg.data),
        output: returnData,
        error,
        calls: [],
        // A native contract's events, emitted by the one frame it is.
        logs: outcome.ok
          ? outcome.logs.map((l, index) => ({
              address: hexToBytes(l.address),
              topics: l.topics.map((t) => hexToBytes(t)),
              data: hexToBytes(l.data),
              position: 0,
              index,
            }))
          : [],
      },
      touched: { addresses: [], slots: [] },
    },
    { returnData, error },
  );
  return outcome;
}
