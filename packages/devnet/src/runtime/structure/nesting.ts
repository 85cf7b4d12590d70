import {
  isCollectionAddress,
  isNestingAddress,
  nestingAddressFromIds,
  nestingAddressToIds,
} from '@nftkit/primitives';
import { isOwnerOrAdmin } from '../common/access.js';
import { NESTING_BUDGET } from '../common/bounds.js';
import { CommonError } from '../common/errors.js';
import { FungibleError } from '../fungible/errors.js';
import { RefungibleError } from '../refungible/errors.js';
import type { RuntimeStorage } from '../storage.js';
import { StructureError } from './errors.js';

export type TokenRef = { collectionId: number; tokenId: number };

/**
 * The owner at the top of the nesting chain of an account: itself unless it is a token address, else the topmost
 * owner of that token. Each parent lookup spends one unit of `budget` (`structure` nesting budget).
 */
export function topmostOwnerOf(
  storage: RuntimeStorage,
  account: string,
  budget = NESTING_BUDGET * 2,
): string {
  let owner = account;
  let left = budget;
  while (isNestingAddress(owner)) {
    if (left-- <= 0) throw StructureError.DepthLimit();
    const { collectionId, tokenId } = nestingAddressToIds(owner);
    const parent = storage.nonfungible.token(collectionId, tokenId);
    if (!parent) throw StructureError.TokenNotFound();
    owner = parent.owner;
  }
  return owner;
}

/** The chain of parent tokens above `account` (nearest first), bounded by the nesting depth. */
function ancestors(storage: RuntimeStorage, account: string): TokenRef[] {
  const out: TokenRef[] = [];
  let owner = account;
  while (isNestingAddress(owner)) {
    if (out.length >= NESTING_BUDGET) throw StructureError.DepthLimit();
    const ref = nestingAddressToIds(owner);
    const parent = storage.nonfungible.token(ref.collectionId, ref.tokenId);
    if (!parent) throw StructureError.TokenNotFound();
    out.push(ref);
    owner = parent.owner;
  }
  return out;
}

/**
 * `check_nesting` (chain-rules §3.5): may `depositor` put a token of `child.collectionId` (and, when it already
 * exists, `child.tokenId`) under the token at address `to`? Non-token targets pass, except collection addresses.
 */
export function checkNesting(
  storage: RuntimeStorage,
  depositor: string,
  to: string,
  child: { collectionId: number; tokenId?: number },
): void {
  if (isCollectionAddress(to)) throw StructureError.CantNestTokenUnderCollection();
  if (!isNestingAddress(to)) return;
  const parentRef = nestingAddressToIds(to);
  const parentCollection = storage.common.collection(parentRef.collectionId);
  if (!parentCollection) throw CommonError.CollectionNotFound();
  if (parentCollection.mode === 'Fungible') throw FungibleError.FungibleDisallowsNesting();
  if (parentCollection.mode === 'ReFungible') throw RefungibleError.RefungibleDisallowsNesting();
  const nesting = parentCollection.permissions.nesting;
  const depositorTop = isNestingAddress(depositor) ? topmostOwnerOf(storage, depositor) : depositor;
  let allowed = false;
  if (nesting.tokenOwner) {
    const parent = storage.nonfungible.token(parentRef.collectionId, parentRef.tokenId);
    if (!parent) throw StructureError.TokenNotFound();
    allowed = topmostOwnerOf(storage, parent.owner) === depositorTop;
  }
  if (!allowed && nesting.collectionAdmin && isOwnerOrAdmin(storage, parentCollection, depositorTop)) {
    if (!storage.nonfungible.token(parentRef.collectionId, parentRef.tokenId))
      throw CommonError.TokenNotFound();
    allowed = true;
  }
  if (!allowed) throw CommonError.UserIsNotAllowedToNest();
  if (nesting.restricted && !nesting.restricted.includes(child.collectionId))
    throw CommonError.SourceCollectionIsNotAllowedToNest();
  // Loop and depth: the new parent's chain must not contain the child, and must leave room for one more level.
  const chain = [
    parentRef,
    ...ancestors(storage, storage.nonfungible.token(parentRef.collectionId, parentRef.tokenId)?.owner ?? ''),
  ];
  if (
    child.tokenId !== undefined &&
    chain.some((r) => r.collectionId === child.collectionId && r.tokenId === child.tokenId)
  )
    throw StructureError.OuroborosDetected();
  if (chain.length > NESTING_BUDGET) throw StructureError.DepthLimit();
}

export const tokenAddress = (ref: TokenRef): string => nestingAddressFromIds(ref.collectionId, ref.tokenId);
