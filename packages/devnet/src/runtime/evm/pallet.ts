import { substrateToEthereumMirror, toChecksumEthereumAddress } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { z } from 'zod';
import { bytes } from '../args.js';
import { defineCall, type Pallet } from '../call.js';
import { type DispatchContext, deposit } from '../context.js';
import { BadOriginError } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';
import { EvmError } from './errors.js';
import { EvmEvent } from './events.js';
import { GAS_PRICE } from './gas.js';
import { evmStorage } from './storage.js';
import { MAX_GAS_LIMIT as BLOCK_GAS_LIMIT, transactCall, transactCreate } from './transact.js';

/** `DEFAULT_GAS_LIMIT` of the REST sends (rest-api §4.6); the block's gas limit bounds any call. */
export const DEFAULT_GAS_LIMIT = 2_500_000n;
export const MAX_GAS_LIMIT = BLOCK_GAS_LIMIT;
const MAX_CODE_BYTES = 2 * 24_576;

const ethAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'expected an Ethereum address')
  .transform((s) => toChecksumEthereumAddress(s));
const decimal = z.string().regex(/^(0|[1-9]\d*)$/, 'expected a decimal integer string');
const u64 = decimal.transform((s) => BigInt(s)).refine((n) => n < 1n << 64n, 'exceeds u64');
const u256 = decimal
  .max(78)
  .transform((s) => BigInt(s))
  .refine((n) => n < 1n << 256n, 'exceeds U256');
const h256 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected 32 bytes as 0x-hex');

/**
 * Frontier's arguments after the first ones, as Opal's `EVM.call`/`create` take them: the fee the signer offers
 * (at least the chain's gas price), the nonce it expects of its mirror (none: any), and an access list, which
 * the devnet takes and does not charge for.
 */
const fees = {
  value: u256,
  gasLimit: u64,
  maxFeePerGas: u256,
  maxPriorityFeePerGas: u256.nullable(),
  nonce: u256.nullable(),
  accessList: z.array(z.tuple([ethAddress, z.array(h256).max(1024)])).max(1024),
};

type Fees = { [K in keyof typeof fees]: z.output<(typeof fees)[K]> };

/**
 * The checks pallet-evm makes before it runs a substrate signer's transaction, in its order: the signer may act
 * only as its own mirror (`EnsureAddressTruncated`: `BadOrigin`), the fee must reach the base fee and cover the
 * tip, and a given nonce must be the mirror's.
 */
function checkTransaction(ctx: DispatchContext, source: string, a: Fees): void {
  if (source !== substrateToEthereumMirror(ctx.origin)) throw new BadOriginError();
  if (a.maxFeePerGas < GAS_PRICE) throw EvmError.GasPriceTooLow();
  if (a.maxPriorityFeePerGas !== null && a.maxPriorityFeePerGas > a.maxFeePerGas)
    throw EvmError.GasPriceTooLow();
  if (a.nonce !== null && a.nonce !== evmStorage(ctx.storage).header(source).nonce)
    throw EvmError.InvalidNonce();
}

/** Weight of an EVM extrinsic: a flat weight like a token transfer; the gas is paid on top of it (gas.ts). */
const EVM_WEIGHT = 700_000_000n;

/**
 * `evm` (pallet-evm, index 100): a substrate signer calls or deploys as its Ethereum mirror (chain-rules §7), which
 * the call names as its `source`. As on
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
      args: z.object({ source: ethAddress, target: ethAddress, input: bytes(1 << 20), ...fees }),
      weight: EVM_WEIGHT,
      dispatch: (ctx, a) => {
        checkTransaction(ctx, a.source, a);
        const { outcome } = transactCall(ctx, a.source, a.target, a.input as Hex, a.value, a.gasLimit);
        deposit(ctx, outcome.ok ? EvmEvent.Executed(a.target) : EvmEvent.ExecutedFailed(a.target));
      },
    }),
    defineCall({
      name: 'create',
      args: z.object({ source: ethAddress, init: bytes(MAX_CODE_BYTES), ...fees }),
      weight: EVM_WEIGHT,
      dispatch: (ctx, a) => {
        checkTransaction(ctx, a.source, a);
        const { outcome, address } = transactCreate(ctx, a.source, a.init as Hex, a.value, a.gasLimit);
        deposit(ctx, outcome.ok ? EvmEvent.Created(address) : EvmEvent.CreatedFailed(address));
      },
    }),
  ],
};
