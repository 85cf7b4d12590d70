import { hexToBytes, isNestingAddress, ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import { existingCollection, isOwnerOrAdmin } from '../common/access.js';
import { CommonError } from '../common/errors.js';
import { CommonEvent } from '../common/events.js';
import { effectiveLimits } from '../common/limits.js';
import type { Collection } from '../common/types.js';
import { type DispatchContext, deposit } from '../context.js';
import { checkNesting, tokenAddress, topmostOwnerOf } from '../structure/nesting.js';
import { UniqueError } from '../unique/errors.js';
import { NonfungibleError } from './errors.js';
import { convEq, writeTokenProperties } from './properties.js';

export type MintItem = { owner: string; properties: { key: string; value: string /* hex */ }[] };

const isZero = (a: string) => a.toLowerCase() === ZERO_ETHEREUM_ADDRESS;

function nftCollection(ctx: DispatchContext, id: number): Collection {
  const c = existingCollection(ctx.storage, id);
  if (c.mode !== 'NFT') throw NonfungibleError.NotNonfungibleDataUsedToMintFungibleCollectionToken();
  return c;
}

function checkAllowListed(ctx: DispatchContext, c: Collection, ...accounts: string[]): void {
  for (const a of accounts)
    if (!ctx.storage.common.isAllowed(c.id, a)) throw CommonError.AddressNotInAllowlist();
}

/** `create_multiple_items` (chain-rules §3.1); returns the new token ids. */
export function doMint(ctx: DispatchContext, collectionId: number, items: readonly MintItem[]): number[] {
  const { storage, origin } = ctx;
  const c = nftCollection(ctx, collectionId);
  if (items.length === 0) throw UniqueError.EmptyArgument();
  if (!isOwnerOrAdmin(storage, c, origin)) {
    if (!c.permissions.mintMode) throw CommonError.PublicMintingNotAllowed();
    checkAllowListed(ctx, c, origin, ...items.map((i) => i.owner));
  }
  if (items.some((i) => isZero(i.owner))) throw CommonError.AddressIsZero();
  const limits = effectiveLimits(c.limits);
  if (c.tokensMinted + items.length > limits.tokenLimit) throw CommonError.CollectionTokenLimitExceeded();
  const perOwner = new Map<string, number>();
  for (const i of items) perOwner.set(i.owner, (perOwner.get(i.owner) ?? 0) + 1);
  for (const [owner, n] of perOwner)
    if (storage.nonfungible.balance(c.id, owner) + n > limits.accountTokenOwnershipLimit)
      throw CommonError.AccountTokenLimitExceeded();
  for (const i of items) checkNesting(storage, origin, i.owner, { collectionId: c.id });

  const ids: number[] = [];
  for (const item of items) {
    const tokenId = c.tokensMinted + 1;
    c.tokensMinted = tokenId;
    ids.push(tokenId);
    storage.nonfungible.putToken({ collectionId: c.id, tokenId, owner: item.owner, propertiesConsumed: 0 });
    storage.nonfungible.setBalance(c.id, item.owner, storage.nonfungible.balance(c.id, item.owner) + 1);
    writeTokenProperties(
      ctx,
      c,
      tokenId,
      item.properties.map((p) => ({ key: p.key, value: hexToBytes(p.value) })),
      item.owner,
    );
  }
  storage.common.putCollection(c);
  items.forEach((item, i) => {
    deposit(ctx, CommonEvent.ItemCreated(c.id, ids[i]!, item.owner, 1));
  });
  return ids;
}

/** `check_allowed(spender, from)` (chain-rules §3.3). */
function checkAllowed(
  ctx: DispatchContext,
  c: Collection,
  spender: string,
  from: string,
  tokenId: number,
): void {
  const { storage } = ctx;
  if (convEq(spender, from)) return;
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, spender);
  if (effectiveLimits(c.limits).ownerCanTransfer && isOwnerOrAdmin(storage, c, spender)) return;
  if (isNestingAddress(from) && topmostOwnerOf(storage, from) === spender) return;
  if (storage.nonfungible.approved(c.id, tokenId) === spender) return;
  if (storage.nonfungible.isOperator(c.id, from, spender)) return;
  throw CommonError.ApprovedValueTooLow();
}

function clearApproval(ctx: DispatchContext, c: Collection, tokenId: number, sender: string): void {
  const old = ctx.storage.nonfungible.approved(c.id, tokenId);
  if (old === undefined) return;
  ctx.storage.nonfungible.setApproved(c.id, tokenId, undefined);
  deposit(ctx, CommonEvent.Approved(c.id, tokenId, sender, old, 0));
}

/**
 * `transfer` / `transferFrom` (chain-rules §3.2). `spender` is set for transferFrom; the depositor of a nesting
 * transfer is the spender when there is one, else `from`.
 */
export function doTransfer(
  ctx: DispatchContext,
  collectionId: number,
  tokenId: number,
  from: string,
  to: string,
  value: bigint,
  spender?: string,
): void {
  const { storage } = ctx;
  const c = nftCollection(ctx, collectionId);
  if (value > 1n) throw NonfungibleError.NonfungibleItemsHaveNoAmount();
  if (spender !== undefined) checkAllowed(ctx, c, spender, from, tokenId);
  if (value === 0n) {
    const token = storage.nonfungible.token(c.id, tokenId);
    if (!token) throw CommonError.TokenNotFound();
    if (token.owner !== from) throw CommonError.NoPermission();
    return;
  }
  if (!effectiveLimits(c.limits).transfersEnabled) throw CommonError.TransferNotAllowed();
  const token = storage.nonfungible.token(c.id, tokenId);
  if (!token) throw CommonError.TokenNotFound();
  if (token.owner !== from) throw CommonError.NoPermission();
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, from, to);
  if (isZero(to)) throw CommonError.AddressIsZero();
  const nft = storage.nonfungible;
  if (from !== to && nft.balance(c.id, to) + 1 > effectiveLimits(c.limits).accountTokenOwnershipLimit)
    throw CommonError.AccountTokenLimitExceeded();
  checkNesting(storage, spender ?? from, to, { collectionId: c.id, tokenId });

  clearApproval(ctx, c, tokenId, from);
  if (from !== to) {
    nft.setBalance(c.id, from, nft.balance(c.id, from) - 1);
    nft.setBalance(c.id, to, nft.balance(c.id, to) + 1);
    nft.putToken({ ...token, owner: to });
  }
  deposit(ctx, CommonEvent.Transfer(c.id, tokenId, from, to, 1));
}

/** `approve` (chain-rules §3.3): one approved spender per token; amount 0 clears it. */
export function doApprove(
  ctx: DispatchContext,
  collectionId: number,
  tokenId: number,
  spender: string,
  amount: bigint,
): void {
  const { storage, origin } = ctx;
  const c = nftCollection(ctx, collectionId);
  if (amount > 1n) throw NonfungibleError.NonfungibleItemsHaveNoAmount();
  const token = storage.nonfungible.token(c.id, tokenId);
  if (!token) throw CommonError.TokenNotFound();
  const mayApprove =
    token.owner === origin ||
    (effectiveLimits(c.limits).ownerCanTransfer && isOwnerOrAdmin(storage, c, origin));
  if (!mayApprove) throw CommonError.CantApproveMoreThanOwned();
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, origin, spender);
  if (isZero(spender)) throw CommonError.AddressIsZero();
  const old = storage.nonfungible.approved(c.id, tokenId);
  if (amount === 0n) {
    clearApproval(ctx, c, tokenId, origin);
    return;
  }
  if (old === spender) return;
  clearApproval(ctx, c, tokenId, origin);
  storage.nonfungible.setApproved(c.id, tokenId, spender);
  deposit(ctx, CommonEvent.Approved(c.id, tokenId, origin, spender, 1));
}

/**
 * `setAllowanceForAll`: a collection-wide operator of the signer's tokens — NFTs, or pieces of refungible tokens
 * (the operators of both pallets are kept here, per collection).
 */
export function doSetApprovalForAll(
  ctx: DispatchContext,
  collectionId: number,
  operator: string,
  approve: boolean,
): void {
  const c = existingCollection(ctx.storage, collectionId);
  if (c.mode !== 'NFT' && c.mode !== 'ReFungible')
    throw NonfungibleError.NotNonfungibleDataUsedToMintFungibleCollectionToken();
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, ctx.origin, operator);
  ctx.storage.nonfungible.setOperator(c.id, ctx.origin, operator, approve);
  deposit(ctx, CommonEvent.ApprovedForAll(c.id, ctx.origin, operator, approve));
}

/** `burn` as `from` (the signer for burnItem; after `check_allowed` for burnFrom). */
export function doBurn(
  ctx: DispatchContext,
  collectionId: number,
  tokenId: number,
  from: string,
  value: bigint,
  spender?: string,
): void {
  const { storage } = ctx;
  const c = nftCollection(ctx, collectionId);
  if (value > 1n) throw NonfungibleError.NonfungibleItemsHaveNoAmount();
  if (spender !== undefined) checkAllowed(ctx, c, spender, from, tokenId);
  const token = storage.nonfungible.token(c.id, tokenId);
  if (!token) throw CommonError.TokenNotFound();
  if (token.owner !== from) throw CommonError.NoPermission();
  if (value === 0n) return;
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, spender ?? from);
  if (storage.nonfungible.hasChildren(tokenAddress({ collectionId: c.id, tokenId })))
    throw NonfungibleError.CantBurnNftWithChildren();
  clearApproval(ctx, c, tokenId, from);
  storage.nonfungible.removeToken(c.id, tokenId);
  storage.nonfungible.setBalance(c.id, from, storage.nonfungible.balance(c.id, from) - 1);
  c.tokensBurnt += 1;
  storage.common.putCollection(c);
  deposit(ctx, CommonEvent.ItemDestroyed(c.id, tokenId, from, 1));
}

export function doSetTokenProperties(
  ctx: DispatchContext,
  collectionId: number,
  tokenId: number,
  changes: { key: string; value?: string }[],
): void {
  const c = nftCollection(ctx, collectionId);
  if (changes.length === 0) throw UniqueError.EmptyArgument();
  writeTokenProperties(
    ctx,
    c,
    tokenId,
    changes.map((ch) =>
      ch.value === undefined ? { key: ch.key } : { key: ch.key, value: hexToBytes(ch.value) },
    ),
  );
}
