import { substrateToEthereumMirror, toChecksumEthereumAddress } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { z } from 'zod';
import { bytes, u128 } from '../args.js';
import { defineCall, type Pallet } from '../call.js';
import { type DispatchContext, deposit } from '../context.js';
import { PALLET_INDEX } from '../indices.js';
import { EvmError } from './errors.js';
import { EvmEvent } from './events.js';
import { bytecodeRunner, executeMessage } from './execute.js';
import { allowListRefuses, BASE_GAS, reserveGas, settleGas } from './gas.js';
import { revertData } from './revert.js';
import { evmStorage } from './storage.js';
import type { EvmOutcome } from './types.js';

/** The revert reason of a call to a contract whose allow-list does not name the caller. */
const ALLOWLISTED = 'Target contract is allowlisted';

/** `DEFAULT_GAS_LIMIT` of the REST sends (rest-api §4.6); the block's gas limit bounds any call. */
export const DEFAULT_GAS_LIMIT = 2_500_000n;
export const MAX_GAS_LIMIT = 30_000_000n;
const MAX_CODE_BYTES = 2 * 24_576;

const ethAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'expected an Ethereum address')
  .transform((s) => toChecksumEthereumAddress(s));
const gas = z
  .string()
  .regex(/^(0|[1-9]\d*)$/, 'expected a decimal integer string')
  .transform((s) => BigInt(s));

/** Weight of an EVM extrinsic: a flat weight like a token transfer; the gas is paid on top of it (gas.ts). */
const EVM_WEIGHT = 700_000_000n;

function prepare(ctx: DispatchContext, gasLimit: bigint): string {
  if (gasLimit > MAX_GAS_LIMIT) throw EvmError.GasLimitTooHigh();
  if (gasLimit < BASE_GAS) throw EvmError.GasLimitTooLow();
  return substrateToEthereumMirror(ctx.origin);
}

function record(ctx: DispatchContext, outcome: EvmOutcome): void {
  if (outcome.ok) for (const log of outcome.logs) deposit(ctx, EvmEvent.Log(log));
}

/**
 * `evm` (pallet-evm, index 100): a substrate signer calls or deploys as its Ethereum mirror (chain-rules §7). As on
 * the chain, a reverted execution does not fail the extrinsic: it ends with `ExecutedFailed`/`CreatedFailed` and
 * its writes undone.
 */
export const evmPallet: Pallet = {
  name: 'evm',
  index: PALLET_INDEX.evm,
  errors: EvmError.list,
  calls: [
    defineCall({
      name: 'call',
      index: 1,
      args: z.object({ target: ethAddress, input: bytes(1 << 20), value: u128, gasLimit: gas }),
      weight: EVM_WEIGHT,
      dispatch: (ctx, a) => {
        const caller = prepare(ctx, a.gasLimit);
        const payment = reserveGas(ctx, caller, a.target, a.value, a.gasLimit);
        const s = evmStorage(ctx.storage);
        const acc = s.account(caller);
        s.putAccount(caller, { ...acc, nonce: acc.nonce + 1n });
        const outcome: EvmOutcome = allowListRefuses(ctx, a.target, caller)
          ? { ok: false, reason: ALLOWLISTED, returnData: revertData(ALLOWLISTED), gasUsed: 0n }
          : executeMessage(
              ctx,
              { caller, to: a.target, data: a.input as Hex, value: a.value, isStatic: false },
              a.gasLimit - BASE_GAS,
            );
        record(ctx, outcome);
        settleGas(ctx, payment, outcome.gasUsed);
        deposit(ctx, outcome.ok ? EvmEvent.Executed(a.target) : EvmEvent.ExecutedFailed(a.target));
      },
    }),
    defineCall({
      name: 'create',
      index: 2,
      args: z.object({ init: bytes(MAX_CODE_BYTES), value: u128, gasLimit: gas }),
      weight: EVM_WEIGHT,
      dispatch: (ctx, a) => {
        const caller = prepare(ctx, a.gasLimit);
        const payment = reserveGas(ctx, caller, undefined, a.value, a.gasLimit);
        const outcome = bytecodeRunner().create(ctx, caller, a.init as Hex, a.value, a.gasLimit - BASE_GAS);
        record(ctx, outcome);
        settleGas(ctx, payment, outcome.gasUsed);
        deposit(
          ctx,
          outcome.ok ? EvmEvent.Created(outcome.address) : EvmEvent.CreatedFailed(outcome.address),
        );
      },
    }),
  ],
};
