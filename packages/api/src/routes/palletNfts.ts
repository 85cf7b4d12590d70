import * as z from 'zod/mini';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema } from '../shapes/address.js';
import { CollectionIdOrAddressSchema, QueryTokenIdSchema } from '../shapes/ids.js';
import { meta } from '../shapes/meta.js';
import { AtBlockHashSchema, PaginationSchema } from '../shapes/pagination.js';
import {
  AttributeAnswerSchema,
  AttributeNamespaceSchema,
  AttributeSchema,
  NftsCollectionSchema,
  NftsCollectionSettingsSchema,
  NftsItemSchema,
  NftsItemSettingsSchema,
  NftsMintSettingsSchema,
} from '../shapes/palletNfts.js';
import { accountRoutes } from './balances.js';

// Extrinsic args are plain JSON numbers (no coercion); queries coerce from the query string.
const collectionId = z.number().check(z.int(), z.positive());
const itemId = z.number().check(z.int(), z.positive());
const queryNumber = () => z.coerce.number<string | number>().check(z.int());
const anyResult = z.unknown();
const itemRef = z.object({ collectionId: z.number(), itemId: z.number() });
const itemDelegateResult = z.extend(itemRef, { owner: z.string(), delegate: z.string() });

const lockSettings = z.partial(NftsCollectionSettingsSchema).check(
  z.refine((value) => Object.values(value).some((entry) => entry !== undefined), {
    message: 'At least one setting must be changed.',
  }),
);

const mintSettingsUpdate = z
  .extend(z.partial(NftsMintSettingsSchema), {
    defaultItemSettings: z.optional(
      z.partial(NftsItemSettingsSchema).check(
        z.refine((value) => Object.values(value).some((entry) => entry !== undefined), {
          message: 'At least one default item setting must be changed.',
        }),
      ),
    ),
  })
  .check(
    z.refine((value) => Object.values(value).some((entry) => entry !== undefined), {
      message: 'At least one setting must be changed.',
    }),
  );

const collection = {
  get: queryRoute({
    path: '/pallet-nfts/collection/get',
    input: z.object({ collectionId: queryNumber().check(z.nonnegative()), atBlockHash: AtBlockHashSchema }),
    output: NftsCollectionSchema,
    summary: 'A pallet-nfts collection',
  }),
  list: queryRoute({
    path: '/pallet-nfts/collections',
    input: PaginationSchema,
    output: z.object({ collections: z.array(NftsCollectionSchema), isLastPage: z.boolean() }),
    summary: 'A page of pallet-nfts collections',
  }),
  nextId: queryRoute({
    path: '/pallet-nfts/collection/next-id',
    input: z.object({}),
    output: z.object({ nextCollectionId: z.number() }),
    summary: 'The id the next pallet-nfts collection will get',
  }),
  create: extrinsicRoute({
    path: '/pallet-nfts/collection/create',
    input: z._default(
      z.object({
        admin: z.optional(AddressSchema),
        collectionConfig: z.optional(
          z.object({
            settings: z.optional(NftsCollectionSettingsSchema),
            maxSupply: z.optional(z.number().check(z.int(), z.positive())),
            mintSettings: z.optional(z.partial(NftsMintSettingsSchema)),
          }),
        ),
      }),
      {},
    ),
    output: z.extend(NftsCollectionSchema, { creator: z.string() }),
    summary: 'Create a pallet-nfts collection',
  }),
  destroy: extrinsicRoute({
    path: '/pallet-nfts/collection/destroy',
    input: z.object({
      collectionId,
      witness: z._default(
        z.object({
          itemMetadatas: z.number().check(z.int(), z.nonnegative()),
          itemConfigs: z.number().check(z.int(), z.nonnegative()),
          attributes: z.number().check(z.int(), z.nonnegative()),
        }),
        { itemMetadatas: 0, itemConfigs: 0, attributes: 0 },
      ),
    }),
    output: z.object({ collectionId: z.number() }),
    summary: 'Destroy a pallet-nfts collection',
  }),
  lock: extrinsicRoute({
    path: '/pallet-nfts/collection/lock',
    input: z.object({ collectionId, settings: lockSettings }),
    output: NftsCollectionSchema,
    summary: 'Lock collection settings',
  }),
  acceptOwnership: extrinsicRoute({
    path: '/pallet-nfts/collection/accept-ownership',
    input: z.object({ collectionId: z.optional(collectionId) }),
    output: z.object({ who: z.string(), collectionId: z.optional(z.nullable(z.number())) }),
    summary: 'Accept (or, without collectionId, stop accepting) a collection ownership transfer',
  }),
  transferOwnership: extrinsicRoute({
    path: '/pallet-nfts/collection/transfer',
    input: z.object({ collectionId, newOwner: AddressSchema }),
    output: NftsCollectionSchema,
    summary: 'Transfer collection ownership (the new owner must accept)',
  }),
  updateMintSettings: extrinsicRoute({
    path: '/pallet-nfts/collection/update-mint-settings',
    input: z.object({ collectionId, mintSettings: mintSettingsUpdate }),
    output: NftsCollectionSchema,
    summary: 'Update the mint settings',
  }),
  setMaxSupply: extrinsicRoute({
    path: '/pallet-nfts/collection/set-max-supply',
    input: z.object({ collectionId, maxSupply: z.number().check(z.int(), z.positive()) }),
    output: NftsCollectionSchema,
    summary: 'Set the maximum supply',
  }),
  setTeam: extrinsicRoute({
    path: '/pallet-nfts/collection/set-team',
    input: z.object({
      collectionId,
      issuer: z.optional(AddressSchema),
      admin: z.optional(AddressSchema),
      freezer: z.optional(AddressSchema),
    }),
    output: z.extend(NftsCollectionSchema, {
      role: z.object({
        issuer: z.nullable(z.string()),
        admin: z.nullable(z.string()),
        freezer: z.nullable(z.string()),
      }),
    }),
    summary: 'Set the issuer, admin and freezer',
  }),
  setMetadata: extrinsicRoute({
    path: '/pallet-nfts/collection/set-metadata',
    input: z.object({ collectionId, data: z.string() }),
    output: NftsCollectionSchema,
    summary: 'Set collection metadata',
  }),
  clearMetadata: extrinsicRoute({
    path: '/pallet-nfts/collection/clear-metadata',
    input: z.object({ collectionId }),
    output: NftsCollectionSchema,
    summary: 'Clear collection metadata',
  }),
  setAttribute: extrinsicRoute({
    path: '/pallet-nfts/collection/set-attribute',
    input: z.object({ collectionId, attribute: AttributeSchema }),
    output: NftsCollectionSchema,
    summary: 'Set a collection attribute',
  }),
  clearAttribute: extrinsicRoute({
    path: '/pallet-nfts/collection/clear-attribute',
    input: z.object({
      collectionId,
      attribute: z.object({ key: z.string(), namespace: AttributeNamespaceSchema }),
    }),
    output: NftsCollectionSchema,
    summary: 'Clear a collection attribute',
  }),
};

const item = {
  get: queryRoute({
    path: '/pallet-nfts/items/get',
    input: z.object({
      collectionId: queryNumber().check(z.positive()),
      itemId: queryNumber().check(z.positive()),
    }),
    output: NftsItemSchema,
    summary: 'A pallet-nfts item',
  }),
  mint: extrinsicRoute({
    path: '/pallet-nfts/items/mint',
    input: z.object({
      collectionId: z.number().check(z.int(), z.nonnegative()),
      itemId: z.number().check(z.int(), z.nonnegative()),
      mintTo: AddressSchema,
      witnessData: z.optional(
        z.object({
          ownedItemId: z.optional(z.number().check(z.int(), z.nonnegative())),
          mintPrice: z.optional(z.number()),
        }),
      ),
    }),
    output: NftsItemSchema,
    summary: 'Mint an item',
  }),
  burn: extrinsicRoute({
    path: '/pallet-nfts/items/burn',
    input: z.object({ collectionId, itemId }),
    output: anyResult,
    summary: 'Burn an item',
  }),
  approveAttributes: extrinsicRoute({
    path: '/pallet-nfts/items/approve-attributes',
    input: z.object({ collectionId, itemId, delegate: AddressSchema }),
    output: anyResult,
    summary: 'Let a delegate set attributes of an item',
  }),
  approveTransfer: extrinsicRoute({
    path: '/pallet-nfts/items/approve-transfer',
    input: z.object({
      collectionId,
      itemId,
      delegate: AddressSchema,
      deadline: meta(z.optional(z.number().check(z.int(), z.positive())), {
        description: 'Valid for the next N blocks',
      }),
    }),
    output: anyResult,
    summary: 'Let a delegate transfer an item',
  }),
  cancelTransferApproval: extrinsicRoute({
    path: '/pallet-nfts/items/cancel-transfer-approval',
    input: z.object({ collectionId, itemId, delegate: AddressSchema }),
    output: itemDelegateResult,
    summary: 'Cancel a transfer approval',
  }),
  clearAllTransferApprovals: extrinsicRoute({
    path: '/pallet-nfts/items/clear-all-transfer-approvals',
    input: z.object({ collectionId, itemId }),
    output: itemRef,
    summary: 'Cancel every transfer approval of an item',
  }),
  cancelAttributesApproval: extrinsicRoute({
    path: '/pallet-nfts/items/cancel-attributes-approval',
    input: z.object({ collectionId, itemId, delegate: AddressSchema }),
    output: itemDelegateResult,
    summary: 'Cancel an attributes approval',
  }),
  lockProperties: extrinsicRoute({
    path: '/pallet-nfts/items/lock-properties',
    input: z.object({
      collectionId,
      itemId,
      lockMetadata: meta(z.optional(z.boolean()), { description: 'Default false' }),
      lockAttributes: meta(z.optional(z.boolean()), { description: 'Default false' }),
    }),
    output: z.extend(itemRef, {
      lockMetadata: z.optional(z.boolean()),
      lockAttributes: z.optional(z.boolean()),
    }),
    summary: 'Lock the metadata and/or attributes of an item',
  }),
  transfer: extrinsicRoute({
    path: '/pallet-nfts/items/transfer',
    input: z.object({ collectionId, itemId, to: AddressSchema }),
    output: NftsItemSchema,
    summary: 'Transfer an item',
  }),
  lockTransfer: extrinsicRoute({
    path: '/pallet-nfts/items/lock-transfer',
    input: z.object({ collectionId, itemId }),
    output: itemRef,
    summary: 'Lock transfers of an item',
  }),
  unlockTransfer: extrinsicRoute({
    path: '/pallet-nfts/items/unlock-transfer',
    input: z.object({ collectionId, itemId }),
    output: itemRef,
    summary: 'Unlock transfers of an item',
  }),
  setMetadata: extrinsicRoute({
    path: '/pallet-nfts/items/set-metadata',
    input: z.object({ collectionId, itemId, data: z.string() }),
    output: NftsItemSchema,
    summary: 'Set item metadata',
  }),
  clearMetadata: extrinsicRoute({
    path: '/pallet-nfts/items/clear-metadata',
    input: z.object({ collectionId, itemId }),
    output: NftsItemSchema,
    summary: 'Clear item metadata',
  }),
  setAttribute: extrinsicRoute({
    path: '/pallet-nfts/items/set-attribute',
    input: z.object({ collectionId, itemId, attribute: AttributeSchema }),
    output: NftsItemSchema,
    summary: 'Set an item attribute (not in the real client)',
  }),
  clearAttribute: extrinsicRoute({
    path: '/pallet-nfts/items/clear-attribute',
    input: z.object({ collectionId, itemId, attribute: AttributeSchema }),
    output: NftsItemSchema,
    summary: 'Clear an item attribute (not in the real client)',
  }),
};

const attributeQuery = z.object({
  collectionId: queryNumber().check(z.positive()),
  itemId: z.optional(queryNumber().check(z.positive())),
});

const attributes = {
  get: queryRoute({
    path: '/pallet-nfts/attribute',
    input: z.extend(attributeQuery, { namespace: AttributeNamespaceSchema, key: z.string() }),
    output: z.object({
      collectionId: z.number(),
      itemId: z.optional(z.nullable(z.number())),
      attribute: z.nullable(AttributeAnswerSchema),
    }),
    summary: 'One attribute of a collection or item',
  }),
  getAll: queryRoute({
    path: '/pallet-nfts/attributes',
    input: z.extend(attributeQuery, { namespace: z.optional(AttributeNamespaceSchema) }),
    output: anyResult,
    summary: 'The attributes of a collection or item',
  }),
  set: extrinsicRoute({
    path: '/pallet-nfts/set-attribute',
    input: z.object({ collectionId, itemId: z.optional(itemId), attribute: AttributeSchema }),
    output: z.object({
      collectionId: z.number(),
      itemId: z.optional(z.number()),
      attribute: AttributeAnswerSchema,
    }),
    summary: 'Set an attribute of a collection or item',
  }),
  clear: extrinsicRoute({
    path: '/pallet-nfts/clear-attribute',
    input: z.object({
      collectionId,
      itemId: z.optional(itemId),
      attribute: z.object({ key: z.string(), namespace: AttributeNamespaceSchema }),
    }),
    output: z.object({
      collectionId: z.number(),
      itemId: z.optional(z.number()),
      attribute: z.object({ key: z.string(), namespace: z.string() }),
    }),
    summary: 'Clear an attribute of a collection or item',
  }),
};

const account = {
  getCollections: queryRoute({
    path: '/pallet-nfts/account/collections',
    input: z.object({ account: AddressSchema }),
    output: z.object({ account: z.string(), collections: z.array(z.number()) }),
    summary: 'The pallet-nfts collections an account owns',
  }),
  getItems: queryRoute({
    path: '/pallet-nfts/account/items',
    input: z.object({ account: AddressSchema, collectionId: queryNumber().check(z.nonnegative()) }),
    output: z.array(
      z.object({
        collectionId: z.number(),
        tokenId: z.number(),
        original: z.optional(z.object({ collectionId: z.number(), tokenId: z.number() })),
      }),
    ),
    summary: 'The items of a collection an account owns',
  }),
  getRole: queryRoute({
    path: '/pallet-nfts/account/collection-role',
    input: z.object({ collectionId: queryNumber().check(z.nonnegative()), account: AddressSchema }),
    output: z.object({ issuer: z.boolean(), admin: z.boolean(), freezer: z.boolean(), owner: z.boolean() }),
    summary: 'The roles an account has in a collection',
  }),
  getOwnershipAcceptance: queryRoute({
    path: '/pallet-nfts/account/ownership-acceptance',
    input: z.object({ account: AddressSchema }),
    output: z.object({ collectionId: z.nullable(z.number()) }),
    summary: 'Which collection an account accepts ownership of',
  }),
  nextIndex: accountRoutes.nextIndex,
};

const trade = {
  setPrice: extrinsicRoute({
    path: '/pallet-nfts/items/set-price',
    input: z.object({
      collectionId,
      itemId,
      price: z.optional(z.union([z.number().check(z.positive()), z.string(), z.null()])),
      buyer: z.optional(AddressSchema),
    }),
    output: anyResult,
    summary: 'Put an item up for sale (or withdraw it with no price)',
  }),
  buy: extrinsicRoute({
    path: '/pallet-nfts/items/buy',
    input: z.object({
      collectionId,
      itemId,
      bidPrice: z.union([
        z.number().check(z.positive()),
        z
          .string()
          .check(z.regex(/^\d+$/, { message: 'bidPrice must be a positive number or a digit string' })),
      ]),
    }),
    output: z.extend(itemRef, { price: z.string(), seller: z.string(), buyer: z.string() }),
    summary: 'Buy an item at no more than bidPrice',
  }),
};

const utility = {
  getParsedTokenMetadata: queryRoute({
    path: '/pallet-nfts/utils/parsed-metadata',
    input: z.object({ collectionId: CollectionIdOrAddressSchema, tokenId: QueryTokenIdSchema }),
    output: anyResult,
    summary: 'The metadata of an item, fetched and parsed',
  }),
};

const common = {
  palletVersion: queryRoute({
    path: '/pallet-nfts/common/pallet-version',
    input: z.object({}),
    output: z.object({ version: z.number() }),
    summary: 'The pallet version (not in the real client)',
  }),
  nextCollectionId: queryRoute({
    path: '/pallet-nfts/common/next-collection-id',
    input: z.object({}),
    output: z.object({ nextCollectionId: z.number() }),
    summary: 'The next collection id (not in the real client)',
  }),
};

/** The alternative NFT pallet, nested like the real SDK's `AssetHub(...).nftsPallet`. */
export const nftsPalletRoutes = { utility, collection, item, attributes, account, trade, common };
