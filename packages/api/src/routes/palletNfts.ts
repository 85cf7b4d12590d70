import * as z from 'zod/mini';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema } from '../shapes/address.js';
import { CollectionIdOrAddressSchema, QueryTokenIdSchema } from '../shapes/ids.js';
import { meta } from '../shapes/meta.js';
import { u128StringChecks } from '../shapes/numbers.js';
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
  }),
  list: queryRoute({
    path: '/pallet-nfts/collections',
    input: PaginationSchema,
    output: z.object({ collections: z.array(NftsCollectionSchema), isLastPage: z.boolean() }),
  }),
  nextId: queryRoute({
    path: '/pallet-nfts/collection/next-id',
    input: z.object({}),
    output: z.object({ nextCollectionId: z.number() }),
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
  }),
  lock: extrinsicRoute({
    path: '/pallet-nfts/collection/lock',
    input: z.object({ collectionId, settings: lockSettings }),
    output: NftsCollectionSchema,
  }),
  acceptOwnership: extrinsicRoute({
    path: '/pallet-nfts/collection/accept-ownership',
    input: z.object({ collectionId: z.optional(collectionId) }),
    output: z.object({ who: z.string(), collectionId: z.optional(z.nullable(z.number())) }),
  }),
  transferOwnership: extrinsicRoute({
    path: '/pallet-nfts/collection/transfer',
    input: z.object({ collectionId, newOwner: AddressSchema }),
    output: NftsCollectionSchema,
  }),
  updateMintSettings: extrinsicRoute({
    path: '/pallet-nfts/collection/update-mint-settings',
    input: z.object({ collectionId, mintSettings: mintSettingsUpdate }),
    output: NftsCollectionSchema,
  }),
  setMaxSupply: extrinsicRoute({
    path: '/pallet-nfts/collection/set-max-supply',
    input: z.object({ collectionId, maxSupply: z.number().check(z.int(), z.positive()) }),
    output: NftsCollectionSchema,
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
  }),
  setMetadata: extrinsicRoute({
    path: '/pallet-nfts/collection/set-metadata',
    input: z.object({ collectionId, data: z.string() }),
    output: NftsCollectionSchema,
  }),
  clearMetadata: extrinsicRoute({
    path: '/pallet-nfts/collection/clear-metadata',
    input: z.object({ collectionId }),
    output: NftsCollectionSchema,
  }),
  setAttribute: extrinsicRoute({
    path: '/pallet-nfts/collection/set-attribute',
    input: z.object({ collectionId, attribute: AttributeSchema }),
    output: NftsCollectionSchema,
  }),
  clearAttribute: extrinsicRoute({
    path: '/pallet-nfts/collection/clear-attribute',
    input: z.object({
      collectionId,
      attribute: z.object({ key: z.string(), namespace: AttributeNamespaceSchema }),
    }),
    output: NftsCollectionSchema,
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
  }),
  burn: extrinsicRoute({
    path: '/pallet-nfts/items/burn',
    input: z.object({ collectionId, itemId }),
    output: anyResult,
  }),
  approveAttributes: extrinsicRoute({
    path: '/pallet-nfts/items/approve-attributes',
    input: z.object({ collectionId, itemId, delegate: AddressSchema }),
    output: anyResult,
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
  }),
  cancelTransferApproval: extrinsicRoute({
    path: '/pallet-nfts/items/cancel-transfer-approval',
    input: z.object({ collectionId, itemId, delegate: AddressSchema }),
    output: itemDelegateResult,
  }),
  clearAllTransferApprovals: extrinsicRoute({
    path: '/pallet-nfts/items/clear-all-transfer-approvals',
    input: z.object({ collectionId, itemId }),
    output: itemRef,
  }),
  cancelAttributesApproval: extrinsicRoute({
    path: '/pallet-nfts/items/cancel-attributes-approval',
    input: z.object({ collectionId, itemId, delegate: AddressSchema }),
    output: itemDelegateResult,
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
  }),
  transfer: extrinsicRoute({
    path: '/pallet-nfts/items/transfer',
    input: z.object({ collectionId, itemId, to: AddressSchema }),
    output: NftsItemSchema,
  }),
  lockTransfer: extrinsicRoute({
    path: '/pallet-nfts/items/lock-transfer',
    input: z.object({ collectionId, itemId }),
    output: itemRef,
  }),
  unlockTransfer: extrinsicRoute({
    path: '/pallet-nfts/items/unlock-transfer',
    input: z.object({ collectionId, itemId }),
    output: itemRef,
  }),
  setMetadata: extrinsicRoute({
    path: '/pallet-nfts/items/set-metadata',
    input: z.object({ collectionId, itemId, data: z.string() }),
    output: NftsItemSchema,
  }),
  clearMetadata: extrinsicRoute({
    path: '/pallet-nfts/items/clear-metadata',
    input: z.object({ collectionId, itemId }),
    output: NftsItemSchema,
  }),
  setAttribute: extrinsicRoute({
    path: '/pallet-nfts/items/set-attribute',
    input: z.object({ collectionId, itemId, attribute: AttributeSchema }),
    output: NftsItemSchema,
  }),
  clearAttribute: extrinsicRoute({
    path: '/pallet-nfts/items/clear-attribute',
    input: z.object({ collectionId, itemId, attribute: AttributeSchema }),
    output: NftsItemSchema,
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
  }),
  getAll: queryRoute({
    path: '/pallet-nfts/attributes',
    input: z.extend(attributeQuery, { namespace: z.optional(AttributeNamespaceSchema) }),
    output: anyResult,
  }),
  set: extrinsicRoute({
    path: '/pallet-nfts/set-attribute',
    input: z.object({ collectionId, itemId: z.optional(itemId), attribute: AttributeSchema }),
    output: z.object({
      collectionId: z.number(),
      itemId: z.optional(z.number()),
      attribute: AttributeAnswerSchema,
    }),
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
  }),
};

const account = {
  getCollections: queryRoute({
    path: '/pallet-nfts/account/collections',
    input: z.object({ account: AddressSchema }),
    output: z.object({ account: z.string(), collections: z.array(z.number()) }),
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
  }),
  getRole: queryRoute({
    path: '/pallet-nfts/account/collection-role',
    input: z.object({ collectionId: queryNumber().check(z.nonnegative()), account: AddressSchema }),
    output: z.object({ issuer: z.boolean(), admin: z.boolean(), freezer: z.boolean(), owner: z.boolean() }),
  }),
  getOwnershipAcceptance: queryRoute({
    path: '/pallet-nfts/account/ownership-acceptance',
    input: z.object({ account: AddressSchema }),
    output: z.object({ collectionId: z.nullable(z.number()) }),
  }),
  nextIndex: accountRoutes.nextIndex,
};

const trade = {
  setPrice: extrinsicRoute({
    path: '/pallet-nfts/items/set-price',
    input: z.object({
      collectionId,
      itemId,
      price: z.optional(
        z.union([z.number().check(z.positive()), z.string().check(...u128StringChecks), z.null()]),
      ),
      buyer: z.optional(AddressSchema),
    }),
    output: anyResult,
  }),
  buy: extrinsicRoute({
    path: '/pallet-nfts/items/buy',
    input: z.object({
      collectionId,
      itemId,
      bidPrice: z.union([
        z.number().check(z.positive()),
        z.string().check(
          z.regex(/^\d+$/, {
            message: 'bidPrice must be a positive number or a digit string',
          }),
          ...u128StringChecks,
        ),
      ]),
    }),
    output: z.extend(itemRef, { price: z.string(), seller: z.string(), buyer: z.string() }),
  }),
};

const utility = {
  getParsedTokenMetadata: queryRoute({
    path: '/pallet-nfts/utils/parsed-metadata',
    input: z.object({ collectionId: CollectionIdOrAddressSchema, tokenId: QueryTokenIdSchema }),
    output: anyResult,
  }),
};

const common = {
  palletVersion: queryRoute({
    path: '/pallet-nfts/common/pallet-version',
    input: z.object({}),
    output: z.object({ version: z.number() }),
  }),
  nextCollectionId: queryRoute({
    path: '/pallet-nfts/common/next-collection-id',
    input: z.object({}),
    output: z.object({ nextCollectionId: z.number() }),
  }),
};

/** The alternative NFT pallet, nested like the real SDK's `AssetHub(...).nftsPallet`. */
export const nftsPalletRoutes = { utility, collection, item, attributes, account, trade, common };
