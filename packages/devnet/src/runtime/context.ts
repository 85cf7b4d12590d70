import type { EventRecord } from './events.js';
import type { RunTrace, TraceOptions } from './evm/engine/library/protocol.js';
import type { AccessList } from './evm/intrinsic.js';
import type { EvmMessage, EvmOutcome } from './evm/types.js';
import type { RuntimeStorage } from './storage.js';

/**
 * What a call sees while it is dispatched: the storage, who signed, the block being built, its event sink, and the
 * EVM that runs contract bytecode (the chain's `EvmEngine`).
 */
export type DispatchContext = {
  readonly storage: RuntimeStorage;
  /** The signer, an SS58 (prefix 42) address: the `Substrate` origin. */
  readonly origin: string;
  readonly blockNumber: number;
  /**
   * The block's time in Unix milliseconds, as its header (the Timestamp pallet) states it: the EVM's
   * `block.timestamp` is this, in seconds.
   */
  readonly timestamp: number;
  readonly events: EventRecord[];
  readonly evm: BytecodeRunner;
  /**
   * When an EVM run must stop (`Date.now()` ms), with `DeadlineExceededError`: a simulation's deadline
   * (`eth_call`, `eth_estimateGas`). A transaction has none: its gas limit bounds it, and a block cannot stop half-way.
   */
  readonly deadline?: number;
  /** A traced run (`debug_trace*`, `eth_createAccessList`): the EVM runs it on the engine that can step. */
  readonly trace?: TraceRecorder;
  /** Where the calldata of calls to Hardhat's console address goes (`console.log`); nowhere when absent. */
  readonly console?: (calls: readonly Uint8Array[]) => void;
};

/**
 * What a traced run asks for, and where the EVM hands what it recorded with the run's own outcome (the outermost
 * run's comes last). A message that runs no bytecode (a transfer, a native contract) is recorded as one frame.
 */
export type TraceRecorder = {
  readonly options: TraceOptions;
  record(trace: RunTrace, outcome: { returnData: Uint8Array; error: string | undefined }): void;
};

/** Runs contract bytecode (deployed contracts, deploys): what the runtime needs of the EVM engine. */
export type BytecodeRunner = {
  call(ctx: DispatchContext, msg: EvmMessage, gasLimit: bigint): EvmOutcome;
  /**
   * A call to contract code whose writes the caller throws away, when the engine can run it without writing: its
   * outcome as `call` gives it, the database untouched; undefined when it has to run for real.
   */
  dryCall(ctx: DispatchContext, msg: EvmMessage, gasLimit: bigint): EvmOutcome | undefined;
  create(
    ctx: DispatchContext,
    caller: string,
    init: `0x${string}`,
    value: bigint,
    gasLimit: bigint,
    accessList?: AccessList,
  ): EvmOutcome & { address: string };
};

export function deposit(ctx: DispatchContext, event: EventRecord): void {
  ctx.events.push(event);
}
