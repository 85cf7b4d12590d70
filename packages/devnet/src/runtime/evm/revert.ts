import { encodeErrorResult, type Hex, parseAbi } from 'viem';
import { DispatchError } from '../errors.js';

const ERROR_ABI = parseAbi(['error Error(string)']);

/** A contract call that reverts with a reason string (`Error(string)`), as the chain's contracts do. */
export class EvmRevert extends Error {
  readonly code = 'EVM_REVERT';
}

export const revertData = (reason: string): Hex =>
  encodeErrorResult({ abi: ERROR_ABI, errorName: 'Error', args: [reason] });

/** The revert reason of anything a native contract threw: a runtime error reverts with its variant name. */
export function revertReason(e: unknown): string {
  if (e instanceof EvmRevert) return e.message;
  if (e instanceof DispatchError) return e.name;
  return e instanceof Error ? e.message : String(e);
}
