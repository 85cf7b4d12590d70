import type { EventRecord } from './events.js';
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
  readonly events: EventRecord[];
  readonly evm: BytecodeRunner;
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
  ): EvmOutcome & { address: string };
};

export function deposit(ctx: DispatchContext, event: EventRecord): void {
  ctx.events.push(event);
}
