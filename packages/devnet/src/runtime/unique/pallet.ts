import { z } from 'zod';
import { accountId, crossAccountId, u32, u128 } from '../args.js';
import { defineCall, type Pallet } from '../call.js';
import {
  doAddAdmin,
  doChangeOwner,
  doConfirmSponsorship,
  doCreateCollection,
  doDeleteCollectionProperties,
  doDestroyCollection,
  doRemoveAdmin,
  doRemoveSponsor,
  doSetCollectionProperties,
  doSetLimits,
  doSetPermissions,
  doSetSponsor,
  doSetTransfersEnabled,
  doToggleAllowList,
} from '../common/collection.js';
import { PALLET_INDEX } from '../indices.js';
import { doSetApprovalForAll } from '../nonfungible/token.js';
import { crossAccount } from '../wire.js';
import {
  asSub,
  createCollectionData,
  limits,
  mintItem,
  mintItems,
  permissions,
  properties,
  propertyKeys,
  propertyPermission,
} from './args.js';
import { UniqueError } from './errors.js';
import {
  approve,
  burn,
  createItem,
  createItemData,
  createItemExVariants,
  createMultipleItemsEx,
  setPropertyPermissions,
  setTokenProperties,
  transfer,
} from './modes.js';
import { W } from './weights.js';
import {
  createCollectionData as createCollectionDataWire,
  createItemData as createItemDataWire,
  createMultipleItemsExArgs,
  limits as limitsWire,
  permissions as permissionsWire,
  properties as propertiesWire,
  propertyKeys as propertyKeysWire,
  propertyPermissions as propertyPermissionsWire,
} from './wire.js';

const collection = z.object({ collectionId: u32 });

/**
 * The `unique` pallet: every collection and token extrinsic. Calls are thin; the checks and writes live in the
 * `common` (collections) and `nonfungible` (tokens) helpers.
 */
export const uniquePallet: Pallet = {
  name: 'unique',
  index: PALLET_INDEX.unique,
  errors: UniqueError.list,
  calls: [
    defineCall({
      name: 'createCollectionEx',
      wire: { data: createCollectionDataWire },
      args: z.object({ data: createCollectionData }),
      weight: ({ data }) =>
        W.createCollection + W.perKey * BigInt(data.properties.length + data.tokenPropertyPermissions.length),
      dispatch: (ctx, { data }) => {
        const mode = typeof data.mode === 'object' ? 'Fungible' : data.mode;
        doCreateCollection(ctx, ctx.origin, {
          ...data,
          mode,
          decimals: typeof data.mode === 'object' ? data.mode.Fungible : undefined,
          pendingSponsor: data.pendingSponsor === undefined ? undefined : asSub(data.pendingSponsor),
          limits: data.limits ?? undefined,
          permissions:
            data.access === undefined
              ? data.permissions
              : { ...data.permissions, access: data.permissions?.access ?? data.access },
        } as Parameters<typeof doCreateCollection>[2]);
      },
    }),
    defineCall({
      name: 'destroyCollection',
      args: collection,
      weight: W.manage,
      dispatch: (ctx, a) => doDestroyCollection(ctx, a.collectionId),
    }),
    defineCall({
      name: 'addToAllowList',
      wire: { address: crossAccount },
      args: collection.extend({ address: crossAccountId }),
      weight: W.manage,
      dispatch: (ctx, a) => doToggleAllowList(ctx, a.collectionId, a.address, true),
    }),
    defineCall({
      name: 'removeFromAllowList',
      wire: { address: crossAccount },
      args: collection.extend({ address: crossAccountId }),
      weight: W.manage,
      dispatch: (ctx, a) => doToggleAllowList(ctx, a.collectionId, a.address, false),
    }),
    defineCall({
      name: 'changeCollectionOwner',
      args: collection.extend({ newOwner: accountId }),
      weight: W.manage,
      dispatch: (ctx, a) => doChangeOwner(ctx, a.collectionId, a.newOwner),
    }),
    defineCall({
      name: 'addCollectionAdmin',
      wire: { newAdminId: crossAccount },
      args: collection.extend({ newAdminId: crossAccountId }),
      weight: W.manage,
      dispatch: (ctx, a) => doAddAdmin(ctx, a.collectionId, a.newAdminId),
    }),
    defineCall({
      name: 'removeCollectionAdmin',
      wire: { accountId: crossAccount },
      args: collection.extend({ accountId: crossAccountId }),
      weight: W.manage,
      dispatch: (ctx, a) => doRemoveAdmin(ctx, a.collectionId, a.accountId),
    }),
    defineCall({
      name: 'setCollectionSponsor',
      args: collection.extend({ newSponsor: accountId }),
      weight: W.manage,
      dispatch: (ctx, a) => doSetSponsor(ctx, a.collectionId, a.newSponsor),
    }),
    defineCall({
      name: 'confirmSponsorship',
      args: collection,
      weight: W.manage,
      dispatch: (ctx, a) => doConfirmSponsorship(ctx, a.collectionId),
    }),
    defineCall({
      name: 'removeCollectionSponsor',
      args: collection,
      weight: W.manage,
      dispatch: (ctx, a) => doRemoveSponsor(ctx, a.collectionId),
    }),
    defineCall({
      name: 'createItem',
      wire: { owner: crossAccount, data: createItemDataWire },
      args: collection.extend({ owner: crossAccountId, data: createItemData }),
      weight: (a) => W.mint + W.perKey * BigInt(itemDataKeys(a.data)),
      dispatch: (ctx, a) => createItem(ctx, a.collectionId, a.owner, a.data),
    }),
    defineCall({
      name: 'createMultipleItemsEx',
      wire: createMultipleItemsExArgs,
      // `CreateItemExData`: exactly one of NFT `items` or a fungible/refungible variant.
      args: collection
        .extend({
          items: mintItems.optional(),
          fungible: createItemExVariants.fungible.optional(),
          refungibleItems: createItemExVariants.refungibleItems.optional(),
          refungibleOwners: createItemExVariants.refungibleOwners.optional(),
        })
        .refine(
          (a) =>
            [a.items, a.fungible, a.refungibleItems, a.refungibleOwners].filter((v) => v !== undefined)
              .length === 1,
          'exactly one of items, fungible, refungibleItems, refungibleOwners',
        ),
      weight: (a) => {
        const count =
          a.items?.length ??
          a.fungible?.length ??
          a.refungibleItems?.length ??
          a.refungibleOwners?.users.length ??
          1;
        const keys =
          (a.items ?? a.refungibleItems ?? []).reduce((n, i) => n + i.properties.length, 0) +
          (a.refungibleOwners?.properties.length ?? 0);
        return W.mint * BigInt(Math.max(1, count)) + W.perKey * BigInt(keys);
      },
      dispatch: (ctx, a) => createMultipleItemsEx(ctx, a.collectionId, a),
    }),
    defineCall({
      name: 'setTransfersEnabledFlag',
      args: collection.extend({ value: z.boolean() }),
      weight: W.manage,
      dispatch: (ctx, a) => doSetTransfersEnabled(ctx, a.collectionId, a.value),
    }),
    defineCall({
      name: 'burnItem',
      args: collection.extend({ itemId: u32, value: u128 }),
      weight: W.burn,
      dispatch: (ctx, a) => burn(ctx, a.collectionId, a.itemId, ctx.origin, a.value),
    }),
    defineCall({
      name: 'burnFrom',
      wire: { from: crossAccount },
      args: collection.extend({ from: crossAccountId, itemId: u32, value: u128 }),
      weight: W.burn,
      dispatch: (ctx, a) => burn(ctx, a.collectionId, a.itemId, a.from, a.value, ctx.origin),
    }),
    defineCall({
      name: 'transfer',
      wire: { recipient: crossAccount },
      args: collection.extend({ recipient: crossAccountId, itemId: u32, value: u128 }),
      weight: W.transfer,
      dispatch: (ctx, a) => transfer(ctx, a.collectionId, a.itemId, ctx.origin, a.recipient, a.value),
    }),
    defineCall({
      name: 'approve',
      wire: { spender: crossAccount },
      args: collection.extend({ spender: crossAccountId, itemId: u32, amount: u128 }),
      weight: W.approve,
      dispatch: (ctx, a) => approve(ctx, a.collectionId, a.itemId, a.spender, a.amount),
    }),
    defineCall({
      name: 'transferFrom',
      wire: { from: crossAccount, recipient: crossAccount },
      args: collection.extend({ from: crossAccountId, recipient: crossAccountId, itemId: u32, value: u128 }),
      weight: W.transfer,
      dispatch: (ctx, a) => transfer(ctx, a.collectionId, a.itemId, a.from, a.recipient, a.value, ctx.origin),
    }),
    defineCall({
      name: 'setCollectionLimits',
      wire: { newLimit: limitsWire },
      args: collection.extend({ newLimit: limits }),
      weight: W.manage,
      dispatch: (ctx, a) => doSetLimits(ctx, a.collectionId, stripNullish(a.newLimit)),
    }),
    defineCall({
      name: 'setCollectionPermissions',
      wire: { newPermission: permissionsWire },
      args: collection.extend({ newPermission: permissions }),
      weight: W.manage,
      dispatch: (ctx, a) => doSetPermissions(ctx, a.collectionId, a.newPermission),
    }),
    defineCall({
      name: 'setCollectionProperties',
      wire: { properties: propertiesWire },
      args: collection.extend({ properties }),
      weight: (a) => W.manage + W.perKey * BigInt(a.properties.length),
      dispatch: (ctx, a) => doSetCollectionProperties(ctx, a.collectionId, a.properties),
    }),
    defineCall({
      name: 'deleteCollectionProperties',
      wire: { propertyKeys: propertyKeysWire },
      args: collection.extend({ propertyKeys }),
      weight: (a) => W.manage + W.perKey * BigInt(a.propertyKeys.length),
      dispatch: (ctx, a) => doDeleteCollectionProperties(ctx, a.collectionId, a.propertyKeys),
    }),
    defineCall({
      name: 'setTokenProperties',
      wire: { properties: propertiesWire },
      args: collection.extend({ tokenId: u32, properties }),
      weight: (a) => W.manage + W.perKey * BigInt(a.properties.length),
      dispatch: (ctx, a) => setTokenProperties(ctx, a.collectionId, a.tokenId, a.properties),
    }),
    defineCall({
      name: 'deleteTokenProperties',
      wire: { propertyKeys: propertyKeysWire },
      args: collection.extend({ tokenId: u32, propertyKeys }),
      weight: (a) => W.manage + W.perKey * BigInt(a.propertyKeys.length),
      dispatch: (ctx, a) =>
        setTokenProperties(
          ctx,
          a.collectionId,
          a.tokenId,
          a.propertyKeys.map((key) => ({ key })),
        ),
    }),
    defineCall({
      name: 'setTokenPropertyPermissions',
      wire: { propertyPermissions: propertyPermissionsWire },
      args: collection.extend({ propertyPermissions: z.array(propertyPermission).max(64) }),
      weight: (a) => W.manage + W.perKey * BigInt(a.propertyPermissions.length),
      dispatch: (ctx, a) => setPropertyPermissions(ctx, a.collectionId, a.propertyPermissions),
    }),
    defineCall({
      name: 'setAllowanceForAll',
      wire: { operator: crossAccount },
      args: collection.extend({ operator: crossAccountId, approve: z.boolean() }),
      weight: W.approve,
      dispatch: (ctx, a) => doSetApprovalForAll(ctx, a.collectionId, a.operator, a.approve),
    }),
  ],
};

/** Property keys written by one `CreateItemData` (the weight grows with them). */
function itemDataKeys(data: z.output<typeof createItemData>): number {
  if ('ReFungible' in data) return data.ReFungible.properties.length;
  if ('properties' in data) return data.properties.length;
  return 0;
}

function stripNullish<T extends Record<string, unknown>>(
  o: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}

export { mintItem };
