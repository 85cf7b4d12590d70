import type { Hex } from 'viem';
import { type DispatchContext, deposit } from '../context.js';
import { EvmError } from './errors.js';
import { EvmEvent } from './events.js';
import { executeMessage } from './execute.js';
import { allowListRefuses, BASE_GAS, GAS_PRICE, reserveGas, settleGas } from './gas.js';
import { revertData } from './revert.js';
import { evmStorage } from './storage.js';
import type { EvmOutcome } from './types.js';

/** The revert reason of a call to a contract whose allow-list does not name the caller. */
const ALLOWLISTED = 'Target contract is allowlisted';

/** The block's gas limit bounds any transaction. */
export const MAX_GAS_LIMIT = 30_000_000n;

/** What a transaction's execution came to: the outcome, and the gas charged (intrinsic gas included). */
export type EvmTransactOutcome = { outcome: EvmOutcome; gasUsed: bigint; fee: bigint };

function checkGasLimit(gasLimit: bigint): void {
  if (gasLimit > MAX_GAS_LIMIT) throw EvmError.GasLimitTooHigh();
  if (gasLimit < BASE_GAS) throw EvmError.GasLimitTooLow();
}

function finish(ctx: DispatchContext, outcome: EvmOutcome, payment: ReturnType<typeof reserveGas>) {
  if (outcome.ok) for (const log of outcome.logs) deposit(ctx, EvmEvent.Log(log));
  const fee = settleGas(ctx, payment, outcome.gasUsed);
  return { outcome, fee, gasUsed: fee / GAS_PRICE };
}

/**
 * A transaction to `target` from `caller` (an Ethereum address), as pallet-evm's `call` and pallet-ethereum's
 * `transact` run it: gas reserved (`evm.BalanceLow` if it cannot be), the caller's nonce bumped, the message
 * executed (a revert does not fail the extrinsic: its writes are undone), logs deposited, gas settled.
 */
export function transactCall(
  ctx: DispatchContext,
  caller: string,
  target: string,
  input: Hex,
  value: bigint,
  gasLimit: bigint,
): EvmTransactOutcome {
  checkGasLimit(gasLimit);
  const payment = reserveGas(ctx, caller, target, value, gasLimit);
  const s = evmStorage(ctx.storage);
  s.putNonce(caller, s.header(caller).nonce + 1n);
  const outcome: EvmOutcome = allowListRefuses(ctx, target, caller)
    ? { ok: false, reason: ALLOWLISTED, returnData: revertData(ALLOWLISTED), gasUsed: 0n }
    : executeMessage(ctx, { caller, to: target, data: input, value, isStatic: false }, gasLimit - BASE_GAS);
  return finish(ctx, outcome, payment);
}

/**
 * A contract creation from `caller`: the address derives from the caller's nonce, which ends one higher whether
 * the creation succeeded or reverted.
 */
export function transactCreate(
  ctx: DispatchContext,
  caller: string,
  init: Hex,
  value: bigint,
  gasLimit: bigint,
): EvmTransactOutcome & { address: string } {
  checkGasLimit(gasLimit);
  const payment = reserveGas(ctx, caller, undefined, value, gasLimit);
  const s = evmStorage(ctx.storage);
  const nonce = s.header(caller).nonce;
  const created = ctx.evm.create(ctx, caller, init, value, gasLimit - BASE_GAS);
  s.putNonce(caller, nonce + 1n);
  return { ...finish(ctx, created, payment), address: created.address };
}
