import { hexToBytes, isSubstrateAddress } from '@nftkit/primitives';
import { z } from 'zod';
import { accountId, bytes, u32, u128 } from '../args.js';
import { defineCall, type Pallet } from '../call.js';
import { PALLET_INDEX } from '../indices.js';
import { renamed, struct, u64Number, type Wire } from '../wire.js';
import {
  doApproveItemAttributes,
  doCancelItemAttributesApproval,
  doClearAttribute,
  doSetAttribute,
} from './attributes.js';
import {
  doClearCollectionMetadata,
  doCreate,
  doDestroy,
  doLockCollection,
  doSetAcceptOwnership,
  doSetCollectionMetadata,
  doSetMaxSupply,
  doSetTeam,
  doTransferOwnership,
  doUpdateMintSettings,
} from './collection.js';
import { NFTS_CONFIG, NW } from './config.js';
import { NftsError } from './errors.js';
import {
  doApproveTransfer,
  doBurn,
  doBuy,
  doCancelApproval,
  doClearAllTransferApprovals,
  doClearItemMetadata,
  doLockItemProperties,
  doMint,
  doSetItemMetadata,
  doSetItemTransferLock,
  doSetPrice,
  doTransfer,
} from './item.js';
import { ALL_COLLECTION_SETTINGS, ALL_ITEM_SETTINGS, type MintSettings } from './types.js';

// Chain-side argument types of pallet-nfts calls (camelCase JSON of the SCALE arguments).
const collectionSettings = z.number().int().min(0).max(ALL_COLLECTION_SETTINGS);
const itemSettings = z.number().int().min(0).max(ALL_ITEM_SETTINGS);
export const mintSettingsArg = z.object({
  mintType: z.union([z.literal('Issuer'), z.literal('Public'), z.object({ HolderOf: u32 })]),
  price: u128.nullable(),
  startBlock: u32.nullable(),
  endBlock: u32.nullable(),
  defaultItemSettings: itemSettings,
});
export const collectionConfigArg = z.object({
  settings: collectionSettings,
  maxSupply: u32.nullable(),
  mintSettings: mintSettingsArg,
});
/** `AttributeNamespace`: `Account(who)` is written as the SS58 address itself. */
export const namespaceArg = z.union([z.enum(['pallet', 'collectionOwner', 'itemOwner']), accountId]);
const key = bytes(NFTS_CONFIG.keyLimit).transform((h) => hexToBytes(h));
const value = bytes(NFTS_CONFIG.valueLimit).transform((h) => hexToBytes(h));
const metadata = bytes(NFTS_CONFIG.stringLimit).transform((h) => hexToBytes(h));

// Where pallet-nfts' SCALE types differ from the JSON above: bit flags are `u64` (the codec gives decimal
// strings), and `AttributeNamespace`'s variants are capitalized, `Account(who)` an enum variant.
const mintSettingsWire = struct({ defaultItemSettings: u64Number });
const configWire = struct({ settings: u64Number, mintSettings: mintSettingsWire });
const namespaceNames = renamed({
  pallet: 'Pallet',
  collectionOwner: 'CollectionOwner',
  itemOwner: 'ItemOwner',
});
const namespaceWire: Wire<string> = {
  toScale: (n) => (isSubstrateAddress(n) ? { Account: n } : namespaceNames.toScale(n)),
  fromScale: (v) =>
    typeof v === 'string' ? namespaceNames.fromScale(v) : (v as { Account: string }).Account,
};

const collection = z.object({ collection: u32 });
const item = collection.extend({ item: u32 });

const mintSettings = (m: z.output<typeof mintSettingsArg>): MintSettings => ({
  ...m,
  mintType: m.mintType,
});

/** pallet-nfts: the calls reachable from the REST routes, at the pallet's own call indices. */
export const nftsPallet: Pallet = {
  name: 'nfts',
  index: PALLET_INDEX.nfts,
  errors: NftsError.list,
  calls: [
    defineCall({
      name: 'create',
      wire: { config: configWire },
      args: z.object({ admin: accountId, config: collectionConfigArg }),
      weight: NW.create,
      dispatch: (ctx, a) => {
        doCreate(ctx, a.admin, { ...a.config, mintSettings: mintSettings(a.config.mintSettings) });
      },
    }),
    defineCall({
      name: 'destroy',
      args: collection.extend({
        witness: z.object({ itemMetadatas: u32, itemConfigs: u32, attributes: u32 }),
      }),
      weight: NW.destroy,
      dispatch: (ctx, a) => doDestroy(ctx, a.collection, a.witness),
    }),
    defineCall({
      name: 'mint',
      args: item.extend({
        mintTo: accountId,
        witnessData: z.object({ ownedItem: u32.nullable(), mintPrice: u128.nullable() }).nullable(),
      }),
      weight: NW.mint,
      dispatch: (ctx, a) => doMint(ctx, a.collection, a.item, a.mintTo, a.witnessData),
    }),
    defineCall({
      name: 'burn',
      args: item,
      weight: NW.burn,
      dispatch: (ctx, a) => doBurn(ctx, a.collection, a.item),
    }),
    defineCall({
      name: 'transfer',
      args: item.extend({ dest: accountId }),
      weight: NW.transfer,
      dispatch: (ctx, a) => doTransfer(ctx, a.collection, a.item, a.dest),
    }),
    defineCall({
      name: 'lockItemTransfer',
      args: item,
      weight: NW.manage,
      dispatch: (ctx, a) => doSetItemTransferLock(ctx, a.collection, a.item, true),
    }),
    defineCall({
      name: 'unlockItemTransfer',
      args: item,
      weight: NW.manage,
      dispatch: (ctx, a) => doSetItemTransferLock(ctx, a.collection, a.item, false),
    }),
    defineCall({
      name: 'lockCollection',
      wire: { lockSettings: u64Number },
      args: collection.extend({ lockSettings: collectionSettings }),
      weight: NW.manage,
      dispatch: (ctx, a) => doLockCollection(ctx, a.collection, a.lockSettings),
    }),
    defineCall({
      name: 'transferOwnership',
      args: collection.extend({ newOwner: accountId }),
      weight: NW.manage,
      dispatch: (ctx, a) => doTransferOwnership(ctx, a.collection, a.newOwner),
    }),
    defineCall({
      name: 'setTeam',
      args: collection.extend({
        issuer: accountId.nullable(),
        admin: accountId.nullable(),
        freezer: accountId.nullable(),
      }),
      weight: NW.manage,
      dispatch: (ctx, a) => doSetTeam(ctx, a.collection, a),
    }),
    defineCall({
      name: 'approveTransfer',
      args: item.extend({ delegate: accountId, maybeDeadline: u32.nullable() }),
      weight: NW.manage,
      dispatch: (ctx, a) => doApproveTransfer(ctx, a.collection, a.item, a.delegate, a.maybeDeadline),
    }),
    defineCall({
      name: 'cancelApproval',
      args: item.extend({ delegate: accountId }),
      weight: NW.manage,
      dispatch: (ctx, a) => doCancelApproval(ctx, a.collection, a.item, a.delegate),
    }),
    defineCall({
      name: 'clearAllTransferApprovals',
      args: item,
      weight: NW.manage,
      dispatch: (ctx, a) => doClearAllTransferApprovals(ctx, a.collection, a.item),
    }),
    defineCall({
      name: 'lockItemProperties',
      args: item.extend({ lockMetadata: z.boolean(), lockAttributes: z.boolean() }),
      weight: NW.manage,
      dispatch: (ctx, a) => doLockItemProperties(ctx, a.collection, a.item, a.lockMetadata, a.lockAttributes),
    }),
    defineCall({
      name: 'setAttribute',
      wire: { namespace: namespaceWire },
      args: collection.extend({ maybeItem: u32.nullable(), namespace: namespaceArg, key, value }),
      weight: NW.attribute,
      dispatch: (ctx, a) => doSetAttribute(ctx, a.collection, a.maybeItem, a.namespace, a.key, a.value),
    }),
    defineCall({
      name: 'clearAttribute',
      wire: { namespace: namespaceWire },
      args: collection.extend({ maybeItem: u32.nullable(), namespace: namespaceArg, key }),
      weight: NW.attribute,
      dispatch: (ctx, a) => doClearAttribute(ctx, a.collection, a.maybeItem, a.namespace, a.key),
    }),
    defineCall({
      name: 'approveItemAttributes',
      args: item.extend({ delegate: accountId }),
      weight: NW.manage,
      dispatch: (ctx, a) => doApproveItemAttributes(ctx, a.collection, a.item, a.delegate),
    }),
    defineCall({
      name: 'cancelItemAttributesApproval',
      args: item.extend({ delegate: accountId, witness: z.object({ accountAttributes: u32 }) }),
      weight: NW.attribute,
      dispatch: (ctx, a) =>
        doCancelItemAttributesApproval(ctx, a.collection, a.item, a.delegate, a.witness.accountAttributes),
    }),
    defineCall({
      name: 'setMetadata',
      args: item.extend({ data: metadata }),
      weight: NW.manage,
      dispatch: (ctx, a) => doSetItemMetadata(ctx, a.collection, a.item, a.data),
    }),
    defineCall({
      name: 'clearMetadata',
      args: item,
      weight: NW.manage,
      dispatch: (ctx, a) => doClearItemMetadata(ctx, a.collection, a.item),
    }),
    defineCall({
      name: 'setCollectionMetadata',
      args: collection.extend({ data: metadata }),
      weight: NW.manage,
      dispatch: (ctx, a) => doSetCollectionMetadata(ctx, a.collection, a.data),
    }),
    defineCall({
      name: 'clearCollectionMetadata',
      args: collection,
      weight: NW.manage,
      dispatch: (ctx, a) => doClearCollectionMetadata(ctx, a.collection),
    }),
    defineCall({
      name: 'setAcceptOwnership',
      args: z.object({ maybeCollection: u32.nullable() }),
      weight: NW.manage,
      dispatch: (ctx, a) => doSetAcceptOwnership(ctx, a.maybeCollection),
    }),
    defineCall({
      name: 'setCollectionMaxSupply',
      args: collection.extend({ maxSupply: u32 }),
      weight: NW.manage,
      dispatch: (ctx, a) => doSetMaxSupply(ctx, a.collection, a.maxSupply),
    }),
    defineCall({
      name: 'updateMintSettings',
      wire: { mintSettings: mintSettingsWire },
      args: collection.extend({ mintSettings: mintSettingsArg }),
      weight: NW.manage,
      dispatch: (ctx, a) => doUpdateMintSettings(ctx, a.collection, mintSettings(a.mintSettings)),
    }),
    defineCall({
      name: 'setPrice',
      args: item.extend({ price: u128.nullable(), whitelistedBuyer: accountId.nullable() }),
      weight: NW.manage,
      dispatch: (ctx, a) => doSetPrice(ctx, a.collection, a.item, a.price, a.whitelistedBuyer),
    }),
    defineCall({
      name: 'buyItem',
      args: item.extend({ bidPrice: u128 }),
      weight: NW.buy,
      dispatch: (ctx, a) => doBuy(ctx, a.collection, a.item, a.bidPrice),
    }),
  ],
};
