import { hexToBytes } from '@nftkit/primitives';
import { z } from 'zod';
import { crossAccountId, u128 } from '../args.js';
import { existingCollection } from '../common/access.js';
import { MAX_ITEMS_PER_BATCH } from '../common/bounds.js';
import { doSetPropertyPermissions } from '../common/collection.js';
import type { PropertyPermission } from '../common/types.js';
import type { DispatchContext } from '../context.js';
import { FungibleError } from '../fungible/errors.js';
import { doFungibleApprove, doFungibleBurn, doFungibleMint, doFungibleTransfer } from '../fungible/token.js';
import { NonfungibleError } from '../nonfungible/errors.js';
import {
  doApprove,
  doBurn,
  doMint,
  doSetTokenProperties,
  doTransfer,
  type MintItem,
} from '../nonfungible/token.js';
import { RefungibleError } from '../refungible/errors.js';
import {
  doRftApprove,
  doRftBurn,
  doRftMint,
  doRftTransfer,
  type RftMintItem,
  writeRftProperties,
} from '../refungible/token.js';
import { properties } from './args.js';
import { UniqueError } from './errors.js';

/**
 * The `unique` pallet's calls are generic over the collection's mode (`CommonCollectionOperations` on chain): these
 * functions look the collection up and hand the call to the nonfungible, fungible or refungible implementation.
 * Data of the wrong kind for the collection fails with that pallet's `Not…DataUsedToMint…` error.
 */

const uniqueOwners = <T extends { owner: string }>(list: T[]) =>
  new Set(list.map((x) => x.owner)).size === list.length;

/** `CreateItemData`: `NFT{properties}` (the plain `{properties}` object), `Fungible{value}`, `ReFungible{pieces, properties}`. */
export const createItemData = z.union([
  z.strictObject({ Fungible: z.strictObject({ value: u128 }) }),
  z.strictObject({ ReFungible: z.strictObject({ pieces: u128, properties: properties.default([]) }) }),
  z.object({ properties: properties.default([]) }),
]);
export type CreateItemData = z.output<typeof createItemData>;

const pieceHolder = z.object({ owner: crossAccountId, pieces: u128 });
/**
 * `CreateItemExData` besides NFT `items`: `fungible` (owner → value), `refungibleItems` (one owner per token) and
 * `refungibleOwners` (one token split among owners). Owners within one map must be distinct (a BTreeMap on chain).
 */
export const createItemExVariants = {
  fungible: z
    .array(z.object({ owner: crossAccountId, value: u128 }))
    .max(MAX_ITEMS_PER_BATCH)
    .refine(uniqueOwners, 'owners must be distinct'),
  refungibleItems: z
    .array(z.object({ owner: crossAccountId, pieces: u128, properties: properties.default([]) }))
    .max(MAX_ITEMS_PER_BATCH),
  refungibleOwners: z.object({
    users: z
      .array(pieceHolder)
      .min(1)
      .max(MAX_ITEMS_PER_BATCH)
      .refine(uniqueOwners, 'owners must be distinct'),
    properties: properties.default([]),
  }),
};

export type CreateItemEx = {
  items?: MintItem[] | undefined;
  fungible?: { owner: string; value: bigint }[] | undefined;
  refungibleItems?:
    | { owner: string; pieces: bigint; properties: { key: string; value: string }[] }[]
    | undefined;
  refungibleOwners?:
    | { users: { owner: string; pieces: bigint }[]; properties: { key: string; value: string }[] }
    | undefined;
};

const modeOf = (ctx: DispatchContext, collectionId: number) => existingCollection(ctx.storage, collectionId);

/** `createItem(c, owner, data)`. */
export function createItem(
  ctx: DispatchContext,
  collectionId: number,
  owner: string,
  data: CreateItemData,
): void {
  const c = modeOf(ctx, collectionId);
  if (c.mode === 'Fungible') {
    if (!('Fungible' in data)) throw FungibleError.NotFungibleDataUsedToMintFungibleCollectionToken();
    doFungibleMint(ctx, c, [{ owner, value: data.Fungible.value }]);
  } else if (c.mode === 'ReFungible') {
    if (!('ReFungible' in data)) throw RefungibleError.NotRefungibleDataUsedToMintFungibleCollectionToken();
    doRftMint(ctx, c, [
      { users: [{ owner, pieces: data.ReFungible.pieces }], properties: data.ReFungible.properties },
    ]);
  } else {
    if (!('properties' in data)) throw NonfungibleError.NotNonfungibleDataUsedToMintFungibleCollectionToken();
    doMint(ctx, collectionId, [{ owner, properties: data.properties }]);
  }
}

/** `createMultipleItemsEx(c, data)`: exactly one variant is given (the call decoder checks it). */
export function createMultipleItemsEx(ctx: DispatchContext, collectionId: number, data: CreateItemEx): void {
  const c = modeOf(ctx, collectionId);
  if (c.mode === 'Fungible') {
    if (!data.fungible) throw FungibleError.NotFungibleDataUsedToMintFungibleCollectionToken();
    doFungibleMint(ctx, c, data.fungible);
  } else if (c.mode === 'ReFungible') {
    let items: RftMintItem[];
    if (data.refungibleOwners) items = [data.refungibleOwners];
    else if (data.refungibleItems)
      items = data.refungibleItems.map((i) => ({
        users: [{ owner: i.owner, pieces: i.pieces }],
        properties: i.properties,
      }));
    else throw RefungibleError.NotRefungibleDataUsedToMintFungibleCollectionToken();
    doRftMint(ctx, c, items);
  } else {
    if (!data.items) throw NonfungibleError.NotNonfungibleDataUsedToMintFungibleCollectionToken();
    doMint(ctx, collectionId, data.items);
  }
}

export function transfer(
  ctx: DispatchContext,
  collectionId: number,
  tokenId: number,
  from: string,
  to: string,
  value: bigint,
  spender?: string,
): void {
  const c = modeOf(ctx, collectionId);
  if (c.mode === 'Fungible') doFungibleTransfer(ctx, c, tokenId, from, to, value, spender);
  else if (c.mode === 'ReFungible') doRftTransfer(ctx, c, tokenId, from, to, value, spender);
  else doTransfer(ctx, collectionId, tokenId, from, to, value, spender);
}

export function approve(
  ctx: DispatchContext,
  collectionId: number,
  tokenId: number,
  spender: string,
  amount: bigint,
): void {
  const c = modeOf(ctx, collectionId);
  if (c.mode === 'Fungible') doFungibleApprove(ctx, c, tokenId, ctx.origin, spender, amount);
  else if (c.mode === 'ReFungible') doRftApprove(ctx, c, tokenId, ctx.origin, spender, amount);
  else doApprove(ctx, collectionId, tokenId, spender, amount);
}

export function burn(
  ctx: DispatchContext,
  collectionId: number,
  tokenId: number,
  from: string,
  value: bigint,
  spender?: string,
): void {
  const c = modeOf(ctx, collectionId);
  if (c.mode === 'Fungible') doFungibleBurn(ctx, c, tokenId, from, value, spender);
  else if (c.mode === 'ReFungible') doRftBurn(ctx, c, tokenId, from, value, spender);
  else doBurn(ctx, collectionId, tokenId, from, value, spender);
}

/** `setTokenProperties` / `deleteTokenProperties` (a change without `value` deletes). Fungible tokens have none. */
export function setTokenProperties(
  ctx: DispatchContext,
  collectionId: number,
  tokenId: number,
  changes: { key: string; value?: string }[],
): void {
  const c = modeOf(ctx, collectionId);
  if (c.mode === 'Fungible') throw FungibleError.SettingPropertiesNotAllowed();
  if (c.mode === 'NFT') {
    doSetTokenProperties(ctx, collectionId, tokenId, changes);
    return;
  }
  if (changes.length === 0) throw UniqueError.EmptyArgument();
  writeRftProperties(
    ctx,
    c,
    tokenId,
    changes.map((ch) =>
      ch.value === undefined ? { key: ch.key } : { key: ch.key, value: hexToBytes(ch.value) },
    ),
  );
}

/** `setTokenPropertyPermissions`: refused on fungible collections, whose tokens have no properties. */
export function setPropertyPermissions(
  ctx: DispatchContext,
  collectionId: number,
  perms: { key: string; permission: PropertyPermission }[],
): void {
  const c = ctx.storage.common.collection(collectionId);
  if (c?.mode === 'Fungible') throw FungibleError.SettingPropertiesNotAllowed();
  doSetPropertyPermissions(ctx, collectionId, perms);
}
