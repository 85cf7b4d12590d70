import { isNestingAddress, ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import { isOwnerOrAdmin } from '../common/access.js';
import { CommonError } from '../common/errors.js';
import { effectiveLimits } from '../common/limits.js';
import type { Collection } from '../common/types.js';
import type { DispatchContext } from '../context.js';
import { convEq } from '../nonfungible/properties.js';
import { topmostOwnerOf } from '../structure/nesting.js';

/**
 * Checks shared by the amount-based token kinds (fungible and refungible), which keep an allowance per owner and
 * spender instead of NFT's one approved spender.
 */
export const isZeroAddress = (a: string): boolean => a.toLowerCase() === ZERO_ETHEREUM_ADDRESS;

export function checkAllowListed(ctx: DispatchContext, c: Collection, ...accounts: string[]): void {
  for (const a of accounts)
    if (!ctx.storage.common.isAllowed(c.id, a)) throw CommonError.AddressNotInAllowlist();
}

/** `ignores_owned_amount` / `ignores_allowance`: `ownerCanTransfer` lets the owner and admins act on any holding. */
export const ownerMayActForAll = (ctx: DispatchContext, c: Collection, who: string): boolean =>
  effectiveLimits(c.limits).ownerCanTransfer && isOwnerOrAdmin(ctx.storage, c, who);

/** Mint permission: owner/admin, or mint mode with the sender and every recipient allow-listed. */
export function checkMayMint(ctx: DispatchContext, c: Collection, recipients: readonly string[]): void {
  if (isOwnerOrAdmin(ctx.storage, c, ctx.origin)) return;
  if (!c.permissions.mintMode) throw CommonError.PublicMintingNotAllowed();
  checkAllowListed(ctx, c, ctx.origin, ...recipients);
}

/**
 * `check_allowed(spender, from, amount)`: the allowance `spender` has left after taking `amount` from `from`, or
 * `undefined` when no allowance is spent (the spender is `from` or its mirror, the topmost owner of a token address,
 * or an owner/admin under `ownerCanTransfer`). Not enough allowance → `ApprovedValueTooLow`.
 */
export function allowanceAfter(
  ctx: DispatchContext,
  c: Collection,
  spender: string,
  from: string,
  stored: bigint,
  amount: bigint,
): bigint | undefined {
  if (convEq(spender, from)) return undefined;
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, spender);
  if (isNestingAddress(from)) {
    if (topmostOwnerOf(ctx.storage, from) !== spender) throw CommonError.ApprovedValueTooLow();
    return undefined;
  }
  const left = stored - amount;
  if (left >= 0n) return left;
  if (!ownerMayActForAll(ctx, c, spender)) throw CommonError.ApprovedValueTooLow();
  return undefined;
}
