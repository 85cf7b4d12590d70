import type { Abi, Hex } from 'viem';
import type { DispatchContext } from '../../context.js';
import type { EvmLog } from '../types.js';

/** What a native contract function sees: the runtime context (origin = the Ethereum caller) and the message. */
export type NativeEnv = {
  ctx: DispatchContext;
  /** The contract's own address (checksummed). */
  self: string;
  caller: string;
  value: bigint;
  isStatic: boolean;
  /** Logs the function records itself (helpers' logs); ERC-721 logs come from the runtime events. */
  logs: EvmLog[];
};

export type NativeFunction = (env: NativeEnv, args: readonly unknown[]) => unknown;

/**
 * A contract whose code is the runtime: its ABI and, per function, the implementation (a function returns the
 * value of its single output; `view` functions never write; a function not `payable` refuses value).
 */
export type NativeContract = {
  readonly abi: Abi;
  readonly functions: Readonly<Record<string, NativeFunction>>;
};

export type NativeData = Hex;
