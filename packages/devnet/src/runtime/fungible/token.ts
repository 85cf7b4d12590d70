import { U128_MAX } from '@nftkit/primitives';
import { existingCollection } from '../common/access.js';
import { CommonError } from '../common/errors.js';
import { CommonEvent } from '../common/events.js';
import type { Collection } from '../common/types.js';
import { type DispatchContext, deposit } from '../context.js';
import { checkNesting } from '../structure/nesting.js';
import {
  allowanceAfter,
  checkAllowListed,
  checkMayMint,
  isZeroAddress,
  ownerMayActForAll,
} from './access.js';
import { transferAmount } from './amountTransfer.js';
import { arithmeticOverflow, FungibleError } from './errors.js';

/** A fungible collection holds one "token", id 0 (chain-rules §0). */
export const FUNGIBLE_TOKEN_ID = 0;

export function fungibleCollection(ctx: DispatchContext, id: number): Collection {
  const c = existingCollection(ctx.storage, id);
  if (c.mode !== 'Fungible') throw FungibleError.NotFungibleDataUsedToMintFungibleCollectionToken();
  return c;
}

function checkTokenId(tokenId: number): void {
  if (tokenId !== FUNGIBLE_TOKEN_ID) throw FungibleError.FungibleItemsHaveNoId();
}

const add = (a: bigint, b: bigint): bigint => {
  const sum = a + b;
  if (sum > U128_MAX) throw arithmeticOverflow();
  return sum;
};

export type FungibleMint = { owner: string; value: bigint };

/** `create_multiple_items`: mints `value` to each owner (a zero value still emits its event). */
export function doFungibleMint(ctx: DispatchContext, c: Collection, mints: readonly FungibleMint[]): void {
  const { storage } = ctx;
  const ft = storage.fungible;
  checkMayMint(
    ctx,
    c,
    mints.map((m) => m.owner),
  );
  if (mints.some((m) => isZeroAddress(m.owner))) throw CommonError.AddressIsZero();
  let total = ft.totalSupply(c.id);
  const balances = new Map<string, bigint>();
  for (const m of mints) {
    total = add(total, m.value);
    balances.set(m.owner, add(balances.get(m.owner) ?? ft.balance(c.id, m.owner), m.value));
  }
  for (const owner of balances.keys()) checkNesting(storage, ctx.origin, owner, { collectionId: c.id });
  ft.setTotalSupply(c.id, total);
  for (const [owner, balance] of balances) ft.setBalance(c.id, owner, balance);
  for (const m of mints) deposit(ctx, CommonEvent.ItemCreated(c.id, FUNGIBLE_TOKEN_ID, m.owner, m.value));
}

/** `transfer` / `transfer_from` of a fungible collection's coins, its token 0 (see {@link transferAmount}). */
export function doFungibleTransfer(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  from: string,
  to: string,
  amount: bigint,
  spender?: string,
): void {
  checkTokenId(tokenId);
  const ft = ctx.storage.fungible;
  transferAmount(
    ctx,
    c,
    {
      tokenId: FUNGIBLE_TOKEN_ID,
      child: { collectionId: c.id },
      spentAllowance: (owner, value, by) => spentAllowance(ctx, c, owner, value, by),
      balance: (account) => ft.balance(c.id, account),
      setBalance: (account, balance) => ft.setBalance(c.id, account, balance),
      approve: (owner, by, value) => setAllowance(ctx, c, owner, by, value),
    },
    from,
    to,
    amount,
    spender,
  );
}

/** What `spender` has left of `from`'s allowance after taking `amount` (see {@link allowanceAfter}). */
const spentAllowance = (ctx: DispatchContext, c: Collection, from: string, amount: bigint, spender: string) =>
  allowanceAfter(ctx, c, spender, from, ctx.storage.fungible.allowance(c.id, from, spender), amount);

function setAllowance(
  ctx: DispatchContext,
  c: Collection,
  owner: string,
  spender: string,
  amount: bigint,
): void {
  ctx.storage.fungible.setAllowance(c.id, owner, spender, amount);
  deposit(ctx, CommonEvent.Approved(c.id, FUNGIBLE_TOKEN_ID, owner, spender, amount));
}

/** `set_allowance`: the allowance becomes `amount` (0 removes it); more than owned needs `ownerCanTransfer` rights. */
export function doFungibleApprove(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  sender: string,
  spender: string,
  amount: bigint,
): void {
  checkTokenId(tokenId);
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, sender, spender);
  if (isZeroAddress(spender)) throw CommonError.AddressIsZero();
  if (ctx.storage.fungible.balance(c.id, sender) < amount && !ownerMayActForAll(ctx, c, sender))
    throw CommonError.CantApproveMoreThanOwned();
  setAllowance(ctx, c, sender, spender, amount);
}

/** `burn` as `from`; with `spender` (burnFrom) after the allowance check, whose remainder is written back. */
export function doFungibleBurn(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  from: string,
  amount: bigint,
  spender?: string,
): void {
  checkTokenId(tokenId);
  const ft = ctx.storage.fungible;
  const left = spender === undefined ? undefined : spentAllowance(ctx, c, from, amount, spender);
  const total = ft.totalSupply(c.id) - amount;
  if (total < 0n) throw CommonError.TokenValueTooLow();
  const balance = ft.balance(c.id, from) - amount;
  if (balance < 0n) throw CommonError.TokenValueTooLow();
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, from);
  ft.setBalance(c.id, from, balance);
  ft.setTotalSupply(c.id, total);
  deposit(ctx, CommonEvent.ItemDestroyed(c.id, FUNGIBLE_TOKEN_ID, from, amount));
  if (spender !== undefined && left !== undefined) setAllowance(ctx, c, from, spender, left);
}
