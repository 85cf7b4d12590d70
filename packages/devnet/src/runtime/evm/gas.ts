import { BalancesEvent, depositInto, withdraw } from '../balances/pallet.js';
import { type DispatchContext, deposit } from '../context.js';
import { TREASURY_ADDRESS, treasuryDeposit } from '../treasury.js';
import { isAllowed } from './contracts/contractHelpers.js';
import { contractHelpersStorage } from './contracts/helpersStorage.js';
import { EvmError } from './errors.js';
import { balanceAccount, ethBalance } from './value.js';

/** The gas price of every EVM transaction: the chain's `MIN_GAS_PRICE` (chain-rules §5), in wei per gas. */
export const GAS_PRICE = 1_862_382_359_514n;

/** Who pays a transaction's gas: an Ethereum address (the caller, or the contract's sponsor). */
export type GasPayment = { payer: string; sponsored: boolean; reserved: bigint };

/**
 * The contract's sponsor pays when ContractHelpers says so (pallet evm-contract-helpers `get_sponsor`): a confirmed
 * sponsor, sponsoring enabled (Generous, or Allowlisted and the caller allowed), the caller's last sponsored call
 * at least `rateLimit` blocks ago, the most the call can cost within `feeLimit`, and the sponsor able to pay it.
 */
function sponsorOf(
  ctx: DispatchContext,
  contract: string,
  caller: string,
  maxFee: bigint,
): string | undefined {
  const store = contractHelpersStorage(ctx.storage);
  const s = store.get(contract);
  if (s.mode === 0 || !s.confirmed || s.sponsor === null) return undefined;
  if (s.mode === 1 && !isAllowed(ctx.storage, contract, caller)) return undefined;
  const last = store.lastSponsored(contract, caller);
  if (last !== undefined && ctx.blockNumber < last + s.rateLimit) return undefined;
  if (maxFee > s.feeLimit) return undefined;
  if (ethBalance(ctx.storage, s.sponsor) < maxFee) return undefined;
  return s.sponsor;
}

/**
 * Reserves the most a transaction can cost (`gasLimit × GAS_PRICE`) before it runs, as pallet-evm withdraws it:
 * from the sponsor of `contract` if it sponsors this caller, else from the caller, who must also afford `value`
 * (`evm.BalanceLow` otherwise, and the extrinsic fails).
 */
export function reserveGas(
  ctx: DispatchContext,
  caller: string,
  contract: string | undefined,
  value: bigint,
  gasLimit: bigint,
): GasPayment {
  const maxFee = gasLimit * GAS_PRICE;
  const sponsor = contract === undefined ? undefined : sponsorOf(ctx, contract, caller, maxFee);
  const payer = sponsor ?? caller;
  const needed = sponsor === undefined ? value + maxFee : value;
  if (ethBalance(ctx.storage, caller) < needed) throw EvmError.BalanceLow();
  if (!withdraw(ctx.storage, balanceAccount(payer), maxFee)) throw EvmError.BalanceLow();
  if (sponsor !== undefined && contract !== undefined)
    contractHelpersStorage(ctx.storage).recordSponsored(contract, caller, ctx.blockNumber);
  return { payer, sponsored: sponsor !== undefined, reserved: maxFee };
}

/**
 * Settles the gas once the transaction ran: `gasUsed × GAS_PRICE` (intrinsic gas included, refund taken off; at
 * most the reserve) goes to the treasury, the rest back to the payer. The events are the fee's: `balances.Withdraw` of the payer's mirror,
 * `balances.Deposit` and `treasury.Deposit` of the treasury.
 */
export function settleGas(ctx: DispatchContext, payment: GasPayment, gasUsed: bigint): bigint {
  const fee = gasUsed * GAS_PRICE > payment.reserved ? payment.reserved : gasUsed * GAS_PRICE;
  const account = balanceAccount(payment.payer);
  // Nothing comes back when the gas limit was all used (a plain transfer at 21 000): the payer's row, written when
  // the gas was reserved, is left as it is rather than rewritten unchanged.
  if (payment.reserved > fee) depositInto(ctx.storage, account, payment.reserved - fee);
  depositInto(ctx.storage, TREASURY_ADDRESS, fee);
  deposit(ctx, BalancesEvent.Withdraw(account, fee));
  deposit(ctx, BalancesEvent.Deposit(TREASURY_ADDRESS, fee));
  deposit(ctx, treasuryDeposit(fee));
  return fee;
}

/** An enabled allow-list admits only listed callers and the owner (evm-contract-helpers). */
export function allowListRefuses(ctx: DispatchContext, contract: string, caller: string): boolean {
  return (
    contractHelpersStorage(ctx.storage).get(contract).allowlistEnabled &&
    !isAllowed(ctx.storage, contract, caller)
  );
}
