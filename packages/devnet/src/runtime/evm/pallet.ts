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
import { evmStorage } from './storage.js';
import type { EvmOutcome } from './types.js';
import { ethBalance } from './value.js';

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

/** Weight of an EVM extrinsic: the gas is free on the devnet, so the fee is a flat weight like a token transfer. */
const EVM_WEIGHT = 700_000_000n;

function prepare(ctx: DispatchContext, value: bigint, gasLimit: bigint): string {
  if (gasLimit > MAX_GAS_LIMIT) throw EvmError.GasLimitTooHigh();
  if (gasLimit < 21_000n) throw EvmError.GasLimitTooLow();
  const caller = substrateToEthereumMirror(ctx.origin);
  if (ethBalance(ctx.storage, caller) < value) throw EvmError.BalanceLow();
  return caller;
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
        const caller = prepare(ctx, a.value, a.gasLimit);
        const s = evmStorage(ctx.storage);
        const acc = s.account(caller);
        s.putAccount(caller, { ...acc, nonce: acc.nonce + 1n });
        const outcome = executeMessage(
          ctx,
          { caller, to: a.target, data: a.input as Hex, value: a.value, isStatic: false },
          a.gasLimit,
        );
        record(ctx, outcome);
        deposit(ctx, outcome.ok ? EvmEvent.Executed(a.target) : EvmEvent.ExecutedFailed(a.target));
      },
    }),
    defineCall({
      name: 'create',
      index: 2,
      args: z.object({ init: bytes(MAX_CODE_BYTES), value: u128, gasLimit: gas }),
      weight: EVM_WEIGHT,
      dispatch: (ctx, a) => {
        const caller = prepare(ctx, a.value, a.gasLimit);
        const outcome = bytecodeRunner().create(ctx, caller, a.init as Hex, a.value, a.gasLimit);
        record(ctx, outcome);
        deposit(
          ctx,
          outcome.ok ? EvmEvent.Created(outcome.address) : EvmEvent.CreatedFailed(outcome.address),
        );
      },
    }),
  ],
};
