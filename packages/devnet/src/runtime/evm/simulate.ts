import type { Hex } from 'viem';
import { rolledBack } from '../../storage/savepoint.js';
import type { BytecodeRunner, DispatchContext } from '../context.js';
import type { RuntimeStorage } from '../storage.js';
import { isNativeView, nativeContractAt } from './contracts/dispatch.js';
import { executeMessage } from './execute.js';
import type { AccessList } from './intrinsic.js';
import type { EvmMessage, EvmOutcome } from './types.js';

/**
 * The block a simulation runs in: its number and time (Unix ms); `eth_call` at `latest` runs in the head. With a
 * `deadline` (`Date.now()` ms) the EVM stops the run there (`DeadlineExceededError`).
 */
export type HeadBlock = {
  blockNumber: number;
  timestamp: number;
  deadline?: number;
  /** A traced simulation: what the EVM recorded goes here (`DispatchContext.trace`). */
  trace?: DispatchContext['trace'];
  /** Where its `console.log` calls go (`DispatchContext.console`). */
  console?: DispatchContext['console'];
};

/**
 * `eth_call`: runs a message at the head and throws every write away (a SAVEPOINT that is always rolled back). Two
 * runs write nothing and skip it: a native view call, and a call to contract code the engine runs dry (the fast
 * interpreter, which hands its writes back instead of making them). `/evm/*\/call` and JSON-RPC's
 * `eth_call`/`eth_estimateGas` share it.
 */
export function simulateMessage(
  storage: RuntimeStorage,
  evm: BytecodeRunner,
  head: HeadBlock,
  msg: EvmMessage,
  gasLimit: bigint,
): EvmOutcome {
  const ctx = dispatchContext(storage, evm, head, msg.caller);
  if (msg.value === 0n) {
    if (nativeContractAt(storage, msg.to)) {
      if (isNativeView(storage, msg.to, msg.data)) return executeMessage(ctx, msg, gasLimit);
    } else {
      const dry = evm.dryCall(ctx, msg, gasLimit);
      if (dry) return dry;
    }
  }
  return rolledBack(storage.db, () => executeMessage(ctx, msg, gasLimit));
}

/** A contract creation run and thrown away: its outcome is the deployed code (`eth_call` without `to`). */
export function simulateCreate(
  storage: RuntimeStorage,
  evm: BytecodeRunner,
  head: HeadBlock,
  caller: string,
  init: Hex,
  value: bigint,
  gasLimit: bigint,
  accessList?: AccessList,
): EvmOutcome & { address: string } {
  const ctx = dispatchContext(storage, evm, head, caller);
  return rolledBack(storage.db, () => evm.create(ctx, caller, init, value, gasLimit, accessList));
}

/** A simulation's context, as one object literal of one shape (a spread of `head` built a slow object per call). */
function dispatchContext(
  storage: RuntimeStorage,
  evm: BytecodeRunner,
  head: HeadBlock,
  origin: string,
): DispatchContext {
  return {
    storage,
    origin,
    blockNumber: head.blockNumber,
    timestamp: head.timestamp,
    events: [],
    evm,
    deadline: head.deadline,
    trace: head.trace,
    console: head.console,
  };
}
