import type { Hex } from 'viem';
import { type DispatchContext, deposit } from '../context.js';
import { BLOCK_GAS_LIMIT } from './blockGasLimit.js';
import { EvmError } from './errors.js';
import { EvmEvent } from './events.js';
import { executeMessage } from './execute.js';
import { allowListRefuses, GAS_PRICE, reserveGas, settleGas } from './gas.js';
import { type AccessList, gasAfterRefund, intrinsicGas } from './intrinsic.js';
import { revertData } from './revert.js';
import { evmStorage } from './storage.js';
import type { EvmOutcome } from './types.js';

/** The revert reason of a call to a contract whose allow-list does not name the caller. */
const ALLOWLISTED = 'Target contract is allowlisted';

/** The block's gas limit bounds any transaction. */
export const MAX_GAS_LIMIT = BLOCK_GAS_LIMIT;

/** What a transaction's execution came to: the outcome, and the gas charged (intrinsic gas included). */
export type EvmTransactOutcome = { outcome: EvmOutcome; gasUsed: bigint; fee: bigint };

/** The gas limit within the block's and above the intrinsic gas; answers the intrinsic gas. */
function checkGasLimit(gasLimit: bigint, intrinsic: bigint): bigint {
  if (gasLimit > MAX_GAS_LIMIT) throw EvmError.GasLimitTooHigh();
  if (gasLimit < intrinsic) throw EvmError.GasLimitTooLow();
  return intrinsic;
}

function finish(
  ctx: DispatchContext,
  outcome: EvmOutcome,
  payment: ReturnType<typeof reserveGas>,
  intrinsic: bigint,
) {
  if (outcome.ok) for (const log of outcome.logs) deposit(ctx, EvmEvent.Log(log));
  const gasUsed = gasAfterRefund(intrinsic + outcome.gasUsed, outcome.gasRefund ?? 0n);
  const fee = settleGas(ctx, payment, gasUsed);
  return { outcome, fee, gasUsed: fee / GAS_PRICE };
}

/**
 * A transaction to `target` from `caller` (an Ethereum address), as pallet-evm's `call` and pallet-ethereum's
 * `transact` run it: gas reserved (`evm.BalanceLow` if it cannot be), the caller's nonce bumped, the message
 * executed with what the gas limit leaves after the intrinsic gas (a revert does not fail the extrinsic: its
 * writes are undone), logs deposited, gas settled (refund taken off).
 */
export function transactCall(
  ctx: DispatchContext,
  caller: string,
  target: string,
  input: Hex,
  value: bigint,
  gasLimit: bigint,
  accessList: AccessList = [],
): EvmTransactOutcome {
  const intrinsic = checkGasLimit(gasLimit, intrinsicGas({ data: input, create: false, accessList }));
  const payment = reserveGas(ctx, caller, target, value, gasLimit);
  const s = evmStorage(ctx.storage);
  s.putNonce(caller, s.header(caller).nonce + 1n);
  const msg = { caller, to: target, data: input, value, isStatic: false, accessList };
  const outcome: EvmOutcome = allowListRefuses(ctx, target, caller)
    ? { ok: false, reason: ALLOWLISTED, returnData: revertData(ALLOWLISTED), gasUsed: 0n }
    : executeMessage(ctx, msg, gasLimit - intrinsic);
  return finish(ctx, outcome, payment, intrinsic);
}

/**
 * A contract creation from `caller`: the address derives from the caller's nonce, which ends one higher whether
 * the creation succeeded or reverted. Initcode over `MAX_INITCODE_SIZE` runs out of gas in the EVM (EIP-3860); the
 * pool refuses it before.
 */
export function transactCreate(
  ctx: DispatchContext,
  caller: string,
  init: Hex,
  value: bigint,
  gasLimit: bigint,
  accessList: AccessList = [],
): EvmTransactOutcome & { address: string } {
  const intrinsic = checkGasLimit(gasLimit, intrinsicGas({ data: init, create: true, accessList }));
  const payment = reserveGas(ctx, caller, undefined, value, gasLimit);
  const s = evmStorage(ctx.storage);
  const nonce = s.header(caller).nonce;
  const created = ctx.evm.create(ctx, caller, init, value, gasLimit - intrinsic, accessList);
  s.putNonce(caller, nonce + 1n);
  return { ...finish(ctx, created, payment, intrinsic), address: created.address };
}
