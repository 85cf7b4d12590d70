import { U128_MAX } from '@nftkit/primitives';
import { CommonError } from '../common/errors.js';
import { CommonEvent } from '../common/events.js';
import { effectiveLimits } from '../common/limits.js';
import type { Collection } from '../common/types.js';
import { type DispatchContext, deposit } from '../context.js';
import { checkNesting } from '../structure/nesting.js';
import { checkAllowListed, isZeroAddress } from './access.js';
import { arithmeticOverflow } from './errors.js';

/**
 * One token's amounts as a transfer reads and writes them: a fungible collection's coins (its token 0) or one
 * refungible token's pieces. The pallet says what is its own: how an allowance is spent, whether the token exists,
 * who may receive.
 */
export type AmountLedger = {
  readonly tokenId: number;
  /** What is nested when the receiver is a token's address. */
  readonly child: { collectionId: number; tokenId?: number };
  /** The allowance `spender` has left after taking `amount` of `from`'s, or `undefined` when it spends none. */
  spentAllowance(from: string, amount: bigint, spender: string): bigint | undefined;
  /** Refuses a transfer of a token that does not exist (refungible), before any balance is read. */
  checkToken?(amount: bigint): void;
  balance(account: string): bigint;
  /** Refuses a receiver that holds `held` and would get `amount` more (refungible: the account token limit). */
  checkReceiver?(account: string, held: bigint, amount: bigint): void;
  setBalance(account: string, balance: bigint): void;
  /** Stores `spender`'s allowance over `owner`'s amount, with its `Approved` event. */
  approve(owner: string, spender: string, amount: bigint): void;
};

/**
 * `transfer` / `transfer_from` of an amount (chain-rules §4): `spender` is set for transferFrom; its allowance shrinks
 * by the amount (event `Approved` with what is left) unless it needs none. Every check comes before any write; a zero
 * amount is allowed and emits `Transfer`.
 */
export function transferAmount(
  ctx: DispatchContext,
  c: Collection,
  ledger: AmountLedger,
  from: string,
  to: string,
  amount: bigint,
  spender?: string,
): void {
  const left = spender === undefined ? undefined : ledger.spentAllowance(from, amount, spender);
  if (!effectiveLimits(c.limits).transfersEnabled) throw CommonError.TransferNotAllowed();
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, from, to);
  if (isZeroAddress(to)) throw CommonError.AddressIsZero();
  ledger.checkToken?.(amount);
  const fromBalance = ledger.balance(from) - amount;
  if (fromBalance < 0n) throw CommonError.TokenValueTooLow();
  let toBalance: bigint | undefined;
  if (from !== to) {
    const held = ledger.balance(to);
    toBalance = held + amount;
    if (toBalance > U128_MAX) throw arithmeticOverflow();
    ledger.checkReceiver?.(to, held, amount);
  }
  checkNesting(ctx.storage, from, to, ledger.child);
  // Nothing moves when an account pays itself, or pays nothing.
  if (toBalance !== undefined && amount > 0n) {
    ledger.setBalance(from, fromBalance);
    ledger.setBalance(to, toBalance);
  }
  deposit(ctx, CommonEvent.Transfer(c.id, ledger.tokenId, from, to, amount));
  if (spender !== undefined && left !== undefined) ledger.approve(from, spender, left);
}
