import { substrateToEthereumMirror, toChecksumEthereumAddress } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { z } from 'zod';
import { bytes, u128 } from '../args.js';
import { defineCall, type Pallet } from '../call.js';
import { deposit } from '../context.js';
import { PALLET_INDEX } from '../indices.js';
import { EvmError } from './errors.js';
import { EvmEvent } from './events.js';
import { MAX_GAS_LIMIT as BLOCK_GAS_LIMIT, transactCall, transactCreate } from './transact.js';

/** `DEFAULT_GAS_LIMIT` of the REST sends (rest-api §4.6); the block's gas limit bounds any call. */
export const DEFAULT_GAS_LIMIT = 2_500_000n;
export const MAX_GAS_LIMIT = BLOCK_GAS_LIMIT;
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
      args: z.object({ target: ethAddress, input: bytes(1 << 20), value: u128, gasLimit: gas }),
      weight: EVM_WEIGHT,
      dispatch: (ctx, a) => {
        const { outcome } = transactCall(
          ctx,
          substrateToEthereumMirror(ctx.origin),
          a.target,
          a.input as Hex,
          a.value,
          a.gasLimit,
        );
        deposit(ctx, outcome.ok ? EvmEvent.Executed(a.target) : EvmEvent.ExecutedFailed(a.target));
      },
    }),
    defineCall({
      name: 'create',
      args: z.object({ init: bytes(MAX_CODE_BYTES), value: u128, gasLimit: gas }),
      weight: EVM_WEIGHT,
      dispatch: (ctx, a) => {
        const { outcome, address } = transactCreate(
          ctx,
          substrateToEthereumMirror(ctx.origin),
          a.init as Hex,
          a.value,
          a.gasLimit,
        );
        deposit(ctx, outcome.ok ? EvmEvent.Created(address) : EvmEvent.CreatedFailed(address));
      },
    }),
  ],
};
