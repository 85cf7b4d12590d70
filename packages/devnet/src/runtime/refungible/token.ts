import { hexToBytes, toChecksumEthereumAddress } from '@nftkit/primitives';
import { existingCollection, isOwnerOrAdmin } from '../common/access.js';
import { CommonError } from '../common/errors.js';
import { CommonEvent } from '../common/events.js';
import { effectiveLimits } from '../common/limits.js';
import { type TokenPropertyChange, writeTokenPropertyChanges } from '../common/tokenProperties.js';
import type { Collection } from '../common/types.js';
import { type DispatchContext, deposit } from '../context.js';
import {
  allowanceAfter,
  checkAllowListed,
  checkMayMint,
  isZeroAddress,
  ownerMayActForAll,
} from '../fungible/access.js';
import { transferAmount } from '../fungible/amountTransfer.js';
import { checkNesting } from '../structure/nesting.js';
import { UniqueError } from '../unique/errors.js';
import { MAX_REFUNGIBLE_PIECES, RefungibleError } from './errors.js';

export function refungibleCollection(ctx: DispatchContext, id: number): Collection {
  const c = existingCollection(ctx.storage, id);
  if (c.mode !== 'ReFungible') throw RefungibleError.NotRefungibleDataUsedToMintFungibleCollectionToken();
  return c;
}

export type RftMintItem = {
  users: readonly { owner: string; pieces: bigint }[];
  properties: readonly { key: string; value: string /* hex */ }[];
};

/** What `ownerOf` answers for a refungible token held by several accounts (chain-rules §4). */
export const MANY_OWNERS_ADDRESS = toChecksumEthereumAddress(`0x${'f'.repeat(40)}`);

/** The account holding every piece of the token (the "owner" for NFT-like rules), if there is one. */
export function soleOwnerOf(ctx: DispatchContext, collectionId: number, tokenId: number): string | undefined {
  const holders = ctx.storage.refungible.holders(collectionId, tokenId);
  return holders.length === 1 ? holders[0]?.account : undefined;
}

/**
 * `create_multiple_items` (chain-rules §4): one token per item, split among its users. Checks in chain order;
 * the events are all property events, then one `ItemCreated(c, t, user, pieces)` per user of each token.
 */
export function doRftMint(ctx: DispatchContext, c: Collection, items: readonly RftMintItem[]): number[] {
  const { storage } = ctx;
  const rft = storage.refungible;
  if (items.length === 0) throw UniqueError.EmptyArgument();
  const owners = items.flatMap((i) => i.users.map((u) => u.owner));
  checkMayMint(ctx, c, owners);
  if (owners.some(isZeroAddress)) throw CommonError.AddressIsZero();
  const totals = items.map((i) => i.users.reduce((n, u) => n + u.pieces, 0n));
  // A token with no pieces at all could never be owned or burnt: refused like an excess of pieces.
  if (totals.some((t) => t > MAX_REFUNGIBLE_PIECES || t === 0n))
    throw RefungibleError.WrongRefungiblePieces();
  const limits = effectiveLimits(c.limits);
  // The refungible pallet compares strictly (chain-rules §4 quirk).
  if (c.tokensMinted + items.length >= limits.tokenLimit) throw CommonError.CollectionTokenLimitExceeded();
  const counts = new Map<string, number>();
  for (const item of items)
    for (const u of item.users) {
      if (u.pieces === 0n) continue;
      const n = (counts.get(u.owner) ?? rft.tokenCount(c.id, u.owner)) + 1;
      if (n > limits.accountTokenOwnershipLimit) throw CommonError.AccountTokenLimitExceeded();
      counts.set(u.owner, n);
    }
  items.forEach((item, i) => {
    for (const u of item.users)
      checkNesting(storage, ctx.origin, u.owner, { collectionId: c.id, tokenId: c.tokensMinted + i + 1 });
  });

  const ids: number[] = [];
  items.forEach((item, i) => {
    const tokenId = c.tokensMinted + i + 1;
    ids.push(tokenId);
    rft.putToken({ collectionId: c.id, tokenId, totalPieces: totals[i] ?? 0n, propertiesConsumed: 0 });
    for (const u of item.users) rft.setBalance(c.id, tokenId, u.owner, u.pieces);
    writeRftProperties(
      ctx,
      c,
      tokenId,
      item.properties.map((p) => ({ key: p.key, value: hexToBytes(p.value) })),
      true,
    );
  });
  c.tokensMinted += items.length;
  storage.common.putCollection(c);
  items.forEach((item, i) => {
    for (const u of item.users)
      if (u.pieces > 0n) deposit(ctx, CommonEvent.ItemCreated(c.id, ids[i] ?? 0, u.owner, u.pieces));
  });
  return ids;
}

/**
 * `modify_token_properties` of the refungible pallet: the §2.4 permission rule, where the token owner is the holder
 * of every piece, and at mint any key whose permission names an admin or the owner may be written.
 */
export function writeRftProperties(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  changes: readonly TokenPropertyChange[],
  atMint = false,
): void {
  const { storage, origin } = ctx;
  const rft = storage.refungible;
  const senderIsAdmin = isOwnerOrAdmin(storage, c, origin);
  const ownsAll = () => {
    const token = rft.token(c.id, tokenId);
    return token !== undefined && rft.balance(c.id, tokenId, origin) === token.totalPieces;
  };
  writeTokenPropertyChanges(ctx, c, tokenId, changes, rft, (change, perm) => {
    if (!perm.mutable && rft.properties.get(c.id, tokenId, change.key) !== undefined)
      throw CommonError.NoPermission();
    const creating = atMint && (perm.collectionAdmin || perm.tokenOwner) && change.value !== undefined;
    const ok = creating || (perm.collectionAdmin && senderIsAdmin) || (perm.tokenOwner && ownsAll());
    if (!ok) throw CommonError.NoPermission();
    const token = rft.token(c.id, tokenId);
    if (!token) throw CommonError.TokenNotFound();
    return token;
  });
}

function setAllowance(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  owner: string,
  spender: string,
  amount: bigint,
): void {
  ctx.storage.refungible.setAllowance(c.id, tokenId, owner, spender, amount);
  deposit(ctx, CommonEvent.Approved(c.id, tokenId, owner, spender, amount));
}

function spentAllowance(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  from: string,
  amount: bigint,
  spender: string | undefined,
): bigint | undefined {
  if (spender === undefined) return undefined;
  // A collection-wide operator of `from` (`CollectionAllowance`) spends no per-token allowance.
  if (ctx.storage.nonfungible.isOperator(c.id, from, spender)) {
    if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, spender);
    return undefined;
  }
  const stored = ctx.storage.refungible.allowance(c.id, tokenId, from, spender);
  return allowanceAfter(ctx, c, spender, from, stored, amount);
}

/** `transfer` / `transfer_from` of one refungible token's pieces (see {@link transferAmount}). */
export function doRftTransfer(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  from: string,
  to: string,
  amount: bigint,
  spender?: string,
): void {
  const rft = ctx.storage.refungible;
  transferAmount(
    ctx,
    c,
    {
      tokenId,
      child: { collectionId: c.id, tokenId },
      spentAllowance: (owner, value, by) => spentAllowance(ctx, c, tokenId, owner, value, by),
      checkToken: (value) => {
        if (!rft.token(c.id, tokenId))
          throw value === 0n ? CommonError.TokenNotFound() : CommonError.TokenValueTooLow();
      },
      balance: (account) => rft.balance(c.id, tokenId, account),
      // A first holding of the token counts against the account's token limit.
      checkReceiver: (account, held, value) => {
        if (
          held === 0n &&
          value > 0n &&
          rft.tokenCount(c.id, account) + 1 > effectiveLimits(c.limits).accountTokenOwnershipLimit
        )
          throw CommonError.AccountTokenLimitExceeded();
      },
      setBalance: (account, pieces) => rft.setBalance(c.id, tokenId, account, pieces),
      approve: (owner, by, value) => setAllowance(ctx, c, tokenId, owner, by, value),
    },
    from,
    to,
    amount,
    spender,
  );
}

/** `set_allowance` per (token, owner, spender): at most the pieces held, unless `ownerCanTransfer` rights apply. */
export function doRftApprove(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  sender: string,
  spender: string,
  amount: bigint,
): void {
  const rft = ctx.storage.refungible;
  if (c.permissions.access === 'AllowList') checkAllowListed(ctx, c, sender, spender);
  if (isZeroAddress(spender)) throw CommonError.AddressIsZero();
  if (rft.balance(c.id, tokenId, sender) < amount) {
    if (!(ownerMayActForAll(ctx, c, sender) && rft.token(c.id, tokenId)))
      throw CommonError.CantApproveMoreThanOwned();
  }
  setAllowance(ctx, c, tokenId, sender, spender, amount);
}

/** `burn` of pieces as `from`: burning the last pieces of the token destroys it (`TokensBurnt += 1`). */
export function doRftBurn(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  from: string,
  amount: bigint,
  spender?: string,
): void {
  const { storage } = ctx;
  const rft = storage.refungible;
  const left = spentAllowance(ctx, c, tokenId, from, amount, spender);
  const token = rft.token(c.id, tokenId);
  if (!token) throw amount === 0n ? CommonError.TokenNotFound() : CommonError.TokenValueTooLow();
  const total = token.totalPieces - amount;
  if (total < 0n) throw CommonError.TokenValueTooLow();
  const balance = rft.balance(c.id, tokenId, from) - amount;
  if (balance < 0n || (total === 0n && balance !== 0n)) throw CommonError.TokenValueTooLow();
  if (total === 0n) {
    rft.removeToken(c.id, tokenId);
    c.tokensBurnt += 1;
    storage.common.putCollection(c);
  } else {
    rft.setBalance(c.id, tokenId, from, balance);
    rft.putToken({ ...token, totalPieces: total });
  }
  deposit(ctx, CommonEvent.ItemDestroyed(c.id, tokenId, from, amount));
  if (spender !== undefined && left !== undefined && total > 0n)
    setAllowance(ctx, c, tokenId, from, spender, left);
}

/**
 * `repartition(c, t, amount)`: the holder of every piece sets the token's piece count (chain-rules §4). More pieces
 * are `ItemCreated(c, t, owner, added)`, fewer `ItemDestroyed(c, t, owner, removed)`.
 */
export function doRftRepartition(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  owner: string,
  amount: bigint,
): void {
  const rft = ctx.storage.refungible;
  const token = rft.token(c.id, tokenId);
  if (!token) throw CommonError.TokenNotFound();
  if (amount === 0n || amount > MAX_REFUNGIBLE_PIECES) throw RefungibleError.WrongRefungiblePieces();
  if (rft.balance(c.id, tokenId, owner) !== token.totalPieces)
    throw RefungibleError.RepartitionWhileNotOwningAllPieces();
  if (amount === token.totalPieces) return;
  rft.setBalance(c.id, tokenId, owner, amount);
  rft.putToken({ ...token, totalPieces: amount });
  deposit(
    ctx,
    amount > token.totalPieces
      ? CommonEvent.ItemCreated(c.id, tokenId, owner, amount - token.totalPieces)
      : CommonEvent.ItemDestroyed(c.id, tokenId, owner, token.totalPieces - amount),
  );
}
