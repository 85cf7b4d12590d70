import type { EventRecord } from './events.js';
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
};

/** Runs contract bytecode (deployed contracts, deploys): what the runtime needs of the EVM engine. */
export type BytecodeRunner = {
  call(ctx: DispatchContext, msg: EvmMessage, gasLimit: bigint): EvmOutcome;
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
